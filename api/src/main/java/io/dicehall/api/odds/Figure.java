package io.dicehall.api.odds;

import io.dicehall.api.Text;

/**
 * A number that goes with the odds, such as the expected number of rolls.
 *
 * @param id lower-kebab-case
 * @param label what it is, in players' words
 * @param value the number
 * @param text how to show it, e.g. {@code "4.2 rolls"}
 */
public record Figure(String id, String label, double value, String text) {

    /** Checks the parts. */
    public Figure {
        Text.kebab(id, "figure id");
        Text.required(label, "figure label");
        Text.required(text, "figure text");
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException(id + ": not a finite number");
        }
    }
}
