package io.dicehall.systems.taskschecks;

import static io.dicehall.systems.taskschecks.Play.map;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;

import io.dicehall.api.Move;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Violation;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Group Checks (the Checks page): the goal, the group's outcome, stress and lending KISSes. */
class GroupCheckRulesTest {

    private final GroupCheckProcedure group = new GroupCheckProcedure();

    private static Map<String, Object> p(String name, int rank, int stress, int kisses) {
        return map("name", name, "rank", rank, "stress", stress, "kisses", kisses);
    }

    private static Map<String, Object> two(int kissesA, int kissesB) {
        return map("participants", List.of(p("Ada", 4, 0, kissesA), p("Bo", 4, 0, kissesB)));
    }

    @Test
    void goalIsTwicetheParticipantsAndFlyingColorsIsOnePerParticipantMore() {
        // two participants: goal 4, flying colors at 6; rank 4
        assertThat(Play.roll(group, two(0, 0), 4, 4, 4, 1, 1, 1).outcome(), is("group-fails-with-twist"));
        Play four = Play.roll(group, two(0, 0), 4, 4, 4, 4, 1, 1);
        assertThat(four.outcome(), is("group-passes"));
        assertThat(four.tally("goal"), is(4));
        assertThat(four.tally("successes"), is(4));
        assertThat(Play.roll(group, two(0, 0), 4, 4, 4, 4, 4, 1).outcome(), is("group-passes"));
        assertThat(Play.roll(group, two(0, 0), 4, 4, 4, 4, 4, 4).outcome(), is("group-flying-colors"));
    }

    @Test
    void eachParticipantRollsTheirOwnCheckPoolAtTheirOwnRank() {
        Play play = Play.roll(group, map("participants", List.of(p("Ada", 2, 0, 0), p("Bo", 6, 2, 0))), 2, 2, 2, 5);
        assertThat(play.faces("p1-pool"), hasSize(3));
        assertThat(play.faces("p2-pool"), hasSize(1));
        assertThat(play.tally("p1-successes"), is(3));
        assertThat(play.tally("p2-successes"), is(0));
    }

    @Test
    void whenStressfulOnlyThoseWhoFailedTheirPartTakeStress() {
        Map<String, Object> raw = map("participants", List.of(p("Ada", 4, 0, 0), p("Bo", 4, 0, 0)), "stressful", true);
        Play play = Play.roll(group, raw, 4, 4, 1, 4, 1, 1);
        assertThat(play.state.flagged("p1-stress"), is(false));
        assertThat(play.state.flagged("p2-stress"), is(true));
    }

    @Test
    void participantsKissTheirOwnFailedDice() {
        Play play = Play.roll(group, two(1, 0), 1, 4, 4, 4, 1, 4);
        assertThat(play.refusal(play.kissMove("p1-d1")), empty());
        List<Violation> refused = play.refusal(play.kissMove("p2-d2"));
        assertThat(refused, hasSize(1));
        assertThat(refused.get(0).message(), containsString("only a participant whose dice all landed as successes"));
    }

    @Test
    void thoseWhoseDiceAllSucceededLendTheirKisses() {
        // Ada's dice all succeed and she has 2 KISSes; Bo has none but 2 failed dice
        Play play = Play.roll(group, two(2, 0), 4, 5, 6, 1, 2, 4);
        play.kiss(Play.faces(4, 3), "p2-d1", "p2-d2");
        assertThat(play.tally("p2-successes"), is(2));
        assertThat(play.outcome(), is("group-passes"));
        assertThat(play.state.history().get(1).text(), containsString("Ada lends 2 to Bo"));
        assertThat("one round of KISSing", play.moves().contains("kiss"), is(false));
    }

    @Test
    void lendingIsLimitedToTheLendersKisses() {
        Play play = Play.roll(group, two(1, 0), 4, 5, 6, 1, 2, 4);
        List<Violation> refused = play.refusal(play.kissMove("p2-d1", "p2-d2"));
        assertThat(refused, hasSize(1));
        assertThat(refused.get(0).message(), containsString("can lend only 1 (Ada 1)"));
    }

    @Test
    void aParticipantWithAFailedDieCannotLend() {
        // both have a failed die; Ada has 3 KISSes, Bo none
        Play play = Play.roll(group, two(3, 0), 4, 5, 1, 1, 4, 4);
        assertThat(play.refusal(play.kissMove("p1-d3")), empty());
        assertThat(play.refusal(play.kissMove("p2-d1")).get(0).message(),
                containsString("nobody whose own dice all succeeded has KISSes to lend"));
    }

    @Test
    void allKissesAreDeclaredThenThrownTogetherOnce() {
        Play play = Play.roll(group, two(1, 1), 1, 4, 4, 4, 1, 4);
        Move both = play.kissMove("p1-d1", "p2-d2");
        play.make(both, 6, 2);
        assertThat(play.faces("p1-pool"), contains(6, 4, 4));
        assertThat(play.faces("p2-pool"), contains(4, 2, 4));
        assertThat(play.moves(), contains("ego", "accept"));
    }

    @Test
    void egoIsSpentPerParticipant() {
        Play play = Play.roll(group, two(0, 0), 6, 4, 1, 6, 1, 1);
        assertThat(play.tally("successes"), is(3));
        play.make(play.move("ego", "who", List.of("p2")));
        assertThat(play.tally("p2-successes"), is(2));
        assertThat(play.tally("p1-successes"), is(2));
        assertThat(play.outcome(), is("group-passes"));
        assertThat(play.state.flagged("p2-ego-spent"), is(true));
        // Ada may still spend hers
        assertThat(play.moves(), contains("ego", "accept"));
    }

    @Test
    void oneToEightParticipants() {
        Map<String, Object> participant = p("", 5, 0, 0);
        assertThat(InputChecker.check(group.form(), map("participants", List.of())).ok(), is(false));
        assertThat(InputChecker.check(group.form(), map("participants", Collections.nCopies(8, participant))).ok(),
                is(true));
        assertThat(InputChecker.check(group.form(), map("participants", Collections.nCopies(9, participant))).ok(),
                is(false));
        Play one = Play.roll(group, map("participants", List.of(participant)), 5, 5, 1);
        assertThat(one.tally("goal"), is(2));
        assertThat(one.outcome(), is("group-passes"));
        assertThat(one.state.tally("p1-successes").orElseThrow().label(), containsString("Participant 1"));
    }
}
