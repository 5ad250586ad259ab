package io.dicehall.web.platform.http;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import java.lang.reflect.Proxy;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The heartbeat lets go of streams whose clients left, and keeps the others. */
class EventStreamsTest {

    /** A sink: closed or not, its writes failing or not; counts what it was sent. */
    static final class Sink implements SseEventSink {
        final AtomicBoolean closed;
        final boolean failing;
        final AtomicInteger sent = new AtomicInteger();

        Sink(boolean closed, boolean failing) {
            this.closed = new AtomicBoolean(closed);
            this.failing = failing;
        }

        @Override
        public boolean isClosed() {
            return closed.get();
        }

        @Override
        public java.util.concurrent.CompletionStage<?> send(OutboundSseEvent event) {
            sent.incrementAndGet();
            return failing ? CompletableFuture.failedFuture(new java.io.IOException("Broken pipe"))
                    : CompletableFuture.completedFuture(null);
        }

        @Override
        public void close() {
            closed.set(true);
        }
    }

    private static Sse sse() {
        Object[] builder = new Object[1];
        builder[0] = Proxy.newProxyInstance(EventStreamsTest.class.getClassLoader(),
                new Class<?>[] {OutboundSseEvent.Builder.class}, (proxy, method, args) -> method.getName().equals("build")
                        ? Proxy.newProxyInstance(EventStreamsTest.class.getClassLoader(),
                                new Class<?>[] {OutboundSseEvent.class}, (p, m, a) -> null)
                        : proxy);
        return (Sse) Proxy.newProxyInstance(EventStreamsTest.class.getClassLoader(), new Class<?>[] {Sse.class},
                (proxy, method, args) -> builder[0]);
    }

    @Test
    void aClosedOrBrokenStreamIsReleasedALiveOneKept() {
        var streams = new EventStreams();
        var stopped = new AtomicInteger();
        Sink live = new Sink(false, false);
        Sink closed = new Sink(true, false);
        Sink broken = new Sink(false, true);
        streams.opened(live, sse(), stopped::incrementAndGet, "10.0.0.1");
        streams.opened(closed, sse(), stopped::incrementAndGet, "10.0.0.1");
        streams.opened(broken, sse(), stopped::incrementAndGet, "10.0.0.1");
        assertThat(streams.count(), is(3));
        assertThat(streams.open("10.0.0.1"), is(3));
        assertThat(streams.open("10.0.0.2"), is(0));
        streams.beat();
        assertThat("the closed and the broken are let go", streams.count(), is(1));
        assertThat(streams.open("10.0.0.1"), is(1));
        assertThat("their listeners removed", stopped.get(), is(2));
        assertThat(broken.isClosed(), is(true));
        assertThat("the live one heard the heartbeat", live.sent.get(), is(1));
        assertThat(live.isClosed(), is(false));
        streams.beat();
        assertThat(live.sent.get(), is(2));
        live.close();
        streams.beat();
        assertThat(streams.count(), is(0));
        assertThat(streams.open("10.0.0.1"), is(0));
        assertThat(stopped.get(), is(3));
        streams.release(live);
        assertThat("released once only", stopped.get(), is(3));
    }
}
