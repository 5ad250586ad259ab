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

    /** The version of this SPI. A system reports the version it was built against. */
    int SPI_VERSION = 1;

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
     * @return the SPI version this system was compiled against; the default returns the
     *     {@link #SPI_VERSION} of the API it was compiled with, which is what a system wants
     */
    default int spiVersion() {
        return SPI_VERSION;
    }
}
