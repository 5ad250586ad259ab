package io.dicehall.web.platform;

import com.hazelcast.core.HazelcastInstance;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Payara Micro's own Hazelcast, when there is one: what instances share (loose rolls, live pushes).
 * Alone (started with {@code --nocluster}) the same Hazelcast simply has one member; if none can be
 * had at all, everything stays local to this instance.
 */
@ApplicationScoped
public class Cluster {

    private static final Logger LOG = Logger.getLogger(Cluster.class.getName());

    @Inject
    Instance<HazelcastInstance> hazelcast;

    private HazelcastInstance instance;

    @PostConstruct
    void find() {
        try {
            if (hazelcast.isResolvable()) {
                instance = hazelcast.get();
                instance.getName();
            }
        } catch (RuntimeException | LinkageError unavailable) {
            LOG.log(Level.INFO, "No Hazelcast: rolls and pushes stay on this instance", unavailable);
            instance = null;
        }
    }

    /** @return the Hazelcast instance, if there is one */
    public Optional<HazelcastInstance> hazelcast() {
        return Optional.ofNullable(instance);
    }

    /** @return how many instances share the cluster (1 when alone) */
    public int members() {
        return instance == null ? 1 : instance.getCluster().getMembers().size();
    }
}
