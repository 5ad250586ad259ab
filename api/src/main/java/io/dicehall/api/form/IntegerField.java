package io.dicehall.api.form;

import io.dicehall.api.Text;

/**
 * A whole number between {@code min} and {@code max} inclusive.
 *
 * @param name the key, lower-kebab-case
 * @param label the label shown to players
 * @param help help text, may be empty
 * @param min the smallest allowed value
 * @param max the largest allowed value, at least {@code min}
 * @param defaultValue the value used when the field is absent; within the bounds
 */
public record IntegerField(String name, String label, String help, int min, int max, Integer defaultValue)
        implements Field {

    /** Checks name, label, bounds and default. */
    public IntegerField {
        Text.kebab(name, "field name");
        Text.required(label, "label of " + name);
        help = Text.optional(help);
        if (min > max) {
            throw new IllegalArgumentException(name + ": min " + min + " is above max " + max);
        }
        if (defaultValue == null || defaultValue < min || defaultValue > max) {
            throw new IllegalArgumentException(name + ": default " + defaultValue + " is not within " + min + ".." + max);
        }
    }

    /** A field with no help text. */
    public static IntegerField of(String name, String label, int min, int max, int defaultValue) {
        return new IntegerField(name, label, "", min, max, defaultValue);
    }

    /** @return a copy with this help text */
    public IntegerField help(String text) {
        return new IntegerField(name, label, text, min, max, defaultValue);
    }

    @Override
    public String kind() {
        return "integer";
    }
}
