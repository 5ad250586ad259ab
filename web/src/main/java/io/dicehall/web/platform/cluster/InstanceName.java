package io.dicehall.web.platform.cluster;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The name this instance gives itself to clients (the event stream's {@code ready} event): the configured
 * {@code dicehall.instance.name}, else its id in the cluster, which is new at each start. Never an address:
 * a client has no use for where the instances reach each other, and an outsider should not learn it.
 */
@ApplicationScoped
public class InstanceName {

    @Inject
    Cluster cluster;

    @Inject
    @ConfigProperty(name = "dicehall.instance.name")
    Optional<String> configured;

    /** @return the configured name, or this instance's id in the cluster */
    public String shown() {
        return configured.map(String::strip).filter(n -> !n.isEmpty()).orElseGet(cluster::localMember);
    }
}
