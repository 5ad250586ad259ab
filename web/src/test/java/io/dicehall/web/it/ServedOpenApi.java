package io.dicehall.web.it;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The OpenAPI document a server serves at {@code /openapi} is the one the build generated and linted, key for key:
 * nothing added (Payara's {@code endpoints}), nothing lost. One omission is allowed, as it changes no meaning:
 * Payara reads the built file back into its model and writes no empty value, so an {@code additionalProperties}
 * of the empty schema (any other property allowed) is left out, which says the same. The served copy is kept under {@code target/} so that
 * it can be linted as served ({@code npx @redocly/cli lint --config=web/redocly.yaml target/openapi-served-*.json}).
 */
final class ServedOpenApi {

    /** Where the build writes the document, on the test class path. */
    private static final String BUILT = "io/dicehall/web/platform/openapi/openapi.json";

    private ServedOpenApi() {
    }

    /** Asserts that the served document (JSON) is the built one, and keeps it as {@code target/openapi-served-<server>.json}. */
    static void assertIsTheBuiltDocument(String served, String server) throws IOException {
        Path copy = Path.of("target", "openapi-served-" + server + ".json");
        Files.writeString(copy, served, StandardCharsets.UTF_8);
        JsonObject built;
        try (InputStream in = ServedOpenApi.class.getClassLoader().getResourceAsStream(BUILT)) {
            built = Json.createReader(in).readObject();
        }
        var differences = new ArrayList<String>();
        compare("", built, Json.createReader(new java.io.StringReader(served)).readObject(), differences);
        assertThat("what " + server + " serves at /openapi (" + copy + ") differs from the built document",
                differences, empty());
    }

    private static void compare(String at, JsonValue built, JsonValue served, List<String> differences) {
        if (built instanceof JsonObject b && served instanceof JsonObject s) {
            b.keySet().stream().filter(k -> !s.containsKey(k))
                    .filter(k -> !(k.equals("additionalProperties") && anything(b.get(k))))
                    .forEach(k -> differences.add(at + "/" + k + " missing"));
            s.keySet().stream().filter(k -> !b.containsKey(k)).forEach(k -> differences.add(at + "/" + k + " added"));
            b.keySet().stream().filter(s::containsKey).forEach(k -> compare(at + "/" + k, b.get(k), s.get(k), differences));
        } else if (built.getValueType() == JsonValue.ValueType.ARRAY && served.getValueType() == JsonValue.ValueType.ARRAY
                && built.asJsonArray().size() == served.asJsonArray().size()) {
            for (int i = 0; i < built.asJsonArray().size(); i++) {
                compare(at + "[" + i + "]", built.asJsonArray().get(i), served.asJsonArray().get(i), differences);
            }
        } else if (built instanceof jakarta.json.JsonNumber b && served instanceof jakarta.json.JsonNumber s) {
            if (b.bigDecimalValue().compareTo(s.bigDecimalValue()) != 0) {
                differences.add(at + ": " + b + " served as " + s);
            }
        } else if (!built.equals(served)) {
            differences.add(at + ": " + abbreviated(built) + " served as " + abbreviated(served));
        }
    }

    /** @return whether the value allows any property: {@code true} or the empty schema */
    private static boolean anything(JsonValue value) {
        return value.getValueType() == JsonValue.ValueType.TRUE
                || value instanceof JsonObject object && object.isEmpty();
    }

    private static String abbreviated(JsonValue value) {
        String text = value.toString();
        return text.length() > 120 ? text.substring(0, 120) + "…" : text;
    }
}
