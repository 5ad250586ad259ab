package io.dicehall.systems.fatewalker;

import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.Procedure;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.state.Die;
import io.dicehall.api.state.RollState;
import java.util.List;
import java.util.Map;

/** Small helpers shared by the rule tests. */
final class Rolls {

    private Rolls() {
    }

    static Inputs inputs(Procedure procedure, Map<String, Object> raw) {
        return InputChecker.check(procedure.form(), raw).orThrow();
    }

    static RollState start(Procedure procedure, Map<String, Object> raw, int... faces) {
        return procedure.start(inputs(procedure, raw), Dice.scripted(faces));
    }

    static Move move(RollState state, String id, Map<String, Object> raw) {
        return new Move(id, InputChecker.check(state.move(id).orElseThrow().form(), raw).orThrow());
    }

    static List<String> readings(RollState state, String group) {
        return state.group(group).orElseThrow().dice().stream().map(Die::reading).toList();
    }

    static int tally(RollState state, String id) {
        return state.tally(id).orElseThrow().value();
    }
}
