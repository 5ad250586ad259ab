package io.dicehall.systems.taskschecks;

import static io.dicehall.systems.taskschecks.Play.map;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;

import io.dicehall.api.Dice;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.Violation;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.state.RollState;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Slow Checks (the Checks page): an automatic pass as two successes, timed by rank; refused at 2 stress. */
class SlowCheckTest {

    private final SlowCheckProcedure slow = new SlowCheckProcedure();

    @Test
    void passesAsTwoSuccessesAfterTheRanksDuration() {
        String[] expected = {"5–10", "10–15", "20–30", "30–45", "60–90", "120–180"};
        for (int rank = 1; rank <= 6; rank++) {
            RollState state = slow.start(Play.inputs(slow, "rank", rank), Dice.scripted());
            assertThat(state.outcome().id(), is("automatic-pass"));
            assertThat(state.tally("successes").orElseThrow().value(), is(2));
            assertThat(state.tally("duration").orElseThrow().text(), containsString(expected[rank - 1] + " minutes"));
            assertThat(state.complete(), is(true));
            assertThat(state.groups(), empty());
        }
    }

    @Test
    void isRefusedAtTwoStressWithAClearMessage() {
        assertThat(slow.check(Play.inputs(slow, "stress", 1)), empty());
        List<Violation> refused = slow.check(Play.inputs(slow, "stress", 2));
        assertThat(refused, hasSize(1));
        assertThat(refused.get(0).field(), is("stress"));
        assertThat(refused.get(0).message(), containsString("not allowed with 2 stress"));
    }

    @Test
    void alwaysPasses() {
        Inputs inputs = Play.inputs(slow, "rank", 6);
        assertThat(slow.odds(inputs).probability("automatic-pass"), is(Fraction.ONE));
        assertThat(Play.roll(slow, map("rank", 3)).state.history().get(0).text(), containsString("20–30"));
    }
}
