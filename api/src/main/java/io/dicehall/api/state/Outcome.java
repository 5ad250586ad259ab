package io.dicehall.api.state;

import io.dicehall.api.Text;
import java.util.Objects;

/**
 * The result of a roll as the rules read it.
 *
 * @param id lower-kebab-case, one of the procedure's {@linkplain io.dicehall.api.Procedure#outcomes()
 *     declared outcomes}
 * @param label what players call it, e.g. "Regular Pass"; never blank
 * @param tone how it feels, never null
 * @param description one or two sentences, in our own words, of what it means at the table; may be
 *     empty, never null
 */
public record Outcome(String id, String label, Tone tone, String description) {

    /** Checks the parts. */
    public Outcome {
        Text.kebab(id, "outcome id");
        Text.required(label, "outcome label");
        Objects.requireNonNull(tone, "tone");
        description = Text.optional(description);
    }

    /**
     * @param id lower-kebab-case, unique among the procedure's outcomes
     * @param label what players call it, not blank
     * @param tone how it feels
     * @return the outcome, with no description (add one with {@link #describedAs})
     * @since 0.2
     */
    public static Outcome of(String id, String label, Tone tone) {
        return new Outcome(id, label, tone, "");
    }

    /**
     * @param id lower-kebab-case, unique among the procedure's outcomes
     * @param label what players call it, not blank
     * @param tone how it feels
     * @param description one or two sentences of what it means at the table; may be empty
     * @return the outcome
     * @since 0.2
     */
    public static Outcome of(String id, String label, Tone tone, String description) {
        return new Outcome(id, label, tone, description);
    }

    /** @return this outcome with another description */
    public Outcome describedAs(String text) {
        return new Outcome(id, label, tone, text);
    }
}
