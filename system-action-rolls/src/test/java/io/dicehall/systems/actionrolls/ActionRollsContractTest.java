package io.dicehall.systems.actionrolls;

import io.dicehall.api.GameSystem;
import io.dicehall.api.contract.GameSystemContract;

/** The SPI contract kit run against Action Rolls. */
class ActionRollsContractTest extends GameSystemContract {

    @Override
    protected GameSystem system() {
        return new ActionRollsSystem();
    }
}
