package io.dicehall.systems.taskschecks;

import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.Procedure;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.Violation;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.state.MoveOption;
import io.dicehall.api.state.RollState;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Test helper: checked inputs, scripted throws and moves, as the server would make them. */
final class Play {

    final Procedure procedure;
    final Inputs inputs;
    RollState state;

    private Play(Procedure procedure, Inputs inputs) {
        this.procedure = procedure;
        this.inputs = inputs;
    }

    static Inputs inputs(Procedure procedure, Object... keyValues) {
        return InputChecker.check(procedure.form(), map(keyValues)).orThrow();
    }

    static Map<String, Object> map(Object... keyValues) {
        var map = new LinkedHashMap<String, Object>();
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put((String) keyValues[i], keyValues[i + 1]);
        }
        return map;
    }

    /** Starts a roll with these inputs (which must pass the rules' checks) and faces. */
    static Play roll(Procedure procedure, Map<String, Object> raw, int... faces) {
        Play play = new Play(procedure, InputChecker.check(procedure.form(), raw).orThrow());
        if (!procedure.check(play.inputs).isEmpty()) {
            throw new AssertionError("inputs break a rule: " + procedure.check(play.inputs));
        }
        play.state = procedure.start(play.inputs, Dice.scripted(faces));
        return play;
    }

    Move move(String id, Object... keyValues) {
        MoveOption option = state.move(id).orElseThrow(() -> new AssertionError("move " + id + " is not open: "
                + state.moves().stream().map(MoveOption::id).toList()));
        return new Move(id, InputChecker.check(option.form(), map(keyValues)).orThrow());
    }

    Move kissMove(String... dice) {
        return move("kiss", "dice", List.of(dice));
    }

    List<Violation> refusal(Move move) {
        return procedure.checkMove(inputs, state, move);
    }

    /** Makes a move that must break no rule, with these faces for any dice it throws. */
    Play make(Move move, int... faces) {
        List<Violation> broken = refusal(move);
        if (!broken.isEmpty()) {
            throw new AssertionError("move refused: " + broken);
        }
        state = procedure.apply(inputs, state, move, Dice.scripted(faces));
        return this;
    }

    Play kiss(int[] faces, String... dice) {
        return make(kissMove(dice), faces);
    }

    Play ego(int... faces) {
        return make(move("ego"), faces);
    }

    Odds odds(Move move) {
        return procedure.odds(inputs, state, move).orElseThrow();
    }

    int tally(String id) {
        return state.tally(id).orElseThrow(() -> new AssertionError("no tally " + id + " in " + state.tallies()))
                .value();
    }

    String outcome() {
        return state.outcome().id();
    }

    List<String> moves() {
        return state.moves().stream().map(MoveOption::id).toList();
    }

    List<Integer> faces(String group) {
        return state.group(group).orElseThrow().dice().stream().map(d -> d.face()).toList();
    }

    static Fraction f(long n, long d) {
        return Fraction.of(n, d);
    }

    static int[] faces(int... faces) {
        return Arrays.copyOf(faces, faces.length);
    }
}
