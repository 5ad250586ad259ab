package io.dicehall.web.webhooks.control;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

/**
 * Posts one body with the JDK's own HTTP client ({@code java.net.http}): no redirect followed (a 3xx is an
 * answer, and a failure), a bounded wait to connect and to be answered, and nothing read of the answer but
 * its status and {@code Retry-After}.
 */
public final class Sender {

    /**
     * What came of one post.
     *
     * @param status the HTTP status, or 0 when no answer came
     * @param retryAfter the answer's {@code Retry-After}, or null
     * @param error why no answer came, or null
     */
    public record Answer(int status, String retryAfter, String error) {

        /** The ways a post can end. */
        public enum Verdict {
            /** Received (2xx). */
            DELIVERED,
            /** Asked to wait (429): wait as asked, and hold the webhook's other posts as long. */
            SLOW_DOWN,
            /** Failed for now (no answer, 408, 425, 5xx): try again later. */
            TRY_AGAIN,
            /** Refused for good (a redirect, any other 4xx): trying again would not help. */
            REFUSED
        }

        /** @return what the answer means for the delivery */
        public Verdict verdict() {
            if (status >= 200 && status < 300) {
                return Verdict.DELIVERED;
            }
            if (status == 429) {
                return Verdict.SLOW_DOWN;
            }
            if (status == 0 || status == 408 || status == 425 || status >= 500) {
                return Verdict.TRY_AGAIN;
            }
            return Verdict.REFUSED;
        }

        /** @return in a few words, for the GM */
        public String describe() {
            if (error != null) {
                return error;
            }
            if (status >= 300 && status < 400) {
                return "answered " + status + " (a redirect, never followed)";
            }
            return "answered " + status;
        }
    }

    private final HttpClient client;
    private final Duration readTimeout;

    /** @param connectTimeout the longest wait to connect; @param readTimeout the longest wait for the answer */
    public Sender(Duration connectTimeout, Duration readTimeout) {
        this.client = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).connectTimeout(connectTimeout)
                .build();
        this.readTimeout = readTimeout;
    }

    /** @return what came of posting {@code body} (JSON) to {@code url} with these headers; never throws */
    public Answer post(String url, String body, Map<String, String> headers) {
        try {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(readTimeout)
                    .header("Content-Type", "application/json")
                    .header("User-Agent", "Dicehall-Webhooks")
                    .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
            headers.forEach(request::header);
            HttpResponse<Void> response = client.send(request.build(), HttpResponse.BodyHandlers.discarding());
            return new Answer(response.statusCode(), response.headers().firstValue("Retry-After").orElse(null), null);
        } catch (IOException e) {
            return new Answer(0, null, "no answer: " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : " " + e.getMessage()));
        } catch (IllegalArgumentException e) {
            return new Answer(0, null, "not an address: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Answer(0, null, "interrupted");
        }
    }
}
