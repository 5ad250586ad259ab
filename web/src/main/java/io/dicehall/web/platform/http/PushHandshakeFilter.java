package io.dicehall.web.platform.http;

import jakarta.enterprise.context.SessionScoped;
import jakarta.enterprise.inject.spi.Bean;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.enterprise.inject.spi.CDI;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Guards the opening of the pages' Faces websockets ({@code f:websocket}, at {@code /jakarta.faces.push/…}),
 * which Faces itself accepts from anyone holding a channel id:
 *
 * <ul>
 * <li>a handshake that comes with an {@code Origin} other than this site's ({@link SiteOrigin}: the {@code Host} the
 * browser asked for, or one of {@code dicehall.websocket.origins}, for a reverse proxy that rewrites {@code Host})
 * is refused with 403: another site's page cannot open it in its visitor's browser;</li>
 * <li>the channel id it names (its query string) must be one the requesting HTTP session was given when it
 * rendered a page with that websocket (kept by one of the session's views for a websocket scoped to its page's
 * view, such as the table page's, else by the session), else 403: a channel id copied out of one browser's page
 * opens nothing in another, nor without the session.</li>
 * </ul>
 *
 * <p>The session's channel ids are held by Mojarra's session-scoped channel manager
 * ({@code com.sun.faces.push.WebsocketChannelManager}, its {@code sessionScope} map, where the table page's
 * user-bound channel is kept); they are read from the session's own instance, never created. Should a Faces
 * implementation keep them elsewhere, every handshake is refused and the reason logged once: the table page then
 * goes on without live updates (it catches up when it is next drawn) rather than without the check.
 */
@WebFilter(filterName = "PushHandshake", urlPatterns = "/jakarta.faces.push/*", asyncSupported = true)
public class PushHandshakeFilter extends HttpFilter {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = Logger.getLogger(PushHandshakeFilter.class.getName());

    static final String CHANNEL_MANAGER = "com.sun.faces.push.WebsocketChannelManager";
    /** Where Mojarra keeps a view's websocket channel ids: a view-scoped bean, in the view's map. */
    static final String VIEW_CHANNELS = CHANNEL_MANAGER + "$ViewScope";
    /** The session attribute holding Mojarra's active view maps, by view map id. */
    static final String ACTIVE_VIEW_MAPS = "com.sun.faces.application.view.activeViewMaps";

    private static volatile boolean warned;

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        String origin = request.getHeader("Origin");
        if (origin != null && !SiteOrigin.sameOrigin(origin, request.getHeader("Host"), SiteOrigin::allowed)) {
            response.sendError(HttpServletResponse.SC_FORBIDDEN, "This websocket opens only from this site's pages.");
            return;
        }
        String channelId = request.getQueryString();
        HttpSession session = request.getSession(false);
        if (channelId == null || session == null || !(aViewHolds(session, channelId) || sessionHolds(channelId))) {
            response.sendError(HttpServletResponse.SC_FORBIDDEN,
                    "This websocket opens only for the browser session whose page it belongs to.");
            return;
        }
        chain.doFilter(request, response);
    }

    /**
     * @return whether one of the session's views was given that channel id: a websocket scoped to its page's view
     *     (the table page's) has its id in that view's map, in Mojarra's {@code WebsocketChannelManager.ViewScope}
     *     bean, which the session's active view maps hold
     */
    private static boolean aViewHolds(HttpSession session, String channelId) {
        try {
            Object views = session.getAttribute(ACTIVE_VIEW_MAPS);
            if (!(views instanceof Map<?, ?> maps)) {
                return false;
            }
            Class<?> type = Class.forName(VIEW_CHANNELS, false, PushHandshakeFilter.class.getClassLoader());
            Field field = type.getDeclaredField("viewScope");
            field.setAccessible(true);
            for (Object view : copy(maps)) {
                if (view instanceof Map<?, ?> map) {
                    for (Object bean : copy(map)) {
                        if (type.isInstance(bean) && field.get(bean) instanceof Map<?, ?> ids
                                && ids.containsValue(channelId)) {
                            return true;
                        }
                    }
                }
            }
            return false;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return unreadable("the session's views", e);
        }
    }

    /** @return the map's values as they are now: another request of the session may change the map meanwhile */
    private static List<Object> copy(Map<?, ?> map) {
        for (int tries = 0; ; tries++) {
            try {
                return new ArrayList<>(map.values());
            } catch (ConcurrentModificationException changing) {
                if (tries == 3) {
                    return List.of();
                }
            }
        }
    }

    /** @return whether the requesting session's Faces channel manager gave out that channel id */
    private static boolean sessionHolds(String channelId) {
        try {
            Class<?> type = Class.forName(CHANNEL_MANAGER, false, PushHandshakeFilter.class.getClassLoader());
            BeanManager beans = CDI.current().getBeanManager();
            Bean<?> bean = beans.resolve(beans.getBeans(type));
            Object manager = bean == null ? null : beans.getContext(SessionScoped.class).get(bean);
            if (manager == null) {
                return false; // this session never rendered a page with a websocket
            }
            Field field = type.getDeclaredField("sessionScope");
            field.setAccessible(true);
            return ((Map<?, ?>) field.get(manager)).containsValue(channelId);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return unreadable("the session", e);
        }
    }

    /** Says once why channel ids cannot be read from {@code where}; answers that the channel id was not found there. */
    private static boolean unreadable(String where, Throwable e) {
        if (!warned) {
            warned = true;
            LOG.log(Level.WARNING, "the Faces websocket's channel ids cannot be read from " + where + ", so a handshake"
                    + " whose channel id is kept there is refused (its page goes on without live updates)", e);
        }
        return false;
    }
}
