package io.dicehall.benchmarks;

import io.dicehall.api.odds.Odds;
import java.util.Optional;
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
 * {@code Procedure.odds(inputs, state, move)}: the decision odds of a move, on a state rolled with
 * {@code Dice.seeded(…)} from the largest legal inputs, with the move's largest legal inputs
 * ({@link Cases#decisionSpecs()}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Threads(1)
public class DecisionOdds {

    /** The case id; the list must match {@link Cases#decisionSpecs()} (a unit test checks it). */
    @Param({
        "tasks-checks/check#kiss",
        "tasks-checks/check#ego",
        "tasks-checks/group-check#kiss",
        "tasks-checks/group-check#ego",
        "tasks-checks/versus-check#kiss",
        "tasks-checks/versus-check#ego",
        "tasks-checks/task#kiss",
        "tasks-checks/task#ego",
        "tasks-checks/task:fortune#kiss",
        "tasks-checks/task:fortune#ego",
        "tasks-checks/opposed-task#kiss",
        "tasks-checks/opposed-task#ego",
        "tasks-checks/opposed-task:fortune#kiss",
        "tasks-checks/opposed-task:fortune#ego",
        "fatewalker/extended#roll-again",
        "fatewalker/extended#roll-again+bonus",
        "fate-condensed/overcome#invoke",
        "fate-condensed/overcome#invoke-against",
        "fate-condensed/create-advantage#invoke",
        "fate-condensed/create-advantage#invoke-against",
        "fate-condensed/attack#invoke",
        "fate-condensed/attack#invoke-against",
        "fate-condensed/defend#invoke",
        "fate-condensed/defend#invoke-against",
        "action-rolls/action-roll#daring",
        "action-rolls/action-roll#accept",
    })
    public String id;

    private Cases.Decision decision;

    @Setup
    public void setUp() {
        decision = Cases.decision(id);
    }

    @Benchmark
    public Optional<Odds> odds() {
        Cases.Prepared roll = decision.roll();
        return roll.procedure().odds(roll.inputs(), decision.state(), decision.move());
    }
}
