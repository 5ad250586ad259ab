package io.dicehall.systems.taskschecks;

import static io.dicehall.systems.taskschecks.Play.f;
import static io.dicehall.systems.taskschecks.Play.map;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.is;

import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.contract.BruteForce;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.Option;
import io.dicehall.api.odds.Chance;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.state.DiceGroup;
import io.dicehall.api.state.Die;
import io.dicehall.api.state.MoveOption;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Verdict;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A magic job's exploding pool (the Exploding Dice and Die of Fortune pages): the dice, the moves, and the exact
 * odds against an enumeration of every face.
 */
class MagicPoolTest {

    private static final int RUNS = 2_000_000;

    private final TaskProcedure task = new TaskProcedure();

    private Inputs inputs(Map<String, Object> raw) {
        Inputs inputs = InputChecker.check(task.form(), raw).orThrow();
        assertThat(task.check(inputs), empty());
        return inputs;
    }

    // ------------------------------------------------------------------ the dice and the moves

    @Test
    void sixesExplodeAtThePoolsRankAndCannotBeKissed() {
        // rank 4: d1 shows 6 and explodes into x1 = 5; d2 shows 2
        Play play = Play.roll(task, map("job-level", 2, "rank", 4, "kisses", 2, "magic", true, "objectives", 1,
                "difficulty-factors", 3), 6, 5, 2);
        assertThat(play.faces("pool"), contains(6, 2, 5));
        assertThat(play.tally("successes"), is(2));
        MoveOption kiss = play.state.move("kiss").orElseThrow();
        List<String> offered = kiss.form().field("dice").map(field -> ((io.dicehall.api.form.PickField) field)
                .options().stream().map(Option::value).toList()).orElseThrow();
        assertThat(offered, containsInAnyOrder("d2", "x1"));
        // d2 thrown again shows 6 and explodes: 4, a success at rank 4
        play.kiss(new int[] {6, 4}, "d2");
        assertThat(play.tally("successes"), is(4));
        assertThat(play.outcome(), is("pass"));
        assertThat(play.state.complete(), is(true));
    }

    @Test
    void egoAddsHealthInExplodingDiceAtThePoolsRankDeclaredWithTheKisses() {
        Play play = Play.roll(task, map("job-level", 1, "rank", 3, "kisses", 1, "health", 2, "magic", true,
                "objectives", 1, "difficulty-factors", 3), 1);
        assertThat(play.tally("successes"), is(0));
        // the failed die and two Ego dice, all at rank 3: 3; 6 then 1; 2
        play.make(play.move("kiss", "dice", List.of("d1"), "ego", List.of("you")), 3, 6, 1, 2);
        assertThat(play.faces("ego"), contains(6, 1, 2));
        assertThat(play.tally("successes"), is(2));
        assertThat(play.state.flags().stream().map(io.dicehall.api.state.Flag::id).toList(), hasItem("ego-spent"));
        assertThat(play.state.complete(), is(true));
    }

    @Test
    void aFailedMagicRollIsStressfulAndHelpDiceDoNotExplode() {
        Play play = Play.roll(task, map("job-level", 1, "rank", 5, "kisses", 0, "magic", true, "objectives", 1,
                "difficulty-factors", 3, "helpers", List.of(map("name", "Bo", "rank", 5))), 2, 6);
        assertThat(play.faces("help"), contains(6));
        assertThat(play.tally("successes"), is(1));
        assertThat(play.outcome(), is("fail"));
        assertThat(play.state.flags().stream().map(io.dicehall.api.state.Flag::id).toList(), hasItem("stress"));
        assertThat(task.odds(inputs(map("job-level", 1, "magic", true))).flags().stream().map(Chance::id).toList(),
                hasItem("stress"));
    }

    @Test
    void fidelityAdvancesTheRankOfAnExplodingPool() {
        Play play = Play.roll(task, map("job-level", 2, "rank", 5, "kisses", 1, "fidelity", 1, "magic", true,
                "objectives", 1, "difficulty-factors", 1), 6, 4, 4);
        // 6 (explodes: 4), 4: one success at rank 5, three at rank 4
        assertThat(play.tally("successes"), is(1));
        play.make(play.move("fidelity", "points", 1));
        assertThat(play.tally("successes"), is(3));
    }

    // ------------------------------------------------------------------ exact odds

    /** One exploding die at {@code rank}, face by face: P(S = v) = Σ_face 1/6 · (6 ? P(S = v − 1) : [v = hit]). */
    private static Fraction[] oneDie(int rank, int upTo) {
        Fraction[] p = new Fraction[upTo + 1];
        for (int v = 0; v <= upTo; v++) {
            Fraction sum = Fraction.ZERO;
            for (int face = 1; face <= 6; face++) {
                if (face == 6) {
                    sum = sum.plus(v == 0 ? Fraction.ZERO : p[v - 1].times(Fraction.of(1, 6)));
                } else if (v == (face >= rank ? 1 : 0)) {
                    sum = sum.plus(Fraction.of(1, 6));
                }
            }
            p[v] = sum;
        }
        return p;
    }

    @Test
    void explodingDiceAtAnyRanksMatchFaceByFace() {
        int upTo = 14;
        for (int[] ranks : List.of(new int[] {4}, new int[] {1}, new int[] {2, 5}, new int[] {6, 6, 6},
                new int[] {1, 3, 6, 6}, new int[] {5, 5, 5, 2, 4})) {
            Fraction[] sum = new Fraction[upTo + 1];
            java.util.Arrays.fill(sum, Fraction.ZERO);
            sum[0] = Fraction.ONE;
            for (int rank : ranks) {
                Fraction[] die = oneDie(rank, upTo);
                Fraction[] next = new Fraction[upTo + 1];
                for (int v = 0; v <= upTo; v++) {
                    next[v] = Fraction.ZERO;
                    for (int j = 0; j <= v; j++) {
                        next[v] = next[v].plus(sum[j].times(die[v - j]));
                    }
                }
                sum = next;
            }
            Successes count = Successes.explodingAt(ranks);
            for (int v = 0; v <= upTo; v++) {
                assertThat(java.util.Arrays.toString(ranks) + " v=" + v, count.exactly(v), equalTo(sum[v]));
            }
            assertThat(count.mass().toFraction(), equalTo(Fraction.ONE));
        }
        Successes three = Successes.exploding(3);
        Successes sixes = Successes.explodingAt(6, 6, 6);
        for (int v = 0; v <= upTo; v++) {
            assertThat(sixes.exactly(v), equalTo(three.exactly(v)));
        }
    }

    private static List<Map<String, Object>> cases() {
        return List.of(
                map("job-level", 1, "rank", 4, "kisses", 1, "health", 1, "magic", true, "objectives", 1,
                        "difficulty-factors", 1),
                map("job-level", 2, "rank", 5, "kisses", 1, "health", 0, "magic", true, "objectives", 2,
                        "difficulty-factors", 1),
                map("job-level", 1, "rank", 3, "kisses", 2, "health", 2, "magic", true, "objectives", 1,
                        "difficulty-factors", 2, "helpers", List.of(map("name", "", "rank", 4))),
                map("job-level", 2, "rank", 2, "kisses", 1, "health", 1, "magic", true, "objectives", 1,
                        "difficulty-factors", 3, "helpers", List.of(map("name", "", "rank", 6))),
                map("job-level", 1, "rank", 5, "kisses", 1, "health", 1, "magic", true, "objectives", 1,
                        "difficulty-factors", 1, "helpers", List.of(map("name", "", "rank", 2))),
                // a rank-1 helper, whose die never fails
                map("job-level", 1, "rank", 4, "kisses", 1, "health", 1, "magic", true, "objectives", 1,
                        "difficulty-factors", 2, "helpers", List.of(map("name", "", "rank", 1))));
    }

    private static BruteForce.Limits stop(Inputs inputs) {
        return BruteForce.Limits.DEFAULT.stopWhen(BestPlayTest.stopAfterSixes(TaskProcedure.factors(inputs)));
    }

    private static Fraction pass(RollState state) {
        return state.outcome().id().equals("pass") ? Fraction.ONE : Fraction.ZERO;
    }

    /** The plan's move: every KISS on failed dice, lowest rank first (a pool die before a help die of its rank). */
    private static Move planMove(RollState state, Roller roller, boolean ego) {
        var failed = new ArrayList<Die>();
        var ranks = new java.util.HashMap<String, Integer>();
        for (DiceGroup group : state.groups()) {
            boolean pool = group.id().equals("pool");
            for (Die die : group.dice()) {
                if (die.verdict() == Verdict.FAILURE && (pool || group.id().equals("help"))) {
                    failed.add(die);
                    ranks.put(die.id(), pool ? 2 * roller.rank() : 2 * roller.helpers().get(0).rank() + 1);
                }
            }
        }
        failed.sort(Comparator.comparingInt(d -> ranks.get(d.id())));
        List<String> ids = failed.stream().limit(roller.kisses()).map(Die::id).toList();
        if (ids.isEmpty()) {
            return ego && state.move("ego").isPresent() ? new Move("ego", Inputs.NONE) : null;
        }
        MoveOption option = state.move("kiss").orElseThrow();
        boolean declare = ego && option.form().field("ego").isPresent();
        return new Move("kiss", InputChecker.check(option.form(), declare ? map("dice", ids, "ego", List.of("you"))
                : map("dice", ids)).orThrow());
    }

    @Test
    void oddsAndPlansMatchEveryFace() {
        for (Map<String, Object> raw : cases()) {
            Inputs inputs = inputs(raw);
            Roller roller = TaskProcedure.roller("", "You", inputs);
            Odds odds = task.odds(inputs);
            Fraction thrown = Fraction.ZERO;
            Fraction[] plans = {Fraction.ZERO, Fraction.ZERO};
            for (var first : BruteForce.faces(dice -> task.start(inputs, dice), RUNS, stop(inputs))) {
                RollState state = first.getKey();
                thrown = thrown.plus(first.getValue().times(pass(state)));
                for (int e = 0; e < 2; e++) {
                    Move move = state.complete() ? null : planMove(state, roller, e == 1);
                    if (move == null) {
                        plans[e] = plans[e].plus(first.getValue().times(pass(state)));
                        continue;
                    }
                    for (var after : BruteForce.faces(dice -> task.apply(inputs, state, move, dice), RUNS,
                            stop(inputs))) {
                        plans[e] = plans[e].plus(first.getValue().times(after.getValue()).times(pass(after.getKey())));
                    }
                }
            }
            assertThat(raw + " thrown", odds.probability("pass"), equalTo(thrown));
            assertThat(raw + " kiss-all", plan(odds, "kiss-all"), equalTo(plans[0]));
            assertThat(raw + " kiss-all-ego", plan(odds, "kiss-all-ego"), equalTo(plans[1]));
        }
    }

    private static Fraction plan(Odds odds, String id) {
        return odds.plans().stream().filter(p -> p.id().equals(id)).findFirst().orElseThrow().outcomes().stream()
                .filter(c -> c.id().equals("pass")).findFirst().orElseThrow().probability();
    }

    @Test
    void decisionOddsOfEveryListedMoveMatchEveryFace() {
        for (Map<String, Object> raw : cases()) {
            Inputs inputs = inputs(raw);
            for (long seed = 1; seed <= 12; seed++) {
                RollState state = task.start(inputs, Dice.seeded(seed));
                for (Move move : task.game(inputs).orElseThrow().moves(state)) {
                    if (move.id().equals("accept")) {
                        continue;
                    }
                    Fraction truth = Fraction.ZERO;
                    for (var after : BruteForce.faces(dice -> task.apply(inputs, state, move, dice), RUNS,
                            stop(inputs))) {
                        truth = truth.plus(after.getValue().times(pass(after.getKey())));
                    }
                    assertThat(raw + " seed " + seed + " " + move, task.odds(inputs, state, move).orElseThrow()
                            .probability("pass"), equalTo(truth));
                }
            }
        }
    }

    /**
     * An Opposed Task between a magic side and a plain one: each side's chance to win against a direct sum over
     * the magic side's successes up to 60, whose rest (P(at least 61), a bound on the difference) is below 6^−40.
     */
    @Test
    void anOpposedTaskWithAMagicSideMatchesADirectSum() {
        OpposedTaskProcedure opposed = new OpposedTaskProcedure();
        Map<String, Object> magic = map("name", "Ada", "job-level", 2, "rank", 4, "kisses", 0, "objectives", 1,
                "difficulty-factors", 1, "magic", true);
        Map<String, Object> plain = map("name", "Bo", "job-level", 3, "rank", 3, "kisses", 0, "objectives", 1,
                "difficulty-factors", 0);
        Inputs inputs = InputChecker.check(opposed.form(), map("sides", List.of(magic, plain))).orThrow();
        Odds odds = opposed.odds(inputs);
        Successes a = Successes.explodingAt(4, 4);
        // Bo: three dice at rank 3, each succeeding 4 in 6
        Fraction[] b = new Fraction[4];
        for (int k = 0; k <= 3; k++) {
            b[k] = Fraction.of(IntPoly.binomial(3, k).longValueExact() * (long) Math.pow(4, k)
                    * (long) Math.pow(2, 3 - k), 216);
        }
        // Ada needs 2 (1 difficulty factor), Bo 1 (none); equal successes go to Bo, who has fewer difficulty factors
        Fraction adaWins = Fraction.ZERO;
        Fraction boWins = Fraction.ZERO;
        for (int v = 0; v <= 60; v++) {
            Fraction pa = a.exactly(v);
            for (int w = 0; w <= 3; w++) {
                boolean ada = v >= 2 && (w < 1 || v > w);
                boolean bo = w >= 1 && (v < 2 || w >= v);
                if (ada) {
                    adaWins = adaWins.plus(pa.times(b[w]));
                } else if (bo) {
                    boWins = boWins.plus(pa.times(b[w]));
                }
            }
        }
        Fraction rest = a.atLeast(61);
        assertThat(rest.compareTo(Fraction.of(java.math.BigInteger.ONE, java.math.BigInteger.valueOf(6).pow(40)))
                < 0, is(true));
        Fraction ada = odds.flags().stream().filter(c -> c.id().equals("s1-wins")).findFirst().orElseThrow()
                .probability();
        Fraction bo = odds.flags().stream().filter(c -> c.id().equals("s2-wins")).findFirst().orElseThrow()
                .probability();
        assertThat(ada.minus(adaWins).compareTo(Fraction.ZERO) >= 0 && ada.minus(adaWins).compareTo(rest) <= 0,
                is(true));
        // beyond 60 Ada always wins, so Bo's chance is exact
        assertThat(bo, equalTo(boWins));
    }

    @Test
    void oneRankFourDieExplodes() {
        // one die at rank 4, 1 factor, no KISS: 1/2 (faces 4, 5, 6)
        Odds odds = task.odds(inputs(map("job-level", 1, "rank", 4, "kisses", 0, "magic", true, "objectives", 1,
                "difficulty-factors", 0)));
        assertThat(odds.probability("pass"), is(f(1, 2)));
        // two successes: 6 then at least 4 (1/6 · 1/2), a 1/12
        Odds two = task.odds(inputs(map("job-level", 1, "rank", 4, "kisses", 0, "magic", true, "objectives", 1,
                "difficulty-factors", 1)));
        assertThat(two.probability("pass"), is(f(1, 12)));
    }
}
