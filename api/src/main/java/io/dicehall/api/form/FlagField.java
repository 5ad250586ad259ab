package io.dicehall.api.form;

import io.dicehall.api.Text;

/**
 * A yes/no value.
 *
 * @param name the key, lower-kebab-case
 * @param label the label shown to players
 * @param help help text, may be empty
 * @param defaultValue the value used when the field is absent
 */
public record FlagField(String name, String label, String help, Boolean defaultValue) implements Field {

    /** Checks name and label; a missing default is {@code false}. */
    public FlagField {
        Text.kebab(name, "field name");
        Text.required(label, "label of " + name);
        help = Text.optional(help);
        defaultValue = defaultValue != null && defaultValue;
    }

    /** A flag that is off unless set, with no help text. */
    public static FlagField of(String name, String label) {
        return new FlagField(name, label, "", false);
    }

    /** @return a copy with this help text */
    public FlagField help(String text) {
        return new FlagField(name, label, text, defaultValue);
    }

    @Override
    public String kind() {
        return "flag";
    }
}
