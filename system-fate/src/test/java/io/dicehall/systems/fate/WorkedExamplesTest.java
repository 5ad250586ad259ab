package io.dicehall.systems.fate;

import static io.dicehall.systems.fate.Table.text;
import static io.dicehall.systems.fate.Table.value;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;

import io.dicehall.api.state.Die;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Verdict;
import org.junit.jupiter.api.Test;

/** The examples of Fate Condensed's "Taking Action, Rolling the Dice", rolled with the document's own dice. */
class WorkedExamplesTest {

    @Test
    void charlesSearchesTheWreckageAverageInvestigateAgainstFairWith00PlusPlusIsAGoodSuccess() {
        // "Charles gets 00++ on the dice, plus his Average (+1) Investigate, for a Good (+3) effort."
        RollState state = Table.of("overcome", "skill", 1, "difficulty", 2, "fate-points", 0).roll("00++");

        assertThat(state.group("player").orElseThrow().dice().stream().map(Die::reading).toList(),
                contains(" ", " ", "+", "+"));
        assertThat(state.group("player").orElseThrow().dice().stream().map(Die::verdict).toList(),
                contains(Verdict.NEUTRAL, Verdict.NEUTRAL, Verdict.SUCCESS, Verdict.SUCCESS));
        assertThat(value(state, "dice"), is(2));
        assertThat(text(state, "skill"), is("Average (+1)"));
        assertThat(text(state, "effort"), is("Good (+3)"));
        assertThat(text(state, "difficulty"), is("Fair (+2)"));
        assertThat(value(state, "shifts"), is(1));
        assertThat(state.outcome().id(), is("succeed"));
        assertThat(state.history().get(0).text(), containsString("00++"));
        assertThat("no fate points, no free invokes, no opposition: nothing left to do", state.complete(), is(true));
    }

    @Test
    void ethanThrowsAMolotovAverageCraftsAgainstGoodWith0PlusPlusPlusCreatesOnFireWithOneFreeInvoke() {
        // "Ethan has Average (+1) Crafts but rolls 0+++, giving a Great (+4) effort" against Good (+3).
        RollState state = Table.of("create-advantage", "skill", 1, "difficulty", 3, "aspect", "new",
                "fate-points", 0).roll("0+++");

        assertThat(text(state, "effort"), is("Great (+4)"));
        assertThat(text(state, "difficulty"), is("Good (+3)"));
        assertThat(value(state, "shifts"), is(1));
        assertThat(state.outcome().id(), is("succeed"));
        assertThat("the shoggoth is On Fire with one free invoke", value(state, "free-invokes-gained"), is(1));
        assertThat(state.outcome().description(), containsString("one free invoke"));
    }

    @Test
    void ruthPunchesTheCorpseGreatFightRollingMinusMinus00AgainstItsMediocreAthleticsRollingMinus00Plus() {
        // Ruth: Great (+4) Fight, --00, a Fair (+2) effort. The corpse: Mediocre (+0) Athletics, -00+.
        RollState state = Table.of("attack", "skill", 4, "difficulty", 0, "active-opposition", true,
                "fate-points", 0).roll("--00 -00+");

        assertThat(text(state, "effort"), is("Fair (+2)"));
        assertThat(value(state, "opposition-dice"), is(0));
        assertThat(text(state, "difficulty"), is("Mediocre (+0)"));
        assertThat(state.tally("difficulty").orElseThrow().label(), is("Opposition"));
        assertThat("her attack succeeds by two shifts", value(state, "shifts"), is(2));
        assertThat(state.outcome().id(), is("succeed"));
        assertThat(value(state, "hit"), is(2));
        assertThat(state.outcome().description(), containsString("hit of 2 shifts"));
        assertThat(state.group("opposition").orElseThrow().dice().stream().map(Die::id).toList(),
                contains("o-d1", "o-d2", "o-d3", "o-d4"));
        assertThat(state.group("opposition").orElseThrow().dice().stream().map(Die::reading).toList(),
                contains("\u2212", " ", " ", "+"));
    }

    @Test
    void theCorpseRollingBetterDefendsSuccessfully() {
        // "Had the corpse rolled better, then its defense would have succeeded": say it rolled ++++.
        RollState state = Table.of("attack", "skill", 4, "difficulty", 0, "active-opposition", true,
                "fate-points", 0).roll("--00 ++++");

        assertThat(value(state, "shifts"), is(-2));
        assertThat(state.outcome().id(), is("fail"));
        assertThat(state.tally("hit").isPresent(), is(false));
    }
}
