package io.dicehall.api;

import io.dicehall.api.form.Inputs;
import java.util.Objects;

/**
 * A move a player makes on a roll, with its checked inputs.
 *
 * @param id the id of one of the state's open {@linkplain io.dicehall.api.state.MoveOption moves}
 * @param inputs the move's inputs, checked against that move's form; never null
 */
public record Move(String id, Inputs inputs) {

    /** Checks the parts. */
    public Move {
        Text.kebab(id, "move id");
        Objects.requireNonNull(inputs, "inputs");
    }

    /**
     * @param id the id of an open move whose form has no fields
     * @return the move, with no inputs
     * @since 0.2
     */
    public static Move of(String id) {
        return new Move(id, Inputs.NONE);
    }

    /**
     * @param id the id of an open move
     * @param inputs its checked inputs
     * @return the move
     * @since 0.2
     */
    public static Move of(String id, Inputs inputs) {
        return new Move(id, inputs);
    }
}
