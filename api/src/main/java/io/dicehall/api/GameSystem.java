package io.dicehall.api;

import java.util.List;

/**
 * A rules system: a family of procedures from one rules document, such as Fate Condensed.
 *
 * <p>Found with {@link java.util.ServiceLoader}: an implementation has a public no-argument
 * constructor and is named in {@code META-INF/services/io.dicehall.api.GameSystem} of its JAR.
 * The server creates one instance, reads {@link #id()}, {@link #procedures()} and the rest once at
 * load, and calls procedures from many threads at once, so implementations must be immutable and
 * thread-safe. A system must not contain its own copy of this API.
 *
 * <p>The server refuses, and reports, a system whose constructor or any method here throws, whose
 * id is not lower-kebab-case or is already taken, or whose {@link #spiVersion()} it does not support.
 *
 * <p>This interface grows only by {@code default} methods, so a system built against an older
 * version keeps working.
 */
public interface GameSystem {

    /**
     * The version of this SPI. A system reports the version it was built against. Version 2 (Dicehall 0.2) adds
     * best play: {@link Procedure#outcomeOrder()}, {@link Procedure#game} and the package {@code
     * io.dicehall.api.play}. Version 3 (Dicehall 0.3) adds stated rolls (the package {@code io.dicehall.api.stated}),
     * the joint readings of {@link io.dicehall.api.odds.Pool}, {@code Odds.of}, {@link
     * io.dicehall.api.state.Verdict#PARTIAL} and more factories of the records.
     */
    int SPI_VERSION = 3;

    /**
     * @return the permanent id, lower-kebab-case, unique among installed systems (e.g.
     *     {@code fate-condensed}); part of every stored roll, so it must never change
     */
    String id();

    /** @return the name players see in the menu, never blank */
    String name();

    /** @return one or two sentences on what it is for, never blank */
    String summary();

    /** @return who wrote the rules and under which licence, never null */
    Attribution attribution();

    /**
     * @return the procedures in menu order, at least one, with distinct lower-kebab-case ids; the
     *     same list every time
     */
    List<Procedure> procedures();

    /**
     * The SPI version this system was built against, so a server can refuse a system built for a
     * newer SPI than its own. A system built against version 1 need not override this. A system that
     * uses something added in a later version overrides it as {@code return SPI_VERSION;}: the
     * constant is then compiled into the system's own class and reports the version it was built
     * with (a default method cannot, since it runs the server's copy of this interface).
     *
     * @return the SPI version, at least 1
     * @since 1
     */
    default int spiVersion() {
        return 1;
    }
}
