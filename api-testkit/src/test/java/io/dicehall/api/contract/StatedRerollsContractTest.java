package io.dicehall.api.contract;

import io.dicehall.api.GameSystem;

/**
 * Declared moves of a stated roll: the whole contract on a check whose re-rolls are declared once, its game, the
 * odds of each re-roll and best play all derived from the statement and compared with the rules by the kit.
 */
class StatedRerollsContractTest extends GameSystemContract {

    @Override
    protected GameSystem system() {
        return new StatedLuckSystem();
    }
}
