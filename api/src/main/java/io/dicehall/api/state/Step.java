package io.dicehall.api.state;

import io.dicehall.api.Text;

/**
 * One step in a roll's history: the first throw, or one move.
 *
 * @param move {@code start} for the first throw, else the id of the move taken
 * @param text what happened, in players' words, e.g. "Picked up 2 failed dice: 3, 1 → 6, 4";
 *     never blank
 */
public record Step(String move, String text) {

    /** Checks the parts. */
    public Step {
        Text.kebab(move, "step move");
        Text.required(text, "step text");
    }

    /**
     * @param move {@code start} for the first throw, else the id of the move taken
     * @param text what happened, in players' words, not blank
     * @return the step
     * @since 0.3
     */
    public static Step of(String move, String text) {
        return new Step(move, text);
    }
}
