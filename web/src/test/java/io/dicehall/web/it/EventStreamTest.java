package io.dicehall.web.it;

import static org.awaitility.Awaitility.await;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What the integration tests rely on in {@link EventStream}: the keys reach the server as headers, on the
 * first request and on every reconnection; a stream that ends is reopened with {@code Last-Event-ID}, or
 * with what a filter puts there instead; heartbeats are not passed on.
 */
class EventStreamTest {

    private HttpServer server;
    private ExecutorService threads;
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private final CountDownLatch done = new CountDownLatch(1);

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/events", this::answer);
        threads = Executors.newCachedThreadPool();
        server.setExecutor(threads);
        server.start();
    }

    /** The first connection sends two events and a heartbeat, then ends; later ones send one and stay open. */
    private void answer(HttpExchange exchange) throws IOException {
        var headers = exchange.getRequestHeaders();
        int n = requests.size() + 1;
        requests.add(headers.getFirst("Member-Key") + " " + headers.getFirst("Last-Event-ID"));
        exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
        exchange.sendResponseHeaders(200, 0);
        try (OutputStream body = exchange.getResponseBody()) {
            String events = n == 1 ? "event: ready\ndata: {\"n\":1}\n\n: heartbeat\n\nevent: roll\nid: 7\ndata: seven\n\n"
                    : "event: ready\ndata: {\"n\":" + n + "}\n\n";
            body.write(events.getBytes(StandardCharsets.UTF_8));
            body.flush();
            if (n > 1) {
                done.await();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @AfterEach
    void stop() {
        done.countDown();
        server.stop(0);
        threads.shutdownNow();
    }

    private URI uri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/events");
    }

    @Test
    void aStreamThatEndsIsReopenedWithTheKeysAndTheLastEventId() {
        var heard = new CopyOnWriteArrayList<String>();
        try (EventStream stream = EventStream.open(uri(), e -> heard.add(e.getName() + " " + e.readData()),
                EventStream.headers("Member-Key", "k1", "Owner-Key", null), 50)) {
            await("the stream reopened after it ended").atMost(Duration.ofSeconds(30)).until(() -> heard.size() >= 3);
            assertThat(heard.subList(0, 3), contains("ready {\"n\":1}", "roll seven", "ready {\"n\":2}"));
            assertThat(requests.subList(0, 2), contains("k1 null", "k1 7"));
            assertThat(stream.toString(), stream.isOpen(), is(true));
        }
    }

    @Test
    void aFilterMayChooseWhatLastEventIdSays() {
        var heard = new CopyOnWriteArrayList<String>();
        try (EventStream stream = EventStream.open(uri(), e -> heard.add(e.getName()), request -> {
            request.getHeaders().putSingle("Member-Key", "k2");
            request.getHeaders().putSingle("Last-Event-ID", "3");
        }, 50)) {
            await("the stream reopened after it ended").atMost(Duration.ofSeconds(30)).until(() -> requests.size() >= 2);
            assertThat(requests.subList(0, 2), contains("k2 3", "k2 3"));
        }
    }

    @Test
    void aRefusedStreamEnds() {
        server.removeContext("/events");
        server.createContext("/events", exchange -> {
            exchange.sendResponseHeaders(403, -1);
            exchange.close();
        });
        try (EventStream stream = EventStream.open(uri(), e -> { }, EventStream.headers(), 50)) {
            await("the refused stream ended").atMost(Duration.ofSeconds(30)).until(() -> !stream.isOpen());
            assertThat(stream.toString(), containsString("(ended)"));
        }
    }
}
