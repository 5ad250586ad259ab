package io.dicehall.web.platform.cluster;

import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Consumer;

/**
 * What the instances of a cluster share: a topic for table events, a bounded map for loose rolls,
 * and replicated entries (which instance has which systems). Everything else is in the database.
 *
 * <p>On Payara Micro this is Payara's own Hazelcast ({@code platform.cluster.hazelcast.HazelcastCluster});
 * alone (started with {@code --nocluster}) that Hazelcast simply has one member. On a server without
 * Hazelcast (GlassFish, say) it is {@link LocalCluster}: the same calls, kept on this instance only.
 * {@link ClusterProducer} chooses, and only it names the Hazelcast implementation, by reflection,
 * so no bean that is always deployed has a Hazelcast type anywhere in its signature.
 *
 * <p>All values are strings (JSON, or plain text): what crosses instances is data, never classes of
 * the application, so instances of different builds can still read each other.
 */
public interface Cluster {

    /** @return how many instances share the cluster (1 when alone) */
    int members();

    /** @return what carries the cluster: {@code hazelcast}, or {@code local} for this instance alone */
    String engine();

    /** @return this instance's id in the cluster: stable while it runs, new at each start */
    String localMember();

    /** @return the ids of the instances in the cluster now, this one's included */
    Set<String> memberIds();

    /** @return the address the other instances reach this one at ({@code host:port}); empty when alone */
    Optional<String> localAddress();

    /** @return the topic of that name: a message published on any instance reaches every instance's subscribers */
    Topic topic(String name);

    /**
     * @return the map of that name, shared by every instance, holding at most {@code maxPerInstance}
     *     entries per instance (the least recently used go first) and none longer than {@code timeToLive}.
     *     Its {@code replace(key, old, new)} is atomic across instances.
     */
    ConcurrentMap<String, String> map(String name, int maxPerInstance, Duration timeToLive);

    /** @return the entries of that name, copied to every instance so that reading them never waits on another */
    Entries entries(String name);

    /** A publish/subscribe topic of strings. */
    interface Topic {

        /** Sends a message to every subscriber on every instance (this one's included). */
        void publish(String message);

        /** Adds a subscriber on this instance; returns what removes it again. */
        Runnable subscribe(Consumer<String> subscriber);
    }

    /** Entries replicated to every instance, each with its own time to live. */
    interface Entries {

        /** Puts an entry that expires after {@code timeToLive} unless put again. */
        void put(String key, String value, Duration timeToLive);

        /** @return the entry's value, or null when there is none (or it expired) */
        String get(String key);

        /** Removes an entry. */
        void remove(String key);
    }
}
