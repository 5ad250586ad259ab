package io.dicehall.systems.actionrolls;

import io.dicehall.api.Attribution;
import io.dicehall.api.GameSystem;
import io.dicehall.api.Procedure;
import java.util.List;

/** The Action Rolls system: one procedure, the Action Roll with its optional Daring Roll. */
public final class ActionRollsSystem implements GameSystem {

    private static final List<Procedure> PROCEDURES = List.of(new ActionRollProcedure());

    @Override
    public String id() {
        return "action-rolls";
    }

    @Override
    public String name() {
        return "Action Rolls";
    }

    @Override
    public String summary() {
        return "Two abilities, two dice each: gather success dice to meet the Challenge, keep trouble dice below "
                + "the Risk, and decide whether a Daring Roll is worth an Emotion.";
    }

    @Override
    public Attribution attribution() {
        return new Attribution("Rise of Dissent (the document names no author)", "Rise of Dissent: Action Rolls",
                "No licence stated in the document; Dicehall implements the mechanics and words every text itself",
                "https://riseofdissent.com/docs/game-rules/core-mechanics/action-rolls");
    }

    @Override
    public List<Procedure> procedures() {
        return PROCEDURES;
    }

    /** Built against SPI version 2: the Action Roll gives best play. */
    @Override
    public int spiVersion() {
        return SPI_VERSION;
    }
}
