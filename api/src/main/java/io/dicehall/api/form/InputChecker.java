package io.dicehall.api.form;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Turns raw values into checked {@link Inputs}, or into every {@link Violation} found. The one place
 * where input is checked against a {@link Form}; rules systems never see unchecked values.
 *
 * <p>Raw values are what a JSON parser or an HTML form produces: a {@code Map<String, ?>} whose
 * values are {@link Number}s, {@code String}s, {@code Boolean}s, {@code List}s, nested maps or
 * {@code null}. The rules:
 * <ul>
 *   <li>A field that is absent or {@code null} takes its default.</li>
 *   <li>A key that is not a field of the form is refused, so that nothing the form does not declare
 *       (such as dice faces) can ever be sent in.</li>
 *   <li>Integers must be whole numbers within the field's bounds, however large or small the number
 *       sent; fractions are refused, never truncated.</li>
 *   <li>Choices must be one of the options; picks distinct options within the pick bounds; text at
 *       most its length without control characters, and not blank when required; groups a list of
 *       row objects within the row bounds, each checked like a form.</li>
 *   <li>In {@linkplain #checkText textual mode} (values from an HTML form) integers and flags may also
 *       arrive as strings; in the default strict mode (JSON) they may not.</li>
 * </ul>
 * Never throws on any raw value; thread-safe.
 */
public final class InputChecker {

    /** Nesting this deep (groups within groups) is refused outright. */
    static final int MAX_DEPTH = 8;

    private final boolean textual;
    private final List<Violation> violations = new ArrayList<>();

    private InputChecker(boolean textual) {
        this.textual = textual;
    }

    /**
     * Checks raw values from JSON against a form.
     *
     * @param form the form, never null
     * @param raw a map of raw values, or null for "all defaults"; anything else is one violation
     * @return the result, never null
     */
    public static Result check(Form form, Object raw) {
        return new InputChecker(false).run(form, raw);
    }

    /**
     * Checks raw values from an HTML form, where integers and flags arrive as strings too.
     *
     * @see #check(Form, Object)
     */
    public static Result checkText(Form form, Object raw) {
        return new InputChecker(true).run(form, raw);
    }

    private Result run(Form form, Object raw) {
        Objects.requireNonNull(form, "form");
        Inputs inputs = object(form, raw == null ? Map.of() : raw, "", 0);
        return violations.isEmpty() ? new Result(inputs, List.of()) : new Result(null, violations);
    }

    private Inputs object(Form form, Object raw, String path, int depth) {
        if (!(raw instanceof Map<?, ?> map)) {
            violations.add(new Violation(path, "must be an object of named fields"));
            return null;
        }
        for (Object key : map.keySet()) {
            if (!(key instanceof String name) || form.field(name).isEmpty()) {
                violations.add(new Violation(join(path, String.valueOf(key)), "is not a field here"
                        + (form.fields().isEmpty() ? "; this takes no inputs" : "; expected one of: "
                        + String.join(", ", form.fields().stream().map(Field::name).toList()))));
            }
        }
        var values = new LinkedHashMap<String, Object>();
        for (Field field : form.fields()) {
            String fieldPath = join(path, field.name());
            Object value = map.get(field.name());
            Object checked = value == null ? defaultOf(field) : value(field, value, fieldPath, depth);
            values.put(field.name(), checked);
        }
        return new Inputs(values);
    }

    private Object defaultOf(Field field) {
        if (field instanceof GroupField group) {
            return java.util.Collections.nCopies(group.defaultRows(), group.fields().defaultInputs());
        }
        return field.defaultValue();
    }

    private Object value(Field field, Object value, String path, int depth) {
        if (field instanceof IntegerField f) {
            return integer(f, value, path);
        } else if (field instanceof ChoiceField f) {
            return choice(f, value, path);
        } else if (field instanceof FlagField) {
            return flag(value, path);
        } else if (field instanceof TextField f) {
            return text(f, value, path);
        } else if (field instanceof PickField f) {
            return picks(f, value, path);
        }
        return rows((GroupField) field, value, path, depth);
    }

    private Integer integer(IntegerField field, Object value, String path) {
        String rule = "must be a whole number from " + field.min() + " to " + field.max();
        BigDecimal number = null;
        if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte) {
            number = BigDecimal.valueOf(((Number) value).longValue());
        } else if (value instanceof BigInteger big) {
            number = new BigDecimal(big);
        } else if (value instanceof BigDecimal decimal) {
            number = decimal;
        } else if (value instanceof Double || value instanceof Float) {
            double d = ((Number) value).doubleValue();
            number = Double.isFinite(d) ? BigDecimal.valueOf(d) : null;
        } else if (textual && value instanceof String text && text.strip().length() <= 40) {
            try {
                number = new BigDecimal(text.strip());
            } catch (NumberFormatException notANumber) {
                number = null;
            }
        }
        if (number == null) {
            violations.add(new Violation(path, rule));
            return null;
        }
        BigInteger whole;
        try {
            // A scale this extreme (1e999999999) is not a number anyone meant; refuse it cheaply.
            if (Math.abs((long) number.scale()) > 1000) {
                throw new ArithmeticException("scale");
            }
            whole = number.toBigIntegerExact();
        } catch (ArithmeticException fraction) {
            violations.add(new Violation(path, rule + " (not a fraction)"));
            return null;
        }
        if (whole.compareTo(BigInteger.valueOf(field.min())) < 0 || whole.compareTo(BigInteger.valueOf(field.max())) > 0) {
            violations.add(new Violation(path, rule));
            return null;
        }
        return whole.intValueExact();
    }

    private String choice(ChoiceField field, Object value, String path) {
        if (value instanceof String text && field.allows(text)) {
            return text;
        }
        violations.add(new Violation(path, "must be one of: " + optionList(field.options())));
        return null;
    }

    private Boolean flag(Object value, String path) {
        if (value instanceof Boolean b) {
            return b;
        }
        if (textual && value instanceof String text) {
            switch (text) {
                case "true", "on", "yes" -> {
                    return true;
                }
                case "false", "off", "no", "" -> {
                    return false;
                }
                default -> {
                }
            }
        }
        violations.add(new Violation(path, "must be true or false"));
        return null;
    }

    private String text(TextField field, Object value, String path) {
        String rule = "must be text of at most " + field.maxLength() + " characters";
        if (!(value instanceof String raw)) {
            violations.add(new Violation(path, rule));
            return null;
        }
        String text = raw.strip();
        if (text.length() > 4 * field.maxLength() || text.codePointCount(0, text.length()) > field.maxLength()) {
            violations.add(new Violation(path, rule));
            return null;
        }
        if (text.codePoints().anyMatch(c -> c != '\t' && Character.getType(c) == Character.CONTROL)) {
            violations.add(new Violation(path, "must not contain control characters"));
            return null;
        }
        if (field.required() && text.isEmpty()) {
            violations.add(new Violation(path, "must not be blank"));
            return null;
        }
        return text;
    }

    private List<String> picks(PickField field, Object value, String path) {
        String rule = "must be a list of " + range(field.minPicks(), field.maxPicks()) + " of: "
                + (field.options().isEmpty() ? "(nothing to pick)" : optionList(field.options()));
        if (!(value instanceof List<?> list) || list.size() > Math.max(field.options().size(), field.maxPicks())) {
            violations.add(new Violation(path, rule));
            return null;
        }
        var picked = new LinkedHashSet<String>();
        boolean ok = true;
        for (int i = 0; i < list.size(); i++) {
            Object item = list.get(i);
            if (!(item instanceof String text) || !field.allows(text)) {
                violations.add(new Violation(path + "[" + i + "]", "must be one of: "
                        + (field.options().isEmpty() ? "(nothing to pick)" : optionList(field.options()))));
                ok = false;
            } else if (!picked.add(text)) {
                violations.add(new Violation(path + "[" + i + "]", "picks " + text + " twice"));
                ok = false;
            }
        }
        if (ok && (picked.size() < field.minPicks() || picked.size() > field.maxPicks())) {
            violations.add(new Violation(path, rule));
            ok = false;
        }
        return ok ? List.copyOf(picked) : null;
    }

    private List<Inputs> rows(GroupField field, Object value, String path, int depth) {
        if (depth >= MAX_DEPTH) {
            violations.add(new Violation(path, "is nested too deeply"));
            return null;
        }
        String rule = "must be a list of " + range(field.minRows(), field.maxRows()) + " rows";
        if (!(value instanceof List<?> list) || list.size() < field.minRows() || list.size() > field.maxRows()) {
            violations.add(new Violation(path, rule));
            return null;
        }
        var rows = new ArrayList<Inputs>(list.size());
        for (int i = 0; i < list.size(); i++) {
            rows.add(object(field.fields(), list.get(i), path + "[" + i + "]", depth + 1));
        }
        return rows.contains(null) ? null : List.copyOf(rows);
    }

    private static String range(int min, int max) {
        return min == max ? String.valueOf(min) : min + " to " + max;
    }

    private static String optionList(List<Option> options) {
        return String.join(", ", options.stream().map(Option::value).toList());
    }

    private static String join(String path, String name) {
        return path.isEmpty() ? name : path + "." + name;
    }

    /**
     * What checking found: either inputs (and no violations) or violations (and no inputs).
     *
     * @param inputs the checked inputs, or null when there are violations
     * @param violations every violation found, empty when the inputs are good
     */
    public record Result(Inputs inputs, List<Violation> violations) {

        /** Copies the violations. */
        public Result {
            violations = List.copyOf(violations);
        }

        /** @return whether the inputs are good */
        public boolean ok() {
            return violations.isEmpty();
        }

        /**
         * @return the inputs
         * @throws IllegalStateException listing the violations if there are any
         */
        public Inputs orThrow() {
            if (!ok()) {
                throw new IllegalStateException("invalid inputs: " + violations);
            }
            return inputs;
        }
    }
}
