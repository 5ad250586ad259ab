package io.dicehall.api.form;

import io.dicehall.api.Text;
import java.util.List;
import java.util.Map;

/**
 * A repeated group of fields: rows that each have the same fields, such as the participants of a
 * group check (each with a name, a rank and stress). Its input value is a list of row objects.
 *
 * @param name the key, lower-kebab-case
 * @param label the label shown to players
 * @param help help text, may be empty
 * @param minRows the fewest rows allowed, at least 0
 * @param maxRows the most rows allowed, 1 to 100 and at least {@code minRows}
 * @param fields the fields of each row, with distinct names; groups may nest
 * @param defaultRows how many rows the default value has, within the bounds; each default row holds
 *     its fields' defaults
 */
public record GroupField(String name, String label, String help, int minRows, int maxRows, Form fields,
        int defaultRows) implements Field {

    /** Checks name, label and bounds. */
    public GroupField {
        Text.kebab(name, "field name");
        Text.required(label, "label of " + name);
        help = Text.optional(help);
        if (fields == null) {
            throw new IllegalArgumentException(name + ": a group needs fields");
        }
        if (minRows < 0 || maxRows < minRows || maxRows < 1 || maxRows > 100) {
            throw new IllegalArgumentException(name + ": rows must satisfy 0 <= min <= max, 1 <= max <= 100: "
                    + minRows + ".." + maxRows);
        }
        if (defaultRows < minRows || defaultRows > maxRows) {
            throw new IllegalArgumentException(name + ": default rows " + defaultRows + " is not within "
                    + minRows + ".." + maxRows);
        }
    }

    /** A group with no help text whose default has {@code minRows} rows. */
    public static GroupField of(String name, String label, int minRows, int maxRows, Form fields) {
        return new GroupField(name, label, "", minRows, maxRows, fields, minRows);
    }

    /** @return a copy with this help text */
    public GroupField help(String text) {
        return new GroupField(name, label, text, minRows, maxRows, fields, defaultRows);
    }

    @Override
    public String kind() {
        return "group";
    }

    /** @return {@link #defaultRows()} rows, each the map of its fields' defaults */
    @Override
    public List<Map<String, Object>> defaultValue() {
        Map<String, Object> row = fields.defaults();
        return java.util.Collections.nCopies(defaultRows, row);
    }
}
