package io.dicehall.web.platform;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * What one client address may do, so that one client cannot crowd out the others: open at most
 * {@code dicehall.limits.tables-per-minute} tables a minute (1200 by default) and hold at most
 * {@code dicehall.limits.streams-per-address} event streams open at once (500 by default). The defaults are
 * generous: a group behind one address (a household, a club's network) stays far below them, and a client
 * that reconnects quickly holds, for a heartbeat or two, the streams it left as well as its new ones. Beyond, the
 * API answers 429 with {@code Retry-After} ({@link ClientLimitsFilter}). The address is the one the server
 * sees: behind a reverse proxy that is the proxy's, and the proxy should limit instead.
 */
@ApplicationScoped
public class ClientLimits {

    private static final long MINUTE = TimeUnit.MINUTES.toNanos(1);

    /** The most addresses remembered; the least recently seen are forgotten first. */
    static final int ADDRESSES = 100_000;

    /** A minute's count, from its start. */
    private record Window(long start, AtomicInteger count) {
    }

    private final LongSupplier clock;
    private final BoundedMap<Window> opened;

    @Inject
    @ConfigProperty(name = "dicehall.limits.tables-per-minute", defaultValue = "1200")
    int tablesPerMinute;

    @Inject
    @ConfigProperty(name = "dicehall.limits.streams-per-address", defaultValue = "500")
    int streamsPerAddress;

    public ClientLimits() {
        this(System::nanoTime, 1200, 500);
    }

    ClientLimits(LongSupplier clock, int tablesPerMinute, int streamsPerAddress) {
        this.clock = clock;
        this.opened = new BoundedMap<>(ADDRESSES, MINUTE, clock);
        this.tablesPerMinute = tablesPerMinute;
        this.streamsPerAddress = streamsPerAddress;
    }

    /**
     * @return 0 when an address may open another table, else the seconds until the minute in which it opened
     *     the most it may is over
     */
    public long waitToOpen(String address) {
        long now = clock.getAsLong();
        Window window = opened.get(address);
        if (window == null || window.count().get() < tablesPerMinute) {
            return 0;
        }
        return Math.max(1, TimeUnit.NANOSECONDS.toSeconds(window.start() + MINUTE - now + 999_999_999L));
    }

    /** Counts a table an address opened (refused requests do not count). */
    public void opened(String address) {
        long now = clock.getAsLong();
        opened.computeIfAbsent(address, a -> new Window(now, new AtomicInteger())).count().incrementAndGet();
    }

    /** @return the most tables one address may open a minute */
    public int tablesPerMinute() {
        return tablesPerMinute;
    }

    /** @return whether an address that holds {@code open} event streams may open another */
    public boolean mayStream(int open) {
        return open < streamsPerAddress;
    }

    /** @return the most event streams one address may hold open */
    public int streamsPerAddress() {
        return streamsPerAddress;
    }
}
