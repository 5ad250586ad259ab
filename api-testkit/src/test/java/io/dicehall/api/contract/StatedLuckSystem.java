package io.dicehall.api.contract;

import io.dicehall.api.form.FlagField;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.IntegerField;
import io.dicehall.api.stated.Read;
import io.dicehall.api.stated.Reading;
import io.dicehall.api.stated.Rerolls;
import io.dicehall.api.stated.StatedProcedure;
import io.dicehall.api.stated.Throw;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.Tone;
import io.dicehall.api.state.Verdict;
import java.util.ArrayList;
import java.util.List;

/**
 * A stated roll with declared moves: 2d6 plus a modifier (3d6 keeping the best two with advantage), and a point of
 * luck re-rolls a die of the player's choice until the dice read as a hit. Its roll, moves, odds of each re-roll
 * and best play all come from one statement.
 */
final class StatedLuckSystem extends TestSystem {

    static final List<Outcome> OUTCOMES = List.of(
            Outcome.of("miss", "Miss", Tone.BAD, "6 or less."),
            Outcome.of("partial", "Partial hit", Tone.MIXED, "7 to 9."),
            Outcome.of("hit", "Full hit", Tone.GOOD, "10 or more."));

    static class Check extends StatedProcedure {

        Check() {
            super("check", "Check", "Roll 2d6 plus a modifier; spend luck to re-roll a die.", Form.of(
                    IntegerField.of("modifier", "Modifier", -3, 3, 0),
                    FlagField.of("advantage", "Advantage"),
                    IntegerField.of("luck", "Luck", 0, 3, 1)), OUTCOMES);
        }

        @Override
        public Throw thrown(Inputs inputs) {
            return Throw.dice(inputs.flag("advantage") ? 3 : 2, 6);
        }

        @Override
        public Reading<?> reading(Inputs inputs) {
            int modifier = inputs.integer("modifier");
            return Reading.sorted(faces -> {
                int n = faces.size();
                int total = faces.get(n - 1) + faces.get(n - 2) + modifier;
                var verdicts = new ArrayList<Verdict>();
                for (int i = 0; i < n; i++) {
                    verdicts.add(i < n - 2 ? Verdict.UNCOUNTED : Verdict.NEUTRAL);
                }
                return Read.as(total >= 10 ? "hit" : total >= 7 ? "partial" : "miss").tally("total", "Total", total)
                        .verdictsSorted(verdicts);
            });
        }

        @Override
        public Rerolls rerolls(Inputs inputs) {
            return Rerolls.upTo(inputs.integer("luck")).until("hit").label("Spend a point of luck");
        }
    }

    StatedLuckSystem() {
        super("test-stated-luck", "Stated luck", "A stated roll with re-rolls declared once.", new Check());
    }
}
