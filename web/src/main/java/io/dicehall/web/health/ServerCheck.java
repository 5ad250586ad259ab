package io.dicehall.web.health;

import io.dicehall.web.systems.control.SystemCalls;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.LinkedHashMap;
import java.util.Locale;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Whether this server can serve at all, so that a supervisor restarts it when it cannot: DOWN when the heap is
 * nearly exhausted even after garbage collection (the used share of the largest heap pool, as its last collection
 * left it, above {@code dicehall.health.heap-down-fraction}), when threads are deadlocked, or when the HTTP listener
 * that last served a request no longer accepts a connection. Its data also count the plugin calls stopped for
 * ignoring their time limit or exceeding the allocation budget, and the threads that could not be stopped.
 */
@ApplicationScoped
public class ServerCheck {

    @Inject
    @ConfigProperty(name = "dicehall.health.heap-down-fraction", defaultValue = "0.95")
    double heapDownFraction;

    @Inject
    SystemCalls calls;

    /** The local port the HTTP listener served a request on, from {@link ListenerPort}; 0 before any request. */
    static volatile int port;

    /** @return the server's check: heap after collection, deadlocks, the HTTP listener, the stopped plugin calls */
    public Readiness.Check server() {
        var data = new LinkedHashMap<String, Object>();
        boolean up = true;
        MemoryPoolMXBean largest = null;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.isCollectionUsageThresholdSupported()
                    && pool.getUsage().getMax() > 0
                    && (largest == null || pool.getUsage().getMax() > largest.getUsage().getMax())) {
                largest = pool;
            }
        }
        if (largest != null) {
            MemoryUsage afterGc = largest.getCollectionUsage();
            long max = largest.getUsage().getMax();
            double used = afterGc == null ? 0 : (double) afterGc.getUsed() / max;
            data.put("heap-after-gc", String.format(Locale.ROOT, "%.2f of %d MB (%s)", used, max >> 20,
                    largest.getName()));
            if (used > heapDownFraction) {
                up = false;
                data.put("down", "the heap is nearly exhausted after garbage collection");
            }
        }
        long[] deadlocked = ManagementFactory.getThreadMXBean().findDeadlockedThreads();
        if (deadlocked != null) {
            up = false;
            data.put("deadlocked-threads", deadlocked.length);
            data.put("down", "threads are deadlocked");
        }
        int listening = port;
        if (listening > 0) {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", listening), 2000);
                data.put("http-listener", "accepts connections on port " + listening);
            } catch (IOException dead) {
                up = false;
                data.put("http-listener", "refuses connections on port " + listening + ": " + dead.getMessage());
                data.put("down", "the HTTP listener is dead");
            }
        }
        if (calls != null) {
            data.put("plugin-threads-stopped", calls.stoppedThreads());
            data.put("plugin-calls-over-budget", calls.overBudgetCalls());
            long runaways = calls.runaways();
            data.put("plugin-threads-running-away", runaways);
        }
        return new Readiness.Check("server", up, data);
    }
}
