package io.dicehall.web.ui.table.feed;

import io.dicehall.web.platform.http.SiteOrigin;
import io.dicehall.web.ui.table.TableLive;
import jakarta.inject.Inject;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * {@code POST /painted} with {@code page} (the table page's key) and {@code play} (the name it gave its roll): the
 * page has painted its roll's card, and the roll's answer may draw the rest now ({@link CardPaints}). Answers 204 when
 * that answer was waiting (or had stopped waiting, its limit passed), 404 when no such play is known, 400 naming the
 * field when one is malformed, 403 to a page of another site and 405 to anything but a {@code POST}.
 */
@WebServlet("/painted")
public class CardPaintedServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    @Inject
    CardPaints paints;

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setHeader("Cache-Control", "no-store");
        if (!"POST".equals(request.getMethod())) {
            response.setHeader("Allow", "POST");
            answer(response, HttpServletResponse.SC_METHOD_NOT_ALLOWED, "only POST is answered here");
            return;
        }
        if (!SiteOrigin.ofThisSite(request)) {
            answer(response, HttpServletResponse.SC_FORBIDDEN, "a page of another site may not speak for this one");
            return;
        }
        String page = TableLive.pageKey(request.getParameter("page"));
        String play = request.getParameter("play");
        if (page == null) {
            answer(response, HttpServletResponse.SC_BAD_REQUEST,
                    "page: must be the table page's key, 16 to 64 letters, digits, '-' or '_'");
        } else if (!PlayAnswer.wellNamed(play)) {
            answer(response, HttpServletResponse.SC_BAD_REQUEST,
                    "play: must be the name the page gave its roll, 1 to 16 lower-case letters and digits");
        } else if (paints.painted(page, play)) {
            response.setStatus(HttpServletResponse.SC_NO_CONTENT);
        } else {
            answer(response, HttpServletResponse.SC_NOT_FOUND, "no roll of that page and name awaits its card");
        }
    }

    private static void answer(HttpServletResponse response, int status, String message) throws IOException {
        response.setStatus(status);
        response.setContentType("text/plain;charset=UTF-8");
        response.getWriter().write(message);
    }
}
