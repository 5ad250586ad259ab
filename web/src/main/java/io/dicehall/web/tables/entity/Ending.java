package io.dicehall.web.tables.entity;

import java.util.Locale;

/**
 * Why a roll's open moves ended without its roller playing them to the end. A roll whose rules left no move
 * open (its roller pressed Stop, or it never had a move) has none of these: it is simply complete.
 */
public enum Ending {
    /** No move was made on it for the table's idle time. */
    IDLE,
    /** Its roller started another roll with the same character (or, without one, the same procedure). */
    SUPERSEDED,
    /** The table's GM ended it. */
    GM;

    /** @return its name as the API writes it: idle, superseded, gm */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }
}
