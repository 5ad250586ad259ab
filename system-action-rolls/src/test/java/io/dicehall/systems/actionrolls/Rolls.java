package io.dicehall.systems.actionrolls;

import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.state.RollState;
import java.util.HashMap;
import java.util.Map;

/** Shared test helpers: checked inputs and moves built from plain values, as a client sends them. */
final class Rolls {

    static final ActionRollProcedure PROCEDURE = new ActionRollProcedure();

    private Rolls() {
    }

    /** Finn picking the chest's lock: Dexterity 2, Reasoning 1, Challenge 2 (Average), Risk 3 (Risky). */
    static Inputs finn() {
        return inputs("first-ability", 2, "first-ability-name", "Dexterity", "second-ability", 1,
                "second-ability-name", "Reasoning", "challenge", "average", "risk", "risky");
    }

    /** @return checked inputs from alternating names and values; unnamed fields take their defaults */
    static Inputs inputs(Object... namesAndValues) {
        return check(PROCEDURE.form(), namesAndValues);
    }

    static Move daring(String emotion) {
        RollState any = PROCEDURE.start(finn(), Dice.scripted(4, 4, 4, 4));
        return new Move("daring", check(any.move("daring").orElseThrow().form(), "emotion", emotion));
    }

    static Move accept() {
        return new Move("accept", Inputs.NONE);
    }

    static RollState start(Inputs inputs, int... faces) {
        return PROCEDURE.start(inputs, Dice.scripted(faces));
    }

    static RollState apply(Inputs inputs, RollState state, Move move, int... faces) {
        return PROCEDURE.apply(inputs, state, move, Dice.scripted(faces));
    }

    private static Inputs check(Form form, Object... namesAndValues) {
        Map<String, Object> raw = new HashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            raw.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return InputChecker.check(form, raw).orThrow();
    }
}
