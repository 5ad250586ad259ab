package io.dicehall.systems.fatewalker;

import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.Procedure;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.play.Game;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import java.util.List;
import java.util.Optional;

/** The core mechanic: a pool of d10s read 0–9 against a target number, read by degree. */
final class RollProcedure implements Procedure {

    private static final Form FORM = Form.of(
            Fields.dice("dice", "Attribute dice", 3),
            Fields.tn("tn", "Target number"),
            Fields.bonus("bonus-dice", "Bonus / penalty dice")).withCharacter("dice", "tn");

    @Override
    public String id() {
        return "roll";
    }

    @Override
    public String name() {
        return "Roll";
    }

    @Override
    public String summary() {
        return "Roll the attribute's dice against the skill's target number; successes give the degree of"
                + " success, and a roll with none gives a degree of failure.";
    }

    @Override
    public Form form() {
        return FORM;
    }

    @Override
    public List<Outcome> outcomes() {
        return Degree.OUTCOMES;
    }

    @Override
    public RollState start(Inputs inputs, Dice dice) {
        int wanted = inputs.integer("dice") + inputs.integer("bonus-dice");
        Throw thrown = Throw.roll("d", Throw.pool(inputs.integer("dice"), inputs.integer("bonus-dice")),
                inputs.integer("tn"), dice);
        RollState.Builder state = RollState.builder()
                .group("pool", "Pool (TN " + thrown.tn() + ")", thrown.dice())
                .outcome(thrown.degree().outcome)
                .step("start", "Rolled " + thrown.sentence() + ".");
        thrown.tally(state, "", "");
        flagMinimumPool(state, wanted);
        return state.complete().build();
    }

    /** Marks a pool that bonus and penalty dice would have taken below one die. */
    static void flagMinimumPool(RollState.Builder state, int wanted) {
        if (wanted < 1) {
            state.flag("minimum-pool", "Penalties would leave " + wanted + " dice; the pool stays at 1 die.");
        }
    }

    @Override
    public RollState apply(Inputs inputs, RollState state, Move move, Dice dice) {
        throw new IllegalStateException("a roll has no moves");
    }

    /**
     * Best play: nothing to choose after the throw, so it is the chance of the outcomes that reach the goal. The
     * degrees rank as declared, Catastrophic Failure up to Exceptional Success; the default goal is a Base
     * Success.
     */
    @Override
    public Optional<Game<?>> game(Inputs inputs) {
        return Optional.of(Game.withoutMoves(odds(inputs)));
    }

    @Override
    public Odds odds(Inputs inputs) {
        int pool = Throw.pool(inputs.integer("dice"), inputs.integer("bonus-dice"));
        return Degree.odds(PoolOdds.degreeWeights(pool, inputs.integer("tn")), PoolOdds.total(pool))
                .note("Each die succeeds on a reading of 0 to TN: " + PoolOdds.perDie(inputs.integer("tn"))
                        + " a die; " + Throw.dice(pool) + " thrown.")
                .build();
    }
}
