package io.dicehall.web.platform;

import java.util.AbstractMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentMap;
import java.util.function.LongSupplier;

/**
 * At most {@code bound} entries, the least recently used evicted first, each gone {@code ttl}
 * after it was last written; every operation holds the map's lock, so {@code replace(key, old,
 * new)} is atomic as a concurrent map's must be. Values are compared with {@code equals}
 * (for values that do not override it, such as a roll, that is: the very object read). Held by the local
 * cluster's maps ({@link LocalCluster}) and by the rolls an instance keeps while it is alone.
 */
public final class BoundedMap<V> extends AbstractMap<String, V> implements ConcurrentMap<String, V> {

    private record Held<V>(V value, long expiresAt) {
        boolean expired(long now) {
            return now - expiresAt >= 0;
        }
    }

    private final LinkedHashMap<String, Held<V>> map;
    private final long ttl;
    private final LongSupplier clock;

    /**
     * @param bound the most entries held
     * @param ttlNanos how long an entry lives after it was last written
     * @param clock nanoseconds, as {@link System#nanoTime()} (tests pass their own)
     */
    public BoundedMap(int bound, long ttlNanos, LongSupplier clock) {
        this.ttl = ttlNanos;
        this.clock = clock;
        this.map = new LinkedHashMap<>(256, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Held<V>> eldest) {
                return size() > bound;
            }
        };
    }

    private Held<V> live(Object key) {
        Held<V> entry = map.get(key);
        if (entry != null && entry.expired(clock.getAsLong())) {
            map.remove(key);
            return null;
        }
        return entry;
    }

    private Held<V> fresh(V value) {
        return new Held<>(value, clock.getAsLong() + ttl);
    }

    private static <V> V value(Held<V> held) {
        return held == null ? null : held.value();
    }

    @Override
    public synchronized V get(Object key) {
        return value(live(key));
    }

    @Override
    public synchronized boolean containsKey(Object key) {
        return live(key) != null;
    }

    @Override
    public synchronized V put(String key, V value) {
        V before = value(live(key));
        map.put(key, fresh(value));
        return before;
    }

    @Override
    public synchronized V remove(Object key) {
        V before = value(live(key));
        map.remove(key);
        return before;
    }

    @Override
    public synchronized V putIfAbsent(String key, V value) {
        Held<V> before = live(key);
        if (before != null) {
            return before.value();
        }
        map.put(key, fresh(value));
        return null;
    }

    @Override
    public synchronized boolean remove(Object key, Object value) {
        Held<V> before = live(key);
        if (before == null || !before.value().equals(value)) {
            return false;
        }
        map.remove(key);
        return true;
    }

    @Override
    public synchronized boolean replace(String key, V oldValue, V newValue) {
        Held<V> before = live(key);
        if (before == null || !before.value().equals(oldValue)) {
            return false;
        }
        map.put(key, fresh(newValue));
        return true;
    }

    @Override
    public synchronized V replace(String key, V value) {
        Held<V> before = live(key);
        if (before == null) {
            return null;
        }
        map.put(key, fresh(value));
        return before.value();
    }

    @Override
    public synchronized int size() {
        return entrySet().size();
    }

    /** @return a snapshot of the live entries (changing it does not change the map) */
    @Override
    public synchronized Set<Map.Entry<String, V>> entrySet() {
        long now = clock.getAsLong();
        map.values().removeIf(held -> held.expired(now));
        var copy = new LinkedHashMap<String, V>();
        map.forEach((key, held) -> copy.put(key, held.value()));
        return copy.entrySet();
    }
}
