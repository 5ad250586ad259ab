package io.dicehall.web.health;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Liveness;

/**
 * {@link ServerCheck} as a MicroProfile Health liveness check, on servers that have MicroProfile Health (Payara):
 * DOWN tells a supervisor to restart the server. Elsewhere {@link HealthServlet} answers instead.
 */
@Liveness
@ApplicationScoped
public class ServerHealth implements HealthCheck {

    @Inject
    ServerCheck server;

    @Override
    public HealthCheckResponse call() {
        return SystemsHealth.response(server.server());
    }
}
