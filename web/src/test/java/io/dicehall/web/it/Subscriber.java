package io.dicehall.web.it;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.ws.rs.client.ClientRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.sse.InboundSseEvent;
import java.io.StringReader;
import java.net.URI;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A live subscriber to a table's event stream, read with the JAX-RS {@code SseEventSource}
 * ({@link EventStream}), which like a browser's EventSource reconnects when the stream breaks. On every
 * reconnection it asks for the rolls it missed with {@code Last-Event-ID}, set by a request filter to the
 * highest sequence number up to which it has heard every roll rather than to the last id it saw: behind a
 * front, rolls made on another instance can arrive out of order, and on a table whose rolls are all public a
 * gap is a roll missed.
 */
final class Subscriber implements AutoCloseable {

    private final Set<String> rollIds = new ConcurrentSkipListSet<>();
    private final Set<Long> seqs = new ConcurrentSkipListSet<>();
    private final List<String> instances = new CopyOnWriteArrayList<>();
    private final EventStream stream;

    /** Subscribes, and returns once the server has answered. */
    Subscriber(URI base, String table) {
        this.stream = EventStream.open(base.resolve("api/tables/" + table + "/events"), this::heard, this::resume, 200);
    }

    private void heard(InboundSseEvent event) {
        if (!"ready".equals(event.getName()) && !"roll".equals(event.getName())) {
            return;
        }
        JsonObject data = Json.createReader(new StringReader(event.readData())).readObject();
        if ("ready".equals(event.getName())) {
            instances.add(data.getString("instance"));
        } else {
            rollIds.add(data.getString("id"));
            seqs.add(data.getJsonNumber("seq").longValue());
        }
    }

    private void resume(ClientRequestContext request) {
        long after = contiguous();
        if (after > 0) {
            request.getHeaders().putSingle(HttpHeaders.LAST_EVENT_ID_HEADER, Long.toString(after));
        } else {
            request.getHeaders().remove(HttpHeaders.LAST_EVENT_ID_HEADER);
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
    public String toString() {
        return stream + ", served by " + instances + ", heard every roll up to " + contiguous();
    }

    @Override
    public void close() {
        stream.close();
    }
}
