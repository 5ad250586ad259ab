package io.dicehall.web.health;

import io.dicehall.web.systems.control.SystemRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/** Ready when at least one rules system loaded; lists the loaded systems, any that failed, and the cluster's size. */
@Readiness
@ApplicationScoped
public class SystemsHealth implements HealthCheck {

    @Inject
    SystemRegistry registry;

    @Inject
    io.dicehall.web.platform.Cluster cluster;

    @Override
    public HealthCheckResponse call() {
        var systems = registry.all();
        HealthCheckResponseBuilder answer = HealthCheckResponse.named("rules-systems")
                .status(!systems.isEmpty())
                .withData("loaded", systems.size())
                .withData("systems", String.join(",", systems.stream().map(s -> s.id()).toList()))
                .withData("failed", registry.problems().size())
                .withData("members", cluster.members());
        for (int i = 0; i < registry.problems().size(); i++) {
            var problem = registry.problems().get(i);
            answer.withData("failed-" + (i + 1), problem.source() + ": " + problem.reason());
        }
        return answer.build();
    }
}
