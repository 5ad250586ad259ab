package io.dicehall.api.testsystem;

import io.dicehall.api.GameSystem;
import io.dicehall.api.contract.GameSystemContract;

/** The contract kit, run against the test system: the kit's own test. */
class TestPoolContractTest extends GameSystemContract {

    @Override
    protected GameSystem system() {
        return new TestPoolSystem();
    }
}
