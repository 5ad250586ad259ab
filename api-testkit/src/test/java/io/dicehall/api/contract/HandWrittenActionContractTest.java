package io.dicehall.api.contract;

import io.dicehall.api.GameSystem;

/** The same action roll written by hand, without a fault, keeps the whole contract. */
class HandWrittenActionContractTest extends GameSystemContract {

    @Override
    protected GameSystem system() {
        return new ActionPoolSystem(ActionPoolSystem.Fault.NONE, false);
    }
}
