package io.dicehall.web.health;

import io.dicehall.web.platform.cluster.Cluster;
import io.dicehall.web.systems.control.SystemRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Whether this instance is ready: at least one rules system loaded. Reported by MicroProfile Health
 * where the server has it ({@link SystemsHealth}) and by {@link HealthServlet} where it has not, with
 * the same name and data either way.
 */
@ApplicationScoped
public class Readiness {

    @Inject
    SystemRegistry registry;

    @Inject
    Cluster cluster;

    /** One check's answer: its name, whether it is up, and what it reports. */
    public record Check(String name, boolean up, Map<String, Object> data) {
    }

    /**
     * @return the rules systems' check: the loaded systems, any that failed (refused at load, or disabled while
     *     running), the cluster's size and engine
     */
    public Check systems() {
        var systems = registry.all();
        var data = new LinkedHashMap<String, Object>();
        data.put("loaded", systems.size());
        data.put("systems", String.join(",", systems.stream().map(s -> s.id()).toList()));
        data.put("failed", registry.problems().size());
        data.put("members", cluster.members());
        data.put("cluster", cluster.engine());
        for (int i = 0; i < registry.problems().size(); i++) {
            var problem = registry.problems().get(i);
            data.put("failed-" + (i + 1), problem.source() + ": " + problem.reason());
        }
        return new Check("rules-systems", !systems.isEmpty(), data);
    }
}
