package io.dicehall.web.platform.http;

import jakarta.json.Json;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Locale;
import java.util.MissingResourceException;
import java.util.ResourceBundle;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The container's error pages (an address nothing answers, a request the container refuses before
 * the application sees it, a page that failed), so that no answer is the server's own error report:
 * problem+json under {@code /api} (the same shape as every other error of the API, {@link Problem}), a plain
 * page with a way back to the menu everywhere else.
 */
@WebServlet("/error")
public class ErrorPageServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    private static final Logger LOG = Logger.getLogger(ErrorPageServlet.class.getName());

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        int status = code instanceof Integer i ? i : 500;
        if (request.getAttribute(RequestDispatcher.ERROR_EXCEPTION) instanceof Throwable failure) {
            // Not every container says what failed before it shows its error page: said here, once, in full.
            LOG.log(Level.WARNING, "a request failed: " + request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI),
                    failure);
        }
        if (response.isCommitted()) {
            return; // the answer is on its way already: nothing can be added to it
        }
        response.setStatus(status);
        response.setCharacterEncoding("UTF-8");
        if (isApi(request)) {
            problem(response, status);
        } else {
            page(request, response, status);
        }
    }

    private static boolean isApi(HttpServletRequest request) {
        Object uri = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
        String path = uri instanceof String u ? u : request.getRequestURI();
        String context = request.getContextPath();
        if (path.startsWith(context)) {
            path = path.substring(context.length());
        }
        return path.equals("/api") || path.startsWith("/api/");
    }

    private static void problem(HttpServletResponse response, int status) throws IOException {
        String title = switch (status) {
            case 400 -> "Bad request";
            case 404 -> "Not found";
            case 405 -> "Method not allowed";
            case 413 -> "Body too large";
            default -> status >= 500 ? "Server error" : "Request refused";
        };
        String detail = status == 404 ? "There is nothing at this address."
                : status >= 500 ? "The server could not answer this request." : "The request was refused.";
        response.setContentType(Problem.MEDIA_TYPE);
        write(response, Json.createObjectBuilder()
                .add("type", "/problems/" + title.toLowerCase(Locale.ROOT).replace(' ', '-'))
                .add("title", title).add("status", status).add("detail", detail)
                .add("violations", Json.createArrayBuilder()).build().toString());
    }

    /**
     * Writes the error's text in place of anything the failed request had put in the answer's buffer (the body of an
     * answer that failed once it had begun to write it, say): the client gets the error alone, never half an answer.
     */
    private static void write(HttpServletResponse response, String text) throws IOException {
        response.resetBuffer();
        try {
            response.getWriter().write(text);
        } catch (IllegalStateException streamInUse) { // the failed request wrote bytes, not characters
            response.getOutputStream().write(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
    }

    /** A page for people; it echoes nothing from the request, so there is nothing to escape but the context path. */
    private static void page(HttpServletRequest request, HttpServletResponse response, int status) throws IOException {
        ResourceBundle texts = ResourceBundle.getBundle("io.dicehall.web.ui.messages", Locale.ENGLISH);
        String detail = text(texts, status == 404 ? "error.404" : status >= 500 ? "error.5xx" : "error.other");
        String home = escape(request.getContextPath()) + "/";
        response.setContentType("text/html");
        write(response, """
                <!DOCTYPE html>
                <html lang="en"><head><meta charset="utf-8">
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <title>%1$s — Dicehall</title>
                <style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1d2430}
                a{color:#2f5fb3}</style></head>
                <body><main><h1>%1$s</h1><p>%2$s</p><p><a href="%3$s">%4$s</a></p></main></body></html>
                """.formatted(text(texts, "error.title") + " (" + status + ")", detail, home, text(texts, "error.back")));
    }

    private static String text(ResourceBundle texts, String key) {
        try {
            return escape(texts.getString(key));
        } catch (MissingResourceException missing) {
            return key;
        }
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
