package io.dicehall.systems.taskschecks;

import static io.dicehall.systems.taskschecks.Play.f;
import static io.dicehall.systems.taskschecks.Play.map;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;

import io.dicehall.api.form.Violation;
import io.dicehall.api.odds.Odds;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Opposed Tasks (the Opposed Tasks page, read as docs/rulings.md says), symmetrical: qualification,
 * tie-breaks on difficulty factors alone, nobody winning.
 */
class OpposedTaskRulesTest {

    private final OpposedTaskProcedure opposed = new OpposedTaskProcedure();

    private static Map<String, Object> side(String name, int level, int objectives, int difficulty, int kisses) {
        return map("name", name, "job-level", level, "rank", 4, "objectives", objectives, "difficulty-factors",
                difficulty, "kisses", kisses);
    }

    private static Map<String, Object> sides(Object... sides) {
        return map("sides", List.of(sides));
    }

    @Test
    void theMostSuccessesAmongSidesThatOvercameTheirFactorsWins() {
        Play play = Play.roll(opposed, sides(side("Ada", 3, 1, 0, 0), side("Bo", 3, 1, 0, 0)), 4, 4, 1, 4, 1, 1);
        assertThat(play.outcome(), is("winner"));
        assertThat(play.state.tally("winner").orElseThrow().text(), is("Ada"));
        assertThat(play.state.flagged("s2-experience-point"), is(false));
    }

    @Test
    void moreSuccessesDoNotWinWithoutOvercomingTheSidesOwnFactors() {
        // Ada 3 successes against 4 factors; Bo 1 against 1
        Play play = Play.roll(opposed, sides(side("Ada", 3, 2, 2, 0), side("Bo", 3, 1, 0, 0)), 4, 4, 4, 4, 1, 1);
        assertThat(play.outcome(), is("winner"));
        assertThat(play.state.tally("winner").orElseThrow().text(), is("Bo"));
        assertThat(play.state.flagged("s1-experience-point"), is(true));
    }

    @Test
    void equalSuccessesGoToTheSideWithFewerDifficultyFactors() {
        Play play = Play.roll(opposed, sides(side("Ada", 3, 1, 1, 0), side("Bo", 3, 1, 0, 0)), 4, 4, 1, 4, 4, 1);
        assertThat(play.outcome(), is("winner"));
        assertThat(play.state.tally("winner").orElseThrow().text(), is("Bo"));
        assertThat(play.state.outcome().description(), containsString("fewest difficulty factors (0)"));
    }

    @Test
    void objectivesDoNotCountInTheTieBreak() {
        // The reproducer: A has 3 objectives and no difficulty factor, B 1 objective and 1 difficulty
        // factor; both roll 3 successes and overcome their factors (3 and 2). Counting objectives, B won;
        // on difficulty factors alone, A has fewer and wins.
        Play play = Play.roll(opposed, sides(side("A", 3, 3, 0, 0), side("B", 3, 1, 1, 0)), 4, 4, 4, 4, 4, 4);
        assertThat(play.outcome(), is("winner"));
        assertThat(play.state.tally("winner").orElseThrow().text(), is("A"));
        assertThat(play.state.flagged("s1-wins"), is(true));
        assertThat(play.state.outcome().description(), containsString("A wins with 3 successes against 3 factors"));
    }

    @Test
    void equalSuccessesAndDifficultyFactorsAreATieWhateverTheObjectives() {
        // Ada 1 objective, Bo 2, neither a difficulty factor: level at 2 successes, a tie; Cy has fewer.
        Play play = Play.roll(opposed, sides(side("Ada", 3, 1, 0, 0), side("Bo", 3, 2, 0, 0), side("Cy", 3, 1, 0, 0)),
                4, 4, 1, 4, 4, 1, 4, 1, 1);
        assertThat(play.outcome(), is("tie"));
        assertThat(play.state.tally("winner").orElseThrow().text(), is("tie: Ada and Bo"));
        assertThat(play.state.outcome().description(), containsString("with 0 difficulty factors each"));
    }

    @Test
    void aSideThatFallsShortOfItsFactorsNeverWinsATieBreak() {
        // Ada and Bo both roll 2; Ada has no difficulty factor but 3 objectives, so she falls short of her 3
        // factors and cannot take the tie-break from Bo (1 objective, 1 difficulty factor).
        Play play = Play.roll(opposed, sides(side("Ada", 3, 3, 0, 0), side("Bo", 3, 1, 1, 0)), 4, 4, 1, 4, 4, 1);
        assertThat(play.outcome(), is("winner"));
        assertThat(play.state.tally("winner").orElseThrow().text(), is("Bo"));
    }

    @Test
    void nobodyWinsWhenNoSideOvercomesItsFactors() {
        Play play = Play.roll(opposed, sides(side("Ada", 2, 1, 2, 0), side("Bo", 2, 1, 2, 0)), 4, 4, 4, 1);
        assertThat(play.outcome(), is("nobody-wins"));
        assertThat(play.state.flagged("s1-experience-point"), is(true));
        assertThat(play.state.flagged("s2-experience-point"), is(true));
    }

    @Test
    void eachSideKissesItsOwnDiceAndAllAreThrownTogether() {
        Play play = Play.roll(opposed, sides(side("Ada", 2, 1, 0, 1), side("Bo", 2, 1, 0, 0)), 1, 1, 4, 1);
        assertThat(play.refusal(play.kissMove("s2-d2")).get(0).message(), containsString("Bo picked 1 dice"));
        assertThat(play.refusal(play.kissMove("s1-d1", "s1-d2")).get(0).message(), containsString("Ada picked 2"));
        play.kiss(Play.faces(5), "s1-d2");
        assertThat(play.outcome(), is("tie"));
    }

    @Test
    void eachSideKeepsItsOwnOfferingLimitsWithThePath() {
        List<Violation> refused = opposed.check(Play.inputs(opposed, "sides", List.of(side("Ada", 2, 1, 0, 0),
                map("objectives", 1, "offered-dice", 1))));
        assertThat(refused, hasSize(1));
        assertThat(refused.get(0).field(), is("sides[1].offered-dice"));
    }

    @Test
    void sidesMayHaveHelpersAndTheDieOfFortune() {
        Map<String, Object> ada = map("name", "Ada", "job-level", 0, "objectives", 1, "difficulty-factors", 0,
                "helpers", List.of(map("name", "Cy", "rank", 2)));
        Play play = Play.roll(opposed, sides(ada, side("Bo", 1, 1, 0, 0)), 6, 6, 1, 3, 4);
        assertThat(play.faces("s1-pool"), hasSize(3));
        assertThat(play.faces("s1-help"), hasSize(1));
        assertThat(play.tally("s1-successes"), is(3));
        assertThat(play.outcome(), is("winner"));
        assertThat(play.state.flagged("s1-die-of-fortune"), is(true));
    }

    @Test
    void twoDiesOfFortuneHaveExactOdds() {
        Map<String, Object> dof = map("job-level", 0, "objectives", 1, "difficulty-factors", 0, "kisses", 0);
        Odds odds = opposed.odds(Play.inputs(opposed, "sides", List.of(dof, dof)));
        // each wins when it throws more 6s in a row than the other: Σ (5/6)(1/6)^v (1/6)^(v+1) = 1/7
        assertThat(odds.flags().get(0).probability(), is(f(1, 7)));
        assertThat(odds.probability("winner"), is(f(2, 7)));
        assertThat(odds.probability("nobody-wins"), is(f(25, 36)));
        assertThat(odds.probability("tie"), is(f(5, 252)));
        assertThat(opposed.check(Play.inputs(opposed, "sides", List.of(dof, dof))), empty());
    }
}
