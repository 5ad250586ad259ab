package io.dicehall.web.platform.http;

import io.dicehall.api.json.ApiJson;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import jakarta.ws.rs.ext.ContextResolver;
import jakarta.ws.rs.ext.Provider;

/** The API writes the SPI's data with {@link ApiJson}'s shapes, and leaves out nulls. */
@Provider
public class JsonbConfigurator implements ContextResolver<Jsonb> {

    private static final Jsonb JSONB = JsonbBuilder.create(ApiJson.config().withNullValues(false));

    @Override
    public Jsonb getContext(Class<?> type) {
        return JSONB;
    }
}
