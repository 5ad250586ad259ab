package io.dicehall.web.platform.http;

import io.dicehall.api.form.Violation;
import jakarta.json.stream.JsonLocation;
import jakarta.json.spi.JsonProvider;
import jakarta.json.stream.JsonParser;
import jakarta.json.stream.JsonParserFactory;
import jakarta.json.stream.JsonParsingException;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A request body read strictly: at most {@link #MAX_BYTES}, well-formed UTF-8 JSON, an object at the
 * top, nesting at most {@link #MAX_DEPTH} deep, no key twice in one object. Numbers stay exact
 * ({@code BigDecimal}), so {@code 2.5} is never silently truncated to {@code 2} and 10^30 is never
 * wrapped. {@link BoundBody} then binds the values to a request's record, collecting every violation.
 */
public final class JsonBody {

    /** The largest body accepted, in bytes. */
    public static final int MAX_BYTES = 64 * 1024;
    /** The deepest nesting accepted. */
    public static final int MAX_DEPTH = 16;

    /**
     * Found once: {@code Json.createParser} looks the provider up again on every call, which searched the
     * application's JARs on every request (a tenth of a roll's time in a flight recording).
     */
    private static final JsonParserFactory PARSERS = JsonProvider.provider().createParserFactory(Map.of());

    private final Map<String, Object> values;
    private final List<Violation> violations = new ArrayList<>();

    private JsonBody(Map<String, Object> values) {
        this.values = values;
    }

    /**
     * Reads a body.
     *
     * @param body the request body, may be null or empty (then it is refused)
     * @return the body's top-level object
     * @throws ProblemException 413 when too large, 400 when not a JSON object as described
     */
    public static JsonBody read(InputStream body) {
        byte[] bytes;
        try {
            bytes = body == null ? new byte[0] : body.readNBytes(MAX_BYTES + 1);
        } catch (IOException e) {
            throw Problem.of(400, "malformed-body", "Malformed body", "The body could not be read.").exception();
        }
        if (bytes.length > MAX_BYTES) {
            throw Problem.of(413, "body-too-large", "Body too large",
                    "The body is larger than " + MAX_BYTES / 1024 + " KiB.").exception();
        }
        if (bytes.length == 0) {
            throw malformed("The body is empty; send a JSON object.");
        }
        String text;
        try {
            // Strictly UTF-8: a byte sequence that is not UTF-8 is refused, not replaced, and no other
            // encoding is guessed from the first bytes.
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException notUtf8) {
            throw malformed("The body is not well-formed UTF-8.");
        }
        try (JsonParser parser = PARSERS.createParser(new StringReader(text))) {
            if (!parser.hasNext() || parser.next() != JsonParser.Event.START_OBJECT) {
                throw malformed("The body must be a JSON object.");
            }
            Map<String, Object> object = object(parser, 1);
            if (parser.hasNext()) {
                throw malformed("The body has more after its JSON object.");
            }
            return new JsonBody(object);
        } catch (JsonParsingException e) {
            JsonLocation at = e.getLocation();
            throw malformed("The body is not well-formed JSON" + (at == null ? "." : " (line " + at.getLineNumber()
                    + ", column " + at.getColumnNumber() + ")."));
        } catch (jakarta.json.JsonException | IllegalStateException | java.util.NoSuchElementException e) {
            throw malformed("The body is not well-formed UTF-8 JSON.");
        }
    }

    private static Map<String, Object> object(JsonParser parser, int depth) {
        var map = new LinkedHashMap<String, Object>();
        while (true) {
            JsonParser.Event event = parser.next();
            if (event == JsonParser.Event.END_OBJECT) {
                return map;
            }
            String key = parser.getString();
            if (map.containsKey(key)) {
                throw malformed("The key \"" + abbreviate(key) + "\" appears twice in one object.");
            }
            map.put(key, value(parser, parser.next(), depth));
        }
    }

    private static Object value(JsonParser parser, JsonParser.Event event, int depth) {
        switch (event) {
            case START_OBJECT:
                return object(parser, deeper(depth));
            case START_ARRAY: {
                int inner = deeper(depth);
                var list = new ArrayList<Object>();
                for (JsonParser.Event next = parser.next(); next != JsonParser.Event.END_ARRAY; next = parser.next()) {
                    list.add(value(parser, next, inner));
                }
                return list;
            }
            case VALUE_STRING:
                return parser.getString();
            case VALUE_NUMBER:
                return number(parser);
            case VALUE_TRUE:
                return Boolean.TRUE;
            case VALUE_FALSE:
                return Boolean.FALSE;
            case VALUE_NULL:
                return null;
            default:
                throw malformed("The body is not well-formed JSON.");
        }
    }

    /** A number as written, refused when it is too long or its exponent too large to be read at all. */
    private static BigDecimal number(JsonParser parser) {
        try {
            return parser.getBigDecimal();
        } catch (NumberFormatException | UnsupportedOperationException | ArithmeticException unreadable) {
            throw malformed("A number in the body is too long or has too large an exponent to be read.");
        }
    }

    private static int deeper(int depth) {
        if (depth >= MAX_DEPTH) {
            throw malformed("The body is nested more than " + MAX_DEPTH + " levels deep.");
        }
        return depth + 1;
    }

    private static ProblemException malformed(String detail) {
        return Problem.of(400, "malformed-json", "Malformed JSON", detail).exception();
    }

    private static String abbreviate(String text) {
        String plain = new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8);
        return plain.length() > 40 ? plain.substring(0, 40) + "…" : plain;
    }

    /**
     * Records a violation for every top-level key that is not a component of {@code request}: the record the
     * OpenAPI document describes the body with, so that what is described and what is read stay the same.
     */
    public JsonBody allowOnly(Class<? extends Record> request) {
        return allowOnly(java.util.Arrays.stream(request.getRecordComponents())
                .map(java.lang.reflect.RecordComponent::getName).collect(java.util.stream.Collectors.toSet()));
    }

    /** Records a violation for every top-level key not in {@code allowed}. */
    public JsonBody allowOnly(Set<String> allowed) {
        for (String key : values.keySet()) {
            if (!allowed.contains(key)) {
                violations.add(new Violation(abbreviate(key), "is not a field here; expected one of: "
                        + String.join(", ", allowed.stream().sorted().toList())));
            }
        }
        return this;
    }

    /** @return the top-level object as read, for {@link BoundBody} */
    Map<String, Object> values() {
        return values;
    }

    static String shortKey(String key) {
        return abbreviate(key);
    }

    /** @return the raw value at {@code key} (null when absent): for {@code inputs}, checked by a form */
    public Object raw(String key) {
        return values.get(key);
    }

    /** Records a violation. */
    public void violation(Violation violation) {
        violations.add(violation);
    }

    /** @return every violation recorded so far */
    public List<Violation> violations() {
        return List.copyOf(violations);
    }

    /** @throws ProblemException 400 listing the violations recorded so far, if any */
    public void refuseIfInvalid() {
        if (!violations.isEmpty()) {
            throw Problem.invalid(400, "invalid-input", "Invalid input",
                    "The request breaks " + violations.size() + (violations.size() == 1 ? " rule." : " rules."), "",
                    violations).exception();
        }
    }
}
