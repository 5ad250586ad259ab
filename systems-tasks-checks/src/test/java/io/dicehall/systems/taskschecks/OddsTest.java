package io.dicehall.systems.taskschecks;

import static io.dicehall.systems.taskschecks.Play.f;
import static io.dicehall.systems.taskschecks.Play.map;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.dicehall.api.form.Inputs;
import io.dicehall.api.odds.Chance;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.odds.Plan;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Exact odds against values worked out by hand, and the plan computations against brute force. */
class OddsTest {

    private final CheckProcedure check = new CheckProcedure();
    private final TaskProcedure task = new TaskProcedure();
    private final GroupCheckProcedure group = new GroupCheckProcedure();
    private final OpposedTaskProcedure opposed = new OpposedTaskProcedure();

    private static Fraction plan(Odds odds, String plan, String outcome) {
        Plan p = odds.plans().stream().filter(x -> x.id().equals(plan)).findFirst().orElseThrow();
        return p.outcomes().stream().filter(c -> c.id().equals(outcome)).map(Chance::probability).findFirst()
                .orElseThrow();
    }

    @Test
    void threeRankFiveDice() {
        Odds odds = check.odds(Play.inputs(check, "rank", 5, "kisses", 0));
        assertThat(odds.probability("tough-failure"), is(f(8, 27)));
        assertThat(odds.probability("partial-pass"), is(f(12, 27)));
        assertThat(odds.probability("regular-pass"), is(f(6, 27)));
        assertThat(odds.probability("flying-colors"), is(f(1, 27)));
    }

    @Test
    void stressfulCheckFlagsTheChanceOfStress() {
        Odds odds = check.odds(Play.inputs(check, "rank", 5, "kisses", 0, "stressful", true));
        assertThat(odds.flags().get(0).probability(), is(f(20, 27)));
    }

    @Test
    void egoPlanOnThreeRankFiveDice() {
        // per die: 0 (faces 1–4) 2/3, 1 (face 5) 1/6, 2 (face 6) 1/6
        Odds odds = check.odds(Play.inputs(check, "rank", 5, "kisses", 0));
        assertThat(plan(odds, "kiss-all-ego", "tough-failure"), is(f(8, 27)));
        assertThat(plan(odds, "kiss-all-ego", "partial-pass"), is(f(2, 9)));
        assertThat(plan(odds, "kiss-all-ego", "regular-pass"), is(f(5, 18)));
        assertThat(plan(odds, "kiss-all-ego", "flying-colors"), is(f(11, 54)));
    }

    @Test
    void kissAllPlanOnThreeRankFourDiceWithOneKiss() {
        // S ~ Bin(3, 1/2); while a die failed, one is thrown again (1/2)
        Odds odds = check.odds(Play.inputs(check, "rank", 4, "kisses", 1));
        assertThat(plan(odds, "kiss-all", "tough-failure"), is(f(1, 16)));
        assertThat(plan(odds, "kiss-all", "partial-pass"), is(f(4, 16)));
        assertThat(plan(odds, "kiss-all", "regular-pass"), is(f(6, 16)));
        assertThat(plan(odds, "kiss-all", "flying-colors"), is(f(5, 16)));
    }

    @Test
    void theDieOfFortunesTable() {
        long[] odds = {6, 36, 216, 1296};
        for (int factors = 1; factors <= 4; factors++) {
            Inputs inputs = Play.inputs(task, "job-level", 0, "objectives", 1, "difficulty-factors", factors - 1,
                    "kisses", 0);
            assertThat(task.odds(inputs).probability("pass"), is(f(1, odds[factors - 1])));
            assertThat(task.odds(inputs).flags().get(0).probability(), is(f(odds[factors - 1] - 1, odds[factors - 1])));
        }
    }

    @Test
    void dieOfFortuneWithHelpAndKisses() {
        Inputs inputs = Play.inputs(task, "job-level", 0, "objectives", 1, "difficulty-factors", 1, "kisses", 2,
                "helpers", List.of(map("name", "Bo", "rank", 3)));
        Odds odds = task.odds(inputs);
        // (2/3)(1/6) + (1/3)(1/36)
        assertThat(odds.probability("pass"), is(f(13, 108)));
        // help die re-thrown if failed (8/9), the Die of Fortune's last die re-thrown: 6s ~ NegBin(2)
        // (8/9)(11/36) + (1/9)(2/27)
        assertThat(plan(odds, "kiss-all", "pass"), is(f(68, 243)));
    }

    @Test
    void taskPlansMatchBruteForce() {
        int[][] cases = {{3, 4, 1}, {2, 5, 2}, {4, 3, 0}, {3, 6, 3}, {1, 2, 1}};
        int[][] helpers = {{6, 2}, {5}, {2, 4}, {}, {6, 6, 3}};
        for (int c = 0; c < cases.length; c++) {
            List<Object> rows = new ArrayList<>();
            for (int rank : helpers[c]) {
                rows.add(map("name", "", "rank", rank));
            }
            // up to the 12 difficulty factors a monster or a subsystem may set beforehand
            for (int difficulty = 0; difficulty <= TaskProcedure.MOST_DIFFICULTY_FACTORS; difficulty++) {
                Inputs inputs = Play.inputs(task, "job-level", cases[c][0], "rank", cases[c][1], "kisses", cases[c][2],
                        "objectives", 1, "difficulty-factors", difficulty, "helpers", rows, "help-rank", "each");
                Odds odds = task.odds(inputs);
                List<int[]> dice = new ArrayList<>();
                for (int i = 0; i < cases[c][0]; i++) {
                    dice.add(new int[] {cases[c][1], 0});
                }
                for (int rank : helpers[c]) {
                    dice.add(new int[] {rank, 0});
                }
                for (boolean ego : new boolean[] {false, true}) {
                    Map<Integer, Fraction> brute = Brute.plan(List.of(dice), List.of(cases[c][2]), ego);
                    Fraction pass = Brute.atLeast(brute, 1 + difficulty);
                    assertThat("case " + c + " difficulty " + difficulty + " ego " + ego,
                            plan(odds, ego ? "kiss-all-ego" : "kiss-all", "pass"), is(pass));
                }
            }
        }
    }

    @Test
    void groupPlansMatchBruteForceWithLending() {
        int[][][] cases = {
            {{4, 0, 0}, {5, 1, 2}},
            {{3, 1, 0}, {5, 0, 3}, {6, 2, 1}},
            {{2, 1, 1}, {6, 1, 0}, {4, 1, 0}},
            {{5, 0, 1}, {5, 1, 0}, {5, 1, 1}},
            {{6, 1, 3}, {3, 1, 0}, {2, 2, 0}, {4, 2, 1}},
        };
        for (int[][] people : cases) {
            List<Object> rows = new ArrayList<>();
            List<List<int[]>> pools = new ArrayList<>();
            List<Integer> kisses = new ArrayList<>();
            for (int[] p : people) {
                rows.add(map("name", "", "rank", p[0], "stress", p[1], "kisses", p[2]));
                List<int[]> pool = new ArrayList<>();
                for (int i = 0; i < Math.max(1, 3 - p[1]); i++) {
                    pool.add(new int[] {p[0], 0});
                }
                pools.add(pool);
                kisses.add(p[2]);
            }
            Odds odds = group.odds(Play.inputs(group, "participants", rows));
            int n = people.length;
            for (boolean ego : new boolean[] {false, true}) {
                Map<Integer, Fraction> brute = Brute.plan(pools, kisses, ego);
                String id = ego ? "kiss-all-ego" : "kiss-all";
                assertThat(plan(odds, id, "group-flying-colors"), is(Brute.atLeast(brute, 3 * n)));
                assertThat(plan(odds, id, "group-fails-with-twist"),
                        is(Q.ONE.minus(Q.of(Brute.atLeast(brute, 2 * n))).toFraction()));
            }
            Map<Integer, Fraction> thrown = Brute.plan(pools, pools.stream().map(p -> 0).toList(), false);
            assertThat(odds.probability("group-flying-colors"), is(Brute.atLeast(thrown, 3 * n)));
        }
    }

    @Test
    void oneDieOfFortuneAgainstOneDie() {
        Map<String, Object> dof = map("name", "A", "job-level", 0, "objectives", 1, "difficulty-factors", 0, "kisses", 0);
        Map<String, Object> die = map("name", "B", "job-level", 1, "rank", 4, "objectives", 1, "difficulty-factors", 0,
                "kisses", 0);
        Odds odds = opposed.odds(Play.inputs(opposed, "sides", List.of(dof, die)));
        // A wins: A ≥ 1 with B = 0, or A ≥ 2 with B = 1; B wins: B = 1 and A = 0
        assertThat(odds.flags().get(0).probability(), is(f(7, 72)));
        assertThat(odds.flags().get(1).probability(), is(f(5, 12)));
        assertThat(odds.probability("nobody-wins"), is(f(5, 12)));
        assertThat(odds.probability("tie"), is(f(5, 72)));
    }

    @Test
    void threeDiceOfFortune() {
        Map<String, Object> dof = map("job-level", 0, "objectives", 1, "difficulty-factors", 0, "kisses", 0);
        Odds odds = opposed.odds(Play.inputs(opposed, "sides", List.of(dof, dof, dof)));
        // Σ_{v≥1} (5/6)(1/6)^v (1 − (1/6)^v)^2 = (5/6)(1/5 − 2/35 + 1/215)
        assertThat(odds.flags().get(0).probability(), is(f(37, 301)));
    }

    @Test
    void fewerFactorsBreakTiesBetweenDiceOfFortune() {
        Map<String, Object> one = map("job-level", 0, "objectives", 1, "difficulty-factors", 0, "kisses", 0);
        Map<String, Object> two = map("job-level", 0, "objectives", 1, "difficulty-factors", 1, "kisses", 0);
        Odds odds = opposed.odds(Play.inputs(opposed, "sides", List.of(one, two)));
        assertThat(odds.flags().get(0).probability(), is(f(41, 252)));
        assertThat(odds.flags().get(1).probability(), is(f(41, 1512)));
        assertThat(odds.probability("nobody-wins"), is(f(175, 216)));
        assertThat(odds.probability("tie"), is(Fraction.ZERO));
    }

    @Test
    void opposedTaskTieBreaksOnDifficultyFactorsAloneMatchBruteForce() {
        // Sides whose objectives and difficulty factors rank them differently: counting objectives too, B
        // (1 + 1) would beat A (3 + 0) and C (2 + 0) on equal successes; on difficulty factors alone A and C
        // (0) beat B (1) and tie with each other.
        int[][] sides = {{3, 4, 3, 0, 1}, {3, 4, 1, 1, 1}, {2, 3, 2, 0, 0}}; // level, rank, objectives, difficulty, kisses
        List<Object> rows = new ArrayList<>();
        List<List<int[]>> pools = new ArrayList<>();
        for (int[] side : sides) {
            rows.add(map("name", "S", "job-level", side[0], "rank", side[1], "objectives", side[2],
                    "difficulty-factors", side[3], "kisses", side[4]));
            List<int[]> dice = new ArrayList<>();
            for (int i = 0; i < side[0]; i++) {
                dice.add(new int[] {side[1], 0});
            }
            pools.add(dice);
        }
        Odds odds = opposed.odds(Play.inputs(opposed, "sides", rows));
        for (String plan : new String[] {null, "kiss-all", "kiss-all-ego"}) {
            var counts = new ArrayList<Map<Integer, Fraction>>();
            for (int i = 0; i < sides.length; i++) {
                counts.add(Brute.plan(List.of(pools.get(i)), List.of(plan == null ? 0 : sides[i][4]),
                        "kiss-all-ego".equals(plan)));
            }
            Map<String, Fraction> judged = Brute.contest(counts, sides);
            for (String outcome : List.of("nobody-wins", "tie", "winner")) {
                Fraction exact = plan == null ? odds.probability(outcome) : plan(odds, plan, outcome);
                assertThat(plan + " " + outcome, exact, is(judged.get(outcome)));
            }
            if (plan == null) {
                for (int i = 0; i < sides.length; i++) {
                    assertThat("s" + (i + 1) + "-wins", odds.flags().get(i).probability(), is(judged.get("s" + i)));
                }
            }
        }
    }

    @Test
    void explodingTailsSumToOne() {
        for (int m = 1; m <= 12; m++) {
            assertThat(Successes.exploding(m).mass(), is(Q.ONE));
            Successes shifted = Successes.finite(9, 2, 3, 4).plus(Successes.exploding(m));
            assertThat(shifted.mass(), is(Q.ONE));
        }
        Roller dof = new Roller("", "You", 5, 0, true, List.of(new Roller.Helper("", 3), new Roller.Helper("", 6)),
                2, 4);
        assertThat(Plans.single(dof, 2, true).mass(), is(Q.ONE));
        assertThat(Plans.single(dof, 1, false).mass(), is(Q.ONE));
    }

    /**
     * The KISS plan by enumeration of every face: an independent, slow reading of the rule. Each
     * roller KISSes their own failed dice, best rank first; those whose dice all succeeded lend their
     * KISSes to the failed dice left, best rank first.
     */
    static final class Brute {

        static Map<Integer, Fraction> plan(List<List<int[]>> pools, List<Integer> kisses, boolean ego) {
            List<int[]> all = new ArrayList<>();
            List<Integer> owner = new ArrayList<>();
            for (int p = 0; p < pools.size(); p++) {
                for (int[] die : pools.get(p)) {
                    all.add(die);
                    owner.add(p);
                }
            }
            // counts over 36^dice: each die thrown once, and once more (or six ways "not at all")
            long[] counts = new long[2 * all.size() + 1];
            int[] faces = new int[all.size()];
            long total = (long) Math.pow(6, all.size());
            for (long code = 0; code < total; code++) {
                long c = code;
                for (int i = 0; i < faces.length; i++) {
                    faces[i] = (int) (c % 6) + 1;
                    c /= 6;
                }
                List<Integer> rethrown = new ArrayList<>();
                int base = 0;
                int lend = 0;
                List<Integer> leftovers = new ArrayList<>();
                for (int p = 0; p < pools.size(); p++) {
                    List<Integer> failed = new ArrayList<>();
                    for (int i = 0; i < all.size(); i++) {
                        if (owner.get(i) != p) {
                            continue;
                        }
                        if (faces[i] >= all.get(i)[0]) {
                            base += ego && faces[i] == 6 ? 2 : 1;
                        } else {
                            failed.add(i);
                        }
                    }
                    failed.sort(Comparator.comparingInt(i -> all.get(i)[0]));
                    if (failed.isEmpty()) {
                        lend += kisses.get(p);
                    }
                    for (int j = 0; j < failed.size(); j++) {
                        (j < kisses.get(p) ? rethrown : leftovers).add(failed.get(j));
                    }
                }
                leftovers.sort(Comparator.comparingInt(i -> all.get(i)[0]));
                for (int j = 0; j < Math.min(lend, leftovers.size()); j++) {
                    rethrown.add(leftovers.get(j));
                }
                long[] extra = {1};
                for (int i : rethrown) {
                    int rank = all.get(i)[0];
                    long[] next = new long[extra.length + 2];
                    for (int e = 0; e < extra.length; e++) {
                        for (int face = 1; face <= 6; face++) {
                            next[e + (face < rank ? 0 : ego && face == 6 ? 2 : 1)] += extra[e];
                        }
                    }
                    extra = next;
                }
                long unused = (long) Math.pow(6, all.size() - rethrown.size());
                for (int e = 0; e < extra.length; e++) {
                    counts[base + e] += extra[e] * unused;
                }
            }
            Map<Integer, Fraction> result = new java.util.TreeMap<>();
            long den = total * total;
            for (int v = 0; v < counts.length; v++) {
                result.put(v, f(counts[v], den));
            }
            return result;
        }

        /**
         * Who wins an Opposed Task, read straight from the rule over every combination of the sides'
         * successes: among the sides that reached their objectives plus difficulty factors, the most
         * successes wins; equal successes go to the fewest difficulty factors (objectives not counted);
         * still equal is a tie; no side qualifying is nobody. {@code sides[i][2]} and {@code [3]} are side
         * i's objectives and difficulty factors. Keys: the outcomes, and "s" + i for side i's win.
         */
        static Map<String, Fraction> contest(List<Map<Integer, Fraction>> counts, int[][] sides) {
            var result = new java.util.HashMap<String, Fraction>();
            int[] v = new int[counts.size()];
            judge(counts, sides, 0, v, Fraction.ONE, result);
            return result;
        }

        private static void judge(List<Map<Integer, Fraction>> counts, int[][] sides, int side, int[] v, Fraction p,
                Map<String, Fraction> result) {
            if (p.isZero()) {
                return;
            }
            if (side < counts.size()) {
                for (Map.Entry<Integer, Fraction> e : counts.get(side).entrySet()) {
                    v[side] = e.getKey();
                    judge(counts, sides, side + 1, v, p.times(e.getValue()), result);
                }
                return;
            }
            int best = -1;
            for (int i = 0; i < v.length; i++) {
                if (v[i] >= sides[i][2] + sides[i][3]) {
                    best = Math.max(best, v[i]);
                }
            }
            String outcome = "nobody-wins";
            if (best >= 0) {
                int fewest = Integer.MAX_VALUE;
                for (int i = 0; i < v.length; i++) {
                    if (v[i] == best && v[i] >= sides[i][2] + sides[i][3]) {
                        fewest = Math.min(fewest, sides[i][3]);
                    }
                }
                List<Integer> top = new ArrayList<>();
                for (int i = 0; i < v.length; i++) {
                    if (v[i] == best && v[i] >= sides[i][2] + sides[i][3] && sides[i][3] == fewest) {
                        top.add(i);
                    }
                }
                outcome = top.size() == 1 ? "winner" : "tie";
                if (top.size() == 1) {
                    result.merge("s" + top.get(0), p, Fraction::plus);
                }
            }
            result.merge(outcome, p, Fraction::plus);
            for (String key : List.of("nobody-wins", "tie", "winner", "s0", "s1", "s2")) {
                result.putIfAbsent(key, Fraction.ZERO);
            }
        }

        static Fraction atLeast(Map<Integer, Fraction> dist, int k) {
            Fraction sum = Fraction.ZERO;
            for (Map.Entry<Integer, Fraction> e : dist.entrySet()) {
                if (e.getKey() >= k) {
                    sum = sum.plus(e.getValue());
                }
            }
            return sum;
        }
    }
}
