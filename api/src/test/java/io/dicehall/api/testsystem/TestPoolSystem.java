package io.dicehall.api.testsystem;

import io.dicehall.api.Attribution;
import io.dicehall.api.GameSystem;
import io.dicehall.api.Procedure;
import java.util.List;

/** A small system for testing the SPI, the contract kit and the server: one pool procedure. */
public final class TestPoolSystem implements GameSystem {

    private static final List<Procedure> PROCEDURES = List.of(new PoolProcedure());

    @Override
    public String id() {
        return "test-pool";
    }

    @Override
    public String name() {
        return "Test Pool";
    }

    @Override
    public String summary() {
        return "Roll a pool of d6 against a target; re-roll failures once.";
    }

    @Override
    public Attribution attribution() {
        return new Attribution("Dicehall", "Test Pool", "CC0 1.0", "");
    }

    @Override
    public List<Procedure> procedures() {
        return PROCEDURES;
    }

    @Override
    public int spiVersion() {
        return SPI_VERSION;
    }
}
