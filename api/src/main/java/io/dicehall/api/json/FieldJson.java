package io.dicehall.api.json;

import io.dicehall.api.form.ChoiceField;
import io.dicehall.api.form.Field;
import io.dicehall.api.form.FlagField;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.GroupField;
import io.dicehall.api.form.IntegerField;
import io.dicehall.api.form.Option;
import io.dicehall.api.form.PickField;
import io.dicehall.api.form.TextField;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.json.bind.serializer.DeserializationContext;
import jakarta.json.bind.serializer.JsonbDeserializer;
import jakarta.json.bind.serializer.JsonbSerializer;
import jakarta.json.bind.serializer.SerializationContext;
import jakarta.json.stream.JsonGenerator;
import jakarta.json.stream.JsonParser;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;

/**
 * The JSON shape of a form field: one object with {@code kind}, {@code name}, {@code label},
 * {@code help}, {@code default} and the kind's own properties ({@code min}/{@code max};
 * {@code options}; {@code maxLength}/{@code required}; {@code minPicks}/{@code maxPicks};
 * {@code minRows}/{@code maxRows}/{@code defaultRows}/{@code fields}). Reads back what it writes.
 */
public final class FieldJson {

    private FieldJson() {
    }

    /** Writes a field. */
    public static final class Writer implements JsonbSerializer<Field> {
        @Override
        public void serialize(Field field, JsonGenerator out, SerializationContext context) {
            write(field, out);
        }

        static void write(Field field, JsonGenerator out) {
            out.writeStartObject();
            out.write("kind", field.kind());
            out.write("name", field.name());
            out.write("label", field.label());
            out.write("help", field.help());
            if (field instanceof IntegerField f) {
                out.write("min", f.min()).write("max", f.max()).write("default", f.defaultValue());
            } else if (field instanceof ChoiceField f) {
                writeOptions(f.options(), out);
                out.write("default", f.defaultValue());
            } else if (field instanceof FlagField f) {
                out.write("default", f.defaultValue());
            } else if (field instanceof TextField f) {
                out.write("maxLength", f.maxLength()).write("required", f.required()).write("default", f.defaultValue());
            } else if (field instanceof PickField f) {
                writeOptions(f.options(), out);
                out.write("minPicks", f.minPicks()).write("maxPicks", f.maxPicks());
                out.writeStartArray("default");
                f.defaultValue().forEach(out::write);
                out.writeEnd();
            } else if (field instanceof GroupField f) {
                out.write("minRows", f.minRows()).write("maxRows", f.maxRows()).write("defaultRows", f.defaultRows());
                out.writeStartArray("fields");
                f.fields().fields().forEach(inner -> write(inner, out));
                out.writeEnd();
            }
            out.writeEnd();
        }

        private static void writeOptions(List<Option> options, JsonGenerator out) {
            out.writeStartArray("options");
            for (Option option : options) {
                out.writeStartObject().write("value", option.value()).write("label", option.label())
                        .write("help", option.help()).writeEnd();
            }
            out.writeEnd();
        }
    }

    /** Reads a field written by {@link Writer}. */
    public static final class Reader implements JsonbDeserializer<Field> {
        @Override
        public Field deserialize(JsonParser parser, DeserializationContext context, Type type) {
            return read(parser.getObject());
        }

        static Field read(JsonObject json) {
            String name = json.getString("name");
            String label = json.getString("label");
            String help = json.getString("help", "");
            return switch (json.getString("kind")) {
                case "integer" -> new IntegerField(name, label, help, json.getInt("min"), json.getInt("max"),
                        json.getInt("default"));
                case "choice" -> new ChoiceField(name, label, help, options(json), json.getString("default"));
                case "flag" -> new FlagField(name, label, help, json.getBoolean("default", false));
                case "text" -> new TextField(name, label, help, json.getInt("maxLength"),
                        json.getBoolean("required", false), json.getString("default", ""));
                case "pick" -> new PickField(name, label, help, options(json), json.getInt("minPicks"),
                        json.getInt("maxPicks"));
                case "group" -> new GroupField(name, label, help, json.getInt("minRows"), json.getInt("maxRows"),
                        FormJson.Reader.read(json),
                        json.getInt("defaultRows"));
                default -> throw new IllegalArgumentException("unknown field kind " + json.getString("kind"));
            };
        }

        private static List<Option> options(JsonObject json) {
            var options = new ArrayList<Option>();
            for (JsonValue value : json.getJsonArray("options")) {
                JsonObject o = value.asJsonObject();
                options.add(new Option(o.getString("value"), o.getString("label"), o.getString("help", "")));
            }
            return options;
        }
    }
}
