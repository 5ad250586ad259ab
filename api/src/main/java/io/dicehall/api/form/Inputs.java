package io.dicehall.api.form;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * Checked inputs of a roll or a move: every field of the form present, with a value of the right
 * type that satisfies the field's bounds. Only {@link InputChecker} makes them from raw values, so a
 * rules system can read them without checking again. Immutable and thread-safe.
 */
public final class Inputs {

    /** Inputs of an empty form. */
    public static final Inputs NONE = new Inputs(Map.of());

    private final Map<String, Object> values;

    Inputs(Map<String, Object> values) {
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /**
     * @return the value of an {@link IntegerField}
     * @throws NoSuchElementException if the form has no such field
     * @throws ClassCastException if the field is of another kind
     */
    public int integer(String name) {
        return (Integer) get(name);
    }

    /** @return the chosen option's value of a {@link ChoiceField} */
    public String choice(String name) {
        return (String) get(name);
    }

    /** @return the value of a {@link FlagField} */
    public boolean flag(String name) {
        return (Boolean) get(name);
    }

    /** @return the value of a {@link TextField}, trimmed, never null */
    public String text(String name) {
        return (String) get(name);
    }

    /** @return the picked option values of a {@link PickField}, distinct, in the order given */
    @SuppressWarnings("unchecked")
    public List<String> picks(String name) {
        return (List<String>) get(name);
    }

    /** @return the rows of a {@link GroupField}, each its own inputs */
    @SuppressWarnings("unchecked")
    public List<Inputs> rows(String name) {
        return (List<Inputs>) get(name);
    }

    /** @return whether the form has a field of that name */
    public boolean has(String name) {
        return values.containsKey(name);
    }

    /**
     * @return the inputs as plain JSON-friendly data: integers, strings, booleans, lists of strings and
     *     lists of maps, in form order; never null, unmodifiable
     */
    public Map<String, Object> toMap() {
        var map = new LinkedHashMap<String, Object>();
        values.forEach((key, value) -> map.put(key, plain(value)));
        return Collections.unmodifiableMap(map);
    }

    private static Object plain(Object value) {
        if (value instanceof List<?> list && !list.isEmpty() && list.get(0) instanceof Inputs) {
            return list.stream().map(row -> ((Inputs) row).toMap()).toList();
        }
        return value;
    }

    private Object get(String name) {
        Object value = values.get(name);
        if (value == null) {
            throw new NoSuchElementException("no input named " + name + "; known: " + values.keySet());
        }
        return value;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Inputs that && values.equals(that.values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        return toMap().toString();
    }
}
