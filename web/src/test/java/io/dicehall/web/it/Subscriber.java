package io.dicehall.web.it;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A live subscriber to a table's event stream that, like a browser's EventSource, reconnects when the
 * stream breaks, asking for the rolls it missed with {@code ?after=}: the highest sequence number up
 * to which it has heard every roll (on a table whose rolls are all public, a gap is a roll missed).
 */
final class Subscriber implements AutoCloseable {

    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final URI stream;
    private final Thread thread;
    private final Set<String> rollIds = new ConcurrentSkipListSet<>();
    private final Set<Long> seqs = new ConcurrentSkipListSet<>();
    private final List<String> instances = new CopyOnWriteArrayList<>();
    private volatile InputStream current;
    private volatile boolean closed;

    Subscriber(URI base, String table) {
        this.stream = base.resolve("api/tables/" + table + "/events");
        this.thread = new Thread(this::run, "subscriber " + table);
        thread.setDaemon(true);
        thread.start();
    }

    private void run() {
        while (!closed) {
            long after = contiguous();
            HttpRequest request = HttpRequest.newBuilder(after > 0 ? URI.create(stream + "?after=" + after) : stream)
                    .header("Accept", "text/event-stream").GET().build();
            try {
                HttpResponse<InputStream> response = CLIENT.send(request, HttpResponse.BodyHandlers.ofInputStream());
                current = response.body();
                if (response.statusCode() == 200) {
                    read(new BufferedReader(new InputStreamReader(current, StandardCharsets.UTF_8)));
                }
                current.close();
            } catch (IOException broken) {
                // the instance went away: reconnect
            } catch (InterruptedException stop) {
                return;
            }
            pause();
        }
    }

    private void read(BufferedReader lines) throws IOException {
        String event = "message";
        for (String line = lines.readLine(); line != null && !closed; line = lines.readLine()) {
            if (line.startsWith("event:")) {
                event = line.substring(6).strip();
            } else if (line.startsWith("data:")) {
                JsonObject data = Json.createReader(new StringReader(line.substring(5).strip())).readObject();
                if (event.equals("ready")) {
                    instances.add(data.getString("instance"));
                } else if (event.equals("roll")) {
                    rollIds.add(data.getString("id"));
                    seqs.add(data.getJsonNumber("seq").longValue());
                }
            } else if (line.isEmpty()) {
                event = "message";
            }
        }
    }

    private static void pause() {
        try {
            Thread.sleep(200);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** @return the highest n such that rolls 1..n have all been heard */
    long contiguous() {
        long n = 0;
        for (long seq : seqs) {
            if (seq != n + 1) {
                break;
            }
            n = seq;
        }
        return n;
    }

    /** @return the ids of every roll heard */
    Set<String> heard() {
        return rollIds;
    }

    /** @return the instance that served each connection, in order */
    List<String> instances() {
        return instances;
    }

    @Override
    public void close() throws InterruptedException {
        closed = true;
        InputStream open = current;
        if (open != null) {
            try {
                open.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
        thread.interrupt();
        thread.join(5000);
    }
}
