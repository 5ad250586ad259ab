package io.dicehall.web.rolls.control;

import io.dicehall.web.rolls.entity.Roll;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Rolls held on this instance as they are, without JSON: at most {@code bound}, the least recently used
 * evicted first, each gone {@code ttl} after it was last written, as the cluster's map holds them. Every
 * operation holds the map's lock for a few map operations only; {@link #replace} swaps a roll only if it
 * is still the very one that was read.
 */
final class HeldRolls {

    private record Held(Roll roll, long expiresAt) {
    }

    private final LinkedHashMap<String, Held> map;
    private final long ttlNanos;
    private final LongSupplier clock;

    HeldRolls(int bound, long ttlNanos, LongSupplier clock) {
        this.ttlNanos = ttlNanos;
        this.clock = clock;
        this.map = new LinkedHashMap<>(256, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Held> eldest) {
                return size() > bound;
            }
        };
    }

    synchronized void put(Roll roll) {
        map.put(roll.id(), new Held(roll, clock.getAsLong() + ttlNanos));
    }

    /** @return the roll, or null when it is not held here (or expired) */
    synchronized Roll get(String id) {
        Held held = map.get(id);
        if (held == null) {
            return null;
        }
        if (clock.getAsLong() - held.expiresAt() >= 0) {
            map.remove(id);
            return null;
        }
        return held.roll();
    }

    /** @return whether {@code expected} (the same object) was held and is now {@code next} */
    synchronized boolean replace(Roll expected, Roll next) {
        Held held = map.get(expected.id());
        if (held == null || held.roll() != expected || clock.getAsLong() - held.expiresAt() >= 0) {
            return false;
        }
        map.put(expected.id(), new Held(next, clock.getAsLong() + ttlNanos));
        return true;
    }

    /** Removes the roll if it is still the very one given. */
    synchronized void remove(Roll roll) {
        Held held = map.get(roll.id());
        if (held != null && held.roll() == roll) {
            map.remove(roll.id());
        }
    }

    synchronized boolean isEmpty() {
        return map.isEmpty();
    }

    /** @return the rolls held now, least recently used first */
    synchronized List<Roll> snapshot() {
        long now = clock.getAsLong();
        return map.values().stream().filter(h -> now - h.expiresAt() < 0).map(Held::roll).toList();
    }
}
