package io.dicehall.benchmarks;

import io.dicehall.api.odds.Odds;
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
 * {@code Procedure.odds(inputs)}: the exact odds before the roll (outcomes and plans), one procedure
 * per parameter, at its largest legal inputs ({@link Cases#preRoll()}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Threads(1)
public class PreRollOdds {

    /** The case id; the list must match {@link Cases#preRoll()} (a unit test checks it). */
    @Param({
        "tasks-checks/check",
        "tasks-checks/slow-check",
        "tasks-checks/group-check",
        "tasks-checks/versus-check",
        "tasks-checks/task",
        "tasks-checks/task:fortune",
        "tasks-checks/opposed-task",
        "tasks-checks/opposed-task:fortune",
        "fatewalker/roll",
        "fatewalker/background-roll",
        "fatewalker/opposed",
        "fatewalker/extended",
        "fate-condensed/overcome",
        "fate-condensed/create-advantage",
        "fate-condensed/attack",
        "fate-condensed/defend",
        "action-rolls/action-roll",
        "dice/roll",
    })
    public String id;

    private Cases.Prepared prepared;

    @Setup
    public void setUp() {
        prepared = Cases.prepare(id);
    }

    @Benchmark
    public Odds odds() {
        return prepared.procedure().odds(prepared.inputs());
    }
}
