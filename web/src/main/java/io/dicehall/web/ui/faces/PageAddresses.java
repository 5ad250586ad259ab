package io.dicehall.web.ui.faces;

import io.dicehall.api.Text;
import io.dicehall.web.platform.Ids;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * Serves the addresses players share by the pages behind them, keeping the address in the browser's bar:
 * {@code /tables/{id}} is the table's page (the invite the API hands out), {@code /tables/{id}/rows/{n}} one row
 * of its feed (what the page fetches when a push names a roll), {@code /tables/{id}/play} what the table page's
 * script posts to roll, move and ask for odds without the page's view, {@code /rolls/{id}} a roll's own
 * page, {@code /systems/{id}} and {@code /systems/{id}/{procedure}} a rolling page. The query is passed on
 * (a table's chosen procedure, a rolling page's prefilled values). A table or roll address whose id is
 * malformed gets the same friendly "no such table" or "no such roll" page (404) as a well-formed unknown one;
 * any other malformed address is a plain 404.
 */
@WebFilter(urlPatterns = {"/tables/*", "/rolls/*", "/systems/*"})
public class PageAddresses extends HttpFilter {

    private static final long serialVersionUID = 1L;

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        String target = target(request.getRequestURI().substring(request.getContextPath().length()));
        if (target == null) {
            response.sendError(HttpServletResponse.SC_NOT_FOUND);
            return;
        }
        String query = request.getQueryString();
        if (query != null && !query.isEmpty()) {
            target += "&" + query;
        }
        request.getRequestDispatcher(target).forward(request, response);
    }

    /**
     * @param path the address below the context root, e.g. {@code /tables/abc}
     * @return the page and its parameters for a shared address, or null when the address names nothing
     */
    static String target(String path) {
        String[] all = path.split("/", -1);
        if (all.length < 3 || !all[0].isEmpty()) {
            return null;
        }
        String[] parts = java.util.Arrays.copyOfRange(all, 2, all.length);
        return switch ("/" + all[1]) {
            case "/tables" -> parts.length == 1 && !parts[0].isEmpty() ? "/table.xhtml?t=" + id(parts[0])
                    : parts.length == 3 && "rows".equals(parts[1]) && parts[2].matches("[1-9][0-9]{0,17}")
                    ? "/row.xhtml?t=" + id(parts[0]) + "&seq=" + parts[2]
                    : parts.length == 2 && "play".equals(parts[1]) ? "/play.xhtml?t=" + id(parts[0]) : null;
            case "/rolls" -> parts.length == 1 && !parts[0].isEmpty() ? "/shown.xhtml?id=" + id(parts[0]) : null;
            case "/systems" -> parts.length >= 1 && parts.length <= 2 && Text.isKebab(parts[0])
                    && (parts.length == 1 || Text.isKebab(parts[1]))
                    ? "/roll.xhtml?system=" + encode(parts[0]) + (parts.length == 2 ? "&procedure=" + encode(parts[1]) : "")
                    : null;
            default -> null;
        };
    }

    /** @return the id as it is when well formed, else a stand-in that names nothing (the page says so) */
    private static String id(String text) {
        return Ids.wellFormed(text) ? text : "-";
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }
}
