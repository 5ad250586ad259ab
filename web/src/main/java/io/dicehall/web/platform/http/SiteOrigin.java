package io.dicehall.web.platform.http;

import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Whether a request comes from a page of this site, by its {@code Origin}: this server's own address (the
 * {@code Host} the browser asked for) or one of {@code dicehall.websocket.origins}, a comma-separated list of origins
 * such as {@code https://dice.example.org} for a reverse proxy that rewrites {@code Host}. One check for every
 * address a page of another site must not use in its visitor's name: the pages' websocket
 * ({@link PushHandshakeFilter}), the table page's plays and its word that a card is painted.
 */
public final class SiteOrigin {

    /** The setting naming the further origins of this site's pages. */
    static final String ORIGINS = "dicehall.websocket.origins";

    private SiteOrigin() {
    }

    /**
     * @return whether the request says it comes from a page of this site, or says nothing of where it comes from (no
     *     {@code Origin}: not a browser's cross-site request). The setting is read only for an origin other than the
     *     address the browser asked for: a play, whose origin is that address, reads none.
     */
    public static boolean ofThisSite(HttpServletRequest request) {
        return ofThisSite(request.getHeader("Origin"), request.getHeader("Host"), SiteOrigin::allowed);
    }

    /** @return true when the request names no origin, else {@link #sameOrigin} */
    static boolean ofThisSite(String origin, String host, Supplier<List<String>> allowed) {
        return origin == null || origin.isEmpty() || sameOrigin(origin, host, allowed);
    }

    /** @return the further origins allowed ({@value #ORIGINS}) */
    static List<String> allowed() {
        return ConfigProvider.getConfig().getOptionalValues(ORIGINS, String.class).orElse(List.of());
    }

    /**
     * @param origin a request's Origin header
     * @param host its Host header (the address the browser asked for)
     * @param allowed further origins allowed, as {@code scheme://host[:port]}: asked for only when the origin is not
     *     the server's own address
     * @return whether the origin is this server's own address (host and port; a default port may be left out) or one
     *     of those allowed
     */
    static boolean sameOrigin(String origin, String host, Supplier<List<String>> allowed) {
        return ownAddress(origin, host) || listed(origin, allowed.get());
    }

    /** @return whether the origin is one of those listed, as {@code scheme://host[:port]} (a trailing slash aside) */
    private static boolean listed(String origin, List<String> allowed) {
        String o = origin.strip().toLowerCase(Locale.ROOT);
        for (String a : allowed) {
            if (o.equals(a.strip().toLowerCase(Locale.ROOT).replaceAll("/+$", ""))) {
                return true;
            }
        }
        return false;
    }

    /** @return whether the origin is the address the browser asked for (host and port; a default port left out) */
    private static boolean ownAddress(String origin, String host) {
        if (host == null) {
            return false;
        }
        URI uri;
        try {
            uri = URI.create(origin.strip().toLowerCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return false;
        }
        if (uri.getHost() == null || uri.getScheme() == null) {
            return false;
        }
        int port = uri.getPort() != -1 ? uri.getPort() : "https".equals(uri.getScheme()) ? 443 : 80;
        String h = host.strip().toLowerCase(Locale.ROOT);
        int colon = h.lastIndexOf(':');
        boolean hasPort = colon > h.lastIndexOf(']');
        String hostName = hasPort ? h.substring(0, colon) : h;
        String hostPort = hasPort ? h.substring(colon + 1) : null;
        String originHost = uri.getHost().contains(":") && !uri.getHost().startsWith("[") ? "[" + uri.getHost() + "]"
                : uri.getHost();
        if (!originHost.equals(hostName)) {
            return false;
        }
        return hostPort == null ? port == 80 || port == 443 : hostPort.equals(Integer.toString(port));
    }
}
