package io.dicehall.api.form;

import io.dicehall.api.Text;
import java.util.HashSet;
import java.util.List;

/**
 * Exactly one of a fixed list of options; its input value is the chosen option's
 * {@link Option#value() value}.
 *
 * @param name the key, lower-kebab-case
 * @param label the label shown to players
 * @param help help text, may be empty
 * @param options at least one option, with distinct values, in display order
 * @param defaultValue the value of one of the options
 */
public record ChoiceField(String name, String label, String help, List<Option> options, String defaultValue)
        implements Field {

    /** Checks name, label, options and default; copies the options. */
    public ChoiceField {
        Text.kebab(name, "field name");
        Text.required(label, "label of " + name);
        help = Text.optional(help);
        options = List.copyOf(options);
        if (options.isEmpty()) {
            throw new IllegalArgumentException(name + ": a choice needs at least one option");
        }
        var values = new HashSet<String>();
        for (Option option : options) {
            if (!values.add(option.value())) {
                throw new IllegalArgumentException(name + ": duplicate option " + option.value());
            }
        }
        if (!values.contains(defaultValue)) {
            throw new IllegalArgumentException(name + ": default " + defaultValue + " is not an option");
        }
    }

    /** A choice with no help text whose default is the first option. */
    public static ChoiceField of(String name, String label, List<Option> options) {
        return new ChoiceField(name, label, "", options, options.get(0).value());
    }

    /** @return a copy with this help text */
    public ChoiceField help(String text) {
        return new ChoiceField(name, label, text, options, defaultValue);
    }

    /** @return a copy with this default */
    public ChoiceField defaultTo(String value) {
        return new ChoiceField(name, label, help, options, value);
    }

    /** @return whether {@code value} is one of the options */
    public boolean allows(String value) {
        return options.stream().anyMatch(o -> o.value().equals(value));
    }

    @Override
    public String kind() {
        return "choice";
    }
}
