package io.dicehall.api.state;

import io.dicehall.api.Text;

/**
 * A fact about a roll beside its outcome: a critical success, stress to mark, an experience point
 * gained, a boost earned.
 *
 * @param id lower-kebab-case, stable for clients (e.g. {@code critical-success})
 * @param text what it means, in players' words; never blank
 */
public record Flag(String id, String text) {

    /** Checks the parts. */
    public Flag {
        Text.kebab(id, "flag id");
        Text.required(text, "flag text");
    }

    /**
     * @param id lower-kebab-case, stable for clients
     * @param text what it means, in players' words, not blank
     * @return the flag
     * @since 0.3
     */
    public static Flag of(String id, String text) {
        return new Flag(id, text);
    }
}
