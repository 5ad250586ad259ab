package io.dicehall.web.health;

import jakarta.enterprise.inject.spi.CDI;
import jakarta.json.Json;
import jakarta.json.JsonObjectBuilder;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * {@code /health}, {@code /health/ready}, {@code /health/live} and {@code /health/started} on servers
 * without MicroProfile Health, in its format: {@code {"status": "UP", "checks": [{"name", "status",
 * "data"}]}}, 200 when up and 503 when down. Registered by
 * {@link io.dicehall.web.platform.http.PortableEndpoints} only where MicroProfile Health is absent.
 */
public class HealthServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String which = request.getPathInfo() == null ? "/" : request.getPathInfo();
        List<Readiness.Check> checks = switch (which) {
            case "/" -> List.of(CDI.current().select(Readiness.class).get().systems(),
                    CDI.current().select(ServerCheck.class).get().server());
            case "/ready" -> List.of(CDI.current().select(Readiness.class).get().systems());
            case "/live" -> List.of(CDI.current().select(ServerCheck.class).get().server());
            case "/started" -> List.of();
            default -> null;
        };
        if (checks == null) {
            response.sendError(HttpServletResponse.SC_NOT_FOUND);
            return;
        }
        boolean up = checks.stream().allMatch(Readiness.Check::up);
        var array = Json.createArrayBuilder();
        for (Readiness.Check check : checks) {
            JsonObjectBuilder data = Json.createObjectBuilder();
            check.data().forEach((key, value) -> {
                if (value instanceof Number number) {
                    data.add(key, number.longValue());
                } else {
                    data.add(key, String.valueOf(value));
                }
            });
            array.add(Json.createObjectBuilder().add("name", check.name()).add("status", check.up() ? "UP" : "DOWN")
                    .add("data", data));
        }
        response.setStatus(up ? HttpServletResponse.SC_OK : HttpServletResponse.SC_SERVICE_UNAVAILABLE);
        response.setContentType("application/json");
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        response.setHeader("Cache-Control", "no-store");
        response.getWriter().write(Json.createObjectBuilder().add("status", up ? "UP" : "DOWN").add("checks", array)
                .build().toString());
    }
}
