package io.dicehall.web.it;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonStructure;
import java.io.StringReader;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** A small HTTP client for integration tests: real requests to the deployed application. */
public final class Http {

    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    private final URI base;

    /** @param base the deployment's base URL, ending in a slash */
    public Http(URL base) {
        String text = base.toString();
        this.base = URI.create(text.endsWith("/") ? text : text + "/");
    }

    /** An answer: status, headers and body. */
    public record Answer(int status, String contentType, String location, String body) {

        /** @return the body as a JSON object */
        public JsonObject json() {
            JsonStructure structure = Json.createReader(new StringReader(body)).read();
            return structure.asJsonObject();
        }

        @Override
        public String toString() {
            return status + " " + contentType + " " + (body.length() > 2000 ? body.substring(0, 2000) + "…" : body);
        }
    }

    /** GET {@code path} relative to the base. */
    public Answer get(String path) {
        return send(HttpRequest.newBuilder(base.resolve(path)).GET());
    }

    /** POST a JSON body. */
    public Answer post(String path, String json) {
        return post(path, json, "application/json", null);
    }

    /** POST a body with a content type and, if not null, a Roller-Key. */
    public Answer post(String path, String body, String contentType, String rollerKey) {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path))
                .header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (rollerKey != null) {
            request.header("Roller-Key", rollerKey);
        }
        return send(request);
    }

    /** POST raw bytes as JSON. */
    public Answer postBytes(String path, byte[] body) {
        return send(HttpRequest.newBuilder(base.resolve(path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)));
    }

    private Answer send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> response = CLIENT.send(request.timeout(Duration.ofSeconds(60)).build(),
                    HttpResponse.BodyHandlers.ofString());
            return new Answer(response.statusCode(), response.headers().firstValue("Content-Type").orElse(""),
                    response.headers().firstValue("Location").orElse(null), response.body());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
