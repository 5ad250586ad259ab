package io.dicehall.api;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dicehall.api.form.Form;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.IntegerField;
import io.dicehall.api.form.Option;
import io.dicehall.api.form.PickField;
import io.dicehall.api.form.Violation;
import io.dicehall.api.odds.Dist;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.play.Solver;
import io.dicehall.api.state.MoveOption;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Tone;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A procedure in few methods: {@link BasicProcedure} checks its declarations once, {@link SingleThrowProcedure}
 * refuses moves and derives best play from its odds, {@link Procedure#apply} refuses by default; and the
 * records' factories build what their constructors build.
 */
class SlimProcedureTest {

    static final List<Outcome> OUTCOMES = List.of(Outcome.of("miss", "Miss", Tone.BAD),
            Outcome.of("hit", "Hit", Tone.GOOD).describedAs("At or under the target."));

    /** 1d6 at or under a target: two methods and a constructor. */
    static final class Under extends SingleThrowProcedure {
        Under() {
            super("under", "Under", "Roll 1d6 at or under a target.",
                    Form.of(IntegerField.of("target", "Target", 1, 6, 3)), OUTCOMES);
        }

        @Override
        public RollState start(Inputs inputs, Dice dice) {
            int face = dice.roll(6);
            return RollState.builder().step("start", "Rolled " + face)
                    .outcome(OUTCOMES.get(face <= inputs.integer("target") ? 1 : 0)).complete().build();
        }

        @Override
        public Odds odds(Inputs inputs) {
            Fraction hit = Dist.die(6).p(f -> f <= inputs.integer("target"));
            return Odds.over(OUTCOMES).add("miss", hit.complement()).add("hit", hit).build();
        }
    }

    @Test
    void aSingleThrowProcedureNeedsTwoMethodsAndGetsTheRest() {
        Procedure under = new Under();
        Inputs inputs = under.form().defaultInputs();
        assertThat(under.id(), is("under"));
        assertThat(under.outcomes(), equalTo(OUTCOMES));
        assertThat(under.check(inputs), equalTo(List.of()));
        assertThat(under.outcomeOrder().ordered(), is(true));
        RollState state = under.start(inputs, Dice.scripted(2));
        assertThat(state.outcome().id(), is("hit"));
        assertThat(under.odds(inputs, state, Move.of("accept")).isPresent(), is(false));
        // Best play is the odds of the outcomes that reach the goal: at least a hit, 3 in 6.
        var goal = under.outcomeOrder().goalByDefault();
        assertThat(Solver.standard().beforeRoll(under, inputs, goal).orElseThrow().probability(),
                is(Fraction.of(1, 2)));
        UnsupportedOperationException refused = assertThrows(UnsupportedOperationException.class,
                () -> under.apply(inputs, state, Move.of("push"), Dice.seeded(1)));
        assertThat(refused.getMessage(), containsString("under"));
        assertThat(refused.getMessage(), containsString("push"));
    }

    @Test
    void aProcedureWithoutMovesNeedNotWriteApply() {
        Procedure plain = new Procedure() {
            @Override
            public String id() {
                return "plain";
            }

            @Override
            public String name() {
                return "Plain";
            }

            @Override
            public String summary() {
                return "No moves.";
            }

            @Override
            public Form form() {
                return Form.EMPTY;
            }

            @Override
            public List<Outcome> outcomes() {
                return OUTCOMES;
            }

            @Override
            public RollState start(Inputs inputs, Dice dice) {
                return RollState.builder().step("start", "Rolled").outcome(OUTCOMES.get(0)).complete().build();
            }

            @Override
            public Odds odds(Inputs inputs) {
                return Odds.over(OUTCOMES).add("miss", Fraction.ONE).add("hit", Fraction.ZERO).build();
            }
        };
        RollState state = plain.start(Inputs.NONE, Dice.seeded(1));
        UnsupportedOperationException refused = assertThrows(UnsupportedOperationException.class,
                () -> plain.apply(Inputs.NONE, state, Move.of("accept"), Dice.seeded(1)));
        assertThat(refused.getMessage(), containsString("plain offers no moves"));
    }

    @Test
    void declarationsAreCheckedWhenTheProcedureIsMade() {
        assertThat(assertThrows(IllegalArgumentException.class, () -> declare("Not Kebab", OUTCOMES)).getMessage(),
                containsString("lower-kebab-case"));
        assertThat(assertThrows(IllegalArgumentException.class, () -> declare("empty", List.of())).getMessage(),
                containsString("declares no outcomes"));
        assertThat(assertThrows(IllegalArgumentException.class,
                () -> declare("twice", List.of(OUTCOMES.get(0), OUTCOMES.get(0)))).getMessage(),
                containsString("declares the outcome miss twice"));
        assertThrows(NullPointerException.class, () -> new BasicProcedure("no-form", "No form", "None.", null,
                OUTCOMES) {
            @Override
            public RollState start(Inputs inputs, Dice dice) {
                throw new AssertionError();
            }

            @Override
            public Odds odds(Inputs inputs) {
                throw new AssertionError();
            }
        });
        assertThat(declare("fine", OUTCOMES).toString(), containsString("[fine]"));
    }

    private static BasicProcedure declare(String id, List<Outcome> outcomes) {
        return new BasicProcedure(id, "Name", "Summary.", Form.EMPTY, outcomes) {
            @Override
            public RollState start(Inputs inputs, Dice dice) {
                throw new AssertionError();
            }

            @Override
            public Odds odds(Inputs inputs) {
                throw new AssertionError();
            }
        };
    }

    @Test
    void factoriesBuildWhatTheConstructorsBuild() {
        assertThat(Outcome.of("hit", "Hit", Tone.GOOD), equalTo(new Outcome("hit", "Hit", Tone.GOOD, "")));
        assertThat(Outcome.of("hit", "Hit", Tone.GOOD, "Yes."), equalTo(new Outcome("hit", "Hit", Tone.GOOD, "Yes.")));
        assertThat(Attribution.of("A", "W", "CC0 1.0").withLink("https://example.org"),
                equalTo(new Attribution("A", "W", "CC0 1.0", "https://example.org")));
        assertThat(MoveOption.of("push", "Push", Form.EMPTY).help("Once.").withOdds(),
                equalTo(new MoveOption("push", "Push", "Once.", Form.EMPTY, true)));
        assertThat(MoveOption.of("stop", "Stop", Form.EMPTY).hasOdds(), is(false));
        assertThat(Move.of("accept"), equalTo(new Move("accept", Inputs.NONE)));
        assertThat(Move.of("accept", Inputs.NONE), equalTo(new Move("accept", Inputs.NONE)));
        assertThat(Violation.of("rank", "too high"), equalTo(new Violation("rank", "too high")));
        List<Option> options = List.of(Option.of("d1", "First"), Option.of("d2", "Second"));
        assertThat(PickField.of("dice", "Dice", options, 1, 2).help("Which."),
                equalTo(new PickField("dice", "Dice", "Which.", options, 1, 2)));
    }
}
