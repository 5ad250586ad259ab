package io.dicehall.api.odds;

import io.dicehall.api.Text;
import java.util.Objects;

/**
 * The exact probability of one outcome or flag.
 *
 * @param id the outcome's or flag's id
 * @param label what players call it
 * @param probability the exact probability, at most 1
 */
public record Chance(String id, String label, Fraction probability) {

    /** Checks the parts. */
    public Chance {
        Text.kebab(id, "chance id");
        Text.required(label, "chance label");
        Objects.requireNonNull(probability, "probability");
        if (probability.compareTo(Fraction.ONE) > 0) {
            throw new IllegalArgumentException(id + ": a probability above 1: " + probability);
        }
    }

    /**
     * @param id the outcome's or flag's id, lower-kebab-case
     * @param label what players call it, not blank
     * @param probability the exact probability, at most 1
     * @return the chance
     * @since 0.3
     */
    public static Chance of(String id, String label, Fraction probability) {
        return new Chance(id, label, probability);
    }
}
