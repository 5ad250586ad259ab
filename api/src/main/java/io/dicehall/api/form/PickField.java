package io.dicehall.api.form;

import io.dicehall.api.Text;
import java.util.HashSet;
import java.util.List;

/**
 * Several distinct options picked from a list, e.g. which failed dice to pick up for a KISS. Its
 * input value is a list of option values, each at most once, in any order.
 *
 * @param name the key, lower-kebab-case
 * @param label the label shown to players
 * @param help help text, may be empty
 * @param options the options, with distinct values; may be empty (then only an empty pick is valid)
 * @param minPicks the fewest picks allowed, at least 0
 * @param maxPicks the most picks allowed, at least {@code minPicks}
 */
public record PickField(String name, String label, String help, List<Option> options, int minPicks, int maxPicks)
        implements Field {

    /** Checks name, label, options and bounds; copies the options. */
    public PickField {
        Text.kebab(name, "field name");
        Text.required(label, "label of " + name);
        help = Text.optional(help);
        options = List.copyOf(options);
        var values = new HashSet<String>();
        for (Option option : options) {
            if (!values.add(option.value())) {
                throw new IllegalArgumentException(name + ": duplicate option " + option.value());
            }
        }
        if (minPicks < 0 || maxPicks < minPicks || minPicks > options.size()) {
            throw new IllegalArgumentException(name + ": picks must satisfy 0 <= min <= max and min <= options: "
                    + minPicks + ".." + maxPicks + " of " + options.size());
        }
    }

    /**
     * @param name the key, lower-kebab-case
     * @param label the label shown to players
     * @param options the options, with distinct values
     * @param minPicks the fewest picks allowed
     * @param maxPicks the most picks allowed
     * @return the field, with no help (add it with {@link #help})
     * @since 0.2
     */
    public static PickField of(String name, String label, List<Option> options, int minPicks, int maxPicks) {
        return new PickField(name, label, "", options, minPicks, maxPicks);
    }

    /**
     * @param text help text
     * @return this field with that help
     * @since 0.2
     */
    public PickField help(String text) {
        return new PickField(name, label, text, options, minPicks, maxPicks);
    }

    /** @return whether {@code value} is one of the options */
    public boolean allows(String value) {
        return options.stream().anyMatch(o -> o.value().equals(value));
    }

    @Override
    public String kind() {
        return "pick";
    }

    /** @return the empty list when none must be picked, else the first {@code minPicks} options */
    @Override
    public List<String> defaultValue() {
        return options.stream().limit(minPicks).map(Option::value).toList();
    }
}
