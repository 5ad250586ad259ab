package io.dicehall.systems.actionrolls;

import static io.dicehall.systems.actionrolls.Rolls.PROCEDURE;
import static io.dicehall.systems.actionrolls.Rolls.accept;
import static io.dicehall.systems.actionrolls.Rolls.daring;
import static io.dicehall.systems.actionrolls.Rolls.finn;
import static io.dicehall.systems.actionrolls.Rolls.inputs;
import static io.dicehall.systems.actionrolls.Rolls.start;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.odds.Chance;
import io.dicehall.api.odds.Figure;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.odds.Plan;
import io.dicehall.api.state.RollState;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Exact odds checked three ways: against fractions worked out by hand (reasoning noted beside each),
 * against a brute-force count over every face (fine in a test, never in the system), and against a
 * large seeded sample for what the contract kit does not sample (the always-daring plan). A critical is
 * an outcome of its own: two or more trouble dice beyond the Risk are a Critical Failure, two or more
 * success dice beyond the Challenge a Critical Success, whatever the outcome table would say.
 */
class ActionOddsTest {

    private static final List<String> OUTCOMES = List.of("critical-failure", "failure", "limited-failure",
            "limited-success", "success", "critical-success");

    // --- By hand ------------------------------------------------------------------------------------

    @Test
    void fourD4WithoutAnEdgeAgainstAverageAndSafe() {
        // Each d4: success 1/4 (a 4), trouble 1/2 (1, 2), nothing 1/4 (a 3).
        // Critical Failure needs 6 trouble dice (Safe 4 + 2): impossible with four.
        // Failure needs 4 trouble dice (then no successes): (1/2)^4 = 16/256.
        // Critical Success needs 4 successes (Average 2 + 2): four 4s, 1/256.
        // Success: 2 or 3 successes (trouble then at most 2 < 4): 6·(1/16)(9/16) + 4·(1/64)(3/4) = 66/256.
        // No Limited Success: 2 successes leave room for only 2 trouble dice. The rest is Limited Failure.
        Odds odds = PROCEDURE.odds(inputs("first-ability", 1, "second-ability", 1, "challenge", "average",
                "risk", "safe"));

        assertOutcomes(odds, f(0, 1), f(16, 256), f(173, 256), f(0, 1), f(66, 256), f(1, 256));
    }

    @Test
    void fourD4WithAdvantageMakeEveryDieCount() {
        // With Advantage a d4 is a success on 3–4 and trouble on 1–2: successes ~ Bin(4, 1/2), trouble = 4 − s.
        // Challenge 2, Risk 3: s = 4 is a Critical Success (1/16); s = 2, 3 keep trouble ≤ 2 → Success
        // (6 + 4)/16; s ≤ 1 gives trouble ≥ 3 → Failure 5/16. Five trouble dice cannot come from four.
        Odds odds = PROCEDURE.odds(inputs("first-ability", 1, "second-ability", 1, "edge", "advantage",
                "challenge", "average", "risk", "risky"));

        assertOutcomes(odds, f(0, 1), f(5, 16), f(0, 1), f(0, 1), f(10, 16), f(1, 16));
    }

    @Test
    void fourD4WithDisadvantageAgainstAverageAndPrecarious() {
        // With Disadvantage a d4 succeeds only on a 4 (1/4); everything else is trouble: trouble = 4 − s.
        // Risk 2: a Critical Failure needs 4 trouble dice, i.e. s = 0: (3/4)^4 = 81/256.
        // s = 1 (t = 3): Failure 4·(1/4)·(27/64) = 108/256. s = 2 (t = 2): Limited Success 6·(1/16)·(9/16) = 54/256.
        // s = 3 (t = 1): Success 4·(1/64)·(3/4) = 12/256. s = 4: Critical Success (Average 2 + 2), 1/256.
        Odds odds = PROCEDURE.odds(inputs("first-ability", 1, "second-ability", 1, "edge", "disadvantage",
                "challenge", "average", "risk", "precarious"));

        assertOutcomes(odds, f(81, 256), f(108, 256), f(0, 1), f(54, 256), f(12, 256), f(1, 256));
    }

    @Test
    void alwaysDaringWithSixD4AndAdvantage() {
        // Six d4 with Advantage: s ~ Bin(6, 1/2), t = 6 − s. Challenge 2, Risk 3.
        // s ≤ 1 means t ≥ 5, two beyond Risk 3: Critical Failure (1 + 6)/64.
        // s ≥ 4 is two beyond Challenge 2: Critical Success (15 + 6 + 1)/64.
        // s ∈ {2, 3} (t = 4, 3): Limited Success (15 + 20)/64. Nothing is left for the other outcomes.
        Odds odds = PROCEDURE.odds(inputs("first-ability", 1, "second-ability", 1, "edge", "advantage",
                "challenge", "average", "risk", "risky"));

        Plan plan = odds.plans().get(0);
        assertThat(plan.id(), is("always-daring"));
        assertThat(plan.outcomes().stream().map(Chance::id).toList(), is(OUTCOMES));
        assertThat(plan.outcomes().stream().map(Chance::probability).toList(),
                contains(f(7, 64), f(0, 1), f(0, 1), f(35, 64), f(0, 1), f(22, 64)));
    }

    @Test
    void finnsDaringRollOddsAgainstStoppingOnALimitedFailure() {
        // Finn has 1 success and 2 trouble; he adds a d6 (success 1/2, trouble 1/3, nothing 1/6) and a
        // d4 (success 1/4, trouble 1/2, nothing 1/4). Challenge 2, Risk 3.
        // Success: a success and no trouble among the two: (2/3)(1/2) − (1/6)(1/4) = 7/24.
        // Limited Success: one success, one trouble: (1/2)(1/2) + (1/3)(1/4) = 8/24.
        // Failure: trouble and no success: (1/2)(3/4) − 1/24 = 8/24. Both blank: Limited Failure 1/24.
        Inputs inputs = finn();
        RollState state = start(inputs, 4, 2, 3, 2);

        Odds odds = PROCEDURE.odds(inputs, state, daring("anxiety")).orElseThrow();

        // Three successes at most (no Critical Success at 4), four trouble dice at most (none at 5).
        assertOutcomes(odds, f(0, 1), f(8, 24), f(1, 24), f(8, 24), f(7, 24), f(0, 1));
        assertThat(figure(odds, "better-than-stopping").text(), is("5/8 (62.5%)"));
        assertThat(figure(odds, "same-as-stopping").text(), is("1/24 (4.2%)"));
        assertThat(figure(odds, "worse-than-stopping").text(), is("1/3 (33.3%)"));
        assertThat(odds.note(), containsString("Stopping instead keeps Limited Failure for certain"));
        assertThat(odds.note(), containsString("one more d6 and one more d4"));
    }

    @Test
    void stoppingIsCertain() {
        Inputs inputs = inputs("risk", "precarious");
        RollState critical = start(inputs, 1, 1, 2, 2);
        RollState limited = start(inputs, 4, 5, 1, 2);

        assertOutcomes(PROCEDURE.odds(inputs, critical, accept()).orElseThrow(),
                f(1, 1), f(0, 1), f(0, 1), f(0, 1), f(0, 1), f(0, 1));
        assertOutcomes(PROCEDURE.odds(inputs, limited, accept()).orElseThrow(),
                f(0, 1), f(0, 1), f(0, 1), f(1, 1), f(0, 1), f(0, 1));
    }

    @Test
    void daringFromASuccessCanOnlyKeepItOrAddACost() {
        // Two d6 (score 2) and 2 successes, 0 trouble vs Average / Precarious: a Success now. Two more d6
        // (success 1/2, trouble 1/3): both successes make 4, two beyond Average 2, a Critical Success
        // (1/2 · 1/2 = 1/4); both trouble make Limited Success (1/3 · 1/3 = 1/9); anything else stays a
        // Success (1 − 1/4 − 1/9 = 23/36). Two trouble dice are far from the 4 a Critical Failure needs.
        Inputs inputs = inputs("challenge", "average", "risk", "precarious");
        RollState state = start(inputs, 5, 6, 3, 3);

        Odds odds = PROCEDURE.odds(inputs, state, daring("anger")).orElseThrow();

        assertOutcomes(odds, f(0, 1), f(0, 1), f(0, 1), f(1, 9), f(23, 36), f(1, 4));
        assertThat(figure(odds, "better-than-stopping").text(), is("1/4 (25.0%)"));
        assertThat(figure(odds, "same-as-stopping").text(), is("23/36 (63.9%)"));
        assertThat(figure(odds, "worse-than-stopping").text(), is("1/9 (11.1%)"));
    }

    @Test
    void daringFromALimitedFailureAtPrecariousRiskCanEndInACriticalFailure() {
        // The reproducer: abilities 3 and 3 (d8), Average, Precarious; 8, 8, 1, 1 is 2 successes and
        // 2 trouble, a Limited Success. Two more d8 (success 5/8, trouble 2/8, nothing 1/8):
        // both trouble → 4 trouble, two beyond Precarious 2: Critical Failure (2/8)^2 = 4/64;
        // both successes → 4 successes, two beyond Average 2: Critical Success (5/8)^2 = 25/64;
        // anything else keeps 2–3 successes and 2–3 trouble: Limited Success 1 − 29/64 = 35/64.
        Inputs inputs = inputs("first-ability", 3, "second-ability", 3, "challenge", "average", "risk",
                "precarious");
        RollState state = start(inputs, 8, 8, 1, 1);
        assertThat(state.outcome().id(), is("limited-success"));

        Odds odds = PROCEDURE.odds(inputs, state, daring("anger")).orElseThrow();

        assertOutcomes(odds, f(4, 64), f(0, 1), f(0, 1), f(35, 64), f(0, 1), f(25, 64));
        assertThat(figure(odds, "better-than-stopping").text(), is("25/64 (39.1%)"));
        assertThat(figure(odds, "worse-than-stopping").text(), is("1/16 (6.3%)"));
        assertThat(odds.note(), containsString("Stopping instead keeps Limited Success for certain"));
    }

    // --- By counting every face (test only) ---------------------------------------------------------

    @Test
    void preRollOddsMatchACountOverEveryFaceForEveryInputWithoutDaring() {
        for (int first = 1; first <= 5; first++) {
            for (int second = 1; second <= 5; second++) {
                for (String edge : List.of("none", "advantage", "disadvantage")) {
                    for (String challenge : List.of("average", "difficult", "daunting")) {
                        for (String risk : List.of("safe", "risky", "precarious")) {
                            Inputs inputs = inputs("first-ability", first, "second-ability", second, "edge", edge,
                                    "challenge", challenge, "risk", risk);
                            Counted counted = count(inputs, sizes(first, first, second, second));
                            Odds odds = PROCEDURE.odds(inputs);
                            assertThat(inputs.toString(), probabilities(odds.outcomes()), is(counted.outcomes()));
                            assertThat(odds.flags(), empty());
                        }
                    }
                }
            }
        }
    }

    @Test
    void alwaysDaringMatchesACountOverEveryFaceOfSixDice() {
        int[][] scores = {{1, 1}, {2, 1}, {3, 2}, {5, 3}};
        for (int[] pair : scores) {
            for (String edge : List.of("none", "advantage", "disadvantage")) {
                for (String[] cr : new String[][] {{"average", "precarious"}, {"daunting", "safe"}, {"difficult", "risky"}}) {
                    Inputs inputs = inputs("first-ability", pair[0], "second-ability", pair[1], "edge", edge,
                            "challenge", cr[0], "risk", cr[1]);
                    Counted counted = count(inputs,
                            sizes(pair[0], pair[0], pair[0], pair[1], pair[1], pair[1]));
                    Odds odds = PROCEDURE.odds(inputs);
                    assertThat(inputs.toString(), probabilities(odds.plans().get(0).outcomes()),
                            is(counted.outcomes()));
                }
            }
        }
    }

    @Test
    void daringOddsMatchACountOverTheTwoExtraDiceForManyTables() {
        var random = new java.util.SplittableRandom(7);
        Move guilt = daring("guilt");
        for (int i = 0; i < 200; i++) {
            int first = 1 + random.nextInt(5);
            int second = 1 + random.nextInt(5);
            Inputs inputs = inputs("first-ability", first, "second-ability", second,
                    "edge", List.of("none", "advantage", "disadvantage").get(random.nextInt(3)),
                    "challenge", List.of("average", "difficult", "daunting").get(random.nextInt(3)),
                    "risk", List.of("safe", "risky", "precarious").get(random.nextInt(3)));
            RollState state = PROCEDURE.start(inputs, Dice.seeded(random.nextLong()));
            var counts = new HashMap<String, Long>();
            for (int a = 1; a <= 2 * first + 2; a++) {
                for (int b = 1; b <= 2 * second + 2; b++) {
                    RollState next = Rolls.apply(inputs, state, guilt, a, b);
                    counts.merge(next.outcome().id(), 1L, Long::sum);
                }
            }
            Counted counted = new Counted(counts, (long) (2 * first + 2) * (2 * second + 2));
            Odds odds = PROCEDURE.odds(inputs, state, guilt).orElseThrow();
            assertThat(probabilities(odds.outcomes()), is(counted.outcomes()));
            Fraction better = Fraction.ZERO;
            int now = OUTCOMES.indexOf(state.outcome().id());
            for (int k = now + 1; k < OUTCOMES.size(); k++) {
                better = better.plus(counted.p(OUTCOMES.get(k)));
            }
            assertThat(figure(odds, "better-than-stopping").value(), is(better.toDouble()));
        }
    }

    // --- Seeded sample ------------------------------------------------------------------------------

    @Test
    void theAlwaysDaringPlanAgreesWithASeededSample() {
        Inputs inputs = inputs("first-ability", 3, "second-ability", 2, "edge", "advantage",
                "challenge", "average", "risk", "precarious");
        Odds odds = PROCEDURE.odds(inputs);
        int n = 20_000;
        Dice dice = Dice.seeded(20_261_122L);
        Move anger = daring("anger");
        var stopped = new HashMap<String, Integer>();
        var dared = new HashMap<String, Integer>();
        for (int i = 0; i < n; i++) {
            RollState first = PROCEDURE.start(inputs, dice);
            RollState last = PROCEDURE.apply(inputs, first, anger, dice);
            stopped.merge(first.outcome().id(), 1, Integer::sum);
            dared.merge(last.outcome().id(), 1, Integer::sum);
        }
        for (Chance chance : odds.outcomes()) {
            assertClose(chance.probability(), stopped.getOrDefault(chance.id(), 0), n, "stopping " + chance.id());
        }
        for (Chance chance : odds.plans().get(0).outcomes()) {
            assertClose(chance.probability(), dared.getOrDefault(chance.id(), 0), n, "always daring " + chance.id());
        }
    }

    private static void assertClose(Fraction expected, int seen, int n, String what) {
        double p = expected.toDouble();
        double observed = seen / (double) n;
        double tolerance = 5 * Math.sqrt(p * (1 - p) / n) + 2.0 / n;
        assertTrue(Math.abs(observed - p) <= tolerance, what + ": expected " + expected + " ≈ " + p
                + ", sampled " + observed);
    }

    // --- helpers ------------------------------------------------------------------------------------

    private static int[] sizes(int... scores) {
        int[] sides = new int[scores.length];
        for (int i = 0; i < scores.length; i++) {
            sides[i] = 2 * scores[i] + 2;
        }
        return sides;
    }

    /**
     * Counts outcomes over every face of dice of the given sizes, reading each die straight from the
     * rules (4+ success, 1–2 trouble, 3 by the edge) and the outcome from the document's table, a
     * critical (two or more beyond the Risk or the Challenge) counting as an outcome of its own.
     */
    private static Counted count(Inputs inputs, int[] sides) {
        String edge = inputs.choice("edge");
        int challenge = Map.of("average", 2, "difficult", 3, "daunting", 4).get(inputs.choice("challenge"));
        int risk = Map.of("safe", 4, "risky", 3, "precarious", 2).get(inputs.choice("risk"));
        var counts = new HashMap<String, Long>();
        long total = 1;
        for (int s : sides) {
            total *= s;
        }
        int[] faces = new int[sides.length];
        for (long n = 0; n < total; n++) {
            long rest = n;
            int successes = 0;
            int trouble = 0;
            for (int i = 0; i < sides.length; i++) {
                faces[i] = (int) (rest % sides[i]) + 1;
                rest /= sides[i];
                if (faces[i] >= 4 || faces[i] == 3 && edge.equals("advantage")) {
                    successes++;
                } else if (faces[i] <= 2 || edge.equals("disadvantage")) {
                    trouble++;
                }
            }
            boolean met = successes >= challenge;
            boolean hurt = trouble >= risk;
            String outcome = met ? (hurt ? "limited-success" : "success") : (hurt ? "failure" : "limited-failure");
            if (trouble >= risk + 2) {
                outcome = "critical-failure";
            } else if (successes >= challenge + 2) {
                outcome = "critical-success";
            }
            counts.merge(outcome, 1L, Long::sum);
        }
        return new Counted(counts, total);
    }

    private record Counted(Map<String, Long> counts, long total) {
        Fraction p(String id) {
            return Fraction.of(counts.getOrDefault(id, 0L), total);
        }

        List<Fraction> outcomes() {
            var list = new ArrayList<Fraction>();
            OUTCOMES.forEach(id -> list.add(p(id)));
            return list;
        }
    }

    /** Asserts the odds of the six outcomes, worst to best. */
    private static void assertOutcomes(Odds odds, Fraction criticalFailure, Fraction failure,
            Fraction limitedFailure, Fraction limitedSuccess, Fraction success, Fraction criticalSuccess) {
        assertThat(odds.outcomes().stream().map(Chance::id).toList(), is(OUTCOMES));
        assertThat(probabilities(odds.outcomes()),
                contains(criticalFailure, failure, limitedFailure, limitedSuccess, success, criticalSuccess));
    }

    private static List<Fraction> probabilities(List<Chance> chances) {
        return chances.stream().map(Chance::probability).toList();
    }

    private static Figure figure(Odds odds, String id) {
        return odds.figures().stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
    }

    private static Fraction f(long numerator, long denominator) {
        return Fraction.of(numerator, denominator);
    }
}
