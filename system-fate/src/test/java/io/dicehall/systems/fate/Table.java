package io.dicehall.systems.fate;

import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.Procedure;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.Violation;
import io.dicehall.api.state.MoveOption;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Tally;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Plays rolls of one procedure the way the server does: inputs checked, moves checked, then applied. */
final class Table {

    final Procedure procedure;
    final Inputs inputs;

    private Table(String procedureId, Map<String, Object> raw) {
        this.procedure = real(procedureId);
        this.inputs = InputChecker.check(procedure.form(), raw).orThrow();
        if (!procedure.check(inputs).isEmpty()) {
            throw new IllegalArgumentException("inputs break a rule: " + procedure.check(inputs));
        }
    }

    /** @return the real procedure of that id */
    static Procedure real(String procedureId) {
        return new FateCondensed().procedures().stream().filter(p -> p.id().equals(procedureId)).findFirst()
                .orElseThrow();
    }

    /** @return inputs checked against the procedure's form; {@code keyValues} are field name, value … */
    static Inputs inputs(Procedure procedure, Object... keyValues) {
        var raw = new LinkedHashMap<String, Object>();
        for (int i = 0; i < keyValues.length; i += 2) {
            raw.put((String) keyValues[i], keyValues[i + 1]);
        }
        return InputChecker.check(procedure.form(), raw).orThrow();
    }

    /** A table for a procedure; {@code keyValues} are field name, value, field name, value … */
    static Table of(String procedureId, Object... keyValues) {
        var raw = new LinkedHashMap<String, Object>();
        for (int i = 0; i < keyValues.length; i += 2) {
            raw.put((String) keyValues[i], keyValues[i + 1]);
        }
        return new Table(procedureId, raw);
    }

    /**
     * @return the faces for Fudge dice written as the rules document writes them: "−" or "-" is face 1,
     *     "0" face 2, "+" face 3; several throws may be joined with spaces
     */
    static int[] faces(String written) {
        return written.replace(" ", "").chars().map(c -> c == '+' ? 3 : c == '0' ? 2 : 1).toArray();
    }

    RollState roll(String written) {
        return procedure.start(inputs, Dice.scripted(faces(written)));
    }

    /** @return a move on an open state, its inputs checked against the move's own form */
    static Move move(RollState state, String id, Object... keyValues) {
        MoveOption option = state.move(id).orElseThrow(() -> new AssertionError("move " + id + " is not open"));
        var raw = new LinkedHashMap<String, Object>();
        for (int i = 0; i < keyValues.length; i += 2) {
            raw.put((String) keyValues[i], keyValues[i + 1]);
        }
        return new Move(id, InputChecker.check(option.form(), raw).orThrow());
    }

    List<Violation> refusals(RollState state, Move move) {
        return procedure.checkMove(inputs, state, move);
    }

    /** Applies a move that must be allowed; {@code written} are the faces of any re-roll. */
    RollState apply(RollState state, Move move, String written) {
        List<Violation> refused = refusals(state, move);
        if (!refused.isEmpty()) {
            throw new AssertionError("move refused: " + refused);
        }
        return procedure.apply(inputs, state, move, Dice.scripted(faces(written)));
    }

    RollState apply(RollState state, Move move) {
        return apply(state, move, "");
    }

    static int value(RollState state, String tally) {
        return state.tally(tally).orElseThrow(() -> new AssertionError("no tally " + tally)).value();
    }

    static String text(RollState state, String tally) {
        return state.tally(tally).map(Tally::text).orElseThrow(() -> new AssertionError("no tally " + tally));
    }
}
