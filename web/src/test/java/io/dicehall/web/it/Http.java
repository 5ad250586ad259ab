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
    public record Answer(int status, String contentType, String location, String body, String retryAfter) {

        public Answer(int status, String contentType, String location, String body) {
            this(status, contentType, location, body, null);
        }

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

    /** @return every roll of a table's log that a viewer without keys sees, newest first, read page by page */
    public java.util.List<JsonObject> wholeLog(String table) {
        var rolls = new java.util.ArrayList<JsonObject>();
        String next = null;
        do {
            JsonObject page = get("api/tables/" + table + "/rolls?limit=100" + (next == null ? "" : "&before=" + next)).json();
            rolls.addAll(page.getJsonArray("rolls").getValuesAs(JsonObject.class));
            next = !page.containsKey("next") || page.isNull("next") ? null : page.getString("next");
        } while (next != null);
        return rolls;
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

    /** Sends a request with any method, body (may be null) and headers (name, value, …). */
    public Answer send(String method, String path, String body, String... headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path)).method(method,
                body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        for (int i = 0; i + 1 < headers.length; i += 2) {
            if (headers[i + 1] != null) {
                request.header(headers[i], headers[i + 1]);
            }
        }
        return send(request);
    }

    /**
     * Listens to a server-sent event stream with the JAX-RS {@code SseEventSource} ({@link EventStream}): the
     * data of each event (not of heartbeats) arrives in the queue, in order, until the stream is closed. Returns
     * once the server has answered.
     *
     * @param headers request headers (name, value, …), sent again on every reconnection; a null value is left out
     */
    public EventStream listen(String path, java.util.concurrent.BlockingQueue<String> events, String... headers) {
        return EventStream.open(base.resolve(path), event -> events.add(event.readData()), EventStream.headers(headers),
                500);
    }

    /** Sends raw bytes as JSON with any method and headers (name, value, …). */
    public Answer sendBytes(String method, String path, byte[] body, String... headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path)).header("Content-Type", "application/json")
                .method(method, HttpRequest.BodyPublishers.ofByteArray(body));
        for (int i = 0; i + 1 < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
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
                    response.headers().firstValue("Location").orElse(null), response.body(),
                    response.headers().firstValue("Retry-After").orElse(null));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
