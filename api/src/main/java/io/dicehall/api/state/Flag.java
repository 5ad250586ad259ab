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
}
