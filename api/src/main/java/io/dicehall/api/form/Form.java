package io.dicehall.api.form;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The ordered fields a player fills in for a roll or a move. Immutable.
 *
 * <p>Beside the fields, a form may say how front ends should present some of them; none of this changes how
 * inputs are checked or rolled:
 * <ul>
 *   <li>{@linkplain #more() more}: fields players rarely change from their defaults, which a front end may
 *       fold under "More options" (showing the defaults);</li>
 *   <li>{@linkplain #character() character}: fields that describe the character (abilities, ranks, skills)
 *       rather than this one roll, so a front end can keep them with a character;</li>
 *   <li>{@linkplain #valueNames() value names}: names of the values of an integer field (a ladder: 3 is
 *       "Good"), shown beside the number.</li>
 * </ul>
 *
 * @param fields the fields in display order, with distinct names; may be empty
 * @param more names of top-level fields players rarely change; never null (null reads as none)
 * @param character names of top-level fields that describe the character; never null (null reads as none)
 * @param valueNames for integer fields, the names of their values, by field name; never null
 * @since 0.1 ({@code more}, {@code character} and {@code valueNames} since 0.2)
 */
public record Form(List<Field> fields, Set<String> more, Set<String> character,
        Map<String, Map<Integer, String>> valueNames) {

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

    /** Copies the parts and checks that field names are distinct and that every hint names a field. */
    public Form {
        fields = List.copyOf(fields);
        more = more == null ? Set.of() : Set.copyOf(more);
        character = character == null ? Set.of() : Set.copyOf(character);
        valueNames = valueNames == null ? Map.of() : Map.copyOf(valueNames);
        var names = new HashSet<String>();
        for (Field field : fields) {
            if (!names.add(field.name())) {
                throw new IllegalArgumentException("duplicate field name " + field.name());
            }
        }
        for (String name : more) {
            requireField(names, name, "more");
        }
        for (String name : character) {
            requireField(names, name, "character");
        }
        var copied = new LinkedHashMap<String, Map<Integer, String>>();
        for (var entry : valueNames.entrySet()) {
            requireField(names, entry.getKey(), "valueNames");
            copied.put(entry.getKey(), Map.copyOf(entry.getValue()));
        }
        valueNames = Map.copyOf(copied);
    }

    private static void requireField(Set<String> names, String name, String hint) {
        if (!names.contains(name)) {
            throw new IllegalArgumentException(hint + " names no field of the form: " + name);
        }
    }

    /**
     * A form of these fields, with no presentation hints.
     *
     * @param fields the fields in display order, with distinct names; may be empty
     */
    public Form(List<Field> fields) {
        this(fields, Set.of(), Set.of(), Map.of());
    }

    /**
     * @param names top-level fields players rarely change from their defaults
     * @return this form, with those fields marked to be folded under "More options"
     * @since 0.2
     */
    public Form withMore(String... names) {
        var all = new HashSet<>(more);
        all.addAll(List.of(names));
        return new Form(fields, all, character, valueNames);
    }

    /**
     * @param names top-level fields that describe the character rather than the roll
     * @return this form, with those fields marked as the character's
     * @since 0.2
     */
    public Form withCharacter(String... names) {
        var all = new HashSet<>(character);
        all.addAll(List.of(names));
        return new Form(fields, more, all, valueNames);
    }

    /**
     * @param field an integer field of this form
     * Names the values of an integer field, as a ladder does. A front end shows the name with the number, signed,
     * appended: 3 named "Good" shows as "Good (+3)", −1 named "Poor" as "Poor (−1)", so a name need not (and should
     * not) repeat the number. The inputs still hold the number.
     *
     * @param field an integer field of this form
     * @param names the names of its values, e.g. 3 → "Good"; values without a name are shown as numbers
     * @return this form, with those names
     * @since 0.2
     */
    public Form withValueNames(String field, Map<Integer, String> names) {
        var all = new LinkedHashMap<>(valueNames);
        all.put(field, names);
        return new Form(fields, more, character, all);
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
