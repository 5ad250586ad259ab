package io.dicehall.systems.fatewalker;

import static io.dicehall.systems.fatewalker.Rolls.inputs;
import static io.dicehall.systems.fatewalker.Rolls.move;
import static io.dicehall.systems.fatewalker.Rolls.start;
import static io.dicehall.systems.fatewalker.Rolls.tally;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.closeTo;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThan;

import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.Violation;
import io.dicehall.api.odds.Figure;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.odds.Plan;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Tone;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Extended rolls: running totals of successes minus difficulty, completion at 8 (+2 a step), failure below 0. */
class ExtendedTest {

    private static final Map<String, Object> NO_BONUS = Map.of("use-one-time-bonus", false);
    private static final Map<String, Object> BONUS = Map.of("use-one-time-bonus", true);

    private final ExtendedProcedure extended = new ExtendedProcedure();

    private RollState again(Map<String, Object> setup, RollState state, Map<String, Object> choice, int... faces) {
        Move move = move(state, "roll-again", choice);
        assertThat(extended.checkMove(inputs(extended, setup), state, move), empty());
        return extended.apply(inputs(extended, setup), state, move, Dice.scripted(faces));
    }

    @Test
    void theTotalAddsUpSuccessesMinusDifficultyUntilItReachesEight() {
        Map<String, Object> setup = Map.of("dice", 4, "tn", 4, "difficulty", "normal");
        RollState state = start(extended, setup, 1, 2, 3, 9); // 3 successes − 1 = +2
        assertThat(tally(state, "net"), is(2));
        assertThat(tally(state, "total"), is(2));
        assertThat(state.outcome().id(), is("in-progress"));
        assertThat(state.outcome().tone(), is(Tone.PENDING));
        assertThat(state.complete(), is(false));
        assertThat(state.move("roll-again").orElseThrow().hasOdds(), is(true));
        assertThat(state.move("accept").isPresent(), is(true));

        state = again(setup, state, NO_BONUS, 1, 2, 3, 4); // 4 − 1 = +3 → 5
        state = again(setup, state, NO_BONUS, 1, 2, 3, 5); // 3 − 1 = +2 → 7
        assertThat(tally(state, "total"), is(7));
        assertThat(state.outcome().id(), is("in-progress"));
        state = again(setup, state, NO_BONUS, 1, 2, 6, 7); // 2 − 1 = +1 → 8

        assertThat(tally(state, "total"), is(8));
        assertThat(tally(state, "rolls"), is(4));
        assertThat(state.outcome().id(), is("completed"));
        assertThat(state.complete(), is(true));
        assertThat(state.moves(), empty());
        assertThat(state.tally("time-spent").orElseThrow().text(), is("4 h"));
        assertThat(state.history(), hasSize(4));
        assertThat("only the latest throw is on the table", state.groups(), hasSize(1));
        assertThat(state.groups().get(0).id(), is("roll-4"));
        assertThat(state.groups().get(0).dice().get(0).id(), is("r4-d1"));
    }

    @Test
    void theActionFailsOutrightWhenTheTotalDropsBelowZero() {
        RollState state = start(extended, Map.of("dice", 4), 9, 9, 9, 9); // 0 − 1 = −1
        assertThat(tally(state, "total"), is(-1));
        assertThat(state.outcome().id(), is("failed"));
        assertThat(state.complete(), is(true));
        assertThat(state.moves(), empty());
    }

    @Test
    void aRollWhoseSuccessesEqualTheDifficultyKeepsTheTotalThenALaterRollCollapses() {
        Map<String, Object> setup = Map.of("dice", 4, "difficulty", "difficult");
        RollState state = start(extended, setup, 1, 2, 9, 9); // 2 − 2 = 0
        assertThat(tally(state, "net"), is(0));
        assertThat(tally(state, "total"), is(0));
        assertThat(state.outcome().id(), is("in-progress"));
        state = again(setup, state, NO_BONUS, 3, 9, 9, 9); // 1 − 2 = −1
        assertThat(tally(state, "total"), is(-1));
        assertThat(state.outcome().id(), is("failed"));
    }

    @Test
    void aSimpleActionNeverFailsAndNighImpossibleNeedsFiveSuccessesToGain() {
        RollState simple = start(extended, Map.of("dice", 2, "difficulty", "simple"), 9, 9);
        assertThat(tally(simple, "total"), is(0));
        assertThat(simple.outcome().id(), is("in-progress"));

        RollState hard = start(extended, Map.of("dice", 5, "difficulty", "nigh-impossible"), 1, 1, 1, 1, 9);
        assertThat(tally(hard, "net"), is(0));
        assertThat(tally(hard, "difficulty"), is(4));
    }

    @Test
    void eachExtraStepNeedsTwoMoreSuccesses() {
        Map<String, Object> setup = Map.of("dice", 5, "tn", 4, "difficulty", "simple", "extra-steps", 1);
        RollState state = start(extended, setup, 1, 1, 1, 1, 1); // +5
        state = again(setup, state, NO_BONUS, 1, 1, 1, 9, 9); // +3 → 8, not yet 10
        assertThat(tally(state, "target"), is(10));
        assertThat(state.outcome().id(), is("in-progress"));
        state = again(setup, state, NO_BONUS, 1, 1, 9, 9, 9); // +2 → 10
        assertThat(state.outcome().id(), is("completed"));
    }

    @Test
    void theOneTimeBonusServesOneRollOnly() {
        Map<String, Object> setup = Map.of("dice", 4, "one-time-bonus", 2, "use-one-time-bonus", true);
        RollState state = start(extended, setup, 1, 9, 9, 9, 9, 9); // 6 dice: 1 − 1 = 0
        assertThat(tally(state, "pool"), is(6));
        assertThat(state.flagged("one-time-bonus-used"), is(true));
        assertThat(state.tally("one-time-bonus").orElseThrow().text(), is("2 dice, spent on roll 1"));

        List<Violation> refused = extended.checkMove(inputs(extended, setup), state, move(state, "roll-again", BONUS));
        assertThat(refused, hasSize(1));
        assertThat(refused.get(0).field(), is("use-one-time-bonus"));
        assertThat(refused.get(0).message(), containsString("only one roll"));

        RollState next = again(setup, state, NO_BONUS, 1, 2, 9, 9);
        assertThat(tally(next, "pool"), is(4));
        assertThat(next.flagged("one-time-bonus-used"), is(false));
    }

    @Test
    void theOneTimeBonusMayGoIntoALaterRoll() {
        Map<String, Object> setup = Map.of("dice", 4, "one-time-bonus", 3);
        RollState state = start(extended, setup, 1, 9, 9, 9);
        assertThat(tally(state, "pool"), is(4));
        assertThat(state.tally("one-time-bonus").orElseThrow().text(), is("3 dice, unspent"));
        state = again(setup, state, BONUS, 1, 2, 3, 9, 9, 9, 9);
        assertThat(tally(state, "pool"), is(7));
        assertThat(state.memoInt("bonus-spent-on", 0), is(2));
        assertThat(extended.checkMove(inputs(extended, setup), state, move(state, "roll-again", BONUS)), hasSize(1));
    }

    @Test
    void withoutAOneTimeBonusThereIsNothingToUse() {
        Inputs none = inputs(extended, Map.of("use-one-time-bonus", true));
        assertThat(extended.check(none), hasSize(1));
        assertThat(extended.check(none).get(0).message(), containsString("no one-time bonus"));

        RollState state = start(extended, Map.of(), 1, 2, 9, 9);
        List<Violation> refused =
                extended.checkMove(inputs(extended, Map.of()), state, move(state, "roll-again", BONUS));
        assertThat(refused, hasSize(1));
        assertThat(refused.get(0).message(), containsString("no one-time bonus"));
    }

    @Test
    void stoppingEndsTheRollUnfinished() {
        RollState state = start(extended, Map.of("dice", 4), 1, 2, 9, 9);
        RollState stopped = extended.apply(inputs(extended, Map.of("dice", 4)), state, move(state, "accept", Map.of()),
                Dice.scripted());
        assertThat(stopped.outcome().id(), is("stopped"));
        assertThat(stopped.complete(), is(true));
        assertThat(stopped.moves(), empty());
        assertThat(tally(stopped, "total"), is(1));
        assertThat(stopped.history().get(1).move(), is("accept"));
    }

    @Test
    void theModifiersTableAddsOrRemovesDiceOnEveryRoll() {
        // −2 interrupted, −1 other actions, −4 exceptional quality, +2 exceptional tools, +2 double time,
        // +1 environment: −2 in all, so 4 dice become 2, on the first roll and every later one.
        Map<String, Object> setup = new HashMap<>(Map.of("dice", 4, "interrupted", true, "other-actions", true,
                "quality", "exceptional", "tools", "exceptional", "time-taken", "plus-100", "environment-dice", 1));
        RollState state = start(extended, setup, 1, 2);
        assertThat(tally(state, "pool"), is(2));
        state = again(setup, state, NO_BONUS, 1, 2);
        assertThat(tally(state, "pool"), is(2));
        assertThat("double time: 240 min × 2 ÷ 4", state.tally("time-per-roll").orElseThrow().text(), is("2 h"));
        assertThat(state.tally("time-spent").orElseThrow().text(), is("4 h"));
    }

    @Test
    void eachRollTakesAQuarterOfTheBaseTimeAdjustedByTheTimeTaken() {
        assertThat(timePerRoll(Map.of("base-time", 240)), is("1 h"));
        assertThat(timePerRoll(Map.of("base-time", 90)), is("22 min 30 s"));
        assertThat(timePerRoll(Map.of("base-time", 240, "time-taken", "plus-50")), is("1 h 30 min"));
        assertThat(timePerRoll(Map.of("base-time", 240, "time-taken", "minus-33")), is("40 min"));
        assertThat(timePerRoll(Map.of("base-time", 240, "time-taken", "minus-50")), is("30 min"));
        assertThat(timePerRoll(Map.of("base-time", 1, "time-taken", "plus-50")), is("22.5 s"));
    }

    private String timePerRoll(Map<String, Object> setup) {
        return start(extended, setup, 1, 2, 3, 4, 5, 6).tally("time-per-roll").orElseThrow().text();
    }

    @Test
    void workOverTenHoursARollIsAdvisedToBeSplitIntoSteps() {
        assertThat(start(extended, Map.of("base-time", 2401), 1, 2, 3, 4).flagged("split-advised"), is(true));
        assertThat(start(extended, Map.of("base-time", 2400), 1, 2, 3, 4).flagged("split-advised"), is(false));
        // 2401 minutes over 5 rolls is 8 h a roll: one extra step is enough.
        assertThat(start(extended, Map.of("base-time", 2401, "extra-steps", 1), 1, 2, 3, 4).flagged("split-advised"),
                is(false));
    }

    @Test
    void eachExtraStepIsOneMoreRollOverTheSameTotalTime() {
        // The reproducer: 80 hours with 4 extra steps took 20 h a roll and lost the advice. Over
        // 4 + 4 = 8 rolls it is 10 h a roll, no longer over 10 h, so the advice goes only now.
        Map<String, Object> eighty = Map.of("dice", 4, "base-time", 80 * 60, "extra-steps", 4);
        RollState state = start(extended, eighty, 1, 2, 3, 4);
        assertThat(state.tally("time-per-roll").orElseThrow().text(), is("10 h"));
        assertThat(tally(state, "target"), is(16));
        assertThat(state.flagged("split-advised"), is(false));
        assertThat(state.move("roll-again").orElseThrow().help(), containsString("another 10 h of work"));
        state = again(eighty, state, NO_BONUS, 1, 2, 3, 4);
        assertThat("two rolls of the eight", state.tally("time-spent").orElseThrow().text(), is("20 h"));

        // With 3 extra steps a roll is still 80 / 7 ≈ 11.4 h: the advice stays.
        RollState three = start(extended, Map.of("base-time", 80 * 60, "extra-steps", 3), 1, 2, 3, 4);
        assertThat(three.tally("time-per-roll").orElseThrow().text(), is("11 h 25 min 43 s"));
        assertThat(three.flagged("split-advised"), is(true));
        RollState none = start(extended, Map.of("base-time", 80 * 60), 1, 2, 3, 4);
        assertThat(none.tally("time-per-roll").orElseThrow().text(), is("20 h"));
        assertThat(none.flagged("split-advised"), is(true));
        // Exactly 10 h a roll is not over it: 50 h over 5 rolls.
        assertThat(start(extended, Map.of("base-time", 50 * 60, "extra-steps", 1), 1, 2, 3, 4)
                .flagged("split-advised"), is(false));
        assertThat(start(extended, Map.of("base-time", 50 * 60 + 1, "extra-steps", 1), 1, 2, 3, 4)
                .flagged("split-advised"), is(true));
    }

    @Test
    void theExpectedTimeIsTheExpectedRollsTimesTheWorkSharedOverFourRollsAndOneMoreAStep() {
        // Re-derived from the inputs alone: base minutes × the time-taken factor, shared over 4 + steps.
        Map<String, double[]> factors = Map.of("plus-100", new double[] {2, 1}, "plus-50", new double[] {3, 2},
                "standard", new double[] {1, 1}, "minus-33", new double[] {2, 3}, "minus-50", new double[] {1, 2});
        for (int steps = 0; steps <= 5; steps++) {
            for (var time : factors.entrySet()) {
                Map<String, Object> setup = Map.of("dice", 3, "tn", 5, "base-time", 1234, "extra-steps", steps,
                        "time-taken", time.getKey());
                Odds odds = extended.odds(inputs(extended, setup));
                double seconds = 1234 * 60 * time.getValue()[0] / time.getValue()[1];
                double expected = expectedRolls(odds) * seconds / (4 + steps);
                double shown = odds.figures().stream().filter(f -> f.id().equals("expected-time"))
                        .mapToDouble(Figure::value).findFirst().orElseThrow();
                assertThat(steps + " steps, " + time.getKey(), shown, closeTo(expected, 1e-6 * expected));
            }
        }
    }

    // Exact odds, by hand.

    @Test
    void oneDieAgainstNormalDifficultyCanNeverGainAndFailsInTwoRollsOnAverage() {
        Odds odds = extended.odds(inputs(extended, Map.of("dice", 1, "tn", 4)));
        assertThat(odds.probability("failed"), equalTo(Fraction.ONE));
        assertThat(expectedRolls(odds), closeTo(2.0, 1e-9));
    }

    @Test
    void aSimpleActionAlwaysCompletesAfterEightSuccessesOnAverage() {
        Odds fair = extended.odds(inputs(extended, Map.of("dice", 1, "tn", 4, "difficulty", "simple")));
        assertThat(fair.probability("completed"), equalTo(Fraction.ONE));
        assertThat("8 successes at 1/2 a roll", expectedRolls(fair), closeTo(16.0, 1e-9));
        Odds slow = extended.odds(inputs(extended, Map.of("dice", 1, "tn", 0, "difficulty", "simple")));
        assertThat("8 successes at 1/10 a roll", expectedRolls(slow), closeTo(80.0, 1e-9));
    }

    @Test
    void twoDiceAtTn4AgainstNormalDifficultyIsGamblersRuin() {
        // Net −1, 0, +1 with 1/4, 1/2, 1/4: a fair walk from 0 between −1 and 8 completes with 1/9 and
        // makes 1·8 moves, each taking 2 rolls on average.
        Odds odds = extended.odds(inputs(extended, Map.of("dice", 2, "tn", 4)));
        assertThat(odds.probability("completed"), equalTo(Fraction.of(1, 9)));
        assertThat(odds.probability("failed"), equalTo(Fraction.of(8, 9)));
        assertThat(odds.probability("in-progress"), equalTo(Fraction.ZERO));
        assertThat(expectedRolls(odds), closeTo(16.0, 1e-9));

        Odds longer = extended.odds(inputs(extended, Map.of("dice", 2, "tn", 4, "extra-steps", 1)));
        assertThat(longer.probability("completed"), equalTo(Fraction.of(1, 11)));
        assertThat(expectedRolls(longer), closeTo(20.0, 1e-9));
    }

    @Test
    void theOneTimeBonusOnTheFirstRollByHand() {
        // First roll 4 dice: net −1..3 with 1, 4, 6, 4, 1 /16; then the fair walk: from t, (t+1)/9 and
        // 2(t+1)(8−t) rolls. Completion (4·1 + 6·2 + 4·3 + 1·4)/144 = 2/9; rolls 1 + 26 = 27.
        Odds odds = extended.odds(inputs(extended, Map.of("dice", 2, "tn", 4, "one-time-bonus", 2,
                "use-one-time-bonus", true)));
        assertThat(odds.probability("completed"), equalTo(Fraction.of(2, 9)));
        assertThat(expectedRolls(odds), closeTo(27.0, 1e-9));
    }

    @Test
    void theOneTimeBonusKeptForTheSecondRollByHand() {
        // First roll 2 dice: fail (1/4), total 0 (1/2) or 1 (1/4); then the 4-dice roll: from 0, 2/9; from 1, 3/9.
        // ½·2/9 + ¼·3/9 = 7/36. Rolls: 1 + ½·27 + ¼·35 = 23.25.
        Odds odds = extended.odds(inputs(extended, Map.of("dice", 2, "tn", 4, "one-time-bonus", 2)));
        assertThat(odds.probability("completed"), equalTo(Fraction.of(7, 36)));
        assertThat(expectedRolls(odds), closeTo(23.25, 1e-9));
        assertThat(plan(odds, "bonus-on-first-roll"), equalTo(Fraction.of(2, 9)));
        assertThat(plan(odds, "bonus-unused"), equalTo(Fraction.of(1, 9)));
    }

    @Test
    void decisionOddsOfRollingAgainByHand() {
        Map<String, Object> setup = Map.of("dice", 2, "tn", 4, "one-time-bonus", 2);
        RollState state = start(extended, setup, 1, 2); // 2 − 1 = +1
        Inputs in = inputs(extended, setup);

        Odds withBonus = extended.odds(in, state, move(state, "roll-again", BONUS)).orElseThrow();
        // 4 dice from 1: to s, then (s+1)/9: (E[s] + 1)/9 = 1/3; rolls 1 + Σ P(s)·2(s+1)(8−s) = 1 + 34.
        assertThat(withBonus.probability("completed"), equalTo(Fraction.of(1, 3)));
        assertThat(expectedRolls(withBonus), closeTo(35.0, 1e-9));
        assertThat(flag(withBonus, "completes-this-roll"), equalTo(Fraction.ZERO));
        assertThat(flag(withBonus, "fails-this-roll"), equalTo(Fraction.ZERO));

        Odds kept = extended.odds(in, state, move(state, "roll-again", NO_BONUS)).orElseThrow();
        // 2 dice to 0, 1, 2 (¼, ½, ¼), then the 4-dice roll: (t+2)/9 → (2/4 + 3/2 + 4/4)/9 = 1/3.
        assertThat(kept.probability("completed"), equalTo(Fraction.of(1, 3)));
        assertThat(kept.note(), containsString("next roll"));

        Map<String, Object> plain = Map.of("dice", 2, "tn", 4);
        RollState atZero = start(extended, plain, 1, 9); // 1 − 1 = 0
        Odds noBonus =
                extended.odds(inputs(extended, plain), atZero, move(atZero, "roll-again", NO_BONUS)).orElseThrow();
        assertThat(noBonus.probability("completed"), equalTo(Fraction.of(1, 9)));
        assertThat(flag(noBonus, "fails-this-roll"), equalTo(Fraction.of(1, 4)));
    }

    @Test
    void oddsOfTheBonusKeptForLaterAgreeWithASeededSample() {
        Map<String, Object> setup = Map.of("dice", 2, "tn", 4, "one-time-bonus", 2);
        Inputs in = inputs(extended, setup);
        Dice dice = Dice.seeded(42);
        int runs = 8000;
        int completed = 0;
        for (int n = 0; n < runs; n++) {
            RollState state = extended.start(in, dice);
            while (!state.complete()) {
                boolean use = state.memoInt("bonus-spent-on", 0) == 0;
                state = extended.apply(in, state, move(state, "roll-again", Map.of("use-one-time-bonus", use)), dice);
            }
            completed += state.outcome().id().equals("completed") ? 1 : 0;
        }
        double p = 7 / 36.0;
        assertThat(Math.abs(completed / (double) runs - p), lessThan(4 * Math.sqrt(p * (1 - p) / runs)));
    }

    private static double expectedRolls(Odds odds) {
        return odds.figures().stream().filter(f -> f.id().equals("expected-rolls")).mapToDouble(Figure::value)
                .findFirst().orElseThrow();
    }

    private static Fraction plan(Odds odds, String id) {
        Plan plan = odds.plans().stream().filter(p -> p.id().equals(id)).findFirst().orElseThrow();
        return plan.outcomes().stream().filter(c -> c.id().equals("completed")).findFirst().orElseThrow().probability();
    }

    private static Fraction flag(Odds odds, String id) {
        return odds.flags().stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow().probability();
    }
}
