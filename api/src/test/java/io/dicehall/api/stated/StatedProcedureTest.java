package io.dicehall.api.stated;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dicehall.api.Dice;
import io.dicehall.api.form.FlagField;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.IntegerField;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.play.Goal;
import io.dicehall.api.play.Solver;
import io.dicehall.api.state.Die;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Tone;
import io.dicehall.api.state.Verdict;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A roll stated once: its state, its odds and its best play all come from the one statement. */
class StatedProcedureTest {

    static final List<Outcome> OUTCOMES = List.of(Outcome.of("failure", "Failure", Tone.BAD),
            Outcome.of("partial", "Partial success", Tone.MIXED), Outcome.of("success", "Full success", Tone.GOOD),
            Outcome.of("critical", "Critical", Tone.GOOD));

    /** A pool of d6s: the highest decides, two sixes are a critical; at rating 0, two dice and the lower counts. */
    static final class Action extends StatedProcedure {
        Action() {
            super("action", "Action", "Roll your rating in d6s.", Form.of(
                    IntegerField.of("rating", "Rating", 0, 4, 2), FlagField.of("assist", "Assist")), OUTCOMES);
        }

        @Override
        public Throw thrown(Inputs inputs) {
            int rating = inputs.integer("rating") + (inputs.flag("assist") ? 1 : 0);
            return Throw.dice(rating == 0 ? 2 : rating, 6);
        }

        @Override
        public Reading<?> reading(Inputs inputs) {
            boolean zero = inputs.integer("rating") + (inputs.flag("assist") ? 1 : 0) == 0;
            return Reading.sorted(faces -> {
                int top = zero ? faces.get(0) : faces.get(faces.size() - 1);
                boolean critical = !zero && faces.size() >= 2 && faces.get(faces.size() - 2) == 6;
                var verdicts = new java.util.ArrayList<Verdict>();
                for (int i = 0; i < faces.size(); i++) {
                    boolean counts = zero ? i == 0 : true;
                    int f = faces.get(i);
                    verdicts.add(!counts ? Verdict.UNCOUNTED : f == 6 ? Verdict.SUCCESS : f >= 4 ? Verdict.PARTIAL
                            : Verdict.FAILURE);
                }
                Read read = Read.as(critical ? "critical" : top == 6 ? "success" : top >= 4 ? "partial" : "failure")
                        .tally("highest", "Die that counts", top).verdictsSorted(verdicts);
                return critical ? read.flag("critical", "Two sixes: increased effect") : read;
            });
        }
    }

    /** The same rules as a fold over the highest die and the sixes. */
    static final class FoldedAction extends StatedProcedure {
        FoldedAction() {
            super("folded", "Folded", "The same rules, folded.", Form.of(IntegerField.of("rating", "Rating", 1, 9,
                    2)), OUTCOMES);
        }

        @Override
        public Throw thrown(Inputs inputs) {
            return Throw.dice(inputs.integer("rating"), 6);
        }

        @Override
        public Reading<?> reading(Inputs inputs) {
            return Reading.highestAndCount(6, r -> Read.as(r.count() >= 2 ? "critical" : r.highest() == 6
                    ? "success" : r.highest() >= 4 ? "partial" : "failure")
                    .verdicts(f -> f == 6 ? Verdict.SUCCESS : f >= 4 ? Verdict.PARTIAL : Verdict.FAILURE));
        }
    }

    private static Inputs inputs(StatedProcedure procedure, Map<String, Object> raw) {
        return InputChecker.check(procedure.form(), raw).orThrow();
    }

    @Test
    void startShowsTheDiceWithTheirVerdictsTalliesAndOutcome() {
        var action = new Action();
        RollState state = action.start(inputs(action, Map.of("rating", 3)), Dice.scripted(5, 2, 4));
        assertThat(state.complete(), is(true));
        assertThat(state.outcome().id(), is("partial"));
        assertThat(state.dice().stream().map(Die::verdict).toList(),
                contains(Verdict.PARTIAL, Verdict.FAILURE, Verdict.PARTIAL));
        assertThat(state.dice().stream().map(Die::id).toList(), contains("d1", "d2", "d3"));
        assertThat(state.tally("highest").orElseThrow().value(), is(5));
        assertThat(state.history().get(0).text(), is("Rolled 3d6"));
        assertThat(state.flags(), empty());
    }

    @Test
    void verdictsByPlaceFollowTheDiceThroughTheSort() {
        // Rating 0: two dice, the lower counts; the higher (thrown first) is not counted.
        var action = new Action();
        RollState state = action.start(inputs(action, Map.of("rating", 0)), Dice.scripted(6, 3));
        assertThat(state.outcome().id(), is("failure"));
        assertThat(state.dice().stream().map(Die::verdict).toList(), contains(Verdict.UNCOUNTED, Verdict.FAILURE));
    }

    @Test
    void aCriticalSetsItsFlag() {
        var action = new Action();
        RollState state = action.start(inputs(action, Map.of("rating", 2)), Dice.scripted(6, 6));
        assertThat(state.outcome().id(), is("critical"));
        assertThat(state.flagged("critical"), is(true));
    }

    @Test
    void oddsAreEveryFaceCounted() {
        var action = new Action();
        for (int rating = 0; rating <= 4; rating++) {
            for (boolean assist : new boolean[] {false, true}) {
                Inputs inputs = inputs(action, Map.of("rating", rating, "assist", assist));
                int n = action.thrown(inputs).size();
                var counts = new HashMap<String, Integer>();
                int total = (int) Math.pow(6, n);
                for (int k = 0; k < total; k++) {
                    int[] faces = new int[n];
                    int rest = k;
                    for (int i = 0; i < n; i++) {
                        faces[i] = rest % 6 + 1;
                        rest /= 6;
                    }
                    counts.merge(action.start(inputs, Dice.scripted(faces)).outcome().id(), 1, Integer::sum);
                }
                Odds odds = action.odds(inputs);
                for (Outcome outcome : OUTCOMES) {
                    assertThat(rating + " " + assist + " " + outcome.id(), odds.probability(outcome.id()),
                            is(Fraction.of(counts.getOrDefault(outcome.id(), 0), total)));
                }
                assertThat(odds.flags().isEmpty(), is(n < 2 || rating + (assist ? 1 : 0) == 0));
            }
        }
    }

    @Test
    void aFoldAndASortedReadingOfTheSameRulesAgree() {
        var sorted = new Action();
        var folded = new FoldedAction();
        for (int rating = 1; rating <= 4; rating++) {
            Odds a = sorted.odds(inputs(sorted, Map.of("rating", rating)));
            Odds b = folded.odds(inputs(folded, Map.of("rating", rating)));
            assertThat(a.outcomes(), is(b.outcomes()));
        }
    }

    @Test
    void aLargePoolIsReadByDynamicProgramming() {
        var folded = new FoldedAction();
        Odds odds = folded.odds(inputs(folded, Map.of("rating", 9)));
        // No six among nine dice, the highest at most 3: (1/2)^9.
        assertThat(odds.probability("failure"), is(Fraction.of(1, 512)));
        // Exactly one six: 9 * 5^8 / 6^9.
        assertThat(odds.probability("success"), is(Fraction.of(9L * 390_625, 10_077_696)));
    }

    @Test
    void bestPlayIsTheOddsOfTheOutcomesThatReachTheGoal() {
        var action = new Action();
        Inputs inputs = inputs(action, Map.of("rating", 2));
        Odds odds = action.odds(inputs);
        Fraction atLeastSuccess = odds.probability("success").plus(odds.probability("critical"));
        Goal goal = action.outcomeOrder().goal("success");
        Fraction best = Solver.standard().beforeRoll(action, inputs, goal).orElseThrow().probability();
        assertThat(best, is(atLeastSuccess));
    }

    @Test
    void anUndeclaredOutcomeNamesTheProcedureAndTheFaces() {
        var broken = new StatedProcedure("broken", "Broken", "Reads a die as nothing declared.", Form.EMPTY,
                OUTCOMES) {
            @Override
            public Throw thrown(Inputs inputs) {
                return Throw.dice(1, 6);
            }

            @Override
            public Reading<?> reading(Inputs inputs) {
                return Reading.sorted(faces -> Read.as("win"));
            }
        };
        var refused = assertThrows(IllegalStateException.class, () -> broken.start(Inputs.NONE, Dice.scripted(4)));
        assertThat(refused.getMessage(), containsString("broken reads [4] as the outcome win"));
    }

    @Test
    void aThrowSaysItsDice() {
        assertThat(Throw.dice(1, 8).and(2, 6).toString(), is("1d8 + 2d6"));
        assertThat(Throw.none().toString(), is("no dice"));
        assertThat(Throw.dice(3, 6).combinations().intValue(), is(216));
        assertThrows(IllegalArgumentException.class, () -> Throw.dice(-1, 6));
    }
}
