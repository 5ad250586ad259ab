package io.dicehall.systems.fatewalker;

import static io.dicehall.systems.fatewalker.Rolls.inputs;
import static io.dicehall.systems.fatewalker.Rolls.start;
import static io.dicehall.systems.fatewalker.Rolls.tally;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;

import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.state.RollState;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Opposed rolls: more successes wins, a tie goes to the initiator, the margin is shown. */
class OpposedTest {

    private final OpposedProcedure opposed = new OpposedProcedure();

    @Test
    void moreSuccessesWinsAndTheMarginIsShown() {
        RollState state = start(opposed, Map.of("initiator-name", "Ada", "initiator-dice", 2, "initiator-tn", 4,
                "opponent-name", "Brom", "opponent-dice", 2, "opponent-tn", 4),
                3, 8, // Ada: 1 success
                10, 2); // Brom: readings 0 and 2, 2 successes

        assertThat(state.outcome().id(), is("opponent-wins"));
        assertThat(tally(state, "initiator-successes"), is(1));
        assertThat(tally(state, "opponent-successes"), is(2));
        assertThat(tally(state, "margin"), is(1));
        assertThat(state.tally("winner").orElseThrow().text(), is("Brom"));
        assertThat(state.outcome().description(), containsString("Brom wins by 1 success"));
        assertThat(state.flagged("tie"), is(false));
    }

    @Test
    void aTieGoesToTheInitiator() {
        RollState state = start(opposed, Map.of("initiator-dice", 2, "opponent-dice", 2), 1, 9, 2, 9);

        assertThat(state.outcome().id(), is("initiator-wins"));
        assertThat(tally(state, "margin"), is(0));
        assertThat(state.flagged("tie"), is(true));
        assertThat(state.tally("winner").orElseThrow().text(), is("Initiator"));
    }

    @Test
    void aTieAtNoSuccessesStillGoesToTheInitiator() {
        RollState state = start(opposed, Map.of("initiator-dice", 1, "opponent-dice", 1), 9, 9);
        assertThat(state.outcome().id(), is("initiator-wins"));
        assertThat(state.flagged("tie"), is(true));
    }

    @Test
    void eachSideUsesItsOwnTnAndBonusDice() {
        RollState state = start(opposed, Map.of("initiator-dice", 1, "initiator-tn", 0, "initiator-bonus-dice", 1,
                "opponent-dice", 3, "opponent-tn", 8, "opponent-bonus-dice", -2),
                10, 1, // initiator: 2 dice at TN 0: 0 succeeds, 1 fails
                9); // opponent: 1 die at TN 8: 9 fails
        assertThat(tally(state, "initiator-pool"), is(2));
        assertThat(tally(state, "opponent-pool"), is(1));
        assertThat(state.outcome().id(), is("initiator-wins"));
        assertThat(tally(state, "margin"), is(1));
    }

    @Test
    void oddsOfOneDieEachAtTn4ByHand() {
        // The initiator loses only to (fail, success): 1/4. A tie is (both succeed or both fail): 1/2.
        Odds odds = opposed.odds(inputs(opposed, Map.of("initiator-dice", 1, "opponent-dice", 1)));
        assertThat(odds.probability("initiator-wins"), equalTo(Fraction.of(3, 4)));
        assertThat(odds.probability("opponent-wins"), equalTo(Fraction.of(1, 4)));
        assertThat(odds.flags().get(0).probability(), equalTo(Fraction.of(1, 2)));
    }

    @Test
    void oddsOfAWeakInitiatorAgainstAStrongOpponentByHand() {
        // Initiator 1 die at TN 0 (1/10), opponent 1 die at TN 8 (9/10):
        // initiator wins when the opponent fails (1/10) or both succeed (1/10·9/10) = 19/100.
        Odds odds = opposed.odds(inputs(opposed, Map.of("initiator-dice", 1, "initiator-tn", 0,
                "opponent-dice", 1, "opponent-tn", 8)));
        assertThat(odds.probability("initiator-wins"), equalTo(Fraction.of(19, 100)));
    }
}
