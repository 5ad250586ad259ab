package io.dicehall.web.platform.cluster.hazelcast;

import com.hazelcast.cluster.Member;
import com.hazelcast.config.EvictionConfig;
import com.hazelcast.config.EvictionPolicy;
import com.hazelcast.config.MapConfig;
import com.hazelcast.config.MaxSizePolicy;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.replicatedmap.ReplicatedMap;
import com.hazelcast.topic.ITopic;
import io.dicehall.web.platform.cluster.Cluster;
import jakarta.enterprise.inject.Instance;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The {@link Cluster} on Payara's own Hazelcast: a Hazelcast topic, an {@code IMap} with eviction and
 * a time to live, a {@code ReplicatedMap}. The only class of the application that names Hazelcast;
 * loaded (by {@code ClusterProducer}, by name) only on a server that has Hazelcast. Not a bean.
 */
public final class HazelcastCluster implements Cluster {

    private static final Logger LOG = Logger.getLogger(HazelcastCluster.class.getName());

    private final HazelcastInstance hazelcast;

    private HazelcastCluster(HazelcastInstance hazelcast) {
        this.hazelcast = hazelcast;
    }

    /**
     * @return the cluster on the server's Hazelcast instance (a bean on Payara), or null when the
     *     server offers none
     */
    public static Cluster find(Instance<Object> beans) {
        Instance<HazelcastInstance> candidates = beans.select(HazelcastInstance.class);
        if (!candidates.isResolvable()) {
            return null;
        }
        HazelcastInstance instance = candidates.get();
        instance.getName(); // fails here, not later, when Hazelcast is switched off
        return new HazelcastCluster(instance);
    }

    @Override
    public String engine() {
        return "hazelcast";
    }

    @Override
    public int members() {
        return hazelcast.getCluster().getMembers().size();
    }

    @Override
    public String localMember() {
        return hazelcast.getCluster().getLocalMember().getUuid().toString();
    }

    @Override
    public Set<String> memberIds() {
        var ids = new LinkedHashSet<String>();
        for (Member member : hazelcast.getCluster().getMembers()) {
            ids.add(member.getUuid().toString());
        }
        return ids;
    }

    @Override
    public Optional<String> localAddress() {
        var address = hazelcast.getCluster().getLocalMember().getAddress();
        return Optional.of(address.getHost() + ":" + address.getPort());
    }

    @Override
    public Topic topic(String name) {
        ITopic<String> topic = hazelcast.getTopic(name);
        return new Topic() {
            @Override
            public void publish(String message) {
                topic.publish(message);
            }

            @Override
            public Runnable subscribe(Consumer<String> subscriber) {
                UUID id = topic.addMessageListener(message -> subscriber.accept(message.getMessageObject()));
                return () -> topic.removeMessageListener(id);
            }
        };
    }

    @Override
    public ConcurrentMap<String, String> map(String name, int maxPerInstance, Duration timeToLive) {
        try {
            hazelcast.getConfig().addMapConfig(new MapConfig(name)
                    .setTimeToLiveSeconds((int) Math.min(Integer.MAX_VALUE, Math.max(1, timeToLive.toSeconds())))
                    .setEvictionConfig(new EvictionConfig().setEvictionPolicy(EvictionPolicy.LRU)
                            .setMaxSizePolicy(MaxSizePolicy.PER_NODE).setSize(Math.max(1, maxPerInstance))));
        } catch (RuntimeException alreadyConfigured) {
            LOG.log(Level.FINE, "map " + name + " already configured", alreadyConfigured);
        }
        return hazelcast.getMap(name);
    }

    @Override
    public Entries entries(String name) {
        ReplicatedMap<String, String> map = hazelcast.getReplicatedMap(name);
        return new Entries() {
            @Override
            public void put(String key, String value, Duration timeToLive) {
                map.put(key, value, timeToLive.toMillis(), TimeUnit.MILLISECONDS);
            }

            @Override
            public String get(String key) {
                return map.get(key);
            }

            @Override
            public void remove(String key) {
                map.remove(key);
            }
        };
    }
}
