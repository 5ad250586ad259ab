package io.dicehall.web.rolls.control;

import io.dicehall.web.rolls.entity.Roll;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Rolls made outside a table, held in memory. Bounded: at most {@code dicehall.rolls.max-held} rolls
 * (default 10,000) are kept; beyond that the roll used least recently is forgotten. Each roll is
 * itself bounded (a 64 KiB request, at most {@link io.dicehall.web.systems.control.Rules#MAX_MOVES} moves), so the whole store
 * stays within a known size.
 */
@ApplicationScoped
public class RollStore {

    @Inject
    @ConfigProperty(name = "dicehall.rolls.max-held", defaultValue = "10000")
    int maxHeld;

    private Map<String, Roll> rolls;

    @PostConstruct
    void init() {
        int bound = Math.max(1, maxHeld);
        rolls = new LinkedHashMap<>(256, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Roll> eldest) {
                return size() > bound;
            }
        };
    }

    /** Keeps a roll. */
    public synchronized void put(Roll roll) {
        rolls.put(roll.id(), roll);
    }

    /** @return the roll with that id, if it is still held */
    public synchronized Optional<Roll> find(String id) {
        return Optional.ofNullable(rolls.get(id));
    }

    /** @return how many rolls are held */
    public synchronized int size() {
        return rolls.size();
    }
}
