package io.dicehall.api.json;

import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import jakarta.json.bind.JsonbConfig;

/**
 * JSON-B set up for the SPI's data ({@link io.dicehall.api.state.RollState}, forms, odds), so that
 * what is written reads back equal. Optional: needs JSON-B on the class path, which the server and
 * the contract kit have and a rules system does not need.
 */
public final class ApiJson {

    private ApiJson() {
    }

    /** @return a configuration that writes and reads form fields by their kind */
    public static JsonbConfig config() {
        return new JsonbConfig()
                .withSerializers(new FieldJson.Writer())
                .withDeserializers(new FieldJson.Reader());
    }

    /** @return a new JSON-B instance with {@link #config()}; close it when done */
    public static Jsonb create() {
        return JsonbBuilder.create(config());
    }
}
