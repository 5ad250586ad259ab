package io.dicehall.api.form;

import io.dicehall.api.Text;

/**
 * A short line of free text, such as a character's name. Front ends must treat it as untrusted and
 * escape it wherever it is shown. Control characters other than tab are refused.
 *
 * @param name the key, lower-kebab-case
 * @param label the label shown to players
 * @param help help text, may be empty
 * @param maxLength the most characters (code points) allowed, 1 to 10,000
 * @param required whether a blank value is refused
 * @param defaultValue the value used when the field is absent, never null (may be empty when not
 *     required)
 */
public record TextField(String name, String label, String help, int maxLength, boolean required, String defaultValue)
        implements Field {

    /** Checks name, label, length and default. */
    public TextField {
        Text.kebab(name, "field name");
        Text.required(label, "label of " + name);
        help = Text.optional(help);
        defaultValue = Text.optional(defaultValue);
        if (maxLength < 1 || maxLength > 10_000) {
            throw new IllegalArgumentException(name + ": maxLength must be 1..10000: " + maxLength);
        }
        if (defaultValue.codePointCount(0, defaultValue.length()) > maxLength) {
            throw new IllegalArgumentException(name + ": default is longer than " + maxLength);
        }
        if (required && defaultValue.isBlank()) {
            throw new IllegalArgumentException(name + ": a required text field needs a non-blank default");
        }
    }

    /** An optional text field, empty by default, with no help text. */
    public static TextField of(String name, String label, int maxLength) {
        return new TextField(name, label, "", maxLength, false, "");
    }

    /** @return a copy with this help text */
    public TextField help(String text) {
        return new TextField(name, label, text, maxLength, required, defaultValue);
    }

    /** @return a required copy with this (non-blank) default */
    public TextField requiredWithDefault(String value) {
        return new TextField(name, label, help, maxLength, true, value);
    }

    @Override
    public String kind() {
        return "text";
    }
}
