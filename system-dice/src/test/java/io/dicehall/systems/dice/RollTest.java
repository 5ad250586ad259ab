package io.dicehall.systems.dice;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.in;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.nullValue;

import io.dicehall.api.Dice;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.state.Die;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Tone;
import io.dicehall.api.state.Verdict;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The roll itself, on scripted faces: which dice are thrown, what each counts as, the totals and the outcome. */
class RollTest {

    private static List<Verdict> verdicts(RollState state) {
        return state.dice().stream().map(Die::verdict).toList();
    }

    private static List<Integer> faces(RollState state) {
        return state.dice().stream().map(Die::face).toList();
    }

    @Test
    void keepHighestDropsTheLowestDieAndShowsIt() {
        RollState state = Rolls.roll("4d6kh3", 6, 1, 5, 3);
        assertThat(state.tally("total-1").orElseThrow().value(), is(14));
        assertThat(verdicts(state), contains(Verdict.NEUTRAL, Verdict.UNCOUNTED, Verdict.NEUTRAL, Verdict.NEUTRAL));
        assertThat(state.groups().get(0).label(), is("4d6kh3 (4d6kh3)"));
        assertThat(state.history().get(0).text(), containsString("6, [1], 5, 3 = 14"));
        assertThat(state.outcome().id(), is("rolled"));
        assertThat(state.outcome().tone(), is(Tone.PENDING));
        assertThat(state.outcome().description(), is("Total 14"));
        assertThat(state.complete(), is(true));
    }

    @Test
    void tiesKeepTheDieThrownFirst() {
        RollState state = Rolls.roll("3d6kl1", 2, 2, 5);
        assertThat(verdicts(state), contains(Verdict.NEUTRAL, Verdict.UNCOUNTED, Verdict.UNCOUNTED));
        assertThat(state.tally("total-1").orElseThrow().value(), is(2));
    }

    @Test
    void aRerolledDieRemembersItsFormerFaces() {
        RollState state = Rolls.roll("2d6r1", 1, 1, 4, 6);
        Die first = state.dice().get(0);
        assertThat(first.face(), is(4));
        assertThat(first.previous().face(), is(1));
        assertThat(first.previous().previous().face(), is(1));
        assertThat(first.previous().previous().previous(), nullValue());
        assertThat(state.dice().get(1).previous(), nullValue());
        assertThat(state.tally("total-1").orElseThrow().value(), is(10));
        assertThat(state.history().get(0).text(), containsString("1→1→4, 6 = 10"));
        // Once only: the second 1 stands.
        assertThat(Rolls.roll("1d6ro1", 1, 1).tally("total-1").orElseThrow().value(), is(1));
    }

    @Test
    void explodingDiceAddADieForEachExtraRollAndCompoundingAddsIntoOne() {
        RollState state = Rolls.roll("2d6!", 6, 6, 2, 3);
        assertThat(faces(state), contains(6, 6, 2, 3));
        assertThat(state.dice().get(1).id(), is("e1-t1-1-x1"));
        assertThat(state.tally("total-1").orElseThrow().value(), is(17));
        assertThat(state.history().get(0).text(), containsString("6!+6!+2, 3 = 17"));
        RollState kept = Rolls.roll("2d6!!kh1", 6, 1, 5);
        assertThat(kept.tally("total-1").orElseThrow().value(), is(7));
        assertThat(verdicts(kept), contains(Verdict.NEUTRAL, Verdict.NEUTRAL, Verdict.UNCOUNTED));
    }

    @Test
    void explosionsStopAtTheCap() {
        int[] sixes = new int[11];
        java.util.Arrays.fill(sixes, 6);
        RollState state = Rolls.roll("1d6!", sixes);
        assertThat(state.dice().size(), is(11));
        assertThat(state.tally("total-1").orElseThrow().value(), is(66));
    }

    @Test
    void successCountingMarksEachDie() {
        RollState state = Rolls.roll("4d10>=8f1", 9, 1, 5, 10);
        assertThat(verdicts(state), contains(Verdict.SUCCESS, Verdict.TROUBLE, Verdict.FAILURE, Verdict.SUCCESS));
        assertThat(state.tally("total-1").orElseThrow().value(), is(1));
        // Exploding separately: each roll counts on its own.
        RollState exploding = Rolls.roll("1d10!10>=8", 10, 8);
        assertThat(exploding.tally("total-1").orElseThrow().value(), is(2));
    }

    @Test
    void fudgeDiceReadMinusBlankPlus() {
        RollState state = Rolls.roll("3dF", 1, 2, 3);
        assertThat(state.dice().stream().map(Die::reading).toList(), contains("−", " ", "+"));
        assertThat(state.dice().get(0).type(), is("dF"));
        assertThat(state.tally("total-1").orElseThrow().value(), is(0));
    }

    @Test
    void targetsDecideTheOutcome() {
        RollState hit = Rolls.roll("1d20+5 >= 15 to hit, 2d6+3 damage", 10, 4, 5);
        assertThat(hit.outcome().id(), is("success"));
        assertThat(hit.outcome().tone(), is(Tone.GOOD));
        assertThat(hit.tally("total-1").orElseThrow().text(), is("15 (target >=15: met)"));
        assertThat(hit.tally("total-1").orElseThrow().label(), is("to hit"));
        assertThat(hit.tally("total-2").orElseThrow().value(), is(12));
        assertThat(hit.flagged("target-1"), is(true));
        assertThat(Rolls.roll("1d20+5 >= 15", 9).outcome().id(), is("failure"));
        RollState mixed = Rolls.roll("1d6 >= 4 a, 1d6 >= 4 b", 4, 3);
        assertThat(mixed.outcome().id(), is("mixed"));
        assertThat(mixed.outcome().tone(), is(Tone.MIXED));
    }

    @Test
    void arithmeticRoundsDown() {
        assertThat(Rolls.roll("(1d6-8)/2", 1).tally("total-1").orElseThrow().value(), is(-4));
        assertThat(Rolls.roll("1d6*1d4/3", 5, 2).tally("total-1").orElseThrow().value(), is(3));
        assertThat(Rolls.roll("-1d4+10", 3).tally("total-1").orElseThrow().value(), is(7));
    }

    /**
     * Random expressions drawn from the whole grammar: each parses, and is refused only for a divisor that can be 0
     * or a limit; each accepted one rolls to a complete state with a declared outcome and one tally per
     * expression, whose odds are over the declared outcomes.
     */
    @Test
    void randomExpressionsOfTheWholeGrammarRollWithOneTallyPerExpression() {
        var notation = new RandomNotation(20_261_122L);
        var declared = Rolls.ROLL.outcomes().stream().map(Outcome::id).toList();
        int rolled = 0;
        for (int i = 0; i < 300; i++) {
            String expression = notation.roll();
            var refused = Rolls.violations(expression);
            if (!refused.isEmpty()) {
                String message = refused.get(0).message();
                assertThat(expression + ": " + message, message.contains("divides by") || message.contains("at most"),
                        is(true));
                continue;
            }
            rolled++;
            Inputs inputs = Rolls.inputs(expression);
            RollState state = Rolls.ROLL.start(inputs, Dice.seeded(i));
            assertThat(expression, state.complete(), is(true));
            assertThat(expression, state.outcome().id(), is(in(declared)));
            assertThat(expression, state.tallies().size(), is(Rolls.ROLL.distributions(inputs).size()));
            assertThat(expression, Rolls.ROLL.odds(inputs).outcomes().stream().map(c -> c.id()).toList(),
                    equalTo(declared));
        }
        assertThat("random expressions rolled", rolled, greaterThan(150));
    }
}
