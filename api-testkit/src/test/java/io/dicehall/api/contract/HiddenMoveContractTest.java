package io.dicehall.api.contract;

import io.dicehall.api.GameSystem;

/** The whole contract kit passes on the hidden-move system without a fault: its checks fail only the faults. */
class HiddenMoveContractTest extends GameSystemContract {

    @Override
    protected GameSystem system() {
        return new HiddenMoveSystem();
    }
}
