package io.dicehall.systems.fatewalker;

import static io.dicehall.systems.fatewalker.Rolls.inputs;
import static io.dicehall.systems.fatewalker.Rolls.move;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThan;
import static org.hamcrest.Matchers.lessThanOrEqualTo;

import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.contract.BruteForce;
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
import io.dicehall.api.state.RollState;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Best play of the extended roll. Its totals come round again, so no tree of plays is finite and the kit's brute
 * force gives up; instead the real rules are played over every face from one real state per running total and
 * bonus (the roll's whole state as far as the rules go), and best play is checked against every policy of
 * spending the one-time bonus (each solved exactly) and against exact bounds from every play of a hundred rolls,
 * stopping included.
 */
class ExtendedBestPlayTest {

    private static final ExtendedProcedure EXTENDED = new ExtendedProcedure();
    private static final OutcomeOrder ORDER = EXTENDED.outcomeOrder();
    private static final Goal COMPLETED = ORDER.goal("completed");
    private static final String[] DIFFICULTIES = {"simple", "normal", "difficult", "masterful", "nigh-impossible"};

    private static Inputs extended(int dice, int tn, String difficulty, int bonus, boolean first) {
        return inputs(EXTENDED, Map.of("dice", dice, "tn", tn, "difficulty", difficulty, "one-time-bonus", bonus,
                "use-one-time-bonus", first));
    }

    @Test
    void theOrderPutsStoppingWithWorkInProgressBetweenFailingAndCompleting() {
        assertThat(ORDER.tiers(), equalTo(List.of(List.of("failed"), List.of("stopped", "in-progress"),
                List.of("completed"))));
        assertThat(ORDER.defaultGoal(), is("completed"));
    }

    /** The roll's state as far as the rules go: how it ended, or the running total and whether the bonus is left. */
    private record Key(String outcome, int total, boolean bonus) {
        static Key of(RollState state, Inputs inputs) {
            if (state.complete()) {
                return new Key(state.outcome().id(), 0, false);
            }
            return new Key(state.outcome().id(), state.memoInt("total", 0),
                    inputs.integer("one-time-bonus") > 0 && state.memoInt("bonus-spent-on", 0) == 0);
        }

        boolean open() {
            return outcome.equals("in-progress");
        }
    }

    /** The rules played from one real state per key: every legal move, every face it throws. */
    private static final class Rules {
        final Inputs inputs;
        final Map<Key, Fraction> first = new LinkedHashMap<>();
        final Map<Key, RollState> states = new LinkedHashMap<>();
        final Map<Key, Map<String, Map<Key, Fraction>>> moves = new LinkedHashMap<>();

        Rules(Inputs inputs) {
            this.inputs = inputs;
            var queue = new ArrayDeque<RollState>();
            for (var entry : BruteForce.faces(dice -> EXTENDED.start(inputs, dice), 1_000_000)) {
                first.merge(Key.of(entry.getKey(), inputs), entry.getValue(), Fraction::plus);
                queue.add(entry.getKey());
            }
            while (!queue.isEmpty()) {
                RollState state = queue.poll();
                Key key = Key.of(state, inputs);
                if (!key.open() || states.containsKey(key)) {
                    continue;
                }
                states.put(key, state);
                var byMove = new LinkedHashMap<String, Map<Key, Fraction>>();
                for (String name : List.of("roll", "roll+bonus", "accept")) {
                    Move move = move(name, state);
                    if (!EXTENDED.checkMove(inputs, state, move).isEmpty()) {
                        continue;
                    }
                    var to = new LinkedHashMap<Key, Fraction>();
                    for (var entry : BruteForce.faces(dice -> EXTENDED.apply(inputs, state, move, dice), 1_000_000)) {
                        to.merge(Key.of(entry.getKey(), inputs), entry.getValue(), Fraction::plus);
                        queue.add(entry.getKey());
                    }
                    byMove.put(name, to);
                }
                moves.put(key, byMove);
            }
        }

        static Move move(String name, RollState state) {
            return name.equals("accept") ? move(state, "accept", Map.of())
                    : move(state, "roll-again", Map.of("use-one-time-bonus", name.equals("roll+bonus")));
        }

        static Move move(RollState state, String id, Map<String, Object> raw) {
            return Rolls.move(state, id, raw);
        }

        List<Key> open() {
            return new ArrayList<>(states.keySet());
        }

        Fraction terminal(Key key, Goal goal) {
            return goal.reachedBy(key.outcome()) ? Fraction.ONE : Fraction.ZERO;
        }

        /** The exact values toward completing of the policy: {@code policy.get(key)} is the move made there. */
        Map<Key, Fraction> values(Map<Key, String> policy) {
            List<Key> open = open();
            int n = open.size();
            var index = new HashMap<Key, Integer>();
            for (int i = 0; i < n; i++) {
                index.put(open.get(i), i);
            }
            // x_i − Σ_j P(i → j)·x_j = P(i → completed), in signed rationals {numerator, denominator}.
            BigInteger[][][] m = new BigInteger[n][n + 1][];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j <= n; j++) {
                    m[i][j] = q(i == j ? Fraction.ONE : Fraction.ZERO);
                }
                for (var entry : moves.get(open.get(i)).get(policy.get(open.get(i))).entrySet()) {
                    Integer j = index.get(entry.getKey());
                    if (j == null) {
                        m[i][n] = add(m[i][n], q(entry.getValue().times(terminal(entry.getKey(), COMPLETED))));
                    } else {
                        m[i][j] = add(m[i][j], negate(q(entry.getValue())));
                    }
                }
            }
            for (int k = 0; k < n; k++) {
                int pivot = k;
                while (m[pivot][k][0].signum() == 0) {
                    pivot++;
                }
                BigInteger[][] t = m[k];
                m[k] = m[pivot];
                m[pivot] = t;
                for (int i = 0; i < n; i++) {
                    if (i == k || m[i][k][0].signum() == 0) {
                        continue;
                    }
                    BigInteger[] f = divide(m[i][k], m[k][k]);
                    for (int j = k; j <= n; j++) {
                        m[i][j] = add(m[i][j], negate(multiply(f, m[k][j])));
                    }
                }
            }
            var values = new HashMap<Key, Fraction>();
            for (int i = 0; i < n; i++) {
                BigInteger[] x = divide(m[i][n], m[i][i]);
                values.put(open.get(i), Fraction.of(x[0], x[1]));
            }
            return values;
        }
    }

    private static BigInteger[] q(Fraction f) {
        return new BigInteger[] {f.numerator(), f.denominator()};
    }

    private static BigInteger[] reduced(BigInteger num, BigInteger den) {
        if (den.signum() < 0) {
            num = num.negate();
            den = den.negate();
        }
        BigInteger g = num.gcd(den);
        return g.signum() == 0 || g.equals(BigInteger.ONE) ? new BigInteger[] {num, den}
                : new BigInteger[] {num.divide(g), den.divide(g)};
    }

    private static BigInteger[] add(BigInteger[] a, BigInteger[] b) {
        return reduced(a[0].multiply(b[1]).add(b[0].multiply(a[1])), a[1].multiply(b[1]));
    }

    private static BigInteger[] negate(BigInteger[] a) {
        return new BigInteger[] {a[0].negate(), a[1]};
    }

    private static BigInteger[] multiply(BigInteger[] a, BigInteger[] b) {
        return reduced(a[0].multiply(b[0]), a[1].multiply(b[1]));
    }

    private static BigInteger[] divide(BigInteger[] a, BigInteger[] b) {
        return reduced(a[0].multiply(b[1]), a[1].multiply(b[0]));
    }

    @Test
    void bestPlayTowardCompletingIsTheBestOfEveryPolicyOfSpendingTheBonus() {
        Object[][] cases = {
            {2, 4, "normal", 1, false},
            {3, 0, "difficult", 1, false},
            {2, 8, "normal", 1, false},
            {1, 6, "simple", 1, false},
            {2, 3, "masterful", 2, false},
            {2, 5, "normal", 0, false},
            {2, 4, "normal", 1, true},
        };
        for (Object[] c : cases) {
            Inputs inputs = extended((int) c[0], (int) c[1], (String) c[2], (int) c[3], (boolean) c[4]);
            Rules rules = new Rules(inputs);
            List<Key> withBonus = rules.open().stream().filter(Key::bonus).toList();
            var optimum = new HashMap<Key, Fraction>();
            for (int mask = 0; mask < 1 << withBonus.size(); mask++) {
                var policy = new HashMap<Key, String>();
                for (Key key : rules.open()) {
                    policy.put(key, "roll");
                }
                for (int i = 0; i < withBonus.size(); i++) {
                    if ((mask >> i & 1) != 0) {
                        policy.put(withBonus.get(i), "roll+bonus");
                    }
                }
                rules.values(policy).forEach((key, v) -> optimum.merge(key, v, (a, b) -> a.compareTo(b) >= 0 ? a : b));
            }
            String what = inputs.toString();
            Game<?> game = EXTENDED.game(inputs).orElseThrow();
            Fraction before = Fraction.ZERO;
            for (var entry : rules.first.entrySet()) {
                Key key = entry.getKey();
                before = before.plus(entry.getValue().times(key.open() ? optimum.get(key)
                        : rules.terminal(key, COMPLETED)));
            }
            assertThat(what, Solver.generic().beforeRoll(game, COMPLETED).probability(), equalTo(before));
            assertThat(what, Solver.standard().beforeRoll(game, COMPLETED).probability(), equalTo(before));
            for (Key key : rules.open()) {
                RollState state = rules.states.get(key);
                for (Solver solver : List.of(Solver.generic(), Solver.standard())) {
                    BestPlay play = solver.at(game, state, COMPLETED);
                    assertThat(what + " at " + key, play.probability(), equalTo(optimum.get(key)));
                    for (MoveChance move : play.moves()) {
                        String name = move.move().id().equals("accept") ? "accept"
                                : move.move().inputs().flag("use-one-time-bonus") ? "roll+bonus" : "roll";
                        Fraction worth = Fraction.ZERO;
                        for (var to : rules.moves.get(key).get(name).entrySet()) {
                            worth = worth.plus(to.getValue().times(to.getKey().open() ? optimum.get(to.getKey())
                                    : rules.terminal(to.getKey(), COMPLETED)));
                        }
                        assertThat(what + " at " + key + ", " + name, move.probability(), equalTo(worth));
                    }
                }
            }
        }
    }

    @Test
    void everyPlayOfAHundredRollsBoundsBestPlayForEveryGoal() {
        for (Inputs inputs : List.of(extended(3, 5, "normal", 1, false), extended(2, 6, "difficult", 1, false))) {
            Rules rules = new Rules(inputs);
            Game<?> game = EXTENDED.game(inputs).orElseThrow();
            for (Goal goal : ORDER.goals()) {
                // Best play of at most n more rolls, the roll counted as reaching the goal (upper) or not (lower)
                // if it is still in progress after them; stopping is one of the moves.
                Map<Key, Fraction> lower = new HashMap<>();
                Map<Key, Fraction> upper = new HashMap<>();
                for (Key key : rules.open()) {
                    lower.put(key, Fraction.ZERO);
                    upper.put(key, Fraction.ONE);
                }
                for (int n = 0; n < 100; n++) {
                    lower = step(rules, goal, lower);
                    upper = step(rules, goal, upper);
                }
                String what = inputs + ", at least " + goal.atLeast();
                for (Key key : rules.open()) {
                    Fraction exact = Solver.standard().at(game, rules.states.get(key), goal).probability();
                    assertThat(what + " at " + key, exact, greaterThanOrEqualTo(lower.get(key)));
                    assertThat(what + " at " + key, exact, lessThanOrEqualTo(upper.get(key)));
                    assertThat(what + " at " + key, upper.get(key).minus(lower.get(key)).toDouble(), lessThan(1e-3));
                }
            }
        }
    }

    private static Map<Key, Fraction> step(Rules rules, Goal goal, Map<Key, Fraction> after) {
        var next = new HashMap<Key, Fraction>();
        for (Key key : rules.open()) {
            Fraction best = Fraction.ZERO;
            for (Map<Key, Fraction> to : rules.moves.get(key).values()) {
                Fraction sum = Fraction.ZERO;
                for (var entry : to.entrySet()) {
                    sum = sum.plus(entry.getValue().times(entry.getKey().open() ? after.get(entry.getKey())
                            : rules.terminal(entry.getKey(), goal)));
                }
                best = sum.compareTo(best) > 0 ? sum : best;
            }
            next.put(key, best);
        }
        return next;
    }

    @Test
    void theGamesOwnValuesAreTheGenericSearchs() {
        var random = new SplittableRandom(5);
        for (String difficulty : DIFFICULTIES) {
            for (int[] c : new int[][] {{3, 2, 2, 0}, {5, 5, 3, 1}, {6, 1, 1, 2}}) {
                Inputs inputs = inputs(EXTENDED, Map.of("dice", c[0], "tn", c[1], "difficulty", difficulty,
                        "one-time-bonus", c[2], "extra-steps", c[3]));
                Game<?> game = EXTENDED.game(inputs).orElseThrow();
                for (Goal goal : ORDER.goals()) {
                    String what = inputs + ", at least " + goal.atLeast();
                    assertThat(what, Solver.standard().beforeRoll(game, goal),
                            equalTo(Solver.generic().beforeRoll(game, goal)));
                    for (int i = 0; i < 4; i++) {
                        RollState state = EXTENDED.start(inputs, Dice.seeded(random.nextLong()));
                        assertThat(what, Solver.standard().at(game, state, goal),
                                equalTo(Solver.generic().at(game, state, goal)));
                    }
                }
            }
        }
    }

    @Test
    void bestPlayIsNeverBelowAStatedPlan() {
        for (String difficulty : DIFFICULTIES) {
            for (int tn = 0; tn <= 8; tn += 2) {
                for (boolean first : List.of(false, true)) {
                    for (Inputs inputs : List.of(extended(4, tn, difficulty, 2, first),
                            inputs(EXTENDED, ExtendedOddsPinTest.largest(tn, difficulty, first)))) {
                        Odds odds = EXTENDED.odds(inputs);
                        for (Goal goal : ORDER.goals()) {
                            Fraction best = Solver.standard().beforeRoll(EXTENDED, inputs, goal).orElseThrow()
                                    .probability();
                            assertThat(inputs + " rolling on", best,
                                    greaterThanOrEqualTo(reaching(odds.outcomes(), goal)));
                            for (Plan plan : odds.plans()) {
                                // Spending the bonus on the first roll is best play's to choose only when the
                                // inputs put it there.
                                if (plan.id().equals("bonus-on-first-roll") && !first) {
                                    continue;
                                }
                                assertThat(inputs + " " + plan.id(), best,
                                        greaterThanOrEqualTo(reaching(plan.outcomes(), goal)));
                            }
                        }
                    }
                }
            }
        }
    }

    @Test
    void bestPlaySpendsTheBonusAtTheFirstRollItCan() {
        // Two dice at TN 8 (9 in 10 succeed), Normal, one bonus die. From 0 a roll without a success fails the work,
        // and from 6 and 7 the bonus die can complete it now: spending it is strictly better there. From 1 to 5 this
        // roll can neither fail nor complete the work, with or without the die, so keeping it for the next roll is
        // as good: a tie.
        Inputs inputs = extended(2, 8, "normal", 1, false);
        Rules rules = new Rules(inputs);
        Game<?> game = EXTENDED.game(inputs).orElseThrow();
        var choice = new ArrayList<String>();
        for (int total = 0; total < 8; total++) {
            RollState state = rules.states.get(new Key("in-progress", total, true));
            BestPlay play = Solver.standard().at(game, state, COMPLETED);
            assertThat(play.best().stream().anyMatch(m -> m.move().inputs().flag("use-one-time-bonus")), is(true));
            choice.add(play.tied() ? "tie" : "spend");
            // Stopping never completes the work.
            MoveChance stop = play.moves().get(play.moves().size() - 1);
            assertThat(stop.move().id(), is("accept"));
            assertThat(stop.probability(), equalTo(Fraction.ZERO));
        }
        assertThat(choice, equalTo(List.of("spend", "tie", "tie", "tie", "tie", "tie", "spend", "spend")));
        // Aiming only not to fail, stopping is sure, and rolling on is not.
        RollState state = rules.states.get(new Key("in-progress", 0, true));
        BestPlay safe = Solver.standard().at(game, state, ORDER.goal("stopped"));
        assertThat(safe.bestMove().orElseThrow().move().id(), is("accept"));
        assertThat(safe.probability(), equalTo(Fraction.ONE));
        assertThat(safe.tied(), is(false));
    }

    @Test
    void soBestPlayIsTheOddsOfRollingOnWithTheBonusAtItsFirstChance() {
        var random = new SplittableRandom(3);
        for (String difficulty : DIFFICULTIES) {
            for (int tn = 0; tn <= 8; tn += 4) {
                for (boolean first : List.of(false, true)) {
                    for (Inputs inputs : List.of(extended(4, tn, difficulty, 2, first),
                            inputs(EXTENDED, ExtendedOddsPinTest.largest(tn, difficulty, first)))) {
                        // Before the roll: the outcomes (the bonus on the first roll, or the second if the first
                        // is made without it).
                        Fraction best = Solver.standard().beforeRoll(EXTENDED, inputs, COMPLETED).orElseThrow()
                                .probability();
                        assertThat(inputs.toString(), best, equalTo(reaching(EXTENDED.odds(inputs).outcomes(),
                                COMPLETED)));
                        // After a throw: every roll-again is worth its decision odds (on until done, an unspent
                        // bonus into the next roll).
                        RollState state = EXTENDED.start(inputs, Dice.seeded(random.nextLong()));
                        if (state.complete()) {
                            continue;
                        }
                        for (MoveChance move : Solver.standard().at(EXTENDED, inputs, state, COMPLETED).orElseThrow()
                                .moves()) {
                            if (move.move().id().equals("roll-again")) {
                                Odds odds = EXTENDED.odds(inputs, state, move.move()).orElseThrow();
                                assertThat(inputs + " " + move.move(), move.probability(),
                                        equalTo(reaching(odds.outcomes(), COMPLETED)));
                            }
                        }
                    }
                }
            }
        }
    }

    @Test
    void theLargestRollsAreAnsweredWithoutASearch() {
        for (String difficulty : DIFFICULTIES) {
            Inputs inputs = inputs(EXTENDED, ExtendedOddsPinTest.largest(0, difficulty, false));
            RollState state = EXTENDED.start(inputs, Dice.seeded(3));
            for (Goal goal : ORDER.goals()) {
                // Few positions: the game answers every position the solver meets (those a roll from here reaches).
                Solver tight = Solver.standard().limit(60);
                tight.beforeRoll(EXTENDED, inputs, goal).orElseThrow();
                if (!state.complete()) {
                    tight.at(EXTENDED, inputs, state, goal).orElseThrow();
                }
            }
        }
    }

    private static Fraction reaching(List<Chance> outcomes, Goal goal) {
        return outcomes.stream().filter(c -> goal.reachedBy(c.id())).map(Chance::probability)
                .reduce(Fraction.ZERO, Fraction::plus);
    }
}
