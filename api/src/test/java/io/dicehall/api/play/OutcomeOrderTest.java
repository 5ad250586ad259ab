package io.dicehall.api.play;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.Procedure;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Tone;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Outcome orders, goals, and the defaults a procedure written before best play gets. */
class OutcomeOrderTest {

    static final Outcome FAIL = new Outcome("fail", "Fail", Tone.BAD, "");
    static final Outcome TWIST = new Outcome("twist", "Twist", Tone.MIXED, "");
    static final Outcome PASS = new Outcome("pass", "Pass", Tone.GOOD, "");
    static final Outcome AUTO = new Outcome("automatic-pass", "Automatic Pass", Tone.GOOD, "");
    static final Outcome STYLE = new Outcome("style", "With style", Tone.GOOD, "");

    @Test
    void declarationOrderRanksEachOutcomeAndAimsAtTheWorstGoodOne() {
        OutcomeOrder order = OutcomeOrder.worstToBest(List.of(FAIL, TWIST, PASS, STYLE));
        assertThat(order.ordered(), is(true));
        assertThat(order.tiers(), equalTo(List.of(List.of("fail"), List.of("twist"), List.of("pass"),
                List.of("style"))));
        assertThat(order.defaultGoal(), is("pass"));
        assertThat(order.rank("fail"), is(0));
        assertThat(order.rank("style"), is(3));
        assertThat(order.goal("twist").reaching(), equalTo(List.of("twist", "pass", "style")));
        assertThat(order.goalByDefault(), equalTo(order.goal("pass")));
        assertThat(order.goals().stream().map(Goal::atLeast).toList(), equalTo(List.of("fail", "twist", "pass",
                "style")));
        assertThat(order.covers(List.of(STYLE, PASS, TWIST, FAIL)), is(true));
        assertThat(order.covers(List.of(FAIL, PASS)), is(false));
    }

    @Test
    void tiersRankEqualOutcomesTogether() {
        OutcomeOrder order = OutcomeOrder.ranked(List.of(List.of(FAIL), List.of(PASS, AUTO)));
        assertThat(order.rank("automatic-pass"), is(order.rank("pass")));
        Goal pass = order.goal("pass");
        assertThat(pass.reachedBy("automatic-pass"), is(true));
        assertThat(pass.reachedBy("fail"), is(false));
        assertThat(order.goal("automatic-pass").reaching(), equalTo(List.of("pass", "automatic-pass")));
        assertThat(order.withDefaultGoal("fail").goalByDefault().reaching(),
                equalTo(List.of("fail", "pass", "automatic-pass")));
    }

    @Test
    void withoutAGoodOutcomeTheDefaultGoalIsTheBest() {
        assertThat(OutcomeOrder.worstToBest(List.of(FAIL, TWIST)).defaultGoal(), is("twist"));
    }

    @Test
    void unorderedHasNoGoals() {
        assertThat(OutcomeOrder.UNORDERED.ordered(), is(false));
        assertThat(OutcomeOrder.UNORDERED.goals(), empty());
        assertThat(OutcomeOrder.UNORDERED.covers(List.of(FAIL)), is(true));
        assertThrows(IllegalArgumentException.class, () -> OutcomeOrder.UNORDERED.goal("fail"));
        assertThrows(IllegalArgumentException.class, OutcomeOrder.UNORDERED::goalByDefault);
    }

    @Test
    void refusesBrokenOrders() {
        assertThrows(IllegalArgumentException.class, () -> new OutcomeOrder(List.of(List.of("a"), List.of("a")), "a"));
        assertThrows(IllegalArgumentException.class, () -> new OutcomeOrder(List.of(List.of()), ""));
        assertThrows(IllegalArgumentException.class, () -> new OutcomeOrder(List.of(List.of("a")), "b"));
        assertThrows(IllegalArgumentException.class, () -> new OutcomeOrder(List.of(), "a"));
        assertThrows(IllegalArgumentException.class, () -> new OutcomeOrder(List.of(List.of("Not Kebab")), ""));
        assertThrows(IllegalArgumentException.class, () -> OutcomeOrder.ranked(List.of()));
        assertThrows(IllegalArgumentException.class, () -> OutcomeOrder.worstToBest(List.of(FAIL)).rank("pass"));
        assertThrows(IllegalArgumentException.class, () -> new Goal("pass", List.of("style")));
        assertThrows(IllegalArgumentException.class, () -> new Goal("pass", List.of("pass", "pass")));
    }

    /** A procedure written against the SPI before best play: it compiles as it was, and has the defaults. */
    @Test
    void aProcedureWrittenBeforeBestPlayKeepsWorking() {
        Procedure old = new Procedure() {
            @Override
            public String id() {
                return "old";
            }

            @Override
            public String name() {
                return "Old";
            }

            @Override
            public String summary() {
                return "Written before best play.";
            }

            @Override
            public Form form() {
                return Form.EMPTY;
            }

            @Override
            public List<Outcome> outcomes() {
                return List.of(FAIL, PASS);
            }

            @Override
            public RollState start(Inputs inputs, Dice dice) {
                return RollState.builder().outcome(dice.roll(2) == 2 ? PASS : FAIL).step("start", "Rolled").complete()
                        .build();
            }

            @Override
            public RollState apply(Inputs inputs, RollState state, Move move, Dice dice) {
                throw new IllegalStateException("no moves");
            }

            @Override
            public Odds odds(Inputs inputs) {
                return Odds.over(outcomes()).add("fail", io.dicehall.api.odds.Fraction.of(1, 2))
                        .add("pass", io.dicehall.api.odds.Fraction.of(1, 2)).build();
            }
        };
        assertThat(old.outcomeOrder(), equalTo(OutcomeOrder.worstToBest(List.of(FAIL, PASS))));
        assertThat(old.game(Inputs.NONE).isPresent(), is(false));
        assertThat(Solver.standard().beforeRoll(old, Inputs.NONE, old.outcomeOrder().goal("pass")).isPresent(),
                is(false));
        // A roll without moves gets best play from its odds in one line.
        Game<String> game = Game.withoutMoves(old.odds(Inputs.NONE));
        assertThat(Solver.generic().beforeRoll(game, old.outcomeOrder().goal("pass")).probability(),
                equalTo(io.dicehall.api.odds.Fraction.of(1, 2)));
        RollState rolled = old.start(Inputs.NONE, Dice.scripted(2));
        BestPlay after = Solver.generic().at(game, rolled, old.outcomeOrder().goal("pass"));
        assertThat(after.probability(), equalTo(io.dicehall.api.odds.Fraction.ONE));
        assertThat(after.moves(), empty());
    }
}
