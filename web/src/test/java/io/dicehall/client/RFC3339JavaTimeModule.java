package io.dicehall.client;

import com.fasterxml.jackson.databind.module.SimpleModule;

/**
 * Stands in for the generated client's module of the same name, which registers a date reader that needs
 * Jackson 2.16 (src/test/openapi/client.openapi-generator-ignore leaves both out). The API writes its times
 * as ISO-8601 UTC ({@code 2026-11-24T07:16:38.123Z}), which the client's {@code JavaTimeModule} reads
 * by itself, so this adds nothing.
 */
public class RFC3339JavaTimeModule extends SimpleModule {

    private static final long serialVersionUID = 1L;

    /** A module that adds nothing to the mapper. */
    public RFC3339JavaTimeModule() {
        super("RFC3339JavaTimeModule");
    }
}
