package io.dicehall.api.testsystem;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.Procedure;
import io.dicehall.api.contract.BruteForce;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.odds.Chance;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.odds.Plan;
import io.dicehall.api.play.BestPlay;
import io.dicehall.api.play.Game;
import io.dicehall.api.play.Goal;
import io.dicehall.api.play.MoveChance;
import io.dicehall.api.play.OutcomeOrder;
import io.dicehall.api.play.Solver;
import io.dicehall.api.state.Die;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Best play of the test pool against a brute force written here from its rules alone: every face of the first
 * throw, every set of failed dice the re-rolls allow, every face they can show, played through {@code start} and
 * {@code apply} with scripted dice.
 */
class PoolBestPlayTest {

    private final PoolProcedure pool = new PoolProcedure();
    private final OutcomeOrder order = pool.outcomeOrder();

    private Inputs inputs(int dice, int target, int rerolls) {
        return InputChecker.check(pool.form(), Map.of("dice", dice, "target", target, "rerolls", rerolls)).orThrow();
    }

    /** Every sequence of {@code n} d6 faces. */
    private static List<int[]> faces(int n) {
        var all = new ArrayList<int[]>();
        int count = (int) Math.pow(6, n);
        for (int code = 0; code < count; code++) {
            int[] faces = new int[n];
            int rest = code;
            for (int i = 0; i < n; i++) {
                faces[i] = 1 + rest % 6;
                rest /= 6;
            }
            all.add(faces);
        }
        return all;
    }

    /** Every set of the ids with 1 to {@code most} members, in their order. */
    private static List<List<String>> picks(List<String> ids, int most) {
        var all = new ArrayList<List<String>>();
        for (int mask = 1; mask < 1 << ids.size(); mask++) {
            if (Integer.bitCount(mask) > most) {
                continue;
            }
            var pick = new ArrayList<String>();
            for (int i = 0; i < ids.size(); i++) {
                if ((mask & 1 << i) != 0) {
                    pick.add(ids.get(i));
                }
            }
            all.add(pick);
        }
        return all;
    }

    private Fraction reached(RollState state, Goal goal) {
        return goal.reachedBy(state.outcome().id()) ? Fraction.ONE : Fraction.ZERO;
    }

    /** The brute force's value of one move in a state. */
    private Fraction oracle(Inputs inputs, RollState state, Move move, Goal goal) {
        if (move.id().equals("accept")) {
            return reached(pool.apply(inputs, state, move, Dice.scripted()), goal);
        }
        int k = move.inputs().picks("dice").size();
        Fraction sum = Fraction.ZERO;
        for (int[] faces : faces(k)) {
            sum = sum.plus(reached(pool.apply(inputs, state, move, Dice.scripted(faces)), goal));
        }
        return sum.times(Fraction.of(1, (long) Math.pow(6, k)));
    }

    /** Every legal move of a state, every set of failed dice the re-rolls allow. */
    private List<Move> legalMoves(Inputs inputs, RollState state) {
        var moves = new ArrayList<Move>();
        if (state.complete()) {
            return moves;
        }
        List<String> failed = state.group("pool").orElseThrow().dice().stream()
                .filter(d -> d.verdict() == Verdict.FAILURE).map(Die::id).toList();
        Form form = state.move("reroll").orElseThrow().form();
        for (List<String> pick : picks(failed, state.memoInt("rerolls", 0))) {
            moves.add(new Move("reroll", InputChecker.check(form, Map.of("dice", pick)).orThrow()));
        }
        moves.add(new Move("accept", Inputs.NONE));
        return moves;
    }

    private List<RollState> firstThrows(Inputs inputs) {
        return faces(inputs.integer("dice")).stream().map(f -> pool.start(inputs, Dice.scripted(f))).toList();
    }

    @Test
    void theWholeGameTreeMatchesTheSolverExactly() {
        int[][] cases = {{1, 5, 1}, {2, 4, 1}, {3, 5, 1}, {3, 6, 2}, {3, 2, 0}, {4, 5, 1}};
        for (int[] c : cases) {
            Inputs inputs = inputs(c[0], c[1], c[2]);
            Game<?> game = pool.game(inputs).orElseThrow();
            BruteForce brute = new BruteForce(pool, inputs, 100_000);
            List<RollState> starts = firstThrows(inputs);
            Fraction each = Fraction.of(1, (long) Math.pow(6, c[0]));
            for (Goal goal : order.goals()) {
                String what = "pool " + inputs + ", at least " + goal.atLeast();
                Fraction before = Fraction.ZERO;
                for (RollState start : starts) {
                    var values = new java.util.HashMap<Move, Fraction>();
                    Fraction truth = start.complete() ? reached(start, goal) : Fraction.ZERO;
                    for (Move move : legalMoves(inputs, start)) {
                        Fraction v = oracle(inputs, start, move, goal);
                        values.put(move, v);
                        truth = v.compareTo(truth) > 0 ? v : truth;
                    }
                    before = before.plus(each.times(truth));
                    for (Solver solver : List.of(Solver.generic(), Solver.standard())) {
                        BestPlay play = solver.at(pool, inputs, start, goal).orElseThrow();
                        if (!play.probability().equals(truth)) {
                            fail(what + " after " + start.dice() + ": " + play.probability() + ", not " + truth);
                        }
                        for (MoveChance move : play.moves()) {
                            if (!move.probability().equals(values.get(move.move()))) {
                                fail(what + " after " + start.dice() + ", " + move.move() + ": "
                                        + move.probability() + ", brute force " + values.get(move.move()));
                            }
                        }
                    }
                }
                assertThat(what, Solver.generic().beforeRoll(pool, inputs, goal).orElseThrow().probability(),
                        equalTo(before));
                assertThat(what, Solver.standard().beforeRoll(pool, inputs, goal).orElseThrow().probability(),
                        equalTo(before));
                assertThat(what + ", the kit's brute force", brute.beforeRoll(goal),
                        equalTo(before));
            }
            assertThat("one position per number of hits", game.start().size(), is(c[0] + 1));
        }
    }

    @Test
    void theBestMoveNamesTheStatesOwnDice() {
        Inputs inputs = inputs(4, 5, 2);
        // d1 and d4 hit, d2 and d3 fail: re-rolling both is best for a great hit.
        RollState state = pool.start(inputs, Dice.scripted(6, 2, 1, 5));
        BestPlay play = Solver.standard().at(pool, inputs, state, order.goal("great-hit")).orElseThrow();
        MoveChance best = play.bestMove().orElseThrow();
        assertThat(best.move().id(), is("reroll"));
        assertThat(best.move().inputs().picks("dice"), equalTo(List.of("d2", "d3")));
        // At least one of two fresh dice hits on 5+: 1 - (2/3)^2 = 5/9; one die: 1/3; stopping: 0.
        assertThat(best.probability(), equalTo(Fraction.of(5, 9)));
        assertThat(play.moves().stream().map(m -> m.probability()).toList(),
                equalTo(List.of(Fraction.of(5, 9), Fraction.of(1, 3), Fraction.ZERO)));
        assertThat(play.byMove().stream().map(m -> m.move().id()).toList(), equalTo(List.of("reroll", "accept")));
        assertThat(play.givesUp(play.moves().get(2)), equalTo(Fraction.of(5, 9)));
        // A move the game does not list (the second failed die alone) is worth what its like is.
        Move other = new Move("reroll", InputChecker.check(state.move("reroll").orElseThrow().form(),
                Map.of("dice", List.of("d3"))).orThrow());
        MoveChance worth = Solver.standard().move(pool, inputs, state, other, order.goal("great-hit")).orElseThrow();
        assertThat(worth.move(), equalTo(other));
        assertThat(worth.probability(), equalTo(Fraction.of(1, 3)));
    }

    @Test
    void statedPlansAreNeverAboveBestPlay() {
        for (int dice = 1; dice <= 8; dice++) {
            for (int target = 2; target <= 6; target++) {
                for (int rerolls = 0; rerolls <= 3; rerolls++) {
                    Inputs inputs = inputs(dice, target, rerolls);
                    Odds odds = pool.odds(inputs);
                    for (Goal goal : order.goals()) {
                        Fraction best = Solver.standard().beforeRoll(pool, inputs, goal).orElseThrow().probability();
                        for (Plan plan : odds.plans()) {
                            Fraction planned = plan.outcomes().stream().filter(c -> goal.reachedBy(c.id()))
                                    .map(Chance::probability).reduce(Fraction.ZERO, Fraction::plus);
                            assertThat(inputs + " " + plan.id(), best, greaterThanOrEqualTo(planned));
                            // Here the plan is best play itself: more hits never hurt.
                            assertThat(inputs + " " + plan.id(), best, equalTo(planned));
                        }
                    }
                }
            }
        }
    }

    @Test
    void tiesAreSaidAsTies() {
        Inputs inputs = inputs(4, 5, 1);
        // Three hits already: a great hit whatever happens, so re-rolling the miss and stopping tie.
        RollState state = pool.start(inputs, Dice.scripted(6, 6, 5, 1));
        BestPlay play = Solver.standard().at(pool, inputs, state, order.goal("great-hit")).orElseThrow();
        assertThat(play.tied(), is(true));
        assertThat(play.best().stream().map(m -> m.move().id()).toList(), equalTo(List.of("reroll", "accept")));
        assertThat(play.probability(), equalTo(Fraction.ONE));
        // Aiming at the worst outcome, every move is sure.
        RollState open = pool.start(inputs, Dice.scripted(1, 1, 1, 6));
        BestPlay anything = Solver.standard().at(pool, inputs, open, order.goal("miss")).orElseThrow();
        assertThat(anything.best().size(), is(anything.moves().size()));
    }

    @Test
    void unorderedOutcomesGiveNoBestPlay() {
        Procedure unordered = new UnorderedPool(pool);
        Inputs inputs = inputs(3, 5, 1);
        Goal goal = order.goal("hit");
        assertThat(Solver.standard().beforeRoll(unordered, inputs, goal), equalTo(Optional.empty()));
        assertThat(Solver.standard().at(unordered, inputs, pool.start(inputs, Dice.seeded(1)), goal),
                equalTo(Optional.empty()));
        // A goal of another order does not fit.
        Goal foreign = OutcomeOrder.worstToBest(List.of(new Outcome("hit", "Hit", io.dicehall.api.state.Tone.GOOD,
                ""))).goal("hit");
        assertThrows(IllegalArgumentException.class, () -> Solver.standard().beforeRoll(pool, inputs, foreign));
    }

    /** The pool, but claiming its outcomes have no order. */
    private static final class UnorderedPool implements Procedure {
        private final Procedure pool;

        UnorderedPool(Procedure pool) {
            this.pool = pool;
        }

        @Override
        public String id() {
            return pool.id();
        }

        @Override
        public String name() {
            return pool.name();
        }

        @Override
        public String summary() {
            return pool.summary();
        }

        @Override
        public Form form() {
            return pool.form();
        }

        @Override
        public List<Outcome> outcomes() {
            return pool.outcomes();
        }

        @Override
        public RollState start(Inputs inputs, Dice dice) {
            return pool.start(inputs, dice);
        }

        @Override
        public RollState apply(Inputs inputs, RollState state, Move move, Dice dice) {
            return pool.apply(inputs, state, move, dice);
        }

        @Override
        public Odds odds(Inputs inputs) {
            return pool.odds(inputs);
        }

        @Override
        public OutcomeOrder outcomeOrder() {
            return OutcomeOrder.UNORDERED;
        }

        @Override
        public Optional<Game<?>> game(Inputs inputs) {
            return pool.game(inputs);
        }
    }
}
