package io.dicehall.web.platform.http;

import io.dicehall.web.platform.ClientLimits;

import jakarta.enterprise.inject.spi.CDI;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import jakarta.ws.rs.ext.Provider;
import java.util.regex.Pattern;

/**
 * Holds each client address to its {@link ClientLimits}: opening a table ({@code POST /api/tables}; only
 * tables opened count, refused requests do not) and
 * opening an event stream ({@code GET /api/tables/{table}/events}); beyond, 429 {@code too-many-requests}
 * with {@code Retry-After} in seconds.
 */
@Provider
public class ClientLimitsFilter implements ContainerRequestFilter, ContainerResponseFilter {

    private static final Pattern EVENTS = Pattern.compile("/?tables/[^/]+/events/?");
    private static final Pattern TABLES = Pattern.compile("/?tables/?");

    /** How long a client that holds too many streams is told to wait: a closed one is let go by then. */
    static final long STREAM_RETRY_SECONDS = 15;

    @Context
    HttpServletRequest servlet;

    @Context
    UriInfo uri;

    @Override
    public void filter(ContainerRequestContext request) {
        String path = uri.getPath();
        String method = request.getMethod();
        if ("POST".equals(method) && TABLES.matcher(path).matches()) {
            ClientLimits limits = CDI.current().select(ClientLimits.class).get();
            long wait = limits.waitToOpen(servlet.getRemoteAddr());
            if (wait > 0) {
                request.abortWith(tooMany(wait, "This address opened " + limits.tablesPerMinute()
                        + " tables in the last minute, the most it may; try again in " + wait + " s."));
            }
        } else if ("GET".equals(method) && EVENTS.matcher(path).matches()) {
            ClientLimits limits = CDI.current().select(ClientLimits.class).get();
            EventStreams streams = CDI.current().select(EventStreams.class).get();
            if (!limits.mayStream(streams.open(servlet.getRemoteAddr()))) {
                request.abortWith(tooMany(STREAM_RETRY_SECONDS, "This address holds " + limits.streamsPerAddress()
                        + " event streams open, the most it may; close one first."));
            }
        }
    }

    /** Counts a table opened. */
    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        if (response.getStatus() == 201 && "POST".equals(request.getMethod()) && TABLES.matcher(uri.getPath()).matches()) {
            CDI.current().select(ClientLimits.class).get().opened(servlet.getRemoteAddr());
        }
    }

    /** @return 429 with the problem and Retry-After */
    public static Response tooMany(long seconds, String detail) {
        return new TooManyRequests(seconds, detail).response();
    }
}
