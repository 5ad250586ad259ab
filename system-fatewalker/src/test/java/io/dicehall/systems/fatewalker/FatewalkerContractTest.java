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
 * force cannot play the extended roll within its budget (its totals come round again, so the tree of plays never
 * ends, and a cut-off short enough to fit leaves best play between 0 and 1): the kit reports that check as
 * skipped, and {@code ExtendedBestPlayTest} checks the roll against every policy instead.
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

    /**
     * Small rolls, whose every face fits the kit's budget, so that brute force checks the other rolls exactly: a
     * few dice on each side (a pool kept at one die among them), and small extended rolls.
     */
    @Override
    protected List<Inputs> bestPlayInputs(Procedure procedure) {
        List<Map<String, Object>> raw = switch (procedure.id()) {
            case "roll" -> List.of(Map.of(), Map.of("dice", 2, "tn", 0, "bonus-dice", 1),
                    Map.of("dice", 1, "tn", 8, "bonus-dice", -3));
            case "background-roll" -> List.of(
                    Map.of("background-dice", 1, "dice", 2, "tn", 6),
                    Map.of("background-dice", 2, "background-tn", 1, "dice", 1, "tn", 3, "bonus-dice", -1));
            case "opposed" -> List.of(Map.of("initiator-dice", 2, "opponent-dice", 2),
                    Map.of("initiator-dice", 1, "initiator-tn", 7, "opponent-dice", 2, "opponent-tn", 2,
                            "opponent-bonus-dice", 1));
            default -> List.of();
        };
        if (!procedure.id().equals("extended")) {
            return raw.stream().map(r -> InputChecker.check(procedure.form(), r).orThrow()).toList();
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
     * earliest. When they do say so, best play is held to it like any plan.
     */
    @Override
    protected boolean bestPlayCovers(Procedure procedure, Inputs inputs, Plan plan) {
        return !plan.id().equals("bonus-on-first-roll") || inputs.flag(ExtendedProcedure.USE_BONUS);
    }
}
