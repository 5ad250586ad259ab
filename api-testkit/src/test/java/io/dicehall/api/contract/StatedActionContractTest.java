package io.dicehall.api.contract;

import io.dicehall.api.GameSystem;

/**
 * The rule written once: a stated action roll (what is thrown, how it is read) keeps the whole contract, its odds
 * compared with every face where few enough and with the statement by dynamic programming up to 12d6.
 */
class StatedActionContractTest extends GameSystemContract {

    @Override
    protected GameSystem system() {
        return new ActionPoolSystem(ActionPoolSystem.Fault.NONE, true);
    }
}
