package io.dicehall.api.json;

import io.dicehall.api.form.Form;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.bind.serializer.DeserializationContext;
import jakarta.json.bind.serializer.JsonbDeserializer;
import jakarta.json.bind.serializer.JsonbSerializer;
import jakarta.json.bind.serializer.SerializationContext;
import jakarta.json.stream.JsonGenerator;
import jakarta.json.stream.JsonParser;
import java.lang.reflect.Type;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The JSON shape of a form: {@code {"fields": [...]}}, plus, only when the form has them, its presentation
 * hints {@code "more": [names]}, {@code "character": [names]} and {@code "valueNames": {"field": {"3":
 * "Good"}}}. A form without hints is written exactly as before they existed. Reads back what it writes.
 */
public final class FormJson {

    private FormJson() {
    }

    /** Writes a form. */
    public static final class Writer implements JsonbSerializer<Form> {
        @Override
        public void serialize(Form form, JsonGenerator out, SerializationContext context) {
            out.writeStartObject();
            out.writeStartArray("fields");
            form.fields().forEach(field -> FieldJson.Writer.write(field, out));
            out.writeEnd();
            names("more", form.more(), out);
            names("character", form.character(), out);
            if (!form.valueNames().isEmpty()) {
                out.writeStartObject("valueNames");
                new TreeMap<>(form.valueNames()).forEach((field, names) -> {
                    out.writeStartObject(field);
                    new TreeMap<>(names).forEach((value, name) -> out.write(Integer.toString(value), name));
                    out.writeEnd();
                });
                out.writeEnd();
            }
            out.writeEnd();
        }

        private static void names(String key, Set<String> names, JsonGenerator out) {
            if (!names.isEmpty()) {
                out.writeStartArray(key);
                new TreeSet<>(names).forEach(out::write);
                out.writeEnd();
            }
        }
    }

    /** Reads a form written by {@link Writer}. */
    public static final class Reader implements JsonbDeserializer<Form> {
        @Override
        public Form deserialize(JsonParser parser, DeserializationContext context, Type type) {
            return read(parser.getObject());
        }

        static Form read(JsonObject json) {
            var fields = json.getJsonArray("fields").getValuesAs(JsonObject.class).stream()
                    .map(FieldJson.Reader::read).toList();
            var valueNames = new LinkedHashMap<String, Map<Integer, String>>();
            JsonObject names = json.getJsonObject("valueNames");
            if (names != null) {
                names.forEach((field, values) -> valueNames.put(field, values.asJsonObject().entrySet().stream()
                        .collect(Collectors.toMap(e -> Integer.valueOf(e.getKey()), e -> ((JsonString) e.getValue()).getString()))));
            }
            return new Form(fields, strings(json, "more"), strings(json, "character"), valueNames);
        }

        private static Set<String> strings(JsonObject json, String key) {
            return json.containsKey(key) && json.get(key).getValueType() == JsonValue.ValueType.ARRAY
                    ? json.getJsonArray(key).getValuesAs(JsonString.class).stream().map(JsonString::getString)
                            .collect(Collectors.toSet())
                    : Set.of();
        }
    }
}
