package io.dicehall.web.rolls.control;

import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.json.ApiJson;
import io.dicehall.api.state.RollState;
import io.dicehall.web.platform.BoundedMap;
import io.dicehall.web.platform.cluster.Cluster;
import io.dicehall.web.rolls.entity.Roll;
import io.dicehall.web.systems.control.SystemRegistry;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
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
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Rolls made outside a table. Shared through the {@link Cluster}'s map {@code dicehall-rolls} (Payara's
 * Hazelcast), so every instance of a cluster sees every roll, each kept there as its JSON. While this
 * instance is the cluster's only member (or has no cluster at all) that map would only hold copies
 * for nobody: rolls are then kept here as they are, with no JSON and no trip through Hazelcast, and as
 * soon as another instance is in the cluster they are copied into the shared map (checked every
 * second, and at each new roll), where every roll made from then on goes straight away. Reads look
 * here first, then in the shared map.
 *
 * <p>Bounded: at most {@code dicehall.rolls.max-held} rolls per instance (default 10,000), the least
 * recently used evicted first, and none kept longer than {@code dicehall.rolls.hours} (default 24)
 * hours, here and in the shared map alike. Each roll is itself bounded (a 64 KiB request, at most
 * {@link io.dicehall.web.systems.control.Rules#MAX_MOVES} moves), so the store has a known ceiling.
 */
@ApplicationScoped
public class RollStore {

    private static final Logger LOG = Logger.getLogger(RollStore.class.getName());

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

    @Resource
    ManagedScheduledExecutorService scheduler;

    /** The cluster's map: rolls as JSON, for every instance. */
    private ConcurrentMap<String, String> rolls;
    /** Rolls made while this instance was alone, not yet in the cluster's map. */
    private BoundedMap<Roll> held;
    private ScheduledFuture<?> sharing;

    /** A roll as it is kept: plain data. */
    public record Stored(String id, String system, String procedure, Map<String, Object> inputs, String note,
            String createdAt, String rollerKeyHash, List<RollState> states) {
    }

    @PostConstruct
    void init() {
        Duration ttl = Duration.ofHours(Math.max(1, hours));
        rolls = cluster.map(MAP, Math.max(1, maxHeld), ttl);
        held = new BoundedMap<>(Math.max(1, maxHeld), ttl.toNanos(), System::nanoTime);
        if (scheduler != null) {
            sharing = scheduler.scheduleWithFixedDelay(this::shareIfNotAlone, 1, 1, TimeUnit.SECONDS);
        }
    }

    @PreDestroy
    void stop() {
        if (sharing != null) {
            sharing.cancel(false);
        }
    }

    private boolean alone() {
        return cluster.members() <= 1;
    }

    /** Keeps a new roll: here while this instance is alone, else in the cluster's map. */
    public void put(Roll roll) {
        if (alone()) {
            held.put(roll.id(), roll);
        } else {
            shareIfNotAlone();
            rolls.put(roll.id(), write(roll));
        }
    }

    /** @return the roll with that id, if it is still held */
    public Optional<Roll> find(String id) {
        Roll here = held.get(id);
        if (here != null) {
            return Optional.of(here);
        }
        String json = rolls.get(id);
        return json == null ? Optional.empty() : Optional.of(read(json));
    }

    /**
     * Replaces {@code expected} by {@code next} only if the roll is still as {@code expected} was read.
     *
     * @return whether it was replaced (false: another move, perhaps on another instance, got there first)
     */
    public boolean replace(Roll expected, Roll next) {
        if (expected.storedAs() != null) { // read from the cluster's map
            return rolls.replace(expected.id(), expected.storedAs(), write(next));
        }
        if (held.replace(expected.id(), expected, next)) { // only if it is still the very roll that was read
            return true;
        }
        // Copied into the cluster's map since it was read here? Then swap it there, if still unchanged.
        return held.get(expected.id()) == null && rolls.replace(expected.id(), write(expected), write(next));
    }

    /**
     * Copies the rolls held here into the cluster's map once another instance is in the cluster, so that it
     * can read and move them too; each leaves this instance's store once its copy is there (a roll moved
     * meanwhile stays, and is copied again on the next turn).
     */
    void shareIfNotAlone() {
        if (alone() || held.isEmpty()) { // the cheap question first: emptiness copies the live rolls
            return;
        }
        try {
            for (Roll roll : List.copyOf(held.values())) {
                rolls.put(roll.id(), write(roll));
                held.remove(roll.id(), roll);
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Could not copy this instance's rolls into the cluster's map; trying again", e);
        }
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
