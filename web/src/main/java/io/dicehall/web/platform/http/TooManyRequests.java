package io.dicehall.web.platform.http;

import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;

/**
 * A request over one of the {@link ClientLimits}: answered 429 {@code too-many-requests} (problem+json) with
 * {@code Retry-After} in seconds, whether the REST layer's filter or the domain refused it.
 */
public class TooManyRequests extends ProblemException {

    private static final long serialVersionUID = 1L;

    private final long seconds;

    /**
     * @param seconds when to try again, in whole seconds (at least 1)
     * @param detail what was over which limit, in plain words
     */
    public TooManyRequests(long seconds, String detail) {
        super(Problem.of(429, "too-many-requests", "Too many requests", detail));
        this.seconds = Math.max(1, seconds);
    }

    /** @return the seconds to wait before trying again */
    public long seconds() {
        return seconds;
    }

    /** @return the answer: 429, the problem, and Retry-After */
    public Response response() {
        return Response.fromResponse(problem().response()).header(HttpHeaders.RETRY_AFTER, Long.toString(seconds))
                .build();
    }
}
