package io.dicehall.web.platform.http;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;

/**
 * {@code /openapi} on servers without MicroProfile OpenAPI: the document the build generated from the
 * same annotations ({@value #FOLDER}, by the SmallRye OpenAPI Maven plugin), YAML by default and JSON
 * for {@code Accept: application/json} or {@code ?format=JSON}, as MicroProfile OpenAPI answers.
 * Registered by {@link PortableEndpoints} only where MicroProfile OpenAPI is absent.
 */
public class OpenApiServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    /** Where the build puts the document, on the class path. */
    static final String FOLDER = "io/dicehall/web/platform/openapi/";

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String format = request.getParameter("format");
        String accept = request.getHeader("Accept");
        boolean json = format != null ? format.toUpperCase(Locale.ROOT).equals("JSON")
                : accept != null && accept.contains("application/json") && !accept.contains("yaml");
        try (InputStream document = OpenApiServlet.class.getClassLoader()
                .getResourceAsStream(FOLDER + (json ? "openapi.json" : "openapi.yaml"))) {
            if (document == null) {
                response.sendError(HttpServletResponse.SC_NOT_FOUND, "This build has no OpenAPI document");
                return;
            }
            response.setContentType(json ? "application/json" : "application/yaml");
            response.setCharacterEncoding("UTF-8");
            document.transferTo(response.getOutputStream());
        }
    }
}
