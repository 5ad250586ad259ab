package io.dicehall.web.rolls.entity;

import io.dicehall.api.form.Inputs;
import io.dicehall.api.state.RollState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A roll made through the API: what was rolled, by which rules, and every state it went through.
 * Moves on one roll are serialised by the roll itself ({@code synchronized}), so two moves sent at
 * once never both apply to the same state.
 */
public final class Roll {

    private final String id;
    private final String system;
    private final String procedure;
    private final Inputs inputs;
    private final String note;
    private final Instant createdAt;
    private final byte[] rollerKeyHash;
    private final List<RollState> states = new ArrayList<>();

    /** A new roll with its first state. */
    public Roll(String id, String system, String procedure, Inputs inputs, String note, Instant createdAt,
            byte[] rollerKeyHash, RollState first) {
        this.id = id;
        this.system = system;
        this.procedure = procedure;
        this.inputs = inputs;
        this.note = note;
        this.createdAt = createdAt;
        this.rollerKeyHash = rollerKeyHash.clone();
        this.states.add(first);
    }

    public String id() {
        return id;
    }

    public String system() {
        return system;
    }

    public String procedure() {
        return procedure;
    }

    public Inputs inputs() {
        return inputs;
    }

    public String note() {
        return note;
    }

    public Instant createdAt() {
        return createdAt;
    }

    public byte[] rollerKeyHash() {
        return rollerKeyHash.clone();
    }

    /** @return the current state */
    public synchronized RollState state() {
        return states.get(states.size() - 1);
    }

    /** @return how many moves have been made */
    public synchronized int moves() {
        return states.size() - 1;
    }

    /** @return every state, first to current */
    public synchronized List<RollState> states() {
        return List.copyOf(states);
    }

    /**
     * Appends the next state if the current one is still {@code expected}.
     *
     * @return whether it was appended (false: another move got there first)
     */
    public synchronized boolean advance(RollState expected, RollState next) {
        if (state() != expected) {
            return false;
        }
        states.add(next);
        return true;
    }
}
