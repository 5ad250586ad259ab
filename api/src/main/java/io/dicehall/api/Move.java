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
}
