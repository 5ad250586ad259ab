package io.dicehall.web.health;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * {@link io.dicehall.web.health.Readiness} as a MicroProfile Health check, on servers that have
 * MicroProfile Health (Payara). Elsewhere this class cannot load and the server leaves it out;
 * {@link HealthServlet} answers instead.
 */
@Readiness
@ApplicationScoped
public class SystemsHealth implements HealthCheck {

    @Inject
    io.dicehall.web.health.Readiness readiness;

    @Override
    public HealthCheckResponse call() {
        return response(readiness.systems());
    }

    /** @return the check as MicroProfile Health's answer, numbers as numbers */
    static HealthCheckResponse response(io.dicehall.web.health.Readiness.Check check) {
        HealthCheckResponseBuilder answer = HealthCheckResponse.named(check.name()).status(check.up());
        check.data().forEach((key, value) -> {
            if (value instanceof Number number) {
                answer.withData(key, number.longValue());
            } else {
                answer.withData(key, String.valueOf(value));
            }
        });
        return answer.build();
    }
}
