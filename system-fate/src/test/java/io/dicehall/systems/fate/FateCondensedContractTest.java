package io.dicehall.systems.fate;

import io.dicehall.api.GameSystem;
import io.dicehall.api.contract.GameSystemContract;

/** The SPI's contract kit, run against Fate Condensed. */
class FateCondensedContractTest extends GameSystemContract {

    @Override
    protected GameSystem system() {
        return new FateCondensed();
    }
}
