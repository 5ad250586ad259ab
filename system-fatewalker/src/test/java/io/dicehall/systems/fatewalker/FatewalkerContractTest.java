package io.dicehall.systems.fatewalker;

import io.dicehall.api.Dice;
import io.dicehall.api.GameSystem;
import io.dicehall.api.Move;
import io.dicehall.api.Procedure;
import io.dicehall.api.contract.GameSystemContract;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.state.MoveOption;
import io.dicehall.api.state.RollState;
import java.util.Map;

/** The contract kit against Fatewalker; the extended roll's odds assume rolling on until done. */
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
}
