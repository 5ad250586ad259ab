package io.dicehall.web.platform.http;

import io.dicehall.web.health.HealthServlet;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;
import java.util.logging.Logger;

/**
 * {@code /health} and {@code /openapi} on every server: MicroProfile Health and OpenAPI serve them
 * where the server has them (Payara, at the server's root); where it has not (GlassFish), this
 * registers {@link HealthServlet} and {@link OpenApiServlet} under the application's own path. The
 * pages link to wherever they are ({@link EndpointLinks}).
 */
@WebListener
public class PortableEndpoints implements ServletContextListener {

    private static final Logger LOG = Logger.getLogger(PortableEndpoints.class.getName());

    static final String HEALTH_API = "org.eclipse.microprofile.health.HealthCheck";
    static final String OPENAPI_API = "org.eclipse.microprofile.openapi.OASFactory";

    /** @return whether the server offers this MicroProfile API to the application */
    static boolean present(String apiClass) {
        try {
            Class.forName(apiClass, false, PortableEndpoints.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError absent) {
            return false;
        }
    }

    @Override
    public void contextInitialized(ServletContextEvent event) {
        var context = event.getServletContext();
        if (!present(HEALTH_API)) {
            context.addServlet("dicehall-health", HealthServlet.class).addMapping("/health", "/health/*");
            LOG.info("No MicroProfile Health on this server: /health answers from the application");
        }
        if (!present(OPENAPI_API)) {
            context.addServlet("dicehall-openapi", OpenApiServlet.class).addMapping("/openapi");
            LOG.info("No MicroProfile OpenAPI on this server: /openapi serves the document generated at build time");
        }
    }
}
