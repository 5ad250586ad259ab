package io.dicehall.web.platform.http;

import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The open event streams of this instance, and their heartbeat: every few seconds
 * ({@code dicehall.events.heartbeat-seconds}, 5 by default) each stream is sent an SSE comment, which clients
 * ignore. A stream whose client has gone is found by it — closed, or its write fails — and let go at once: its
 * table listener removed and the stream closed, so a quiet table does not keep the streams of clients that left
 * until its next event. The comment also keeps proxies from closing a quiet stream as idle.
 */
@ApplicationScoped
public class EventStreams {

    private static final Logger LOG = Logger.getLogger(EventStreams.class.getName());

    /** An open stream: its sink, the events it is sent, what stops its table listener, its client's address. */
    record Stream(SseEventSink sink, Sse sse, Runnable stop, String address) {
    }

    private final Map<SseEventSink, Stream> open = new ConcurrentHashMap<>();
    private final Map<String, Integer> byAddress = new ConcurrentHashMap<>();

    @Resource
    ManagedScheduledExecutorService scheduler;

    @Inject
    @ConfigProperty(name = "dicehall.events.heartbeat-seconds", defaultValue = "5")
    int heartbeatSeconds;

    private ScheduledFuture<?> beating;

    /** Keeps a stream until its client goes; {@code stop} removes its table listener. */
    public void opened(SseEventSink sink, Sse sse, Runnable stop, String address) {
        String client = address == null ? "" : address;
        if (open.putIfAbsent(sink, new Stream(sink, sse, stop, client)) == null) {
            byAddress.merge(client, 1, Integer::sum);
        }
        start();
    }

    /** Lets a stream go: its listener is removed and the stream closed (again, harmlessly, if it was). */
    public void release(SseEventSink sink) {
        Stream stream = open.remove(sink);
        if (stream != null) {
            byAddress.computeIfPresent(stream.address(), (a, n) -> n <= 1 ? null : n - 1);
            release(stream);
        }
    }

    /** @return how many streams are open on this instance */
    public int count() {
        return open.size();
    }

    /** @return how many streams an address holds open on this instance */
    public int open(String address) {
        return byAddress.getOrDefault(address == null ? "" : address, 0);
    }

    private synchronized void start() {
        if (beating == null && scheduler != null) {
            long every = Math.max(1, heartbeatSeconds);
            beating = scheduler.scheduleWithFixedDelay(this::beat, every, every, TimeUnit.SECONDS);
        }
    }

    /** Sends each open stream a comment; lets go of those closed or whose write fails. */
    void beat() {
        for (Stream stream : open.values()) {
            if (stream.sink().isClosed()) {
                release(stream.sink());
                continue;
            }
            try {
                OutboundSseEvent comment = stream.sse().newEventBuilder().comment("heartbeat").build();
                stream.sink().send(comment).whenComplete((done, failure) -> {
                    if (failure != null) {
                        release(stream.sink());
                    }
                });
            } catch (RuntimeException closedMeanwhile) {
                release(stream.sink());
            }
        }
    }

    private static void release(Stream stream) {
        try {
            stream.stop().run();
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "could not remove a stream's listener", e);
        }
        try {
            stream.sink().close();
        } catch (Exception e) {
            LOG.log(Level.FINE, "could not close a stream", e);
        }
    }

    @PreDestroy
    synchronized void stop() {
        if (beating != null) {
            beating.cancel(false);
        }
    }
}
