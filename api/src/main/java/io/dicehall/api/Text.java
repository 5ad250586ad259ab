package io.dicehall.api;

import java.util.Objects;

/** Checks shared by the records of the SPI. Not part of the contract. */
public final class Text {

    private Text() {
    }

    /**
     * @return {@code value} if it is not null and not blank
     * @throws IllegalArgumentException naming {@code what} otherwise
     */
    public static String required(String value, String what) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(what + " must not be blank");
        }
        return value;
    }

    /** @return {@code value}, or the empty string for null */
    public static String optional(String value) {
        return Objects.requireNonNullElse(value, "");
    }

    /** @return whether {@code id} is lower-kebab-case: {@code fate-condensed}, {@code check}, {@code d6} */
    public static boolean isKebab(String id) {
        // [a-z0-9]+(-[a-z0-9]+)*, by hand rather than with a regular expression: every id of every record passes
        // here (moves, chances, dice), many times in a best-play search.
        if (id == null || id.isEmpty() || id.length() > 64) {
            return false;
        }
        boolean dash = true;
        for (int i = 0; i < id.length(); i++) {
            char c = id.charAt(i);
            if (c == '-') {
                if (dash) {
                    return false;
                }
                dash = true;
            } else if (c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
                dash = false;
            } else {
                return false;
            }
        }
        return !dash;
    }

    /**
     * @return {@code id} if it is lower-kebab-case
     * @throws IllegalArgumentException naming {@code what} otherwise
     */
    public static String kebab(String id, String what) {
        if (!isKebab(id)) {
            throw new IllegalArgumentException(what + " must be lower-kebab-case (a-z, 0-9, single dashes): " + id);
        }
        return id;
    }
}
