package io.dicehall.web.platform.http;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.ServletResponseWrapper;
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
 * {@code X-Frame-Options} for browsers that predate it), and a content security policy that lets a page load
 * scripts, styles, images and connections from this server only, with no inline script or style element but those
 * the page itself holds, allowed one by one by their hashes ({@link InlineCode}), and no style attribute or inline
 * event handler at all (the pages have none: {@code io.dicehall.web.ui.faces.HandlerFreeMarkup}). Nothing the
 * application writes names the server's product ({@code Server}, {@code X-Powered-By} are withheld here; the
 * server's own are turned off in the pre-boot commands).
 */
@WebFilter(filterName = "SecurityHeaders", urlPatterns = "/*", asyncSupported = true,
        dispatcherTypes = {DispatcherType.REQUEST, DispatcherType.FORWARD, DispatcherType.ERROR, DispatcherType.ASYNC})
public class SecurityHeaders extends HttpFilter {

    private static final long serialVersionUID = 1L;

    /**
     * The content security policy of every answer; a page's {@code script-src} also names its own inline scripts'
     * hashes. {@code 'self'} covers the live socket (the same host's {@code ws:} and {@code wss:}).
     */
    public static final String POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
            + " connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    /** The headers set on every answer, by name. */
    public static final Map<String, String> HEADERS = headers();

    /** Headers that would name the server's product, in lower case: never passed on. */
    static final Set<String> WITHHELD = Set.of("server", "x-powered-by");

    private static Map<String, String> headers() {
        var headers = new LinkedHashMap<String, String>();
        headers.put("X-Content-Type-Options", "nosniff");
        headers.put("Referrer-Policy", "no-referrer");
        headers.put("Content-Security-Policy", POLICY);
        headers.put("X-Frame-Options", "DENY");
        return Map.copyOf(headers);
    }

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        HEADERS.forEach(response::setHeader);
        HttpServletResponse withholding = response instanceof Withholding ? response : new Withholding(response);
        if (held(response) || request.getHeader("Upgrade") != null || fetched(request)
                || request.getRequestURI().startsWith(request.getContextPath() + "/api/")) {
            // held back already (a page's address forwarded to its page), a socket's handshake, a script's fetch,
            // or the API
            chain.doFilter(request, withholding);
            return;
        }
        InlineCode page = new InlineCode(withholding);
        chain.doFilter(request, page);
        if (!request.isAsyncStarted()) {
            page.finish(POLICY);
        }
    }

    /**
     * @return whether the browser says the answer is read by a script ({@code Sec-Fetch-Dest: empty}, a fetch), not
     *     shown as a document: a policy applies to documents only, so its hashes would serve nothing, and the answer
     *     is sent as it is written (a roll's card before its moves). A browser that does not say so gets the answer
     *     held back, as a page.
     */
    public static boolean fetched(HttpServletRequest request) {
        return "empty".equals(request.getHeader("Sec-Fetch-Dest"));
    }

    /**
     * @return whether this answer is already held back for its inline code: a forward passes on the answer it was
     *     given, an error page is written to the container's own
     */
    private static boolean held(ServletResponse response) {
        for (ServletResponse r = response; r != null; r = r instanceof ServletResponseWrapper w ? w.getResponse() : null) {
            if (r instanceof InlineCode) {
                return true;
            }
        }
        return false;
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
