package io.dicehall.systems.fatewalker;

import static io.dicehall.systems.fatewalker.Rolls.readings;
import static io.dicehall.systems.fatewalker.Rolls.start;
import static io.dicehall.systems.fatewalker.Rolls.tally;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;

import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Verdict;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The core mechanic: dice read 0–9, successes at or under the TN, degrees of success and failure. */
class RollTest {

    private final RollProcedure roll = new RollProcedure();

    @Test
    void theDocumentsExampleFourDiceAgainstTn1WithLowestDie3IsDegreeOfFailure2() {
        RollState state = start(roll, Map.of("dice", 4, "tn", 1), 3, 7, 9, 4);

        assertThat(tally(state, "successes"), is(0));
        assertThat(tally(state, "degree-of-failure"), is(2));
        assertThat(state.outcome().id(), is("dramatic-failure"));
        assertThat(state.tally("degree-of-failure").orElseThrow().text(), containsString("lowest die 3 − TN 1"));
        assertThat(state.complete(), is(true));
        assertThat(state.moves(), empty());
    }

    @Test
    void aTenReadsZeroAndSucceedsEvenAgainstTn0() {
        RollState state = start(roll, Map.of("dice", 2, "tn", 0), 10, 1);

        assertThat(readings(state, "pool"), contains("0", "1"));
        assertThat(state.group("pool").orElseThrow().dice().get(0).verdict(), is(Verdict.SUCCESS));
        assertThat(state.group("pool").orElseThrow().dice().get(1).verdict(), is(Verdict.FAILURE));
        assertThat(state.group("pool").orElseThrow().dice().get(0).type(), is("d10"));
        assertThat(tally(state, "successes"), is(1));
        assertThat(state.outcome().id(), is("near-miss"));
        assertThat("a 1-success roll has degree of failure 0", tally(state, "degree-of-failure"), is(0));
    }

    @Test
    void aDieReadingExactlyTheTnSucceeds() {
        RollState state = start(roll, Map.of("dice", 1, "tn", 8), 8);
        assertThat(tally(state, "successes"), is(1));
        RollState nine = start(roll, Map.of("dice", 1, "tn", 8), 9);
        assertThat(tally(nine, "successes"), is(0));
        assertThat(tally(nine, "degree-of-failure"), is(1));
        assertThat(nine.outcome().id(), is("complete-failure"));
    }

    @ParameterizedTest(name = "TN {0}, lowest {1} → DoF {2} {3}")
    @CsvSource({
        "0, 1, 1, complete-failure",
        "0, 2, 2, dramatic-failure",
        "0, 3, 3, dramatic-failure",
        "0, 4, 4, catastrophic-failure",
        "0, 9, 9, catastrophic-failure",
        "5, 6, 1, complete-failure",
        "5, 8, 3, dramatic-failure",
        "5, 9, 4, catastrophic-failure"})
    void degreesOfFailureFollowTheTable(int tn, int lowest, int degree, String outcome) {
        RollState state = start(roll, Map.of("dice", 3, "tn", tn), 9, lowest, 9);
        assertThat(tally(state, "degree-of-failure"), is(degree));
        assertThat(state.outcome().id(), is(outcome));
    }

    @ParameterizedTest(name = "{0} successes → {1}")
    @CsvSource({
        "1, near-miss, Near Miss",
        "2, base-success, Base Success",
        "3, total-success, Total Success",
        "4, exceptional-success, Exceptional Success",
        "5, exceptional-success, Exceptional Success"})
    void degreesOfSuccessFollowTheTable(int successes, String outcome, String name) {
        int[] faces = {9, 9, 9, 9, 9};
        for (int i = 0; i < successes; i++) {
            faces[i] = 2;
        }
        RollState state = start(roll, Map.of("dice", 5, "tn", 4), faces);
        assertThat(tally(state, "successes"), is(successes));
        assertThat(tally(state, "degree-of-success"), is(successes));
        assertThat(state.tally("degree-of-success").orElseThrow().text(), containsString(name));
        assertThat(state.outcome().id(), is(outcome));
    }

    @Test
    void bonusAndPenaltyDiceChangeThePoolButNeverBelowOneDie() {
        RollState bigger = start(roll, Map.of("dice", 2, "bonus-dice", 2), 1, 2, 3, 4);
        assertThat(tally(bigger, "pool"), is(4));
        assertThat(bigger.flagged("minimum-pool"), is(false));

        RollState floored = start(roll, Map.of("dice", 2, "bonus-dice", -5), 5);
        assertThat(tally(floored, "pool"), is(1));
        assertThat(floored.flagged("minimum-pool"), is(true));
    }

    @Test
    void theHistoryTellsTheThrow() {
        RollState state = start(roll, Map.of("dice", 4, "tn", 1), 3, 7, 9, 4);
        assertThat(state.history().size(), is(1));
        assertThat(state.history().get(0).move(), is("start"));
        assertThat(state.history().get(0).text(), containsString("3, 7, 9, 4"));
    }

    @Test
    void oddsOfOneDieAgainstTn1ByHand() {
        // Reads 0–1 succeed (2/10); 2 → DoF 1; 3–4 → DoF 2–3; 5–9 → DoF 4+.
        Odds odds = roll.odds(Rolls.inputs(roll, Map.of("dice", 1, "tn", 1)));
        assertThat(odds.probability("near-miss"), equalTo(Fraction.of(2, 10)));
        assertThat(odds.probability("complete-failure"), equalTo(Fraction.of(1, 10)));
        assertThat(odds.probability("dramatic-failure"), equalTo(Fraction.of(2, 10)));
        assertThat(odds.probability("catastrophic-failure"), equalTo(Fraction.of(5, 10)));
        assertThat(odds.probability("base-success"), equalTo(Fraction.ZERO));
    }

    @Test
    void oddsOfTwoDiceAgainstTn0ByHand() {
        // Both fail 81/100; the lowest of two dice reading 1–9: min 1 → 9²−8² = 17, min 2–3 → 8²−6² = 28,
        // min ≥ 4 → 6² = 36; one success 2·1·9 = 18; two successes 1.
        Odds odds = roll.odds(Rolls.inputs(roll, Map.of("dice", 2, "tn", 0)));
        assertThat(odds.probability("complete-failure"), equalTo(Fraction.of(17, 100)));
        assertThat(odds.probability("dramatic-failure"), equalTo(Fraction.of(28, 100)));
        assertThat(odds.probability("catastrophic-failure"), equalTo(Fraction.of(36, 100)));
        assertThat(odds.probability("near-miss"), equalTo(Fraction.of(18, 100)));
        assertThat(odds.probability("base-success"), equalTo(Fraction.of(1, 100)));
    }

    @Test
    void oddsOfFourDiceAgainstTn8ByHand() {
        // A die fails only on 9: no success 1/10^4, all degree of failure 1; exactly s successes C(4,s)·9^s.
        Odds odds = roll.odds(Rolls.inputs(roll, Map.of("dice", 4, "tn", 8)));
        assertThat(odds.probability("complete-failure"), equalTo(Fraction.of(1, 10_000)));
        assertThat(odds.probability("near-miss"), equalTo(Fraction.of(36, 10_000)));
        assertThat(odds.probability("base-success"), equalTo(Fraction.of(6 * 81, 10_000)));
        assertThat(odds.probability("total-success"), equalTo(Fraction.of(4 * 729, 10_000)));
        assertThat(odds.probability("exceptional-success"), equalTo(Fraction.of(6561, 10_000)));
    }
}
