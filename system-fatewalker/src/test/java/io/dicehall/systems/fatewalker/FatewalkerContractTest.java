package io.dicehall.systems.fatewalker;

import io.dicehall.api.Dice;
import io.dicehall.api.GameSystem;
import io.dicehall.api.Move;
import io.dicehall.api.Procedure;
import io.dicehall.api.contract.GameSystemContract;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.odds.Plan;
import io.dicehall.api.state.MoveOption;
import io.dicehall.api.state.RollState;
import java.util.List;
import java.util.Map;

/**
 * The contract kit against Fatewalker; the extended roll's odds assume rolling on until done. The kit's brute
 * force cannot play the extended roll (its totals come round again, so the tree of plays never ends: it gives
 * up), so {@code ExtendedBestPlayTest} checks it against every policy instead.
 */
class FatewalkerContractTest extends GameSystemContract {

    @Override
    protected GameSystem system() {
        return new FatewalkerSystem();
    }

    /** Rolls again until the extended roll ends, spending the one-time bonus at its first chance. */
    @Override
    protected RollState settle(Procedure procedure, Inputs inputs, RollState state, Dice dice) {
        while (state.move(ExtendedProcedure.ROLL_AGAIN).isPresent()) {
            MoveOption option = state.move(ExtendedProcedure.ROLL_AGAIN).orElseThrow();
            boolean use = inputs.integer("one-time-bonus") > 0 && state.memoInt("bonus-spent-on", 0) == 0;
            Inputs moveInputs = InputChecker.check(option.form(), Map.of(ExtendedProcedure.USE_BONUS, use)).orThrow();
            state = procedure.apply(inputs, state, new Move(option.id(), moveInputs), dice);
        }
        return state;
    }

    /** Small extended rolls (their every face fits the kit's budget); the other procedures take the defaults. */
    @Override
    protected List<Inputs> bestPlayInputs(Procedure procedure) {
        if (!procedure.id().equals("extended")) {
            return super.bestPlayInputs(procedure);
        }
        return List.of(
                extended(procedure, 2, 4, "normal", 1, false),
                extended(procedure, 1, 6, "simple", 0, false),
                extended(procedure, 2, 3, "difficult", 1, true));
    }

    private static Inputs extended(Procedure procedure, int dice, int tn, String difficulty, int bonus,
            boolean first) {
        return InputChecker.check(procedure.form(), Map.of("dice", dice, "tn", tn, "difficulty", difficulty,
                "one-time-bonus", bonus, ExtendedProcedure.USE_BONUS, first)).orThrow();
    }

    /**
     * The plan of spending the one-time bonus on the first roll uses a choice the inputs may not give: unless
     * they say so, the first roll is made without it and best play can spend it on the second roll at the
     * earliest. {@code ExtendedBestPlayTest} compares it with best play when the inputs do say so.
     */
    @Override
    protected boolean bestPlayCovers(Procedure procedure, Plan plan) {
        return !plan.id().equals("bonus-on-first-roll");
    }
}
