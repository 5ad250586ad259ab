package io.dicehall.api.form;

import java.util.Objects;

/**
 * One thing wrong with the inputs of a roll or a move, in words a player understands.
 *
 * @param field the path of the offending field relative to the inputs, e.g. {@code rank} or
 *     {@code participants[2].stress}; empty when the problem concerns the inputs as a whole
 * @param message what rule was broken, e.g. "must be a whole number from 1 to 6"; never blank
 */
public record Violation(String field, String message) {

    /** Checks that both parts are present. */
    public Violation {
        field = Objects.requireNonNullElse(field, "");
        if (message == null || message.isBlank()) {
            throw new IllegalArgumentException("a violation needs a message");
        }
    }

    /**
     * @param field the path of the offending field, empty for the inputs as a whole
     * @param message what rule was broken, not blank
     * @return the violation
     * @since 0.2
     */
    public static Violation of(String field, String message) {
        return new Violation(field, message);
    }

    /** @return this violation with its field path placed under {@code prefix} */
    public Violation under(String prefix) {
        if (prefix == null || prefix.isEmpty()) {
            return this;
        }
        return new Violation(field.isEmpty() ? prefix : prefix + "." + field, message);
    }
}
