package ${package};

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.is;

import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.state.Die;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Verdict;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The rules, with scripted dice, and the odds against values counted by hand. */
class CheckProcedureTest {

    private final CheckProcedure check = new CheckProcedure();

    private Inputs inputs(Map<String, Object> raw) {
        return InputChecker.check(check.form(), raw).orThrow();
    }

    @Test
    void advantageKeepsTheBestTwoAndDropsTheThird() {
        RollState state = check.start(inputs(Map.of("advantage", true)), Dice.scripted(6, 2, 5));
        assertThat(state.tally("total").orElseThrow().value(), is(11));
        assertThat(state.outcome().id(), is("hit"));
        assertThat(state.dice().stream().map(Die::verdict).toList(),
                contains(Verdict.NEUTRAL, Verdict.UNCOUNTED, Verdict.NEUTRAL));
        assertThat(state.complete(), is(true));
    }

    @Test
    void luckRerollsTheDieThePlayerPicks() {
        Inputs inputs = inputs(Map.of("luck", 1));
        RollState first = check.start(inputs, Dice.scripted(1, 2));
        assertThat(first.outcome().id(), is("miss"));
        assertThat(first.move("reroll").isPresent(), is(true));

        Move reroll = new Move("reroll", InputChecker.check(first.move("reroll").orElseThrow().form(),
                Map.of("die", "d1")).orThrow());
        RollState next = check.apply(inputs, first, reroll, Dice.scripted(6));
        assertThat(next.tally("total").orElseThrow().value(), is(8));
        assertThat(next.outcome().id(), is("partial"));
        assertThat(next.die("d1").orElseThrow().previous().face(), is(1));
        assertThat("no luck left", next.complete(), is(true));
    }

    @Test
    void oddsAreCountedOverEveryFace() {
        // 2d6: 15 of the 36 throws total 6 or less, 15 total 7 to 9, and 6 total 10 or more.
        Odds plain = check.odds(inputs(Map.of()));
        assertThat(plain.probability("miss"), is(Fraction.of(15, 36)));
        assertThat(plain.probability("partial"), is(Fraction.of(15, 36)));
        assertThat(plain.probability("hit"), is(Fraction.of(6, 36)));

        // With advantage and +1: count all 216 throws of 3d6, keeping the best two.
        var counts = new HashMap<String, Integer>();
        for (int a = 1; a <= 6; a++) {
            for (int b = 1; b <= 6; b++) {
                for (int c = 1; c <= 6; c++) {
                    int total = a + b + c - Math.min(a, Math.min(b, c)) + 1;
                    counts.merge(total >= 10 ? "hit" : total >= 7 ? "partial" : "miss", 1, Integer::sum);
                }
            }
        }
        Odds advantage = check.odds(inputs(Map.of("advantage", true, "modifier", 1)));
        for (String outcome : counts.keySet()) {
            assertThat(outcome, advantage.probability(outcome), is(Fraction.of(counts.get(outcome), 216)));
        }
    }

    @Test
    void rerollOddsAreTheOtherDicePlusAFreshOne() {
        Inputs inputs = inputs(Map.of("luck", 2));
        RollState state = check.start(inputs, Dice.scripted(1, 2));
        Form form = state.move("reroll").orElseThrow().form();
        Move reroll = new Move("reroll", InputChecker.check(form, Map.of("die", "d1")).orThrow());
        // 2 plus a fresh d6: 3 to 6 is a miss, 7 or 8 a partial hit.
        Odds odds = check.odds(inputs, state, reroll).orElseThrow();
        assertThat(odds.probability("miss"), is(Fraction.of(4, 6)));
        assertThat(odds.probability("partial"), is(Fraction.of(2, 6)));
        assertThat(odds.probability("hit"), is(Fraction.ZERO));
    }
}
