package io.dicehall.web.platform.http;

import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;

/**
 * Keeps the document MicroProfile OpenAPI serves the one the build wrote ({@code mp.openapi.filter} in
 * {@code META-INF/microprofile-config.properties}). Payara adds a top-level {@code endpoints} map (the
 * application's context root and its paths) to every document it serves; it is not part of OpenAPI, and
 * linters report it. It lives outside the MicroProfile model, so it is emptied through Payara's own public
 * accessor where there is one (Payara writes no empty map); on any other server this changes nothing.
 */
public class ServedAsBuilt implements OASFilter {

    private static final Logger LOG = Logger.getLogger(ServedAsBuilt.class.getName());

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        try {
            if (openAPI.getClass().getMethod("getEndpoints").invoke(openAPI) instanceof Map<?, ?> endpoints) {
                endpoints.clear();
            }
        } catch (NoSuchMethodException notPayara) {
            // nothing added to take away
        } catch (ReflectiveOperationException | RuntimeException unexpected) {
            LOG.log(Level.WARNING, "Could not leave the server's endpoints out of /openapi", unexpected);
        }
    }
}
