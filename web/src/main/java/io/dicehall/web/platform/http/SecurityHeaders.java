package io.dicehall.web.platform.http;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The headers every page and API answer carries, error pages and event streams included: no content-type
 * sniffing, no referrer sent on, no framing by any other page ({@code frame-ancestors 'none'}, and
 * {@code X-Frame-Options} for browsers that predate it). The content security policy holds only
 * {@code frame-ancestors}: a policy on scripts without {@code 'unsafe-inline'} would break the pages, whose
 * Faces components write inline event handlers. Nothing the application writes names the server's product
 * ({@code Server}, {@code X-Powered-By} are withheld here; the server's own are turned off in the pre-boot
 * commands).
 */
@WebFilter(filterName = "SecurityHeaders", urlPatterns = "/*", asyncSupported = true,
        dispatcherTypes = {DispatcherType.REQUEST, DispatcherType.FORWARD, DispatcherType.ERROR, DispatcherType.ASYNC})
public class SecurityHeaders extends HttpFilter {

    private static final long serialVersionUID = 1L;

    /** The headers set on every answer, by name. */
    public static final Map<String, String> HEADERS = headers();

    /** Headers that would name the server's product, in lower case: never passed on. */
    static final Set<String> WITHHELD = Set.of("server", "x-powered-by");

    private static Map<String, String> headers() {
        var headers = new LinkedHashMap<String, String>();
        headers.put("X-Content-Type-Options", "nosniff");
        headers.put("Referrer-Policy", "no-referrer");
        headers.put("Content-Security-Policy", "frame-ancestors 'none'");
        headers.put("X-Frame-Options", "DENY");
        return Map.copyOf(headers);
    }

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        HEADERS.forEach(response::setHeader);
        chain.doFilter(request, response instanceof Withholding ? response : new Withholding(response));
    }

    /** A response that drops the headers naming the server's product, whoever sets them. */
    static final class Withholding extends HttpServletResponseWrapper {

        Withholding(HttpServletResponse response) {
            super(response);
        }

        private static boolean withheld(String name) {
            return name != null && WITHHELD.contains(name.toLowerCase(Locale.ROOT));
        }

        @Override
        public void setHeader(String name, String value) {
            if (!withheld(name)) {
                super.setHeader(name, value);
            }
        }

        @Override
        public void addHeader(String name, String value) {
            if (!withheld(name)) {
                super.addHeader(name, value);
            }
        }
    }
}
