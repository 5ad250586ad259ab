package io.dicehall.benchmarks;

import io.dicehall.api.Dice;
import io.dicehall.api.Procedure;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.play.BestPlay;
import io.dicehall.api.play.Game;
import io.dicehall.api.play.Goal;
import io.dicehall.api.play.OutcomeOrder;
import io.dicehall.api.play.Solver;
import io.dicehall.api.state.RollState;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Best play of Tasks &amp; Checks, as a server asks for it: {@code Solver.standard()} from the procedure and its
 * inputs, at each procedure's largest legal inputs (the pre-roll cases of {@link Cases#preRoll()}: 3 d6 and 10
 * KISSes; 8 participants of 3 d6 with 10 KISSes each; 20 pool d6 and 8 help dice against 8 factors with 10
 * KISSes and Health 10; the Die of Fortune with 8 help dice), plus {@code task:fortune-mixed}, the Die of Fortune
 * with 8 help dice at ranks 2, 2, 3, 3, 4, 5, 6, 6, one per helper (the most different sets of failed help dice),
 * {@code task:magic}, a magic job's 20 exploding dice at rank 4 with Fidelity 4 and 8 helpers (no {@code generic}
 * case: searched position by position it takes over a minute), and {@code group-check:fidelity} and {@code
 * group-check:fidelity-few}, 8 participants with Fidelity 4 each (at rank 6 with 10 KISSes; at rank 5 with 2). Versus
 * Checks and Opposed Tasks have no best play (their outcomes have no order). A case is {@code
 * system/procedure:when}:
 *
 * <ul>
 *   <li>{@code before}: best play before the roll toward the default goal ({@code Solver.beforeRoll});</li>
 *   <li>{@code before-top}: the same toward the best outcome, the goal that needs the most successes (a Task's
 *       default goal is its best outcome already);</li>
 *   <li>{@code after}: best play after the first throw toward the default goal, with every move open there and
 *       its value ({@code Solver.at}), on the throw of seeds 1–100 whose game lists the most moves;</li>
 *   <li>{@code after-top}: the same toward the best outcome;</li>
 *   <li>{@code generic}: before the roll with {@code Solver.generic()}, which ignores the game's own values and
 *       searches every position: what the game's own values save.</li>
 * </ul>
 *
 * Run with {@code java -jar benchmarks/target/benchmarks.jar BestPlayTasksChecks …}; the report of
 * {@code benchmarks/run.sh} does not read these figures.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Threads(1)
public class BestPlayTasksChecks {

    /** Seeds tried (1…SEEDS) for the state of an {@code after} case. */
    static final int SEEDS = 100;

    @Param({
        "tasks-checks/check:before",
        "tasks-checks/check:before-top",
        "tasks-checks/check:after",
        "tasks-checks/check:generic",
        "tasks-checks/slow-check:before",
        "tasks-checks/group-check:before",
        "tasks-checks/group-check:before-top",
        "tasks-checks/group-check:after",
        "tasks-checks/group-check:after-top",
        "tasks-checks/task:before",
        "tasks-checks/task:after",
        "tasks-checks/task:fortune:before",
        "tasks-checks/task:fortune:after",
        "tasks-checks/task:fortune:generic",
        "tasks-checks/task:fortune-mixed:before",
        "tasks-checks/task:fortune-mixed:after",
        "tasks-checks/task:magic:before",
        "tasks-checks/task:magic:after",
        "tasks-checks/group-check:fidelity:before",
        "tasks-checks/group-check:fidelity:before-top",
        "tasks-checks/group-check:fidelity:after",
        "tasks-checks/group-check:fidelity:after-top",
        "tasks-checks/group-check:fidelity-few:after",
        "tasks-checks/group-check:fidelity-few:after-top",
    })
    public String id;

    /** The Die of Fortune with 8 help dice at mixed ranks, 10 KISSes, Health 10, 8 factors. */
    static final Cases.Spec FORTUNE_MIXED = new Cases.Spec("tasks-checks/task:fortune-mixed", "tasks-checks", "task",
            fortuneMixed(), "empty pool: Die of Fortune + 8 help dice at ranks 2, 2, 3, 3, 4, 5, 6, 6, 10 KISSes,"
                    + " Health 10");

    /** A magic job's exploding pool: 20 dice at rank 4, Fidelity 4, 8 helpers (one die), 10 KISSes, Health 10. */
    static final Cases.Spec MAGIC = new Cases.Spec("tasks-checks/task:magic", "tasks-checks", "task", magic(),
            "magic job: 20 exploding d6 at rank 4 + a helping die for 8 helpers, 8 factors, 10 KISSes, Health 10,"
                    + " Fidelity 4");

    /** A Group Check of 8 participants, each 3 d6 at rank 6 with 10 KISSes and Fidelity 4 (down to rank 2). */
    static final Cases.Spec FIDELITY = new Cases.Spec("tasks-checks/group-check:fidelity", "tasks-checks",
            "group-check", group(6, 10, 4), "8 participants, 3 d6 at rank 6, 10 KISSes and Fidelity 4 each");

    /** The same at rank 5 with 2 KISSes each: fewer KISSes than dice, so spending part of the points is weighed. */
    static final Cases.Spec FIDELITY_FEW = new Cases.Spec("tasks-checks/group-check:fidelity-few", "tasks-checks",
            "group-check", group(5, 2, 4), "8 participants, 3 d6 at rank 5, 2 KISSes and Fidelity 4 each");

    private static Map<String, Object> group(int rank, int kisses, int fidelity) {
        List<Map<String, Object>> participants = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            participants.add(Map.of("name", "Participant " + (i + 1), "rank", rank, "stress", 0, "kisses", kisses,
                    "fidelity", fidelity));
        }
        return Map.of("participants", participants);
    }

    private static Map<String, Object> magic() {
        List<Map<String, Object>> helpers = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            helpers.add(Map.of("name", "Helper " + (i + 1), "rank", 4));
        }
        return Map.ofEntries(Map.entry("job-level", 10), Map.entry("rank", 4), Map.entry("bonus-dice", 10),
                Map.entry("stress", 0), Map.entry("objectives", 4), Map.entry("difficulty-factors", 4),
                Map.entry("offered-dice", 0), Map.entry("kisses", 10), Map.entry("health", 10),
                Map.entry("fidelity", 4), Map.entry("magic", true), Map.entry("helpers", helpers));
    }

    private static Map<String, Object> fortuneMixed() {
        List<Map<String, Object>> helpers = new ArrayList<>();
        int[] ranks = {2, 2, 3, 3, 4, 5, 6, 6};
        for (int i = 0; i < ranks.length; i++) {
            helpers.add(Map.of("name", "Helper " + (i + 1), "rank", ranks[i]));
        }
        return Map.ofEntries(Map.entry("job-level", 0), Map.entry("rank", 6), Map.entry("bonus-dice", 0),
                Map.entry("stress", 0), Map.entry("objectives", 4), Map.entry("difficulty-factors", 4),
                Map.entry("offered-dice", 0), Map.entry("kisses", 10), Map.entry("health", 10),
                Map.entry("stressful", true), Map.entry("helpers", helpers), Map.entry("help-rank", "each"));
    }

    private Procedure procedure;
    private Inputs inputs;
    private Goal goal;
    private RollState state;
    private String when;

    @Setup
    public void setUp() {
        int colon = id.lastIndexOf(':');
        when = id.substring(colon + 1);
        String caseId = id.substring(0, colon);
        Cases.Prepared prepared = Cases.prepare(Stream.of(FORTUNE_MIXED, MAGIC, FIDELITY, FIDELITY_FEW)
                .filter(spec -> spec.id().equals(caseId)).findFirst().orElseGet(() -> Cases.spec(caseId)));
        procedure = prepared.procedure();
        inputs = prepared.inputs();
        OutcomeOrder order = procedure.outcomeOrder();
        goal = when.endsWith("-top") ? order.goal(order.worstToBest().get(order.worstToBest().size() - 1))
                : order.goalByDefault();
        if (when.startsWith("after")) {
            state = busiest();
        }
        // Fails here, not in the measurement, if a procedure has no best play.
        if (bestPlay() == null) {
            throw new IllegalStateException(id + " gives no best play");
        }
    }

    /** @return the first throw of seeds 1…SEEDS whose game lists the most moves (the lowest seed among equals) */
    private RollState busiest() {
        Game<?> game = procedure.game(inputs).orElseThrow();
        RollState busiest = null;
        int most = 0;
        for (long seed = 1; seed <= SEEDS; seed++) {
            RollState first = procedure.start(inputs, Dice.seeded(seed));
            int moves = game.moves(first).size();
            if (moves > most) {
                busiest = first;
                most = moves;
            }
        }
        if (busiest == null) {
            throw new IllegalStateException(id + ": no throw leaves the roll open");
        }
        return busiest;
    }

    @Benchmark
    public BestPlay bestPlay() {
        return switch (when) {
            case "before", "before-top" -> Solver.standard().beforeRoll(procedure, inputs, goal).orElse(null);
            case "after", "after-top" -> Solver.standard().at(procedure, inputs, state, goal).orElse(null);
            case "generic" -> Solver.generic().beforeRoll(procedure, inputs, goal).orElse(null);
            default -> throw new IllegalArgumentException("no such case: " + id);
        };
    }
}
