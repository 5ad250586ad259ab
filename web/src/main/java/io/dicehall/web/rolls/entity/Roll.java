package io.dicehall.web.rolls.entity;

import io.dicehall.api.form.Inputs;
import io.dicehall.api.state.RollState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A roll made outside a table: what was rolled, by which rules, and every state it went through.
 * Immutable: a move makes a new {@code Roll} with one more state, which the store swaps in only if
 * nobody else moved the roll meanwhile.
 */
public final class Roll {

    private final String id;
    private final String system;
    private final String procedure;
    private final Inputs inputs;
    private final String note;
    private final Instant createdAt;
    private final byte[] rollerKeyHash;
    private final List<RollState> states;
    private String storedAs;

    /** A roll with its states, first to current (at least one). */
    public Roll(String id, String system, String procedure, Inputs inputs, String note, Instant createdAt,
            byte[] rollerKeyHash, List<RollState> states) {
        if (states.isEmpty()) {
            throw new IllegalArgumentException("a roll has at least its first state");
        }
        this.id = id;
        this.system = system;
        this.procedure = procedure;
        this.inputs = inputs;
        this.note = note;
        this.createdAt = createdAt;
        this.rollerKeyHash = rollerKeyHash.clone();
        this.states = List.copyOf(states);
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
    public RollState state() {
        return states.get(states.size() - 1);
    }

    /** @return how many moves have been made */
    public int moves() {
        return states.size() - 1;
    }

    /** @return every state, first to current */
    public List<RollState> states() {
        return states;
    }

    /** @return the exact text the store held when this roll was read from it, or null for a new roll */
    public String storedAs() {
        return storedAs;
    }

    /** Remembers the text the store held for this roll, so a move can swap it only if unchanged. */
    public Roll readFrom(String text) {
        this.storedAs = text;
        return this;
    }

    /** @return this roll with {@code next} as its new current state */
    public Roll next(RollState next) {
        var more = new ArrayList<>(states);
        more.add(next);
        return new Roll(id, system, procedure, inputs, note, createdAt, rollerKeyHash, more);
    }
}
