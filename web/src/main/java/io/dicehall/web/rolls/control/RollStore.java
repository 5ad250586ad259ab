package io.dicehall.web.rolls.control;

import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.json.ApiJson;
import io.dicehall.api.state.RollState;
import io.dicehall.web.platform.Cluster;
import io.dicehall.web.rolls.entity.Roll;
import io.dicehall.web.systems.control.SystemRegistry;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.bind.Jsonb;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentMap;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Rolls made outside a table. Held in the {@link Cluster}'s map {@code dicehall-rolls} (Payara's
 * Hazelcast), so every instance of a cluster sees every roll (and a lone instance, or one on a server
 * without Hazelcast, holds its own); each roll is kept as its JSON. Bounded: at most {@code dicehall.rolls.max-held} rolls per instance (default 10,000), the
 * least recently used evicted first, and none kept longer than {@code dicehall.rolls.hours} (default
 * 24) hours. Each roll is itself bounded (a 64 KiB request, at most
 * {@link io.dicehall.web.systems.control.Rules#MAX_MOVES} moves), so the store has a known ceiling.
 */
@ApplicationScoped
public class RollStore {

    private static final Jsonb JSON = ApiJson.create();
    private static final String MAP = "dicehall-rolls";

    @Inject
    @ConfigProperty(name = "dicehall.rolls.max-held", defaultValue = "10000")
    int maxHeld;

    @Inject
    @ConfigProperty(name = "dicehall.rolls.hours", defaultValue = "24")
    int hours;

    @Inject
    Cluster cluster;

    @Inject
    SystemRegistry registry;

    private ConcurrentMap<String, String> rolls;

    /** A roll as it is kept: plain data. */
    public record Stored(String id, String system, String procedure, Map<String, Object> inputs, String note,
            String createdAt, String rollerKeyHash, List<RollState> states) {
    }

    @PostConstruct
    void init() {
        rolls = cluster.map(MAP, Math.max(1, maxHeld), Duration.ofHours(Math.max(1, hours)));
    }

    /** Keeps a new roll. */
    public void put(Roll roll) {
        rolls.put(roll.id(), write(roll));
    }

    /** @return the roll with that id, if it is still held */
    public Optional<Roll> find(String id) {
        String json = rolls.get(id);
        return json == null ? Optional.empty() : Optional.of(read(json));
    }

    /**
     * Replaces {@code expected} by {@code next} only if the roll is still as {@code expected} was read.
     *
     * @return whether it was replaced (false: another move, perhaps on another instance, got there first)
     */
    public boolean replace(Roll expected, Roll next) {
        String before = expected.storedAs() != null ? expected.storedAs() : write(expected);
        return rolls.replace(expected.id(), before, write(next));
    }

    private static String write(Roll roll) {
        return JSON.toJson(new Stored(roll.id(), roll.system(), roll.procedure(), roll.inputs().toMap(), roll.note(),
                roll.createdAt().toString(), HexFormat.of().formatHex(roll.rollerKeyHash()), roll.states()));
    }

    @SuppressWarnings("unchecked")
    private Roll read(String json) {
        Stored stored = JSON.fromJson(json, Stored.class);
        Inputs inputs = registry.find(stored.system()).flatMap(s -> s.procedure(stored.procedure()))
                .map(p -> InputChecker.check(p.form(), stored.inputs()))
                .filter(InputChecker.Result::ok).map(InputChecker.Result::inputs)
                .orElse(null);
        return new Roll(stored.id(), stored.system(), stored.procedure(), inputs, stored.note(),
                Instant.parse(stored.createdAt()), HexFormat.of().parseHex(stored.rollerKeyHash()), stored.states())
                .readFrom(json);
    }
}
