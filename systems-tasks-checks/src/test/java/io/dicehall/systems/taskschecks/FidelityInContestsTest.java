package io.dicehall.systems.taskschecks;

import static io.dicehall.systems.taskschecks.Play.map;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;

import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.contract.BruteForce;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.odds.Chance;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.odds.Plan;
import io.dicehall.api.state.MoveOption;
import io.dicehall.api.state.RollState;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Fidelity in rolls with several rollers (Group Checks, Versus Checks, Opposed Tasks): each roller spends their
 * own points while the KISS round is open, and their dice count at once at the advanced rank.
 */
class FidelityInContestsTest {

    private final GroupCheckProcedure group = new GroupCheckProcedure();
    private final VersusCheckProcedure versus = new VersusCheckProcedure();
    private final OpposedTaskProcedure opposed = new OpposedTaskProcedure();

    private static Map<String, Object> p(String name, int rank, int stress, int kisses, int fidelity) {
        return map("name", name, "rank", rank, "stress", stress, "kisses", kisses, "fidelity", fidelity);
    }

    private static Map<String, Object> side(String name, int level, int rank, int kisses, int fidelity) {
        return map("name", name, "job-level", level, "rank", rank, "objectives", 1, "difficulty-factors", 0,
                "kisses", kisses, "fidelity", fidelity);
    }

    @Test
    void eachContestantSpendsTheirOwnFidelityAndTheirDiceCountAtOnce() {
        // Ada rank 5 (fidelity 2) throws 4, 4, 3; Bo rank 4 (none) throws 4, 1, 1
        Play play = Play.roll(versus, map("contestants", List.of(p("Ada", 5, 0, 0, 2), p("Bo", 4, 0, 0, 0))),
                4, 4, 3, 4, 1, 1);
        assertThat(play.tally("p1-successes"), is(0));
        assertThat(play.outcome(), is("winner"));
        MoveOption fidelity = play.state.move("fidelity").orElseThrow();
        assertThat(fidelity.form().fields().stream().map(f -> f.name()).toList(), contains("p1"));
        play.make(play.move("fidelity", "p1", 1));
        assertThat(play.tally("p1-successes"), is(2));
        play.make(play.move("fidelity", "p1", 1));
        assertThat(play.tally("p1-successes"), is(3));
        assertThat(play.state.tally("winner").orElseThrow().text(), is("Ada"));
        // no Fidelity left to change anything, no KISS, no 6: the roll is over
        assertThat(play.state.complete(), is(true));
    }

    @Test
    void aGroupCheckParticipantHasFidelityToo() {
        assertThat(group.form().field("participants").map(f -> ((io.dicehall.api.form.GroupField) f).fields().fields()
                .stream().map(io.dicehall.api.form.Field::name).toList()).orElseThrow(),
                org.hamcrest.Matchers.hasItem("fidelity"));
    }

    @Test
    void spendingNoPointIsRefusedWithTheRuleNamed() {
        Play play = Play.roll(versus, map("contestants", List.of(p("Ada", 5, 0, 1, 1), p("Bo", 5, 0, 1, 1))),
                1, 1, 1, 1, 1, 1);
        Move none = play.move("fidelity", "p1", 0, "p2", 0);
        assertThat(play.refusal(none), not(empty()));
        assertThat(play.refusal(play.move("fidelity", "p1", 1, "p2", 0)), empty());
    }

    @Test
    void decisionOddsOfFidelityInAContestAreWhatTheMoveLeaves() {
        Inputs inputs = InputChecker.check(versus.form(), map("contestants", List.of(p("Ada", 5, 0, 1, 1),
                p("Bo", 5, 0, 1, 0)))).orThrow();
        for (long seed = 1; seed <= 20; seed++) {
            RollState state = versus.start(inputs, Dice.seeded(seed));
            if (state.move("fidelity").isEmpty()) {
                continue;
            }
            Move move = new Move("fidelity", InputChecker.check(state.move("fidelity").orElseThrow().form(), Map.of())
                    .orThrow());
            RollState after = versus.apply(inputs, state, move, Dice.scripted());
            Odds odds = versus.odds(inputs, state, move).orElseThrow();
            assertThat(odds.probability(after.outcome().id()), equalTo(Fraction.ONE));
        }
    }

    /** Fidelity spent at once after the throw reads the dice as if thrown at the advanced rank. */
    @Test
    void theFidelityPlanIsThePlanAtTheAdvancedRank() {
        Odds withFidelity = opposed.odds(InputChecker.check(opposed.form(), map("sides", List.of(
                side("Ada", 3, 5, 1, 2), side("Bo", 2, 4, 1, 0)))).orThrow());
        Odds advanced = opposed.odds(InputChecker.check(opposed.form(), map("sides", List.of(
                side("Ada", 3, 3, 1, 0), side("Bo", 2, 4, 1, 0)))).orThrow());
        assertThat(plan(withFidelity, "fidelity-kiss-all-ego"), equalTo(plan(advanced, "kiss-all-ego")));
        Odds versus3 = versus.odds(InputChecker.check(versus.form(), map("contestants", List.of(p("A", 4, 0, 1, 1),
                p("B", 6, 1, 2, 4)))).orThrow());
        Odds versusAdvanced = versus.odds(InputChecker.check(versus.form(), map("contestants", List.of(
                p("A", 3, 0, 1, 0), p("B", 2, 1, 2, 0)))).orThrow());
        assertThat(plan(versus3, "fidelity-kiss-all-ego"), equalTo(plan(versusAdvanced, "kiss-all-ego")));
        // without Fidelity to spend, no such plan
        assertThat(versusAdvanced.plans().stream().map(Plan::id).toList(), not(org.hamcrest.Matchers.hasItem(
                "fidelity-kiss-all-ego")));
    }

    private static List<Chance> plan(Odds odds, String id) {
        return odds.plans().stream().filter(p -> p.id().equals(id)).findFirst().orElseThrow().outcomes();
    }

    /** An Opposed Task side spends Fidelity on its own pool only; help dice keep their helper's rank. */
    @Test
    void anOpposedSideAdvancesItsOwnPool() {
        Map<String, Object> ada = side("Ada", 2, 5, 0, 1);
        ada.put("helpers", List.of(map("name", "Cy", "rank", 5)));
        Play play = Play.roll(opposed, map("sides", List.of(ada, side("Bo", 1, 4, 0, 0))), 4, 4, 4, 1);
        assertThat(play.tally("s1-successes"), is(0));
        play.make(play.move("fidelity", "s1", 1));
        assertThat(play.tally("s1-successes"), is(2));
        assertThat(play.outcome(), is("winner"));
    }
}
