package io.dicehall.api.stated;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.IntegerField;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.play.Goal;
import io.dicehall.api.play.Solver;
import io.dicehall.api.state.Die;
import io.dicehall.api.state.MoveOption;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Tone;
import io.dicehall.api.state.Verdict;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Re-rolls declared once: the moves, what they do, the odds of each and best play, all from the statement. */
class RerollsTest {

    static final List<Outcome> OUTCOMES = List.of(Outcome.of("miss", "Miss", Tone.BAD),
            Outcome.of("hit", "Hit", Tone.GOOD));

    /** 2d6: a total of 9 or more hits; luck re-rolls a die, until a hit. */
    static class Lucky extends StatedProcedure {
        Lucky() {
            super("lucky", "Lucky", "2d6, 9 or more; luck re-rolls a die.",
                    Form.of(IntegerField.of("luck", "Luck", 0, 2, 1)), OUTCOMES);
        }

        @Override
        public Throw thrown(Inputs inputs) {
            return Throw.dice(2, 6);
        }

        @Override
        public Reading<?> reading(Inputs inputs) {
            return Reading.fold(0, (sum, face) -> sum + face,
                    sum -> Read.as(sum >= 9 ? "hit" : "miss").tally("total", "Total", sum));
        }

        @Override
        public Rerolls rerolls(Inputs inputs) {
            return Rerolls.upTo(inputs.integer("luck")).until("hit").label("Spend luck");
        }
    }

    private static final Lucky LUCKY = new Lucky();

    private static Inputs luck(int luck) {
        return InputChecker.check(LUCKY.form(), Map.of("luck", luck)).orThrow();
    }

    private static Dice faces(int... faces) {
        Iterator<Integer> next = java.util.Arrays.stream(faces).iterator();
        return sides -> next.next();
    }

    private static Move reroll(RollState state, String die) {
        MoveOption option = state.move(Rerolls.REROLL).orElseThrow();
        return new Move(Rerolls.REROLL, InputChecker.check(option.form(), Map.of("die", die)).orThrow());
    }

    @Test
    void aMissWithLuckLeftOffersARerollOfEachDieAndStopping() {
        RollState state = LUCKY.start(luck(1), faces(2, 5));
        assertThat(state.outcome().id(), is("miss"));
        assertThat(state.complete(), is(false));
        assertThat(state.moves().stream().map(MoveOption::id).toList(), contains(Rerolls.REROLL, Rerolls.ACCEPT));
        assertThat(state.move(Rerolls.REROLL).orElseThrow().label(), is("Spend luck"));
        assertThat(state.move(Rerolls.REROLL).orElseThrow().hasOdds(), is(true));
        assertThat(state.memoInt(Rerolls.LEFT, -1), is(1));
    }

    @Test
    void aRerollThrowsThePickedDieAgainAndReadsTheDiceAgain() {
        RollState state = LUCKY.start(luck(2), faces(2, 5));
        RollState next = LUCKY.apply(luck(2), state, reroll(state, "d1"), faces(3));
        assertThat(next.dice().stream().map(Die::face).toList(), contains(3, 5));
        assertThat(next.dice().get(0).previous().face(), is(2));
        assertThat(next.tally("total").orElseThrow().value(), is(8));
        assertThat(next.memoInt(Rerolls.LEFT, -1), is(1));
        assertThat(next.complete(), is(false));
        // The last point of luck, and a hit: the roll ends.
        RollState last = LUCKY.apply(luck(2), next, reroll(next, "d1"), faces(6));
        assertThat(last.outcome().id(), is("hit"));
        assertThat(last.complete(), is(true));
        assertThat(last.moves(), empty());
    }

    @Test
    void aHitOrNoLuckEndsTheRollAtOnceAndStoppingKeepsTheDice() {
        assertThat(LUCKY.start(luck(2), faces(4, 5)).complete(), is(true));
        assertThat(LUCKY.start(luck(0), faces(1, 1)).complete(), is(true));
        RollState state = LUCKY.start(luck(1), faces(1, 1));
        RollState kept = LUCKY.apply(luck(1), state,
                new Move(Rerolls.ACCEPT, InputChecker.check(Form.EMPTY, Map.of()).orThrow()), faces());
        assertThat(kept.complete(), is(true));
        assertThat(kept.dice(), is(state.dice()));
        assertThat(kept.outcome().id(), is("miss"));
    }

    @Test
    void theOddsOfARerollAreThePickedDieThrownAgain() {
        RollState state = LUCKY.start(luck(1), faces(2, 5));
        Odds odds = LUCKY.odds(luck(1), state, reroll(state, "d1")).orElseThrow();
        // 5 + a fresh d6 is 9 or more on a 4, 5 or 6.
        assertThat(odds.probability("hit"), is(Fraction.of(1, 2)));
        // 2 + a fresh d6 never reaches 9.
        assertThat(LUCKY.odds(luck(1), state, reroll(state, "d2")).orElseThrow().probability("hit"),
                is(Fraction.ZERO));
    }

    @Test
    void bestPlayRerollsTheLowerDie() {
        // One point of luck: keep a hit (10/36), else re-roll the lower die. Counted by hand over 36 throws:
        // a miss whose higher die is h hits after the re-roll on (h - 2) of 6 faces when h >= 3.
        Fraction p = Fraction.of(10, 36);
        for (int a = 1; a <= 6; a++) {
            for (int b = 1; b <= 6; b++) {
                if (a + b < 9) {
                    int high = Math.max(a, b);
                    p = p.plus(Fraction.of(Math.max(0, high + 6 - 8), 36 * 6));
                }
            }
        }
        Goal hit = LUCKY.outcomeOrder().goal("hit");
        assertThat(Solver.standard().beforeRoll(LUCKY, luck(1), hit).orElseThrow().probability(), is(p));
        RollState state = LUCKY.start(luck(1), faces(2, 5));
        var best = Solver.standard().at(LUCKY, luck(1), state, hit).orElseThrow().bestMove().orElseThrow();
        assertThat(best.move().inputs().choice("die"), is("d1"));
    }

    @Test
    void rerollsAreAtLeastZero() {
        assertThrows(IllegalArgumentException.class, () -> Rerolls.upTo(-1));
        assertThat(Rerolls.upTo(0), is(Rerolls.none()));
        assertThat(Rerolls.none().times(), is(0));
    }

    @Test
    void sortedThrowsCountEachSizesMultisetsOfFaces() {
        assertThat(Throw.dice(10, 6).sortedThrows(), is(java.math.BigInteger.valueOf(3003)));
        // 8 faces of the d8, times the 21 sorted pairs of 2d6.
        assertThat(Throw.dice(1, 8).and(2, 6).sortedThrows(), is(java.math.BigInteger.valueOf(168)));
        assertThat(Throw.none().sortedThrows(), is(java.math.BigInteger.ONE));
    }

    @Test
    void aPoolTooLargeToListItsSortedThrowsHasNoGame() {
        var huge = new Lucky() {
            @Override
            public Throw thrown(Inputs inputs) {
                return Throw.dice(60, 6);
            }
        };
        assertThat(huge.game(luck(1)).isPresent(), is(false));
        assertThat(LUCKY.game(luck(1)).isPresent(), is(true));
    }

    @Test
    void reRollsThatEndAtAnUndeclaredOutcomeFailAtTheFirstThrow() {
        var typo = new Lucky() {
            @Override
            public Rerolls rerolls(Inputs inputs) {
                return Rerolls.upTo(1).until("hti");
            }
        };
        var failure = assertThrows(IllegalStateException.class, () -> typo.start(luck(1), faces(1, 1)));
        assertThat(failure.getMessage(), org.hamcrest.Matchers.containsString("the outcome hti"));
    }
}
