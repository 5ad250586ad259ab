package io.dicehall.systems.fatewalker;

import io.dicehall.api.Attribution;
import io.dicehall.api.GameSystem;
import io.dicehall.api.Procedure;
import java.util.List;

/**
 * Fatewalker's core mechanic (the wiki page "The Core Mechanic", see {@link #attribution()}): pools of d10s
 * read 0–9 against a target number, with background, opposed and extended rolls. Immutable and
 * thread-safe.
 */
public final class FatewalkerSystem implements GameSystem {

    private static final List<Procedure> PROCEDURES = List.of(
            new RollProcedure(), new BackgroundRollProcedure(), new OpposedProcedure(), new ExtendedProcedure());

    @Override
    public String id() {
        return "fatewalker";
    }

    @Override
    public String name() {
        return "Fatewalker";
    }

    @Override
    public String summary() {
        return "Roll d10s read 0–9 against a target number and count the dice at or under it; with background,"
                + " opposed and extended rolls.";
    }

    @Override
    public Attribution attribution() {
        return new Attribution("Kurtis (TheMatrix wiki)", "Fatewalker: The Core Mechanic",
                "Not stated by the source; rules paraphrased for play, not copied",
                "http://matrix.shadowland.cathartic.org/index.php?oldid=402&title=The_Core_Mechanic");
    }

    @Override
    public List<Procedure> procedures() {
        return PROCEDURES;
    }

    /** Built against SPI version 2: every procedure gives best play. */
    @Override
    public int spiVersion() {
        return SPI_VERSION;
    }
}
