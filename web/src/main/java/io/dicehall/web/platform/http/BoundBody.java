package io.dicehall.web.platform.http;

import io.dicehall.api.form.Violation;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import jakarta.validation.constraints.Size;
import java.io.InputStream;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A request body bound to its record: read strictly by {@link JsonBody} (size, UTF-8, nesting depth, duplicate
 * keys), refused field by field where binding cannot say why (a key that is no component of the record, a value of
 * the wrong JSON type, text with control characters), made by the record's canonical constructor from the values as
 * read (each already of its component's type, so binding needs no second pass through JSON text) and checked by
 * Bean Validation against the constraints on the record, the same constraints the OpenAPI document reads its bounds from. Text is stripped of
 * surrounding white space before it is checked. Every violation is collected, in the order of the record's
 * components, and answered at once as 400 {@code invalid-input}.
 *
 * <p>The records' components are text ({@code String}), flags ({@code Boolean}), whole numbers ({@code Integer},
 * bounded by {@code @Min} and {@code @Max}), one of an enum's constants (written in lower case), a list of short texts
 * ({@code List<String>}, such as the faces of dice thrown by hand, where a whole number is read as its digits and
 * each element's constraints name it by its place, {@code faces[2]}) or parts read as they are ({@code Object}, such
 * as a procedure's inputs, which its form checks; {@code Map}, an object, such as a character's values, which its
 * system's fields check).
 */
public final class BoundBody {

    /**
     * The message of a text's {@link Size} when its smallest length is 1: empty text is called blank, longer text
     * gets the most it may hold.
     */
    public static final String TEXT_SIZE = "${empty validatedValue ? 'must not be blank' : 'must be at most ' += max"
            + " += ' characters'}";
    /** The message of a required component left out. */
    public static final String REQUIRED = "is required";

    private static final Validator VALIDATOR = Validation.buildDefaultValidatorFactory().getValidator();

    private static final BigDecimal INT_MIN = BigDecimal.valueOf(Integer.MIN_VALUE);
    private static final BigDecimal INT_MAX = BigDecimal.valueOf(Integer.MAX_VALUE);

    private BoundBody() {
    }

    /**
     * Reads a body into its record.
     *
     * @param body the request body
     * @param type the record it binds to
     * @return the record, every constraint on it met
     * @throws ProblemException 413 or 400 as {@link JsonBody#read} says; 400 {@code invalid-input} listing every
     *     violation
     */
    public static <R extends Record> R read(InputStream body, Class<R> type) {
        return readGiven(body, type).request();
    }

    /**
     * A body bound to its record, with the keys it gave.
     *
     * @param request the record
     * @param given the keys the body held, an explicit null included: what tells "set to none" from "left as is"
     */
    public record Given<R extends Record>(R request, Set<String> given) {

        /** Copies the keys. */
        public Given {
            given = Set.copyOf(given);
        }
    }

    /**
     * Reads a body into its record, as {@link #read}, keeping which keys it held.
     *
     * @param body the request body
     * @param type the record it binds to
     * @return the record, every constraint on it met, and the keys the body held
     */
    public static <R extends Record> Given<R> readGiven(InputStream body, Class<R> type) {
        JsonBody json = JsonBody.read(body).allowOnly(type);
        Map<String, Object> values = json.values();
        List<String> order = new ArrayList<>();
        List<Violation> found = new ArrayList<>();
        RecordComponent[] components = type.getRecordComponents();
        Object[] arguments = new Object[components.length];
        for (int i = 0; i < components.length; i++) {
            String key = components[i].getName();
            order.add(key);
            Object value = values.get(key);
            if (value == null) {
                continue;
            }
            if (components[i].getType() == Object.class) {
                arguments[i] = value; // as read: a procedure's inputs, checked by its own form
                continue;
            }
            if (components[i].getType() == Map.class) {
                if (value instanceof Map<?, ?>) {
                    arguments[i] = value; // as read: a character's values, checked by its system's fields
                } else {
                    found.add(new Violation(key, "must be an object of named fields"));
                }
                continue;
            }
            Typed typed = typed(type, components[i].getType(), key, value);
            if (typed.problem() != null) {
                found.add(new Violation(key, typed.problem()));
            }
            arguments[i] = typed.value();
        }
        Set<String> refused = new HashSet<>();
        found.forEach(v -> refused.add(v.field()));
        R request = construct(type, components, arguments);
        for (ConstraintViolation<R> broken : VALIDATOR.validate(request)) {
            String key = broken.getPropertyPath().toString().replace(".<list element>", "");
            if (!refused.contains(key) && !fitsInCharacters(broken)) {
                found.add(new Violation(key, broken.getMessage()));
            }
        }
        found.stream().sorted(Comparator.comparingInt((Violation v) -> order.indexOf(v.field().split("\\[", 2)[0]))
                .thenComparingInt(v -> v.field().length()).thenComparing(Violation::field)
                .thenComparing(Violation::message)).forEach(json::violation);
        json.refuseIfInvalid();
        return new Given<>(request, values.keySet());
    }

    /**
     * {@link Size} counts a text's UTF-16 units; its length as the API states it (and as it was always checked) is in
     * characters, code points. A text over the limit only in UTF-16 units (emoji, say) is within it.
     */
    private static boolean fitsInCharacters(ConstraintViolation<?> broken) {
        if (!(broken.getConstraintDescriptor().getAnnotation() instanceof Size size)
                || !(broken.getInvalidValue() instanceof String text)) {
            return false;
        }
        int characters = text.codePointCount(0, text.length());
        return characters >= size.min() && characters <= size.max();
    }

    /** @return the record made by its canonical constructor from each component's value (null where absent) */
    private static <R extends Record> R construct(Class<R> type, RecordComponent[] components, Object[] arguments) {
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
        }
        try {
            return type.getDeclaredConstructor(types).newInstance(arguments);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot make a " + type.getSimpleName(), e);
        }
    }

    /** A body's value as its component's type, or why it is not one (the value then null). */
    private record Typed(Object value, String problem) {

        static Typed of(Object value) {
            return new Typed(value, null);
        }

        static Typed refused(String problem) {
            return new Typed(null, problem);
        }
    }

    /** @return the value as the component's type (text stripped), or why it is not of that type */
    private static Typed typed(Class<? extends Record> record, Class<?> type, String key, Object value) {
        if (type == String.class) {
            if (!(value instanceof String raw)) {
                return Typed.refused("must be text");
            }
            String text = raw.strip();
            if (text.codePoints().anyMatch(c -> c != '\t' && Character.getType(c) == Character.CONTROL)) {
                return Typed.refused("must not contain control characters");
            }
            return Typed.of(text);
        }
        if (type == Boolean.class) {
            return value instanceof Boolean flag ? Typed.of(flag) : Typed.refused("must be true or false");
        }
        if (type == Integer.class) {
            if (value instanceof BigDecimal number && number.stripTrailingZeros().scale() <= 0) {
                // Beyond the int range is beyond every bound a record states: bound at the nearest end, it is
                // refused by the record's own @Min or @Max, with its message.
                return Typed.of(number.max(INT_MIN).min(INT_MAX).intValueExact());
            }
            // Not a whole number: the message the record gives for a number out of its range.
            return Typed.refused(VALIDATOR.validateValue(record, key, Integer.MIN_VALUE).stream()
                    .map(ConstraintViolation::getMessage).sorted().findFirst().orElse("must be a whole number"));
        }
        if (type.isEnum()) {
            return constant(type, value);
        }
        if (type == List.class) {
            return texts(record, key, value);
        }
        throw new IllegalStateException(key + " is of a type a body cannot be bound to: " + type);
    }

    /** @return the enum's constant the value names in lower case, or which names it may take */
    private static Typed constant(Class<?> type, Object value) {
        List<String> names = new ArrayList<>();
        for (Object constant : type.getEnumConstants()) {
            String name = ((Enum<?>) constant).name().toLowerCase(Locale.ROOT);
            if (name.equals(value)) {
                return Typed.of(constant);
            }
            names.add(name);
        }
        return Typed.refused("must be one of: " + String.join(", ", names));
    }

    /**
     * @return the list with each element as text (a whole number as its digits, anything else null, which the
     *     element's {@code @NotNull} refuses by its place), or, for a value that is no list, the message of the
     *     list's own {@link Size}
     */
    private static Typed texts(Class<? extends Record> record, String key, Object value) {
        if (!(value instanceof List<?> list)) {
            return Typed.refused(tooMany(record, key));
        }
        List<String> texts = new ArrayList<>(list.size());
        for (Object element : list) {
            texts.add(element instanceof String text ? text
                    : element instanceof BigDecimal number && number.scale() <= 0 ? number.toPlainString() : null);
        }
        return Typed.of(texts);
    }

    /** @return the message a list gets for holding more elements than its {@link Size} allows */
    private static String tooMany(Class<? extends Record> record, String key) {
        Size size;
        try {
            size = record.getDeclaredField(key).getAnnotation(Size.class);
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException(key + " is no component of " + record.getSimpleName(), e);
        }
        if (size == null) {
            throw new IllegalStateException(key + " is a list without a @Size");
        }
        return VALIDATOR.validateValue(record, key, Collections.nCopies(size.max() + 1, "")).stream()
                .filter(v -> v.getPropertyPath().toString().equals(key))
                .map(ConstraintViolation::getMessage).findFirst().orElse("must be a list");
    }
}
