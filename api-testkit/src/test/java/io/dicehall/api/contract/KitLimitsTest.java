package io.dicehall.api.contract;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThan;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dicehall.api.Attribution;
import io.dicehall.api.BasicProcedure;
import io.dicehall.api.Dice;
import io.dicehall.api.GameSystem;
import io.dicehall.api.Move;
import io.dicehall.api.Procedure;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.TextField;
import io.dicehall.api.form.Violation;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.odds.Plan;
import io.dicehall.api.play.Game;
import io.dicehall.api.play.Goal;
import io.dicehall.api.play.Lottery;
import io.dicehall.api.play.Solver;
import io.dicehall.api.state.MoveOption;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Tone;
import io.dicehall.api.testsystem.TestPoolSystem;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;

/**
 * What brute force takes from its caller (a stopping rule for exploding dice, a cut-off for plays that never end,
 * values for text fields), what the kit reports when it cannot check everything, the plans it compares on each
 * input, and the goals it checks (none at a pending outcome).
 */
class KitLimitsTest {

    static final List<Outcome> OUTCOMES = List.of(Outcome.of("low", "Low", Tone.BAD),
            Outcome.of("mid", "Middling", Tone.MIXED), Outcome.of("high", "High", Tone.GOOD));

    /** One d6 that explodes: a 6 rolls again and adds. 1–3 low, 4–5 middling, 6 or more high. No moves. */
    static final class Explode extends BasicProcedure {
        Explode() {
            super("explode", "Explode", "One exploding d6.", Form.EMPTY, OUTCOMES);
        }

        @Override
        public RollState start(Inputs inputs, Dice dice) {
            int total = 0;
            int face;
            do {
                face = dice.roll(6);
                total += face;
            } while (face == 6);
            return RollState.builder().step("start", "Rolled " + total).tally("total", "Total", total)
                    .outcome(OUTCOMES.get(total >= 6 ? 2 : total >= 4 ? 1 : 0)).complete().build();
        }

        @Override
        public Odds odds(Inputs inputs) {
            return Odds.over(OUTCOMES).add("low", Fraction.of(3, 6)).add("mid", Fraction.of(2, 6))
                    .add("high", Fraction.of(1, 6)).build();
        }
    }

    @Test
    void aStoppingRuleEndsExplodingDiceAndKeepsTheValuesExact() {
        Procedure explode = new Explode();
        Goal high = explode.outcomeOrder().goal("high");
        Goal mid = explode.outcomeOrder().goal("mid");
        BruteForce.TooLarge endless = assertThrows(BruteForce.TooLarge.class,
                () -> new BruteForce(explode, Inputs.NONE, 10_000).beforeRoll(high));
        assertThat(endless.getMessage(), containsString("more than 64 dice"));

        // Once a 6 has shown the total is high whatever follows: stop there.
        BruteForce.Limits stop = BruteForce.Limits.DEFAULT.stopWhen(drawn -> drawn.get(drawn.size() - 1).face() == 6);
        BruteForce brute = new BruteForce(explode, Inputs.NONE, 10_000, stop);
        assertThat(brute.beforeRoll(high), equalTo(Fraction.of(1, 6)));
        assertThat(brute.beforeRoll(mid), equalTo(Fraction.of(1, 2)));
        assertThat(BruteForce.faces(dice -> explode.start(Inputs.NONE, dice).outcome().id(), 100, stop).size(), is(3));
    }

    static final List<Outcome> DRIFT = List.of(Outcome.of("failed", "Failed", Tone.BAD),
            Outcome.of("stopped", "Stopped", Tone.MIXED), Outcome.of("walking", "Walking", Tone.PENDING),
            Outcome.of("done", "Done", Tone.GOOD));

    /**
     * A walk whose positions come round again: start at 1 or 2 (a d2); each step a d2 takes one off or adds one;
     * at 0 it fails, at 3 it is done; the player may stop instead. Best play toward done walks on: from 1, 1/3;
     * from 2, 2/3; before the roll, 1/2.
     */
    static final class Drift extends BasicProcedure {
        Drift() {
            super("drift", "Drift", "A walk to 3 that fails at 0.", Form.EMPTY, DRIFT);
        }

        @Override
        public RollState start(Inputs inputs, Dice dice) {
            return at(RollState.builder().step("start", "Started"), dice.roll(2));
        }

        @Override
        public RollState apply(Inputs inputs, RollState state, Move move, Dice dice) {
            if (move.id().equals("stop")) {
                return state.toBuilder().step("stop", "Stopped").outcome(DRIFT.get(1)).moves(List.of()).complete()
                        .build();
            }
            int total = state.memoInt("total", 0) + (dice.roll(2) == 2 ? 1 : -1);
            return at(state.toBuilder().step("step", "Stepped to " + total), total);
        }

        private static RollState at(RollState.Builder state, int total) {
            state.memo("total", total).tally("total", "Total", total).moves(List.of());
            if (total <= 0 || total >= 3) {
                return state.outcome(DRIFT.get(total <= 0 ? 0 : 3)).complete().build();
            }
            return state.outcome(DRIFT.get(2)).move(MoveOption.of("step", "Step", Form.EMPTY))
                    .move(MoveOption.of("stop", "Stop", Form.EMPTY)).complete(false).build();
        }

        @Override
        public Odds odds(Inputs inputs) {
            return Odds.over(DRIFT).add("walking", Fraction.ONE).note("If nobody moves after the start.").build();
        }

        @Override
        public Optional<Game<?>> game(Inputs inputs) {
            return Optional.of(new DriftGame());
        }
    }

    /** The walk as a game: the total while walking, or −1 failed, −2 stopped, −3 done. */
    static final class DriftGame implements Game<Integer> {
        private static final List<Move> MOVES = List.of(Move.of("step"), Move.of("stop"));

        @Override
        public Lottery<Integer> start() {
            return Lottery.of(Map.of(1, Fraction.of(1, 2), 2, Fraction.of(1, 2)));
        }

        @Override
        public Integer position(RollState state) {
            return switch (state.outcome().id()) {
                case "failed" -> -1;
                case "stopped" -> -2;
                case "done" -> -3;
                default -> state.memoInt("total", 0);
            };
        }

        @Override
        public List<Move> moves(Integer position) {
            return position > 0 ? MOVES : List.of();
        }

        @Override
        public Lottery<Integer> next(Integer position, Move move) {
            if (move.id().equals("stop")) {
                return Lottery.certain(-2);
            }
            int down = position - 1 <= 0 ? -1 : position - 1;
            int up = position + 1 >= 3 ? -3 : position + 1;
            return Lottery.of(Map.of(down, Fraction.of(1, 2), up, Fraction.of(1, 2)));
        }

        @Override
        public String outcome(Integer position) {
            return position > 0 ? "walking" : position == -1 ? "failed" : position == -2 ? "stopped" : "done";
        }
    }

    @Test
    void aCutOffBoundsBestPlayWherePlaysNeverEnd() {
        Procedure drift = new Drift();
        Goal done = drift.outcomeOrder().goal("done");
        assertThat(Solver.generic().beforeRoll(drift, Inputs.NONE, done).orElseThrow().probability(),
                equalTo(Fraction.of(1, 2)));
        BruteForce.TooLarge endless = assertThrows(BruteForce.TooLarge.class,
                () -> new BruteForce(drift, Inputs.NONE, 100_000).beforeRoll(done));
        assertThat(endless.getMessage(), containsString("cutOffAfter"));

        Fraction width = Fraction.ONE;
        for (int moves : new int[] {2, 4, 8, 12}) {
            BruteForce brute = new BruteForce(drift, Inputs.NONE, 100_000,
                    BruteForce.Limits.DEFAULT.cutOffAfter(moves));
            BruteForce.Bounds bounds = brute.boundsBeforeRoll(done);
            assertThat(moves + " moves: " + bounds, bounds.contains(Fraction.of(1, 2)), is(true));
            assertThat(bounds.exact(), is(false));
            Fraction narrower = bounds.high().minus(bounds.low());
            assertThat(moves + " moves", narrower, lessThan(width));
            width = narrower;
            // Only bounds are known, so an exact answer is refused.
            assertThrows(BruteForce.TooLarge.class, () -> brute.beforeRoll(done));
        }
        // Toward "stopped or better", stopping at once is sure: exact, cut-off or not.
        Goal stopped = drift.outcomeOrder().goal("stopped");
        BruteForce.Bounds sure = new BruteForce(drift, Inputs.NONE, 100_000, BruteForce.Limits.DEFAULT.cutOffAfter(3))
                .boundsBeforeRoll(stopped);
        assertThat(sure.low(), equalTo(Fraction.ONE));
    }

    /** A d2: 1 loses, 2 wins; a loss may invoke an aspect (named: the rules refuse a blank one) to roll again. */
    static final class Invoke extends BasicProcedure {
        static final List<Outcome> OUTCOMES = List.of(Outcome.of("lose", "Lose", Tone.BAD),
                Outcome.of("win", "Win", Tone.GOOD));
        static final Form INVOKE = Form.of(TextField.of("aspect", "Aspect", 40));

        Invoke() {
            super("invoke", "Invoke", "A d2, with an aspect to invoke for a second try.", Form.EMPTY, OUTCOMES);
        }

        @Override
        public RollState start(Inputs inputs, Dice dice) {
            int face = dice.roll(2);
            RollState.Builder state = RollState.builder().step("start", "Rolled " + face)
                    .outcome(OUTCOMES.get(face - 1));
            if (face == 2) {
                return state.complete().build();
            }
            return state.move(MoveOption.of("invoke", "Invoke", INVOKE))
                    .move(MoveOption.of("accept", "Accept", Form.EMPTY)).complete(false).build();
        }

        @Override
        public List<Violation> checkMove(Inputs inputs, RollState state, Move move) {
            return move.id().equals("invoke") && move.inputs().text("aspect").isBlank()
                    ? List.of(Violation.of("aspect", "name the aspect you invoke")) : List.of();
        }

        @Override
        public RollState apply(Inputs inputs, RollState state, Move move, Dice dice) {
            RollState.Builder next = state.toBuilder().moves(List.of()).complete();
            if (move.id().equals("accept")) {
                return next.step("accept", "Accepted").build();
            }
            int face = dice.roll(2);
            return next.step("invoke", "Invoked " + move.inputs().text("aspect") + ": " + face)
                    .outcome(OUTCOMES.get(face - 1)).build();
        }

        @Override
        public Odds odds(Inputs inputs) {
            return Odds.over(OUTCOMES).add("lose", Fraction.of(1, 2)).add("win", Fraction.of(1, 2)).build();
        }
    }

    @Test
    void aMoveWhoseTextTheRulesRequireIsPlayedWithPlaceholders() {
        Procedure invoke = new Invoke();
        Goal win = invoke.outcomeOrder().goal("win");
        RollState lost = invoke.start(Inputs.NONE, Dice.scripted(1));
        BruteForce brute = new BruteForce(invoke, Inputs.NONE, 1_000);
        assertThat(brute.legalMoves(lost).stream().filter(m -> m.id().equals("invoke"))
                .map(m -> m.inputs().text("aspect")).toList(), contains("Aspect 1", "Aspect 2"));
        assertThat(brute.beforeRoll(win), equalTo(Fraction.of(3, 4)));

        // Text left at its (blank) default, as before: no invoke is legal, and best play never invokes.
        BruteForce blank = new BruteForce(invoke, Inputs.NONE, 1_000,
                BruteForce.Limits.DEFAULT.texts(field -> List.of(field.defaultValue())));
        assertThat(blank.legalMoves(lost).stream().map(Move::id).toList(), contains("accept"));
        assertThat(blank.beforeRoll(win), equalTo(Fraction.of(1, 2)));
        assertThat(BruteForce.everyInput(Invoke.INVOKE, 10).size(), is(1));

        TextField named = new TextField("who", "Who", "", 40, true, "Ada");
        assertThat(BruteForce.Limits.placeholders(named), contains("Ada"));
        assertThat(BruteForce.Limits.placeholders(TextField.of("x", "A long label", 3)), contains("", "1", "2"));
    }

    private static GameSystem systemOf(Procedure... procedures) {
        return new GameSystem() {
            @Override
            public String id() {
                return "test-limits";
            }

            @Override
            public String name() {
                return "Test Limits";
            }

            @Override
            public String summary() {
                return "Procedures that test the kit's limits.";
            }

            @Override
            public Attribution attribution() {
                return Attribution.of("Dicehall", "Test Limits", "CC0 1.0");
            }

            @Override
            public List<Procedure> procedures() {
                return List.of(procedures);
            }

            @Override
            public int spiVersion() {
                return SPI_VERSION;
            }
        };
    }

    /** What a kit's tests did: each failure's and each skip's message. */
    private record Run(List<String> failed, List<String> skipped, int passed) {
    }

    private static Run run(Stream<DynamicTest> tests) {
        var failed = new ArrayList<String>();
        var skipped = new ArrayList<String>();
        int[] passed = {0};
        tests.forEach(test -> {
            try {
                test.getExecutable().execute();
                passed[0]++;
            } catch (TestAbortedException aborted) {
                skipped.add(test.getDisplayName() + " → " + aborted.getMessage());
            } catch (AssertionError failure) {
                failed.add(test.getDisplayName() + " → " + failure.getMessage());
            } catch (Throwable other) {
                throw new IllegalStateException(test.getDisplayName() + ": not a failed check", other);
            }
        });
        return new Run(failed, skipped, passed[0]);
    }

    private static GameSystemContract kit(GameSystem system, Function<Procedure, BruteForce.Limits> limits) {
        return new GameSystemContract() {
            @Override
            protected GameSystem system() {
                return system;
            }

            @Override
            protected BruteForce.Limits bestPlayBruteForceLimits(Procedure procedure, Inputs inputs) {
                return limits.apply(procedure);
            }
        };
    }

    @Test
    void theKitReportsBruteForceThatGaveUpAndChecksBoundsWhenGivenACutOff() {
        GameSystem system = systemOf(new Drift());
        Run endless = run(kit(system, p -> BruteForce.Limits.DEFAULT)
                .bestPlayAgreesWithTheGenericSolverAndBruteForce());
        assertThat(endless.failed(), empty());
        assertThat(endless.passed(), is(1));
        assertThat(endless.skipped().size(), is(1));
        assertThat(endless.skipped().get(0), containsString("brute force over the rules answered 0 of"));
        assertThat(endless.skipped().get(0), containsString("gave up"));

        Run bounded = run(kit(system, p -> BruteForce.Limits.DEFAULT.cutOffAfter(10))
                .bestPlayAgreesWithTheGenericSolverAndBruteForce());
        assertThat(bounded.failed(), empty());
        assertThat(bounded.skipped(), empty());
        assertThat(bounded.passed(), is(2));

        // The other checks meet no limit on the walk.
        GameSystemContract kit = kit(system, p -> BruteForce.Limits.DEFAULT.cutOffAfter(10));
        for (Stream<DynamicTest> tests : List.of(kit.bestPlayTransitionsAgreeWithTheRules(),
                kit.bestPlayIsNeverBelowAStatedPlan(), kit.everyMoveIsWorthWhatBestPlayAfterItGives())) {
            Run other = run(tests);
            assertThat(other.failed(), empty());
            assertThat(other.skipped(), empty());
        }
    }

    @Test
    void theKitReportsWhatATinyBudgetLeftUnchecked() {
        // The Test Pool with a budget of 5 runs of the rules: brute force and the moves' faces give up, and say so.
        GameSystemContract tiny = new GameSystemContract() {
            @Override
            protected GameSystem system() {
                return new TestPoolSystem();
            }

            @Override
            protected int bestPlayBudget() {
                return 5;
            }
        };
        Run brute = run(tiny.bestPlayAgreesWithTheGenericSolverAndBruteForce());
        assertThat(brute.failed(), empty());
        List<String> gaveUp = brute.skipped().stream().filter(s -> s.contains("brute force over the rules against"))
                .toList();
        assertThat(gaveUp, not(empty()));
        assertThat(gaveUp, everyItem(containsString("not everything was checked")));
        assertThat(gaveUp, hasItem(containsString("then gave up: more than 5 runs of the rules")));
        Run moves = run(tiny.everyMoveIsWorthWhatBestPlayAfterItGives());
        assertThat(moves.failed(), empty());
        assertThat(moves.skipped(), hasItem(containsString("moves not checked over their faces")));
    }

    @Test
    void theGoalsCheckedLeaveOutPendingOutcomes() {
        Procedure drift = new Drift();
        assertThat(drift.outcomeOrder().goals().stream().map(Goal::atLeast).toList(),
                contains("failed", "stopped", "walking", "done"));
        assertThat(BestPlayChecks.goals(drift, drift.outcomeOrder()).stream().map(Goal::atLeast).toList(),
                contains("failed", "stopped", "done"));
    }

    @Test
    void whichPlansBestPlayIsHeldToMayDependOnTheInputs() {
        var asked = new ArrayList<Inputs>();
        GameSystemContract kit = new GameSystemContract() {
            @Override
            protected GameSystem system() {
                return new TestPoolSystem();
            }

            @Override
            protected boolean bestPlayCovers(Procedure procedure, Inputs inputs, Plan plan) {
                asked.add(inputs);
                return super.bestPlayCovers(procedure, inputs, plan);
            }
        };
        Procedure pool = new TestPoolSystem().procedures().get(0);
        assertThat(run(kit.bestPlayIsNeverBelowAStatedPlan()).failed(), empty());
        assertThat(asked, not(empty()));
        assertThat(kit.bestPlayInputs(pool).containsAll(asked), is(true));
    }
}
