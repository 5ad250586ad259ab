package io.dicehall.web.tables.control;

import io.dicehall.web.platform.BoundedMap;
import io.dicehall.web.platform.Refusal;
import io.dicehall.web.systems.control.Rules;
import io.dicehall.web.systems.control.SystemRegistry;
import io.dicehall.web.tables.entity.GameTable;
import io.dicehall.web.tables.entity.RollStep;
import io.dicehall.web.tables.entity.TableRoll;
import io.dicehall.web.tables.entity.Visibility;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;

/**
 * The verification of closed verifiable tables, each computed once per instance and kept: a closed table's
 * log never changes (no roll, move or change of who sees a roll is taken once it is closed), so its report
 * never does. Callers that ask while it is being computed wait for that computation and share its report
 * instead of replaying the log again each. A failed computation is not kept: the next caller tries again.
 *
 * <p>Kept in a {@link BoundedMap} of futures (the {@value #KEPT} most recently asked tables, each for an hour
 * after it was computed) rather than a caching library: the project already has that map, and a future per table
 * is all the sharing needs. Each instance of a cluster computes a table's report once for itself.
 *
 * <p>A roll of scheme 2 that was still hidden when the table closed (seen by the GM or its roller alone) is not
 * replayed: its dice derive from its own secret too, which is never revealed, so it is listed by number as
 * unverifiable while hidden, with the commitment published for its secret. A hidden roll of scheme 1 (stored
 * before roll secrets existed) is replayed, since the seed alone gives its dice anyway; its id is withheld.
 */
@ApplicationScoped
public class Verifications {

    /** The most closed tables whose reports are kept. */
    static final int KEPT = 64;

    /** How long a report is kept after it was computed. */
    static final long KEEP_NANOS = TimeUnit.HOURS.toNanos(1);

    /**
     * One roll's replay.
     *
     * @param seq its number
     * @param id its id, or null for a roll still hidden (not named)
     * @param scheme how its dice derive (1 or 2)
     * @param problem what differs, or null when it reproduced
     */
    public record Check(long seq, String id, int scheme, String problem) {

        /** @return whether it reproduced */
        public boolean reproduced() {
            return problem == null;
        }
    }

    /**
     * A roll still hidden when the table closed, whose dice its own unrevealed secret gives.
     *
     * @param seq its number
     * @param commitment SHA-256 of its secret, published when it was made
     */
    public record Unverifiable(long seq, String commitment) {
    }

    /**
     * A closed table's verification.
     *
     * @param seed the revealed seed
     * @param seedCommitment the commitment published when the table opened
     * @param commitmentHolds whether SHA-256 of the seed is the commitment
     * @param rolls the rolls replayed, in log order
     * @param unverifiable the rolls still hidden, in log order
     */
    public record Report(String seed, String seedCommitment, boolean commitmentHolds, List<Check> rolls,
            List<Unverifiable> unverifiable) {

        /** @return whether the commitment holds and every roll replayed reproduced */
        public boolean verified() {
            return commitmentHolds && rolls.stream().allMatch(Check::reproduced);
        }
    }

    private final BoundedMap<CompletableFuture<Report>> kept = new BoundedMap<>(KEPT, KEEP_NANOS, System::nanoTime);

    /** How many reports were computed here (not taken from those kept): for tests and health. */
    private final java.util.concurrent.atomic.AtomicLong computed = new java.util.concurrent.atomic.AtomicLong();

    @Inject
    TableLog tableLog;

    @Inject
    SystemRegistry registry;

    @Inject
    Rules rules;

    /**
     * @return the table's verification, computed once and then shared
     * @throws Refusal (conflict) when the table is not verifiable or not closed yet (its seed unrevealed)
     */
    public Report of(GameTable table) {
        if (!table.verifiable()) {
            throw Refusal.of(Refusal.Kind.CONFLICT, "not-verifiable", "Not verifiable",
                    "This table was not opened in verifiable mode.");
        }
        if (!table.closed()) {
            throw Refusal.of(Refusal.Kind.CONFLICT, "seed-not-revealed", "Seed not revealed yet",
                    "The seed is revealed when the owner closes the table; verify then.");
        }
        var mine = new CompletableFuture<Report>();
        CompletableFuture<Report> held = kept.putIfAbsent(table.id(), mine);
        if (held == null) {
            try {
                computed.incrementAndGet();
                mine.complete(compute(table));
            } catch (RuntimeException | Error e) {
                kept.remove(table.id(), mine);
                mine.completeExceptionally(e);
                throw e;
            }
            return mine.join();
        }
        try {
            return held.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            throw e;
        }
    }

    /** @return how many reports this instance computed rather than shared */
    public long computed() {
        return computed.get();
    }

    private Report compute(GameTable table) {
        byte[] seed = HexFormat.of().parseHex(table.seed());
        var checks = new ArrayList<Check>();
        var hidden = new ArrayList<Unverifiable>();
        var steps = tableLog.allSteps(table);
        for (TableRoll roll : tableLog.allRolls(table)) {
            boolean revealed = roll.visibility() == Visibility.PUBLIC;
            if (!revealed && roll.diceScheme() >= 2) {
                hidden.add(new Unverifiable(roll.seq(), roll.diceCommitment()));
                continue;
            }
            var system = registry.find(roll.systemId());
            var procedure = system.flatMap(s -> s.procedure(roll.procedureId())).orElse(null);
            var stored = new Verification.StoredRoll(roll.seq(), procedure, roll.inputsJson(),
                    steps.getOrDefault(roll.id(), List.<RollStep>of()).stream()
                            .map(s -> new Verification.StoredStep(s.moveId(), s.moveInputsJson(), s.stateJson()))
                            .toList(),
                    roll.diceSecret(), roll.diceCommitment());
            // Replaying runs the system's code: through Rules, as every call of a plugin is.
            var problem = procedure == null ? Verification.check(seed, stored)
                    : rules.contained(system.orElseThrow(), () -> Verification.check(seed, stored));
            checks.add(new Check(roll.seq(), revealed ? roll.id() : null, roll.diceScheme(), problem.orElse(null)));
        }
        return new Report(table.seed(), table.seedCommitment(),
                Verification.commitmentHolds(table.seed(), table.seedCommitment()), List.copyOf(checks),
                List.copyOf(hidden));
    }
}
