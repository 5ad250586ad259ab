package io.dicehall.systems.fatewalker;

import static io.dicehall.systems.fatewalker.Rolls.inputs;
import static io.dicehall.systems.fatewalker.Rolls.readings;
import static io.dicehall.systems.fatewalker.Rolls.start;
import static io.dicehall.systems.fatewalker.Rolls.tally;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;

import io.dicehall.api.form.Violation;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.state.RollState;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Background rolls: 1 Will, a leaf skill, and net successes or degree of failure onto the primary pool. */
class BackgroundRollTest {

    private final BackgroundRollProcedure background = new BackgroundRollProcedure();

    @Test
    void netSuccessesBecomeBonusDiceOfThePrimaryRoll() {
        RollState state = start(background, Map.of("background-skill", "Lockpicking", "will", 3,
                "background-dice", 2, "background-tn", 4, "dice", 3, "tn", 2),
                1, 2, // background: 2 successes → +2 dice
                1, 3, 9, 9, 10); // primary: 5 dice, readings 1, 3, 9, 9, 0 → 2 successes at TN 2

        assertThat(readings(state, "background"), contains("1", "2"));
        assertThat(readings(state, "primary"), contains("1", "3", "9", "9", "0"));
        assertThat(tally(state, "background-dice-added"), is(2));
        assertThat(tally(state, "pool"), is(5));
        assertThat(tally(state, "successes"), is(2));
        assertThat(state.outcome().id(), is("base-success"));
        assertThat(tally(state, "will-spent"), is(1));
        assertThat(tally(state, "will-left"), is(2));
        assertThat(state.flagged("background-bonus"), is(true));
        assertThat(state.group("background").orElseThrow().label(), containsString("Lockpicking"));
        assertThat("both throws in the history", state.history(), hasSize(2));
        assertThat(state.complete(), is(true));
    }

    @Test
    void aFailedBackgroundRollTakesItsDegreeOfFailureOffThePrimaryPool() {
        RollState state = start(background, Map.of("background-dice", 2, "background-tn", 4, "dice", 4, "tn", 4),
                6, 9, // no success, lowest 6 − TN 4 → degree of failure 2 → −2 dice
                5, 7); // primary: 2 dice, both fail; lowest 5 − 4 → complete failure

        assertThat(tally(state, "background-degree-of-failure"), is(2));
        assertThat(tally(state, "background-dice-added"), is(-2));
        assertThat(tally(state, "pool"), is(2));
        assertThat(state.outcome().id(), is("complete-failure"));
        assertThat(state.flagged("background-penalty"), is(true));
    }

    @Test
    void aPenaltyCannotTakeThePrimaryPoolBelowOneDie() {
        RollState state = start(background, Map.of("background-dice", 1, "background-tn", 0, "dice", 2, "tn", 4),
                9, // degree of failure 9 → −9 dice
                3);
        assertThat(tally(state, "pool"), is(1));
        assertThat(state.flagged("minimum-pool"), is(true));
        assertThat(state.outcome().id(), is("near-miss"));
    }

    @Test
    void theSupportingSkillMustBeALeaf() {
        List<Violation> broken = background.check(inputs(background, Map.of("leaf-skill", false)));
        assertThat(broken, hasSize(1));
        assertThat(broken.get(0).field(), is("leaf-skill"));
        assertThat(broken.get(0).message(), containsString("leaf"));
    }

    @Test
    void itCostsAPointOfWill() {
        List<Violation> broken = background.check(inputs(background, Map.of("will", 0)));
        assertThat(broken, hasSize(1));
        assertThat(broken.get(0).field(), is("will"));
        assertThat(broken.get(0).message(), containsString("costs 1 Will"));
        assertThat(background.check(inputs(background, Map.of("will", 1))), empty());
    }

    @Test
    void oddsMixThePrimaryRollOverTheBackgroundResultByHand() {
        // Background: 1 die at TN 4 → +1 (1/2) or −1…−5 (1/10 each); primary 1 die at TN 4 becomes 2 dice
        // or stays at 1 die (the floor). Complete failure: ½·¼·(1 − (4/5)²) + ½·1/10 = 19/200;
        // dramatic: ½·¼·12/25 + ½·2/10 = 4/25; catastrophic: ½·¼·4/25 + ½·2/10 = 3/25;
        // near miss: ½·½ + ½·½ = ½; base success: ½·¼ = 1/8.
        Odds odds = background.odds(inputs(background, Map.of("background-dice", 1, "background-tn", 4,
                "dice", 1, "tn", 4)));
        assertThat(odds.probability("complete-failure"), equalTo(Fraction.of(19, 200)));
        assertThat(odds.probability("dramatic-failure"), equalTo(Fraction.of(4, 25)));
        assertThat(odds.probability("catastrophic-failure"), equalTo(Fraction.of(3, 25)));
        assertThat(odds.probability("near-miss"), equalTo(Fraction.of(1, 2)));
        assertThat(odds.probability("base-success"), equalTo(Fraction.of(1, 8)));
        assertThat(odds.flags().get(1).id(), is("background-penalty"));
        assertThat(odds.flags().get(1).probability(), equalTo(Fraction.of(1, 2)));
    }
}
