package io.dicehall.systems.fate;

import io.dicehall.api.Attribution;
import io.dicehall.api.GameSystem;
import io.dicehall.api.Procedure;
import java.util.Arrays;
import java.util.List;

/**
 * Fate Condensed's four actions: overcome, create an advantage, attack and defend, each rolled with
 * four Fudge dice and read on the ladder. Found by {@link java.util.ServiceLoader}; immutable.
 */
public final class FateCondensed implements GameSystem {

    private static final List<Procedure> PROCEDURES = Arrays.stream(Action.values())
            .<Procedure>map(ActionProcedure::new).toList();

    /** For {@link java.util.ServiceLoader}. */
    public FateCondensed() {
    }

    @Override
    public String id() {
        return "fate-condensed";
    }

    @Override
    public String name() {
        return "Fate Condensed";
    }

    @Override
    public String summary() {
        return "Roll four Fudge dice plus a skill against a difficulty or an opponent, then invoke aspects"
                + " to turn the result around.";
    }

    @Override
    public Attribution attribution() {
        return new Attribution("Evil Hat Productions, LLC (PK Sullivan, Ed Turner, Fred Hicks)", "Fate Condensed",
                "CC BY 3.0", "https://fate-srd.com/fate-condensed");
    }

    @Override
    public List<Procedure> procedures() {
        return PROCEDURES;
    }

    /** Built against SPI version 2: the four actions give best play. */
    @Override
    public int spiVersion() {
        return SPI_VERSION;
    }
}
