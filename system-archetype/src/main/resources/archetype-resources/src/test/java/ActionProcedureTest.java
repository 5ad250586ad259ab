package ${package};

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.is;

import io.dicehall.api.Dice;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.state.Die;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Verdict;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The stated roll: the dice as thrown and read, and the odds it derives against values counted by hand. */
class ActionProcedureTest {

    private final ActionProcedure action = new ActionProcedure();

    private Inputs inputs(Map<String, Object> raw) {
        return InputChecker.check(action.form(), raw).orThrow();
    }

    @Test
    void theHighestDieDecidesAndEachDieShowsWhatItCounts() {
        RollState state = action.start(inputs(Map.of("rating", 2, "help", true)), Dice.scripted(3, 5, 1));
        assertThat(state.outcome().id(), is("partial"));
        assertThat(state.tally("highest").orElseThrow().value(), is(5));
        assertThat(state.dice().stream().map(Die::verdict).toList(),
                contains(Verdict.FAILURE, Verdict.PARTIAL, Verdict.FAILURE));
        assertThat(state.complete(), is(true));
    }

    @Test
    void withNoDiceTheLowerOfTwoCounts() {
        RollState state = action.start(inputs(Map.of("rating", 0)), Dice.scripted(6, 6));
        assertThat("two 6s, but no critical without dice", state.outcome().id(), is("success"));
        assertThat(state.dice().stream().map(Die::verdict).toList(), contains(Verdict.SUCCESS, Verdict.UNCOUNTED));
    }

    @Test
    void oddsAreCountedOverEveryFace() {
        // Two dice: 1 throw in 36 is two 6s; 10 have one 6; 16 are highest 4 or 5; 9 are highest 3 or less.
        Odds two = action.odds(inputs(Map.of("rating", 2)));
        assertThat(two.probability("critical"), is(Fraction.of(1, 36)));
        assertThat(two.probability("success"), is(Fraction.of(10, 36)));
        assertThat(two.probability("partial"), is(Fraction.of(16, 36)));
        assertThat(two.probability("failure"), is(Fraction.of(9, 36)));
        // No dice: the lower of two is a 6 only on two 6s, and at least 4 on 9 throws of 36.
        Odds none = action.odds(inputs(Map.of("rating", 0)));
        assertThat(none.probability("success"), is(Fraction.of(1, 36)));
        assertThat(none.probability("partial"), is(Fraction.of(8, 36)));
        assertThat(none.probability("critical"), is(Fraction.ZERO));
    }
}
