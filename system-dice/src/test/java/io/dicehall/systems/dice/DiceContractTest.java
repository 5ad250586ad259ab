package io.dicehall.systems.dice;

import io.dicehall.api.GameSystem;
import io.dicehall.api.Procedure;
import io.dicehall.api.contract.GameSystemContract;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.TextField;
import java.util.List;

/** The SPI contract kit run against the dice notation. */
class DiceContractTest extends GameSystemContract {

    @Override
    protected GameSystem system() {
        return new DiceSystem();
    }

    /**
     * Dice notation the kit could not make up, covering the grammar: plain dice, keep and drop, Fate dice,
     * re-rolls, exploding and compounding dice, success counts with failures, arithmetic, targets and several
     * labelled rolls. The kit rolls these at random and checks each one's odds.
     */
    @Override
    protected List<String> legalTexts(Procedure procedure, TextField field) {
        return List.of("1d20+5 >= 15", "4d6kh3", "2d20kl1 >= 12 disadvantage", "4dF+2", "8d10>=8f1", "2d6r1 + 1d4",
                "3d6! >= 12", "2d10!!kh1", "6d6>4 >= 2", "d% <= 45", "2d6*2 - 1", "1d6/(1d2+1)",
                "1d20+5 to hit, 2d6+3 damage", "1d20 >= 10 first, 1d20 >= 10 second", "7", "3d6dl1 > 9");
    }

    /** Text the form allows but the notation refuses: a mistake, a division by 0, and limits. */
    @Override
    protected List<String> illegalTexts(Procedure procedure, TextField field) {
        return List.of("4d", "d0", "1d6/0", "hello", "1d6 <b>bold</b>", "21d6!", "2d20kh3", "1d6r<=6");
    }

    /** Best play on small rolls with targets, whose every face brute force covers. */
    @Override
    protected List<Inputs> bestPlayInputs(Procedure procedure) {
        return List.of(Rolls.inputs("1d20+5 >= 15"), Rolls.inputs("2d6 >= 7 attack, 1d4kh1 >= 3 damage"),
                Rolls.inputs("3d6>=5"));
    }
}
