package io.dicehall.systems.taskschecks;

import io.dicehall.api.GameSystem;
import io.dicehall.api.contract.GameSystemContract;

/** The SPI contract kit, run against this system. */
class TasksChecksContractTest extends GameSystemContract {

    @Override
    protected GameSystem system() {
        return new TasksChecksSystem();
    }
}
