package io.dicehall.systems.dice;

import io.dicehall.api.Attribution;
import io.dicehall.api.GameSystem;
import io.dicehall.api.Procedure;
import java.util.List;

/** Dice notation: any roll written the way most virtual tabletops write it, with exact odds. */
public final class DiceSystem implements GameSystem {

    private static final List<Procedure> PROCEDURES = List.of(new RollProcedure());

    @Override
    public String id() {
        return "dice";
    }

    @Override
    public String name() {
        return "Dice notation";
    }

    @Override
    public String summary() {
        return "Roll anything written in the common dice notation — 4d6kh3, 1d20+5 >= 15, 8d10>=8f1, 3d6! — and"
                + " see the exact odds of every total.";
    }

    @Override
    public Attribution attribution() {
        return Attribution.of("Common usage (the notation's shared core, as documented by Roll20 and Foundry VTT)",
                "Dice notation: NdX with keep, drop, re-roll, explode and success modifiers",
                "No licence needed: a notation in common use; Dicehall writes its grammar and every text itself");
    }

    @Override
    public List<Procedure> procedures() {
        return PROCEDURES;
    }

    /** Built against SPI version 2: the roll gives best play (its odds). */
    @Override
    public int spiVersion() {
        return SPI_VERSION;
    }
}
