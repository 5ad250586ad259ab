package io.dicehall.systems.taskschecks;

import static io.dicehall.systems.taskschecks.Play.f;
import static io.dicehall.systems.taskschecks.Play.map;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;

import io.dicehall.api.Move;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.Violation;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.state.Die;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Tasks (the Tasks page) with Fate's Offering, help dice, the Die of Fortune, KISSing and Ego, and the
 * worked examples of the Rank page.
 */
class TaskRulesTest {

    private final TaskProcedure task = new TaskProcedure();

    private static Map<String, Object> helper(String name, int rank) {
        return map("name", name, "rank", rank);
    }

    @Test
    void theRankPagesExamples() {
        // four dice at rank 5 rolling 2, 3, 5, 6: two successes
        assertThat(Play.roll(task, map("job-level", 4, "rank", 5), 2, 3, 5, 6).tally("successes"), is(2));
        // three dice at rank 6 rolling 1, 4, 5: none
        assertThat(Play.roll(task, map("job-level", 3, "rank", 6), 1, 4, 5).tally("successes"), is(0));
        // eight dice at rank 3 rolling 1, 1, 2, 3, 3, 4, 5, 6: five
        assertThat(Play.roll(task, map("job-level", 8, "rank", 3), 1, 1, 2, 3, 3, 4, 5, 6).tally("successes"), is(5));
    }

    @Test
    void poolIsJobLevelPlusBonusLessStress() {
        Play play = Play.roll(task, map("job-level", 3, "bonus-dice", 2, "stress", 2), 1, 1, 1);
        assertThat(play.faces("pool"), hasSize(3));
        assertThat(play.tally("dice"), is(3));
    }

    @Test
    void aLoneHelpersDieHasTheirRank() {
        Play play = Play.roll(task, map("job-level", 1, "rank", 6, "kisses", 0, "helpers", List.of(helper("Bo", 3))),
                1, 3);
        assertThat(play.faces("help"), contains(3));
        assertThat(play.tally("successes"), is(1));
    }

    @Test
    void severalHelpersGiveOneDieWhoseRankComesFromTheirNumber() {
        // two helpers: rank 5, whatever their own ranks; a 4 fails, a 5 succeeds
        Play two = Play.roll(task, map("job-level", 1, "rank", 6, "kisses", 0,
                "helpers", List.of(helper("Bo", 2), helper("Cy", 2))), 1, 4);
        assertThat(two.faces("help"), contains(4));
        assertThat(two.tally("help-dice"), is(1));
        assertThat(two.tally("successes"), is(0));
        assertThat(two.state.dice().stream().map(Die::id).toList(), contains("d1", "h1"));
        // a few (3–4): rank 4; several (5 or more): rank 3
        assertThat(TaskProcedure.rankForHelpers(2), is(5));
        assertThat(TaskProcedure.rankForHelpers(3), is(4));
        assertThat(TaskProcedure.rankForHelpers(4), is(4));
        assertThat(TaskProcedure.rankForHelpers(5), is(3));
        assertThat(TaskProcedure.rankForHelpers(8), is(3));
        Play three = Play.roll(task, map("job-level", 1, "rank", 6, "kisses", 0,
                "helpers", List.of(helper("Bo", 6), helper("Cy", 6), helper("Di", 6))), 1, 4);
        assertThat(three.tally("successes"), is(1));
        // its odds are a single rank-4 die's
        Odds odds = task.odds(three.inputs);
        Odds alone = task.odds(Play.inputs(task, "job-level", 1, "rank", 6, "kisses", 0,
                "helpers", List.of(helper("", 4))));
        assertThat(odds.outcomes(), is(alone.outcomes()));
    }

    @Test
    void whenQualityMattersMoreTheOneDieHasTheBestHelpersRank() {
        Play play = Play.roll(task, map("job-level", 1, "rank", 6, "kisses", 0, "help-rank", "best",
                "helpers", List.of(helper("Bo", 5), helper("Cy", 2), helper("Di", 6))), 1, 2);
        assertThat(play.faces("help"), contains(2));
        assertThat(play.tally("successes"), is(1));
        assertThat(play.state.group("help").orElseThrow().dice(), hasSize(1));
    }

    @Test
    void helpDiceUseTheHelpersRankAndIgnoreStress() {
        // the table's variant: one die per helper, each at their own rank
        Play play = Play.roll(task, map("job-level", 2, "stress", 2, "rank", 6, "kisses", 0, "help-rank", "each",
                "helpers", List.of(helper("Bo", 3), helper("Cy", 5))), 1, 3, 4);
        assertThat(play.faces("help"), contains(3, 4));
        assertThat("Bo's 3 succeeds at rank 3; Cy's 4 fails at rank 5", play.tally("successes"), is(1));
        assertThat(play.state.group("pool").orElseThrow().label(), containsString("Die of Fortune"));
    }

    @Test
    void aDefendersLotsAreMoreDifficultyFactors() {
        Play play = Play.roll(task, map("job-level", 3, "rank", 4, "objectives", 1, "difficulty-factors", 1,
                "defender-lots", 2, "kisses", 0), 4, 5, 6);
        assertThat(play.tally("factors"), is(4));
        assertThat(play.outcome(), is("fail"));
        assertThat(play.state.tally("factors-overcome").orElseThrow().text(), is("3 of 4"));
        // more than the eight Lots a character can hold is refused by the form
        assertThat(InputChecker.check(task.form(), map("defender-lots", 9)).ok(), is(false));
    }

    @Test
    void anOldRequestWithoutTheNewFieldsMeansTheTextsReading() {
        Inputs old = Play.inputs(task, "job-level", 2, "rank", 5, "kisses", 1,
                "helpers", List.of(helper("Bo", 3), helper("Cy", 3)));
        assertThat(old.choice("help-rank"), is("table"));
        assertThat(old.integer("defender-lots"), is(0));
        assertThat(old.integer("fidelity"), is(0));
        assertThat(TaskProcedure.roller("", "You", old).helpers(), hasSize(1));
        assertThat(TaskProcedure.roller("", "You", old).helpers().get(0).rank(), is(5));
    }

    @Test
    void fidelityAdvancesTheRankAtOnceAndForTheKiss() {
        Play play = Play.roll(task, map("job-level", 3, "rank", 5, "objectives", 1, "difficulty-factors", 1,
                "kisses", 1, "fidelity", 2), 4, 3, 1);
        assertThat(play.tally("successes"), is(0));
        assertThat(play.moves(), contains("kiss", "fidelity", "accept"));
        Move one = play.move("fidelity", "points", 1);
        assertThat(play.odds(one).probability("pass"), is(f(0, 1)));
        Move both = play.move("fidelity", "points", 2);
        assertThat(play.odds(both).probability("pass"), is(f(1, 1)));
        play.make(one);
        // rank 4: the 4 counts now
        assertThat(play.tally("successes"), is(1));
        assertThat(play.state.group("pool").orElseThrow().label(), containsString("rank 4"));
        // one point left; more is refused
        assertThat(play.refusal(new Move("fidelity", InputChecker.check(io.dicehall.api.form.Form.of(
                io.dicehall.api.form.IntegerField.of("points", "Points", 1, 4, 1)), map("points", 2)).orThrow()))
                .get(0).message(), containsString("Fidelity"));
        // the KISS throws at rank 4: a 4 succeeds
        play.kiss(Play.faces(4), "d3");
        assertThat(play.tally("successes"), is(2));
        assertThat(play.outcome(), is("pass"));
        // the KISS round is over: no more Fidelity
        assertThat(play.state.complete(), is(true));
    }

    @Test
    void passWhenSuccessesReachObjectivesPlusDifficultyFactors() {
        Map<String, Object> raw = map("job-level", 4, "rank", 4, "objectives", 2, "difficulty-factors", 1, "kisses", 0);
        Play pass = Play.roll(task, raw, 4, 5, 6, 1);
        assertThat(pass.outcome(), is("pass"));
        assertThat(pass.tally("factors"), is(3));
        assertThat(pass.state.flagged("experience-point"), is(false));
        Play fail = Play.roll(task, raw, 4, 5, 1, 1);
        assertThat(fail.outcome(), is("fail"));
        assertThat(fail.state.tally("factors-overcome").orElseThrow().text(), is("2 of 3"));
        assertThat(fail.state.flagged("experience-point"), is(true));
    }

    @Test
    void aMonsterOrASubsystemMaySetUpToTwelveDifficultyFactors() {
        for (int difficulty = 0; difficulty <= 12; difficulty++) {
            assertThat("difficulty factors " + difficulty,
                    InputChecker.check(task.form(), Map.of("difficulty-factors", difficulty)).ok(), is(true));
        }
        assertThat(InputChecker.check(task.form(), Map.of("difficulty-factors", 13)).ok(), is(false));
        assertThat(InputChecker.check(new OpposedTaskProcedure().form(),
                Map.of("sides", List.of(Map.of("difficulty-factors", 12), Map.of("difficulty-factors", 0)))).ok(),
                is(true));

        // 10 levels and 4 bonus dice at rank 2 against 1 objective and 12 difficulty factors: 13 needed.
        Map<String, Object> raw = map("job-level", 10, "bonus-dice", 4, "rank", 2, "objectives", 1,
                "difficulty-factors", 12, "kisses", 0);
        Play pass = Play.roll(task, raw, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1);
        assertThat(pass.tally("factors"), is(13));
        assertThat(pass.outcome(), is("pass"));
        Play fail = Play.roll(task, raw, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1);
        assertThat(fail.outcome(), is("fail"));
        assertThat(fail.state.tally("factors-overcome").orElseThrow().text(), is("12 of 13"));
    }

    @Test
    void aFailedStressfulTaskGivesStress() {
        Map<String, Object> raw = map("job-level", 2, "rank", 4, "difficulty-factors", 1, "kisses", 0,
                "stressful", true);
        assertThat(Play.roll(task, raw, 4, 1).state.flagged("stress"), is(true));
        assertThat(Play.roll(task, raw, 4, 4).state.flagged("stress"), is(false));
    }

    @Test
    void offeringsTakeDiceFromThePoolAndSecureSideObjectives() {
        Play play = Play.roll(task, map("job-level", 4, "objectives", 3, "offered-dice", 2, "kisses", 0,
                "helpers", List.of(helper("Bo", 4))), 5, 5, 4);
        assertThat(play.faces("pool"), hasSize(2));
        assertThat(play.tally("objectives-guaranteed"), is(2));
        assertThat("the factors stay: 3 objectives + 1 difficulty", play.tally("factors"), is(4));
        assertThat(play.outcome(), is("fail"));
    }

    @Test
    void theMainObjectiveCannotBeOffered() {
        List<Violation> refused = task.check(Play.inputs(task, "objectives", 2, "offered-dice", 2));
        assertThat(refused, hasSize(1));
        assertThat(refused.get(0).field(), is("offered-dice"));
        assertThat(refused.get(0).message(), containsString("main objective can never be offered"));
        assertThat(task.check(Play.inputs(task, "objectives", 3, "offered-dice", 2)), empty());
    }

    @Test
    void onlyPoolDiceCanBeOfferedNotHelpDice() {
        List<Violation> refused = task.check(Play.inputs(task, "job-level", 2, "stress", 1, "objectives", 4,
                "offered-dice", 2, "helpers", List.of(helper("Bo", 3))));
        assertThat(refused, hasSize(1));
        assertThat(refused.get(0).message(), containsString("help dice cannot be offered; the pool has 1 die"));
    }

    @Test
    void anEmptyPoolRollsTheExplodingDieOfFortune() {
        Play play = Play.roll(task, map("job-level", 0, "difficulty-factors", 2, "kisses", 0), 6, 6, 2);
        assertThat(play.faces("pool"), contains(6, 6, 2));
        assertThat(play.state.dice().stream().map(Die::id).toList(), contains("dof", "x1", "x2"));
        assertThat(play.tally("successes"), is(2));
        assertThat(play.state.flagged("die-of-fortune"), is(true));
        assertThat(play.outcome(), is("fail"));
        // an offering down to no dice, or stress, also leaves the Die of Fortune
        assertThat(Play.roll(task, map("job-level", 1, "objectives", 2, "offered-dice", 1), 3).state
                .flagged("die-of-fortune"), is(true));
        assertThat(Play.roll(task, map("job-level", 2, "stress", 2), 3).state.flagged("die-of-fortune"), is(true));
    }

    @Test
    void theDieOfFortunesFailedDieMayBeKissedAndExplodesAgain() {
        Play play = Play.roll(task, map("job-level", 0, "difficulty-factors", 2, "kisses", 1), 6, 2);
        assertThat(play.state.move("kiss").isPresent(), is(true));
        play.kiss(Play.faces(6, 6, 1), "x1");
        assertThat(play.faces("pool"), contains(6, 6, 6, 1));
        assertThat(play.tally("successes"), is(3));
        assertThat(play.outcome(), is("pass"));
        assertThat(play.state.dice().stream().map(Die::id).toList(), contains("dof", "x1", "x2", "x3"));
        assertThat(play.state.history().get(1).text(), containsString("2 → 6 (explodes: 6, 1)"));
    }

    @Test
    void egoOnADieOfFortuneAddsHealthExplodingDiceThatCannotBeKissed() {
        Play play = Play.roll(task, map("job-level", 0, "difficulty-factors", 2, "kisses", 2, "health", 2), 1);
        assertThat(play.moves(), contains("kiss", "ego", "accept"));
        // declared alone, Ego ends the KISS round: its dice are not seen before the KISSes
        play.ego(6, 3, 2);
        assertThat(play.faces("ego"), contains(6, 3, 2));
        assertThat(play.state.group("ego").orElseThrow().dice().stream().map(Die::id).toList(),
                contains("e1", "x1", "e2"));
        assertThat(play.tally("successes"), is(1));
        assertThat(play.state.complete(), is(true));
    }

    @Test
    void egoOnADieOfFortuneIsDeclaredWithTheKissesAndThrownWithThem() {
        Play play = Play.roll(task, map("job-level", 0, "difficulty-factors", 2, "kisses", 2, "health", 2), 1);
        Move both = play.move("kiss", "dice", List.of("dof"), "ego", List.of("you"));
        assertThat(play.refusal(both), empty());
        // the KISSed die first, then Ego's dice, all in one throw: 6 explodes into 2; Ego's 6 into 3; then 4
        play.make(both, 6, 2, 6, 3, 4);
        assertThat(play.faces("pool"), contains(6, 2));
        assertThat(play.faces("ego"), contains(6, 3, 4));
        assertThat(play.tally("successes"), is(2));
        assertThat(play.state.flagged("ego-spent"), is(true));
        assertThat(play.state.complete(), is(true));
        // Ego's dice cannot be KISSed: checked on a state where they lie on the table and KISSes are left
        Play after = Play.roll(task, map("job-level", 0, "difficulty-factors", 2, "kisses", 2, "health", 1), 1);
        after.ego(2);
        assertThat(after.state.move("kiss").isPresent(), is(false));
    }

    @Test
    void afterAKissWithoutEgoAnExplodingRollCanNoLongerSpendIt() {
        Play play = Play.roll(task, map("job-level", 0, "difficulty-factors", 2, "kisses", 2, "health", 2), 1);
        play.kiss(Play.faces(6, 1), "dof");
        assertThat(play.state.complete(), is(true));
        assertThat(play.tally("successes"), is(1));
    }

    @Test
    void egoDoublesSixesOnAPlainPoolHelpDiceIncluded() {
        Play play = Play.roll(task, map("job-level", 2, "rank", 5, "difficulty-factors", 2, "kisses", 0,
                "helpers", List.of(helper("Bo", 3))), 6, 1, 6);
        assertThat(play.tally("successes"), is(2));
        play.ego();
        assertThat(play.tally("successes"), is(4));
        assertThat(play.outcome(), is("pass"));
    }

    @Test
    void helpDiceMayBeKissedAtTheHelpersRank() {
        Play play = Play.roll(task, map("job-level", 1, "rank", 6, "kisses", 1, "helpers", List.of(helper("Bo", 2))),
                1, 1);
        Odds odds = play.odds(play.kissMove("h1"));
        assertThat(odds.probability("pass"), is(f(0, 1)));
        play.kiss(Play.faces(2), "h1");
        assertThat(play.tally("successes"), is(1));
        // factors: 1 objective + 1 difficulty
        assertThat(play.outcome(), is("fail"));
    }

    @Test
    void kissingTheDieOfFortuneHasExactGeometricOdds() {
        Play play = Play.roll(task, map("job-level", 0, "objectives", 1, "difficulty-factors", 0, "kisses", 1), 6, 3);
        // one success already; the factor is met, and a re-thrown exploding die can only add
        assertThat(play.odds(play.kissMove("x1")).probability("pass"), is(f(1, 1)));
        Play short_ = Play.roll(task, map("job-level", 0, "objectives", 1, "difficulty-factors", 2, "kisses", 1),
                6, 3);
        // needs two more: P(the new chain throws at least two 6s) = 1/36
        assertThat(short_.odds(short_.kissMove("x1")).probability("pass"), is(f(1, 36)));
    }
}
