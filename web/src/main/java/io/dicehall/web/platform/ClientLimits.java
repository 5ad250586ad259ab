package io.dicehall.web.platform;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * What one client may do, so that one client cannot crowd out the others: an address opens at most
 * {@code dicehall.limits.tables-per-minute} tables a minute (1200 by default) and holds at most
 * {@code dicehall.limits.streams-per-address} event streams open at once (500 by default); a table seats at
 * most {@code dicehall.limits.members-per-table} members (500 by default); a member (a guest: an address at a
 * table) makes at most {@code dicehall.limits.rolls-per-second} rolls a second (20 by default); 0 turns either of
 * these two off. The defaults are
 * generous: a group behind one address (a household, a club's network) stays far below them, and a client
 * that reconnects quickly holds, for a heartbeat or two, the streams it left as well as its new ones. Beyond, the
 * API answers 429 with {@code Retry-After} ({@link ClientLimitsFilter}, {@link TooManyRequests}). The address is
 * the one the server sees: behind a reverse proxy that is the proxy's, and the proxy should limit instead.
 *
 * <p>Counts are per instance (each instance of a cluster counts what it serves), except members per table, which
 * are counted in the database under the table's lock and so hold across the cluster.
 */
@ApplicationScoped
public class ClientLimits {

    private static final long MINUTE = TimeUnit.MINUTES.toNanos(1);

    /** The most addresses remembered; the least recently seen are forgotten first. */
    static final int ADDRESSES = 100_000;

    /** A minute's count, from its start. */
    private record Window(long start, AtomicInteger count) {
    }

    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

    private final LongSupplier clock;
    private final BoundedMap<Window> opened;
    private final BoundedMap<Window> rolled;

    @Inject
    @ConfigProperty(name = "dicehall.limits.tables-per-minute", defaultValue = "1200")
    int tablesPerMinute;

    @Inject
    @ConfigProperty(name = "dicehall.limits.streams-per-address", defaultValue = "500")
    int streamsPerAddress;

    @Inject
    @ConfigProperty(name = "dicehall.limits.members-per-table", defaultValue = "500")
    int membersPerTable;

    @Inject
    @ConfigProperty(name = "dicehall.limits.rolls-per-second", defaultValue = "20")
    int rollsPerSecond;

    public ClientLimits() {
        this(System::nanoTime, 1200, 500, 500, 20);
    }

    ClientLimits(LongSupplier clock, int tablesPerMinute, int streamsPerAddress) {
        this(clock, tablesPerMinute, streamsPerAddress, 500, 20);
    }

    ClientLimits(LongSupplier clock, int tablesPerMinute, int streamsPerAddress, int membersPerTable,
            int rollsPerSecond) {
        this.clock = clock;
        this.opened = new BoundedMap<>(ADDRESSES, MINUTE, clock);
        this.rolled = new BoundedMap<>(ADDRESSES, SECOND, clock);
        this.tablesPerMinute = tablesPerMinute;
        this.streamsPerAddress = streamsPerAddress;
        this.membersPerTable = membersPerTable;
        this.rollsPerSecond = rollsPerSecond;
    }

    /**
     * Counts a roll by one roller (a member's id, or a guest's table and address) and refuses it when that roller
     * already made {@code dicehall.limits.rolls-per-second} in the current second.
     *
     * @throws Refusal of kind too many, to try again in a second
     */
    public void roll(String roller) {
        if (rollsPerSecond <= 0) {
            return;
        }
        long now = clock.getAsLong();
        Window window = rolled.compute(roller,
                (r, old) -> old == null || now - old.start() >= SECOND ? new Window(now, new AtomicInteger()) : old);
        if (window.count().incrementAndGet() > rollsPerSecond) {
            throw Refusal.tooMany(1, "You made " + rollsPerSecond
                    + " rolls in the last second, the most one roller may; try again in a second.");
        }
    }

    /**
     * Refuses a new seat at a table that seats {@code seated} members already, when that is the most it may.
     *
     * @throws Refusal of kind too many, to try again when someone has left
     */
    public void seat(long seated) {
        if (membersPerTable > 0 && seated >= membersPerTable) {
            throw Refusal.tooMany(60, "This table seats " + membersPerTable
                    + " members, the most a table may; ask one to leave, or open another table.");
        }
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
