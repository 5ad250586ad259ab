package io.dicehall.web.it;

import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.ClientBuilder;
import jakarta.ws.rs.client.ClientRequestFilter;
import jakarta.ws.rs.sse.InboundSseEvent;
import jakarta.ws.rs.sse.SseEventSource;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.awaitility.Awaitility;

/**
 * A server-sent event stream read with the JAX-RS client's {@link SseEventSource} (Jersey's), the way a
 * browser's EventSource reads one: when the stream ends or breaks it reconnects, sending the id of the last
 * event it saw as {@code Last-Event-ID}. {@code SseEventSource} takes only a {@code WebTarget}, so the keys
 * (and anything else the test sends) go as headers through a {@link ClientRequestFilter} registered on that
 * target: it runs for the first request and for every reconnection, after the source has set its own
 * headers, so it may also replace {@code Last-Event-ID}.
 *
 * <p>A request the server refuses (any status but 200 and 503) or a connection that cannot be made ends the
 * stream for good, as it would a browser's: {@link #isOpen()} then says false. Each stream has a client of its
 * own, closed with it, so a test leaves no connection or thread behind. Comments (the server's heartbeats) are
 * not passed on.
 */
public final class EventStream implements AutoCloseable {

    private final URI uri;
    private final Client client;
    private final SseEventSource source;
    private volatile Throwable failure;

    private EventStream(URI uri, Consumer<InboundSseEvent> onEvent, ClientRequestFilter headers, long reconnectMillis) {
        this.uri = uri;
        this.client = ClientBuilder.newBuilder().connectTimeout(10, TimeUnit.SECONDS).build();
        this.source = SseEventSource.target(client.target(uri).register(headers))
                .reconnectingEvery(reconnectMillis, TimeUnit.MILLISECONDS).build();
        source.register(event -> {
            if (!event.isEmpty() || event.getName() != null) {
                onEvent.accept(event);
            }
        }, failed -> failure = failed);
    }

    /**
     * Opens a stream and returns once the server has answered its first request.
     *
     * @param uri the stream's address
     * @param onEvent called with each event, in order, on the client's thread
     * @param headers sets the request's headers, on the first request and on every reconnection
     * @param reconnectMillis how long to wait before reconnecting, unless the server says otherwise
     */
    public static EventStream open(URI uri, Consumer<InboundSseEvent> onEvent, ClientRequestFilter headers,
            long reconnectMillis) {
        EventStream stream = new EventStream(uri, onEvent, headers, reconnectMillis);
        try {
            stream.source.open();
        } catch (RuntimeException e) {
            stream.close();
            throw e;
        }
        return stream;
    }

    /** @return a filter that sets these headers (name, value, …), leaving out those whose value is null */
    public static ClientRequestFilter headers(String... namesAndValues) {
        return request -> {
            for (int i = 0; i + 1 < namesAndValues.length; i += 2) {
                if (namesAndValues[i + 1] != null) {
                    request.getHeaders().putSingle(namesAndValues[i], namesAndValues[i + 1]);
                }
            }
        };
    }

    /**
     * Waits until an event holding {@code text} is taken from {@code heard}, dropping those before it.
     *
     * @param what what the event means, for the message if it never comes
     * @return that event
     */
    public static String awaitHolding(String what, BlockingQueue<String> heard, String text, Duration atMost) {
        AtomicReference<String> found = new AtomicReference<>();
        Awaitility.await(what + ": an event holding " + text).atMost(atMost).until(() -> {
            for (String event = heard.poll(); event != null; event = heard.poll()) {
                if (event.contains(text)) {
                    found.set(event);
                    return true;
                }
            }
            return false;
        });
        return found.get();
    }

    /** @return whether the source still reads or reconnects (false once it gave up or was closed) */
    public boolean isOpen() {
        return source.isOpen();
    }

    @Override
    public String toString() {
        return "event stream " + uri + (isOpen() ? " (open)" : " (ended)") + (failure == null ? "" : " " + failure);
    }

    @Override
    public void close() {
        try {
            source.close(5, TimeUnit.SECONDS);
        } finally {
            client.close();
        }
    }
}
