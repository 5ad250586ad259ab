package io.dicehall.systems.fatewalker;

import io.dicehall.api.Dice;
import io.dicehall.api.SingleThrowProcedure;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.state.RollState;

/**
 * The core mechanic: a pool of d10s read 0–9 against a target number, read by degree. It ends at the throw, so
 * best play is the chance of the outcomes that reach the goal; the degrees rank as declared, Catastrophic Failure
 * up to Exceptional Success, and the default goal is a Base Success.
 */
final class RollProcedure extends SingleThrowProcedure {

    private static final Form FORM = Form.of(
            Fields.dice("dice", "Attribute dice", 3),
            Fields.tn("tn", "Target number"),
            Fields.bonus("bonus-dice", "Bonus / penalty dice")).withCharacter("dice", "tn");

    RollProcedure() {
        super("roll", "Roll", "Roll the attribute's dice against the skill's target number; successes give the"
                + " degree of success, and a roll with none gives a degree of failure.", FORM, Degree.OUTCOMES);
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
    public Odds odds(Inputs inputs) {
        int pool = Throw.pool(inputs.integer("dice"), inputs.integer("bonus-dice"));
        return Degree.odds(PoolOdds.degreeWeights(pool, inputs.integer("tn")), PoolOdds.total(pool))
                .note("Each die succeeds on a reading of 0 to TN: " + PoolOdds.perDie(inputs.integer("tn"))
                        + " a die; " + Throw.dice(pool) + " thrown.")
                .build();
    }
}
