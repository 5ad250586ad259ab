package io.dicehall.web.platform;

import jakarta.json.Json;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * The container's error pages (an address nothing answers, a request the container refuses before
 * the application sees it) as problem+json, so that no answer is the server's HTML error report.
 */
@WebServlet("/error")
public class ErrorPageServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        int status = code instanceof Integer i ? i : 500;
        String title = switch (status) {
            case 400 -> "Bad request";
            case 404 -> "Not found";
            case 405 -> "Method not allowed";
            case 413 -> "Body too large";
            default -> status >= 500 ? "Server error" : "Request refused";
        };
        String detail = status == 404 ? "There is nothing at this address."
                : status >= 500 ? "The server could not answer this request." : "The request was refused.";
        response.setStatus(status);
        response.setContentType(Problem.MEDIA_TYPE);
        response.setCharacterEncoding("UTF-8");
        response.getWriter().write(Json.createObjectBuilder()
                .add("type", "/problems/" + title.toLowerCase(java.util.Locale.ROOT).replace(' ', '-'))
                .add("title", title).add("status", status).add("detail", detail).build().toString());
    }
}
