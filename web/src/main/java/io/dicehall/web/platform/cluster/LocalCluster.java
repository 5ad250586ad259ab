package io.dicehall.web.platform.cluster;

import io.dicehall.web.platform.BoundedMap;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A cluster of one: this instance alone, on a server without Hazelcast. Topics deliver to this
 * instance's subscribers, maps and entries live in its memory, with the same bounds and times to live
 * as the shared ones. Not a bean: {@link ClusterProducer} makes it.
 */
public final class LocalCluster implements Cluster {

    private static final Logger LOG = Logger.getLogger(LocalCluster.class.getName());

    private final String id = UUID.randomUUID().toString();
    private final LongSupplier clock;
    private final Map<String, LocalTopic> topics = new ConcurrentHashMap<>();
    private final Map<String, BoundedMap<String>> maps = new ConcurrentHashMap<>();
    private final Map<String, LocalEntries> entries = new ConcurrentHashMap<>();

    public LocalCluster() {
        this(System::nanoTime);
    }

    /** @param clock nanoseconds, as {@link System#nanoTime()} (tests pass their own) */
    LocalCluster(LongSupplier clock) {
        this.clock = clock;
    }

    @Override
    public String engine() {
        return "local";
    }

    @Override
    public int members() {
        return 1;
    }

    @Override
    public String localMember() {
        return id;
    }

    @Override
    public Set<String> memberIds() {
        return Set.of(id);
    }

    @Override
    public Optional<String> localAddress() {
        return Optional.empty();
    }

    @Override
    public Topic topic(String name) {
        return topics.computeIfAbsent(name, n -> new LocalTopic());
    }

    @Override
    public ConcurrentMap<String, String> map(String name, int maxPerInstance, Duration timeToLive) {
        return maps.computeIfAbsent(name, n -> new BoundedMap<>(Math.max(1, maxPerInstance), timeToLive.toNanos(), clock));
    }

    @Override
    public Entries entries(String name) {
        return entries.computeIfAbsent(name, n -> new LocalEntries(clock));
    }

    private static final class LocalTopic implements Topic {
        private final List<Consumer<String>> subscribers = new CopyOnWriteArrayList<>();

        @Override
        public void publish(String message) {
            for (Consumer<String> subscriber : subscribers) {
                try {
                    subscriber.accept(message);
                } catch (RuntimeException e) {
                    LOG.log(Level.FINE, "a subscriber failed", e);
                }
            }
        }

        @Override
        public Runnable subscribe(Consumer<String> subscriber) {
            subscribers.add(subscriber);
            return () -> subscribers.remove(subscriber);
        }
    }

    private record Held(String value, long expiresAt) {
        boolean expired(long now) {
            return now - expiresAt >= 0;
        }
    }

    private static final class LocalEntries implements Entries {
        private final Map<String, Held> held = new ConcurrentHashMap<>();
        private final LongSupplier clock;

        LocalEntries(LongSupplier clock) {
            this.clock = clock;
        }

        @Override
        public void put(String key, String value, Duration timeToLive) {
            held.put(key, new Held(value, clock.getAsLong() + timeToLive.toNanos()));
        }

        @Override
        public String get(String key) {
            Held entry = held.get(key);
            if (entry == null) {
                return null;
            }
            if (entry.expired(clock.getAsLong())) {
                held.remove(key, entry);
                return null;
            }
            return entry.value();
        }

        @Override
        public void remove(String key) {
            held.remove(key);
        }
    }
}
