package io.dicehall.systems.fate;

import static io.dicehall.systems.fate.Table.move;
import static io.dicehall.systems.fate.Table.value;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.odds.Chance;
import io.dicehall.api.odds.Figure;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.odds.Plan;
import io.dicehall.api.state.RollState;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Exact odds against hand-counted Fudge dice. Four dice sum to −4..+4 in 1, 4, 10, 16, 19, 16, 10, 4, 1
 * ways out of 81 (the coefficients of (1 + x + x²)⁴); four against four is the same as eight dice, whose
 * middle coefficients are 1107, 1016, 784, 504, 266, 112, 36, 8, 1 out of 6561.
 */
class OddsTest {

    private static final long[] FOUR_DF = {1, 4, 10, 16, 19, 16, 10, 4, 1};

    private static List<Fraction> outcomes(Odds odds) {
        return odds.outcomes().stream().map(Chance::probability).toList();
    }

    private static List<Fraction> outcomes(Plan plan) {
        return plan.outcomes().stream().map(Chance::probability).toList();
    }

    private static Fraction f(long n, long d) {
        return Fraction.of(n, d);
    }

    private static Plan plan(Odds odds, String id) {
        return odds.plans().stream().filter(p -> p.id().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void fourFudgeDiceFollowTheTrinomialWeights() {
        for (int v = -4; v <= 4; v++) {
            assertThat("P(" + v + ")", FudgeDice.FOUR.p(v), is(f(FOUR_DF[v + 4], 81)));
        }
    }

    @Test
    void evenSkillAndDifficulty() {
        // fail: −4..−1 = 1+4+10+16; tie: 19; succeed: +1, +2 = 16+10; style: +3, +4 = 4+1
        Odds odds = Table.of("overcome", "skill", 2, "difficulty", 2, "fate-points", 0).procedure
                .odds(Table.of("overcome", "skill", 2, "difficulty", 2, "fate-points", 0).inputs);
        assertThat(outcomes(odds), contains(f(31, 81), f(19, 81), f(26, 81), f(5, 81)));
        assertThat("no fate points or free invokes: no plan", odds.plans(), empty());
    }

    @Test
    void charlesBeforeHeRolls() {
        // Average against Fair: shifts = dice − 1. fail: dice ≤ 0 = 50; tie: dice 1 = 16; succeed: 2, 3 = 14; style: 4 = 1
        Table table = Table.of("overcome", "skill", 1, "difficulty", 2, "fate-points", 0);
        assertThat(outcomes(table.procedure.odds(table.inputs)), contains(f(50, 81), f(16, 81), f(14, 81), f(1, 81)));
    }

    @Test
    void stuntsShiftTheOddsLikeSkill() {
        Table stunted = Table.of("attack", "skill", 0, "difficulty", 2, "stunt-bonus", 2, "fate-points", 0);
        assertThat(outcomes(stunted.procedure.odds(stunted.inputs)),
                contains(f(31, 81), f(19, 81), f(26, 81), f(5, 81)));
    }

    @Test
    void everyStuntBonusMatchesACountOverEveryFace() {
        // Odd stunt bonuses and +8 are new inputs: count every face of the player's four dice (and the
        // opponent's four with active opposition) for each bonus, and read the outcome from the shifts.
        for (boolean active : new boolean[] {false, true}) {
            for (int bonus = 0; bonus <= 8; bonus++) {
                Table table = Table.of("attack", "skill", 1, "difficulty", 5, "active-opposition", active,
                        "stunt-bonus", bonus, "fate-points", 1, "free-invokes", 1);
                Odds odds = table.procedure.odds(table.inputs);
                long[] counts = new long[4];
                long[] planned = new long[4];
                int dice = active ? 8 : 4;
                int total = (int) Math.pow(3, dice);
                for (int n = 0; n < total; n++) {
                    int sum = 0;
                    int rest = n;
                    for (int d = 0; d < dice; d++) {
                        int face = rest % 3 - 1;
                        rest /= 3;
                        sum += d < 4 ? face : -face;
                    }
                    int shifts = sum + 1 + bonus - 5;
                    counts[grade(shifts)]++;
                    // the plan: invoke for +2 while failing or tied, two invokes at most
                    for (int left = 2; left > 0 && shifts < 1; left--) {
                        shifts += 2;
                    }
                    planned[grade(shifts)]++;
                }
                String what = (active ? "active, " : "fixed, ") + "+" + bonus;
                assertThat(what, outcomes(odds), contains(f(counts[0], total), f(counts[1], total),
                        f(counts[2], total), f(counts[3], total)));
                assertThat(what, outcomes(plan(odds, "invoke-while-short")), contains(f(planned[0], total),
                        f(planned[1], total), f(planned[2], total), f(planned[3], total)));
            }
        }
    }

    /** 0 fail, 1 tie, 2 succeed, 3 succeed with style: the outcome bands, read straight from the rules. */
    private static int grade(int shifts) {
        if (shifts < 0) {
            return 0;
        }
        if (shifts == 0) {
            return 1;
        }
        return shifts <= 2 ? 2 : 3;
    }

    @Test
    void activeOppositionRollsEightDiceInAll() {
        // tie: 1107; succeed: 1016 + 784 = 1800; style: 504+266+112+36+8+1 = 927; fail: the mirror, 2727
        Table table = Table.of("defend", "skill", 3, "difficulty", 3, "active-opposition", true, "fate-points", 0);
        assertThat(outcomes(table.procedure.odds(table.inputs)),
                contains(f(2727, 6561), f(1107, 6561), f(1800, 6561), f(927, 6561)));
    }

    @Test
    void theExtremesAreCertain() {
        Table high = Table.of("overcome", "skill", 12, "difficulty", -4);
        assertThat(outcomes(high.procedure.odds(high.inputs)),
                contains(Fraction.ZERO, Fraction.ZERO, Fraction.ZERO, Fraction.ONE));
        Table low = Table.of("overcome", "skill", -4, "difficulty", 12, "active-opposition", true);
        assertThat(outcomes(low.procedure.odds(low.inputs)),
                contains(Fraction.ONE, Fraction.ZERO, Fraction.ZERO, Fraction.ZERO));
    }

    @Test
    void thePlanInvokesForPlusTwoWhileShort() {
        // One invoke, even odds: −4, −3 stay failures (5); −2 becomes a tie (10); −1, 0 become successes (35)
        // on top of the 26 already there; style stays at 5.
        Table one = Table.of("overcome", "skill", 0, "difficulty", 0, "fate-points", 1);
        Odds odds = one.procedure.odds(one.inputs);
        assertThat("the outcomes still assume no invoke", outcomes(odds),
                contains(f(31, 81), f(19, 81), f(26, 81), f(5, 81)));
        assertThat(outcomes(plan(odds, "invoke-while-short")), contains(f(5, 81), f(10, 81), f(61, 81), f(5, 81)));

        // Two invokes (one fate point, one free): −4 reaches a tie (1); −3..0 reach success (49 + 26); style 5.
        Table two = Table.of("overcome", "skill", 0, "difficulty", 0, "fate-points", 1, "free-invokes", 1);
        assertThat(outcomes(plan(two.procedure.odds(two.inputs), "invoke-while-short")),
                contains(Fraction.ZERO, f(1, 81), f(75, 81), f(5, 81)));
    }

    @Test
    void decisionOddsCompareAPlusTwoWithARerollOfTheDiceOnTheTable() {
        Table table = Table.of("overcome", "skill", 2, "difficulty", 2, "fate-points", 1);
        RollState state = table.roll("−−−−");
        Move plusTwo = move(state, "invoke", "aspect", "A", "pay", "fate-point", "effect", "plus-two");
        Move reroll = move(state, "invoke", "aspect", "A", "pay", "fate-point", "effect", "reroll");

        Odds ifPlusTwo = table.procedure.odds(table.inputs, state, plusTwo).orElseThrow();
        Odds ifReroll = table.procedure.odds(table.inputs, state, reroll).orElseThrow();

        assertThat("−4 + 2 still fails", outcomes(ifPlusTwo), contains(Fraction.ONE, Fraction.ZERO, Fraction.ZERO,
                Fraction.ZERO));
        assertThat("a fresh throw at even odds", outcomes(ifReroll),
                contains(f(31, 81), f(19, 81), f(26, 81), f(5, 81)));
        for (Odds odds : List.of(ifPlusTwo, ifReroll)) {
            assertThat(outcomes(plan(odds, "plus-two")), is(outcomes(ifPlusTwo)));
            assertThat(outcomes(plan(odds, "reroll")), is(outcomes(ifReroll)));
        }
        Map<String, String> figures = new HashMap<>();
        ifReroll.figures().forEach(fig -> figures.put(fig.id(), fig.text()));
        assertThat(figures.get("plus-two-success"), is("0.0%"));
        assertThat("31/81", figures.get("reroll-success"), is("38.3%"));
    }

    @Test
    void onATiePlusTwoIsCertainWhileARerollIsAGamble() {
        Table table = Table.of("overcome", "skill", 2, "difficulty", 2, "fate-points", 1);
        RollState state = table.roll("+0−0");
        Odds odds = table.procedure.odds(table.inputs, state,
                move(state, "invoke", "aspect", "A", "pay", "fate-point", "effect", "plus-two")).orElseThrow();
        assertThat(outcomes(odds), contains(Fraction.ZERO, Fraction.ZERO, Fraction.ONE, Fraction.ZERO));
        Figure reroll = odds.figures().stream().filter(fig -> fig.id().equals("reroll-success")).findFirst()
                .orElseThrow();
        assertThat("26 + 5 of 81", reroll.value(), is(31 / 81.0));
    }

    @Test
    void aRerollKeepsTheOpposingDice() {
        // They rolled ++++; even skills; you rolled 0000: −4 now. A re-roll only ties at best, on ++++ (1 in 81).
        Table table = Table.of("attack", "skill", 1, "difficulty", 1, "active-opposition", true, "fate-points", 1);
        RollState state = table.roll("0000 ++++");
        Odds odds = table.procedure.odds(table.inputs, state,
                move(state, "invoke", "aspect", "A", "pay", "fate-point", "effect", "reroll")).orElseThrow();
        assertThat(outcomes(odds), contains(f(80, 81), f(1, 81), Fraction.ZERO, Fraction.ZERO));
    }

    @Test
    void anInvokeAgainstTakesTwoShifts() {
        Table table = Table.of("overcome", "skill", 2, "difficulty", 2, "opposition-fate-points", 1);
        RollState state = table.roll("+0+0");
        assertThat(state.outcome().id(), is("succeed"));
        Odds odds = table.procedure.odds(table.inputs, state,
                move(state, "invoke-against", "aspect", "Dark", "pay", "fate-point")).orElseThrow();
        assertThat(outcomes(odds), contains(Fraction.ZERO, Fraction.ONE, Fraction.ZERO, Fraction.ZERO));
    }

    @Test
    void aSeededSampleOfThrowsMatchesTheFourDiceWeights() {
        Table table = Table.of("overcome", "skill", 0, "difficulty", 0, "fate-points", 0);
        Dice dice = Dice.seeded(81);
        int n = 20_000;
        int[] counts = new int[9];
        for (int i = 0; i < n; i++) {
            counts[value(table.procedure.start(table.inputs, dice), "shifts") + 4]++;
        }
        for (int v = 0; v < 9; v++) {
            assertNear(FOUR_DF[v] / 81.0, counts[v], n, "shifts " + (v - 4));
        }
    }

    @Test
    void aSeededSampleOfPlayingThePlanMatchesThePlan() {
        Table table = Table.of("create-advantage", "skill", 1, "difficulty", 3, "active-opposition", true,
                "fate-points", 2, "free-invokes", 1);
        Plan plan = plan(table.procedure.odds(table.inputs), "invoke-while-short");
        Dice dice = Dice.seeded(2020);
        int n = 10_000;
        var counts = new HashMap<String, Integer>();
        for (int i = 0; i < n; i++) {
            RollState state = table.procedure.start(table.inputs, dice);
            for (int k = 0; value(state, "shifts") < 1 && state.move("invoke").isPresent(); k++) {
                String pay = value(state, "free-invokes-left") > 0 ? "free-invoke" : "fate-point";
                state = table.apply(state, move(state, "invoke", "aspect", "Aspect " + k, "pay", pay,
                        "effect", "plus-two"));
            }
            counts.merge(state.outcome().id(), 1, Integer::sum);
        }
        for (Chance chance : plan.outcomes()) {
            assertNear(chance.probability().toDouble(), counts.getOrDefault(chance.id(), 0), n, chance.id());
        }
    }

    private static void assertNear(double p, int count, int n, String what) {
        double observed = count / (double) n;
        double tolerance = 5 * Math.sqrt(p * (1 - p) / n) + 1.0 / n;
        assertTrue(Math.abs(observed - p) <= tolerance, what + ": expected " + p + ", sampled " + observed);
    }
}
