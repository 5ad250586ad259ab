package io.dicehall.api.contract;

import io.dicehall.api.Attribution;
import io.dicehall.api.GameSystem;
import io.dicehall.api.Procedure;
import java.util.List;

/** A system of the kit's own tests around the procedures under test. */
class TestSystem implements GameSystem {

    private final String id;
    private final String name;
    private final String summary;
    private final List<Procedure> procedures;

    TestSystem(String id, String name, String summary, Procedure... procedures) {
        this.id = id;
        this.name = name;
        this.summary = summary;
        this.procedures = List.of(procedures);
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String summary() {
        return summary;
    }

    @Override
    public Attribution attribution() {
        return Attribution.of("Dicehall", "The contract kit's tests", "Apache-2.0");
    }

    @Override
    public List<Procedure> procedures() {
        return procedures;
    }
}
