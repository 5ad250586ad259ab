package io.dicehall.web.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.dicehall.web.platform.http.BoundBody;
import io.dicehall.web.platform.http.JsonBody;
import io.dicehall.web.platform.http.ProblemException;
import io.dicehall.web.tables.boundary.TableRequests.TableRollRequest;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonConfig;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonReaderFactory;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Coverage-guided fuzz tests (Jazzer) of the path a request body takes through the JSON API: the
 * strict {@link JsonBody} reader, the form checker and the bundled rules systems. See
 * {@link RequestPipeline} for the input format and the properties.
 *
 * <p>In a normal build (no {@code JAZZER_FUZZ} in the environment) each {@code @FuzzTest} runs once
 * per seed input in {@code src/test/resources/io/dicehall/web/fuzz/RequestFuzzTestInputs/<method>/}
 * (and on an empty input): a quick regression test. {@code mvn -o -pl web -Pfuzz test} fuzzes each
 * method for {@code fuzz.seconds} (default 600); a finding fails the test with its stack trace, and
 * Jazzer writes the input to {@code web/target/fuzz/crash-*}. Copy a crash file into the method's
 * inputs directory once the bug is fixed, and it is a regression test from then on. From an IDE, run
 * one method with {@code JAZZER_FUZZ=1} in the environment: it fuzzes for the annotation's
 * {@code maxDuration}.
 */
class RequestFuzzTest {

    private static final JsonReaderFactory REFERENCE =
            Json.createReaderFactory(Map.of(JsonConfig.KEY_STRATEGY, JsonConfig.KeyStrategy.NONE));

    /** A roll body, then a move body on the roll it made (see {@link RequestPipeline}). */
    @FuzzTest(maxDuration = "10m")
    void requestBodies(byte[] input) {
        RequestPipeline.run(input);
    }

    /**
     * Any body for {@link JsonBody} alone: accepted or refused with a 4xx. What it accepts must be a JSON object,
     * within the nesting limit, with no key twice, whose values are what a plain JSON reader reads; bound to a
     * table roll's record by {@link BoundBody}, it is made or refused with a 4xx naming what is wrong.
     */
    @FuzzTest(maxDuration = "10m")
    void rawJson(byte[] body) {
        JsonBody json;
        try {
            json = JsonBody.read(new ByteArrayInputStream(body));
        } catch (ProblemException refused) {
            RequestPipeline.refusal(refused);
            return;
        }
        assertTrue(body.length <= JsonBody.MAX_BYTES, "a body over the limit is refused");

        JsonObject reference;
        try (JsonReader reader = REFERENCE.createReader(new ByteArrayInputStream(body))) {
            reference = reader.readObject();
        } catch (RuntimeException e) {
            throw new AssertionError("JsonBody accepted what a plain JSON reader refuses: " + e, e);
        }
        assertTrue(depth(reference) <= JsonBody.MAX_DEPTH, "JsonBody accepted a body nested too deep");
        assertEquals(reference.size(), json.allowOnly(Set.of()).violations().size(),
                "JsonBody read another number of keys than a plain JSON reader");
        for (var entry : reference.entrySet()) {
            assertEquals(plain(entry.getValue()), json.raw(entry.getKey()),
                    () -> "JsonBody read another value than a plain JSON reader at " + entry.getKey());
        }
        int violations = json.violations().size();
        try {
            json.refuseIfInvalid();
            assertEquals(0, violations, "refuseIfInvalid let violations through");
        } catch (ProblemException refused) {
            RequestPipeline.refusal(refused);
            assertEquals(violations, refused.problem().violations().size(), "refused listing other violations");
        }
        // The same body bound to the record with every kind of component a body binds to: made, or refused with 4xx.
        try {
            BoundBody.read(new ByteArrayInputStream(body), TableRollRequest.class);
        } catch (ProblemException refused) {
            RequestPipeline.refusal(refused);
            assertFalse(refused.problem().violations().isEmpty(), "refused without a violation");
        }
    }

    private static int depth(JsonValue value) {
        if (value instanceof JsonObject object) {
            return 1 + object.values().stream().mapToInt(RequestFuzzTest::depth).max().orElse(0);
        }
        if (value instanceof JsonArray array) {
            return 1 + array.stream().mapToInt(RequestFuzzTest::depth).max().orElse(0);
        }
        return 0;
    }

    /** A JSON value as JsonBody keeps it: maps, lists, strings, BigDecimals, Booleans and null. */
    private static Object plain(JsonValue value) {
        switch (value.getValueType()) {
            case OBJECT: {
                var map = new LinkedHashMap<String, Object>();
                value.asJsonObject().forEach((k, v) -> map.put(k, plain(v)));
                return map;
            }
            case ARRAY: {
                var list = new ArrayList<Object>();
                value.asJsonArray().forEach(v -> list.add(plain(v)));
                return list;
            }
            case STRING:
                return ((JsonString) value).getString();
            case NUMBER:
                return ((JsonNumber) value).bigDecimalValue();
            case TRUE:
                return Boolean.TRUE;
            case FALSE:
                return Boolean.FALSE;
            case NULL:
                return null;
            default:
                return fail("unknown JSON value " + value);
        }
    }
}
