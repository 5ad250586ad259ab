package io.dicehall.benchmarks;

import io.dicehall.api.Dice;
import io.dicehall.api.Procedure;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.play.BestPlay;
import io.dicehall.api.play.Goal;
import io.dicehall.api.play.Solver;
import io.dicehall.api.state.RollState;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
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
 * Best play of Action Rolls, Fate Condensed and Fatewalker, as a server asks for it: {@code Solver.standard()}
 * from the procedure, its inputs and the procedure's default goal, at each procedure's largest legal inputs (the
 * pre-roll cases of {@link Cases#preRoll()}: two d12 abilities; 10 fate points on 10 fitting aspects and 10 free
 * invokes on each side with active opposition; 50 dice with 5 bonus dice toward a goal of 18). A case is {@code
 * system/procedure:when}:
 *
 * <ul>
 *   <li>{@code before}: best play before the roll ({@code Solver.beforeRoll});</li>
 *   <li>{@code after}: best play after the first throw of the first seed (1, 2 …) that leaves the roll open, with
 *       every move open there and its value ({@code Solver.at});</li>
 *   <li>{@code generic}: before the roll with {@code Solver.generic()}, which ignores the game's own values and
 *       searches every position: what the game's own values save.</li>
 *   <li>{@code after-cold} (the extended roll): best play after a first throw, each call with other numbers, so
 *       that none finds the tables an earlier answer with the same numbers left (the extended roll keeps those of
 *       the last 16): in turn every TN 0–8 and difficulty at the largest pools, 45 in all, each in the first open
 *       state of a fixed seed. What a first answer for a roll costs.</li>
 * </ul>
 *
 * Run with {@code java -jar benchmarks/target/benchmarks.jar BestPlayOthers …}; the report of
 * {@code benchmarks/run.sh} does not read these figures.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Threads(1)
public class BestPlayOthers {

    @Param({
        "action-rolls/action-roll:before",
        "action-rolls/action-roll:after",
        "action-rolls/action-roll:generic",
        "fate-condensed/overcome:before",
        "fate-condensed/overcome:after",
        "fate-condensed/create-advantage:before",
        "fate-condensed/create-advantage:after",
        "fate-condensed/attack:before",
        "fate-condensed/attack:after",
        "fate-condensed/defend:before",
        "fate-condensed/defend:after",
        "fate-condensed/attack:generic",
        "fatewalker/roll:before",
        "fatewalker/background-roll:before",
        "fatewalker/opposed:before",
        "fatewalker/extended:before",
        "fatewalker/extended:after",
        "fatewalker/extended:after-cold",
    })
    public String id;

    private Procedure procedure;
    private Inputs inputs;
    private Goal goal;
    private RollState state;
    private String when;
    private List<Inputs> coldInputs;
    private List<RollState> coldStates;
    private int next;

    @Setup
    public void setUp() {
        int colon = id.lastIndexOf(':');
        when = id.substring(colon + 1);
        Cases.Prepared prepared = Cases.prepare(id.substring(0, colon));
        procedure = prepared.procedure();
        inputs = prepared.inputs();
        goal = procedure.outcomeOrder().goalByDefault();
        if (when.equals("after-cold")) {
            coldInputs = new ArrayList<>();
            coldStates = new ArrayList<>();
            for (String difficulty : List.of("simple", "normal", "difficult", "masterful", "nigh-impossible")) {
                for (int tn = 0; tn <= 8; tn++) {
                    Inputs cold = Cases.prepare(new Cases.Spec(id, "fatewalker", "extended",
                            Cases.extended(difficulty, tn), "")).inputs();
                    for (long seed = 1; seed < 1000; seed++) {
                        RollState first = procedure.start(cold, Dice.seeded(seed));
                        if (!first.complete()) {
                            coldInputs.add(cold);
                            coldStates.add(first);
                            break;
                        }
                    }
                }
            }
        }
        if (when.equals("after")) {
            for (long seed = 1; state == null; seed++) {
                RollState first = procedure.start(inputs, Dice.seeded(seed));
                if (!first.complete()) {
                    state = first;
                }
            }
        }
        // Fails here, not in the measurement, if a procedure has no best play.
        if (bestPlay() == null) {
            throw new IllegalStateException(id + " gives no best play");
        }
    }

    @Benchmark
    public BestPlay bestPlay() {
        return switch (when) {
            case "before" -> Solver.standard().beforeRoll(procedure, inputs, goal).orElse(null);
            case "after" -> Solver.standard().at(procedure, inputs, state, goal).orElse(null);
            case "generic" -> Solver.generic().beforeRoll(procedure, inputs, goal).orElse(null);
            case "after-cold" -> {
                int i = next++ % coldStates.size();
                yield Solver.standard().at(procedure, coldInputs.get(i), coldStates.get(i), goal).orElse(null);
            }
            default -> throw new IllegalArgumentException("no such case: " + id);
        };
    }
}
