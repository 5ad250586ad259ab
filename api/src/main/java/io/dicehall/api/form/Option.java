package io.dicehall.api.form;

import io.dicehall.api.Text;

/**
 * One option of a {@link ChoiceField} or a {@link PickField}.
 *
 * @param value the value sent in the inputs, never blank (die ids and kebab-case ids are typical)
 * @param label the label shown to players, never blank
 * @param help help text, may be empty
 */
public record Option(String value, String label, String help) {

    /** Checks value and label. */
    public Option {
        Text.required(value, "option value");
        Text.required(label, "label of option " + value);
        help = Text.optional(help);
    }

    /** An option with no help text. */
    public static Option of(String value, String label) {
        return new Option(value, label, "");
    }

    /**
     * @param value the value sent in the inputs, not blank
     * @param label the label shown to players, not blank
     * @param help help text, may be empty
     * @return the option
     * @since 0.3
     */
    public static Option of(String value, String label, String help) {
        return new Option(value, label, help);
    }

    /**
     * @param text help text, may be empty
     * @return a copy with this help text
     * @since 0.3
     */
    public Option help(String text) {
        return new Option(value, label, text);
    }
}
