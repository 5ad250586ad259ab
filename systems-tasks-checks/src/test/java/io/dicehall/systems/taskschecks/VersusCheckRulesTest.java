package io.dicehall.systems.taskschecks;

import static io.dicehall.systems.taskschecks.Play.f;
import static io.dicehall.systems.taskschecks.Play.map;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.is;

import io.dicehall.api.form.InputChecker;
import io.dicehall.api.odds.Odds;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Versus Checks (the Versus Checks page): most successes wins; a shared top is a tie. */
class VersusCheckRulesTest {

    private final VersusCheckProcedure versus = new VersusCheckProcedure();

    private static Map<String, Object> c(String name, int rank, int stress, int kisses) {
        return map("name", name, "rank", rank, "stress", stress, "kisses", kisses);
    }

    @Test
    void theMostSuccessesWins() {
        Play play = Play.roll(versus, map("contestants", List.of(c("Ada", 4, 0, 0), c("Bo", 4, 0, 0))),
                4, 5, 1, 4, 1, 1);
        assertThat(play.outcome(), is("winner"));
        assertThat(play.state.tally("winner").orElseThrow().text(), is("Ada"));
        assertThat(play.state.flagged("p1-wins"), is(true));
        assertThat(play.state.outcome().description(), containsString("Ada wins with 2 successes"));
    }

    @Test
    void aSharedTopIsATieEvenWhenOthersTrail() {
        Play play = Play.roll(versus, map("contestants", List.of(c("Ada", 4, 0, 0), c("Bo", 4, 0, 0),
                c("Cy", 4, 0, 0))), 4, 5, 1, 4, 1, 6, 1, 1, 1);
        assertThat(play.outcome(), is("tie"));
        assertThat(play.state.tally("winner").orElseThrow().text(), is("tie: Ada and Bo"));
        assertThat(Play.roll(versus, map("contestants", List.of(c("Ada", 6, 2, 0), c("Bo", 6, 2, 0))), 1, 2)
                .outcome(), is("tie"));
    }

    @Test
    void eachContestantKissesOnlyWithTheirOwnKisses() {
        Play play = Play.roll(versus, map("contestants", List.of(c("Ada", 4, 0, 1), c("Bo", 4, 0, 0))),
                4, 4, 1, 1, 1, 1);
        assertThat(play.refusal(play.kissMove("p2-d1")).get(0).message(), containsString("Bo picked 1 dice but has 0"
                + " KISSes"));
        assertThat(play.refusal(play.kissMove("p1-d3")), empty());
        // with nobody able to pay, no KISS is offered at all
        Play none = Play.roll(versus, map("contestants", List.of(c("Ada", 4, 0, 1), c("Bo", 4, 0, 0))),
                6, 6, 6, 1, 1, 1);
        assertThat(none.state.move("kiss").isPresent(), is(false));
        Play other = Play.roll(versus, map("contestants", List.of(c("Ada", 4, 0, 1), c("Bo", 4, 0, 1))),
                4, 4, 1, 1, 1, 1);
        assertThat(other.refusal(other.kissMove("p1-d3", "p2-d1")), empty());
        other.kiss(Play.faces(5, 2), "p1-d3", "p2-d1");
        assertThat(other.outcome(), is("winner"));
        assertThat(other.tally("p1-successes"), is(3));
    }

    @Test
    void twoToEightContestants() {
        Map<String, Object> one = c("", 5, 0, 0);
        assertThat(InputChecker.check(versus.form(), map("contestants", List.of(one))).ok(), is(false));
        assertThat(InputChecker.check(versus.form(), map("contestants", Collections.nCopies(8, one))).ok(), is(true));
        assertThat(InputChecker.check(versus.form(), map("contestants", Collections.nCopies(9, one))).ok(), is(false));
    }

    @Test
    void oddsOfTwoSingleDice() {
        // one rank-5 die each (stress 2): each wins 1/3 · 2/3 = 2/9; they tie 5/9
        Odds odds = versus.odds(Play.inputs(versus, "contestants", List.of(c("Ada", 5, 2, 0), c("Bo", 5, 2, 0))));
        assertThat(odds.probability("winner"), is(f(4, 9)));
        assertThat(odds.probability("tie"), is(f(5, 9)));
        assertThat(odds.flags().get(0).probability(), is(f(2, 9)));
        // a KISS each: success 1/3 + 2/3 · 1/3 = 5/9; each wins 5/9 · 4/9 = 20/81
        Odds kissing = versus.odds(Play.inputs(versus, "contestants", List.of(c("Ada", 5, 2, 1), c("Bo", 5, 2, 1))));
        assertThat(kissing.plans().get(0).outcomes().get(1).probability(), is(f(40, 81)));
    }
}
