package io.dicehall.web.platform.http;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Named;

/**
 * Where the pages link to {@code /health} and {@code /openapi}: the server's root where MicroProfile
 * serves them (Payara), the application's own path where {@link PortableEndpoints} does.
 */
@Named("endpoints")
@ApplicationScoped
public class EndpointLinks {

    private final boolean health = PortableEndpoints.present(PortableEndpoints.HEALTH_API);
    private final boolean openApi = PortableEndpoints.present(PortableEndpoints.OPENAPI_API);

    /** @return the link to the health checks, for a page of the application at {@code contextPath} */
    public String health(String contextPath) {
        return (health ? "" : contextPath) + "/health";
    }

    /** @return the link to the OpenAPI document, for a page of the application at {@code contextPath} */
    public String openapi(String contextPath) {
        return (openApi ? "" : contextPath) + "/openapi";
    }
}
