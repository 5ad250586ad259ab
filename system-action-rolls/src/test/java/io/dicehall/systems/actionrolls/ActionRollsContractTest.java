package io.dicehall.systems.actionrolls;

import io.dicehall.api.GameSystem;
import io.dicehall.api.Procedure;
import io.dicehall.api.contract.GameSystemContract;
import io.dicehall.api.form.Inputs;
import java.util.List;

/** The SPI contract kit run against Action Rolls. */
class ActionRollsContractTest extends GameSystemContract {

    @Override
    protected GameSystem system() {
        return new ActionRollsSystem();
    }

    /**
     * Best play on two d4 abilities, whose every face and every Emotion the kit's brute force covers within its
     * budget (256 first throws, 16 faces for each Daring Roll), on tables that reach each outcome.
     */
    @Override
    protected List<Inputs> bestPlayInputs(Procedure procedure) {
        return List.of(
                Rolls.inputs("first-ability", 1, "second-ability", 1, "challenge", "average", "risk", "precarious"),
                Rolls.inputs("first-ability", 1, "second-ability", 1, "challenge", "difficult", "risk", "risky",
                        "edge", "advantage"),
                Rolls.inputs("first-ability", 1, "second-ability", 1, "challenge", "daunting", "risk", "safe",
                        "edge", "disadvantage"));
    }
}
