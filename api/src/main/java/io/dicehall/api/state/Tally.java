package io.dicehall.api.state;

import io.dicehall.api.Text;

/**
 * One counted figure of a roll: successes, trouble, effort, shifts, the running total.
 *
 * @param id lower-kebab-case, stable for clients (e.g. {@code successes})
 * @param label what players call it, never blank
 * @param value the number, or null for a figure that is only text (e.g. a duration)
 * @param text how to show it, e.g. {@code "+3 Good"} or {@code "60–90 minutes"}; never blank
 */
public record Tally(String id, String label, Integer value, String text) {

    /** Checks the parts. */
    public Tally {
        Text.kebab(id, "tally id");
        Text.required(label, "tally label");
        Text.required(text, "tally text");
    }

    /** A numeric tally shown as its number. */
    public static Tally of(String id, String label, int value) {
        return new Tally(id, label, value, String.valueOf(value));
    }

    /**
     * A numeric tally shown in its own words, such as {@code of("shifts", "Shifts", 3, "+3 Good")}.
     *
     * @param id lower-kebab-case, stable for clients
     * @param label what players call it, not blank
     * @param value the number
     * @param text how to show it, not blank
     * @return the tally
     * @since 0.3
     */
    public static Tally of(String id, String label, int value, String text) {
        return new Tally(id, label, value, text);
    }

    /** A tally that is only text. */
    public static Tally text(String id, String label, String text) {
        return new Tally(id, label, null, text);
    }
}
