package io.dicehall.api.json;

import io.dicehall.api.state.Tone;
import io.dicehall.api.state.Verdict;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import jakarta.json.bind.JsonbConfig;
import jakarta.json.bind.adapter.JsonbAdapter;
import java.util.Locale;

/**
 * JSON-B set up for the SPI's data ({@link io.dicehall.api.state.RollState}, forms, odds), so that
 * what is written reads back equal: form fields are written with their {@code kind}, verdicts and
 * tones in lower case ({@code "success"}, {@code "good"}). Optional: needs JSON-B on the class path,
 * which the server and the contract kit have and a rules system does not need.
 */
public final class ApiJson {

    private ApiJson() {
    }

    /** @return a configuration that writes and reads the SPI's data as described */
    public static JsonbConfig config() {
        return new JsonbConfig()
                .withSerializers(new FieldJson.Writer(), new FormJson.Writer())
                .withDeserializers(new FieldJson.Reader(), new FormJson.Reader())
                .withAdapters(new VerdictJson(), new ToneJson());
    }

    /** @return a new JSON-B instance with {@link #config()}; close it when done */
    public static Jsonb create() {
        return JsonbBuilder.create(config());
    }

    /** Verdicts as lower-case words. */
    public static final class VerdictJson implements JsonbAdapter<Verdict, String> {
        @Override
        public String adaptToJson(Verdict verdict) {
            return verdict.name().toLowerCase(Locale.ROOT);
        }

        @Override
        public Verdict adaptFromJson(String text) {
            return Verdict.valueOf(text.toUpperCase(Locale.ROOT));
        }
    }

    /** Tones as lower-case words. */
    public static final class ToneJson implements JsonbAdapter<Tone, String> {
        @Override
        public String adaptToJson(Tone tone) {
            return tone.name().toLowerCase(Locale.ROOT);
        }

        @Override
        public Tone adaptFromJson(String text) {
            return Tone.valueOf(text.toUpperCase(Locale.ROOT));
        }
    }
}
