package io.dicehall.web.platform.cluster;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Chooses the {@link Cluster}: Payara's Hazelcast where the server has one, otherwise this instance
 * alone. Hazelcast is looked for by name before any class of ours that uses it is loaded, so on a
 * server without it nothing here (nor any bean injecting a {@code Cluster}) fails to load.
 */
@ApplicationScoped
public class ClusterProducer {

    private static final Logger LOG = Logger.getLogger(ClusterProducer.class.getName());

    /** Present on every server whose Hazelcast the application may use (Payara's). */
    static final String HAZELCAST = "com.hazelcast.core.HazelcastInstance";
    /** Our Hazelcast implementation: loaded only once {@link #HAZELCAST} is known to be there. */
    static final String IMPLEMENTATION = "io.dicehall.web.platform.cluster.hazelcast.HazelcastCluster";

    @Inject
    @Any
    Instance<Object> beans;

    @Produces
    @ApplicationScoped
    Cluster cluster() {
        return find(beans, ClusterProducer.class.getClassLoader());
    }

    /**
     * @return the Hazelcast cluster when {@code loader} sees Hazelcast and the server offers an
     *     instance of it as a bean; otherwise a {@link LocalCluster}
     */
    static Cluster find(Instance<Object> beans, ClassLoader loader) {
        try {
            Class.forName(HAZELCAST, false, loader);
        } catch (ClassNotFoundException | LinkageError absent) {
            LOG.info("No Hazelcast on this server: loose rolls, pushes and the systems list stay on this instance");
            return new LocalCluster();
        }
        try {
            Object found = Class.forName(IMPLEMENTATION, true, loader).getMethod("find", Instance.class)
                    .invoke(null, beans);
            if (found instanceof Cluster cluster) {
                return cluster;
            }
            LOG.info("The server offers no Hazelcast instance: loose rolls, pushes and the systems list stay on this instance");
        } catch (ReflectiveOperationException | RuntimeException | LinkageError unavailable) {
            Throwable cause = unavailable instanceof java.lang.reflect.InvocationTargetException invocation
                    && invocation.getCause() != null ? invocation.getCause() : unavailable;
            LOG.log(Level.INFO, "No usable Hazelcast: loose rolls, pushes and the systems list stay on this instance", cause);
        }
        return new LocalCluster();
    }
}
