package io.dicehall.api.form;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The ordered fields a player fills in for a roll or a move. Immutable.
 *
 * @param fields the fields in display order, with distinct names; may be empty
 */
public record Form(List<Field> fields) {

    /**
     * A hash of a few identifying fields, consistent with {@link #equals}. The record's own hash would walk
     * the whole tree below it, and JSON-B hashes every object it writes (to catch cycles), so a state
     * written as JSON was hashed over and over, level by level.
     */
    @Override
    public int hashCode() {
        return fields.size();
    }

    /** An empty form: the roll or move takes no inputs. */
    public static final Form EMPTY = new Form(List.of());

    /** Copies the fields and checks that their names are distinct. */
    public Form {
        fields = List.copyOf(fields);
        var names = new HashSet<String>();
        for (Field field : fields) {
            if (!names.add(field.name())) {
                throw new IllegalArgumentException("duplicate field name " + field.name());
            }
        }
    }

    /** @return a form of these fields */
    public static Form of(Field... fields) {
        return new Form(List.of(fields));
    }

    /** @return the field with that name, if any */
    public Optional<Field> field(String name) {
        return fields.stream().filter(f -> f.name().equals(name)).findFirst();
    }

    /** @return each field's name mapped to its default value, in order; never null */
    public Map<String, Object> defaults() {
        var values = new LinkedHashMap<String, Object>();
        for (Field field : fields) {
            values.put(field.name(), field.defaultValue());
        }
        return java.util.Collections.unmodifiableMap(values);
    }

    /** @return the checked inputs of the defaults: what a roll with an empty input object uses */
    public Inputs defaultInputs() {
        return InputChecker.check(this, Map.of()).inputs();
    }
}
