package io.dicehall.benchmarks;

import io.dicehall.api.odds.Dist;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The baseline: enumerating every face combination at 10 dice, against the {@code Dist}-based odds
 * that give the same answer.
 *
 * <ul>
 *   <li>10 d6 (6^10 = 60,466,176 combinations), success counting at rank 5, measured whole; against
 *       {@code Dist.binomial}, {@code Dist} convolution, and the {@code task} procedure's odds at 10
 *       dice.</li>
 *   <li>10 d10 (10^10 combinations) would take over 10 s a call, so 8 and 9 d10 are measured and
 *       10 d10 is estimated as 10 × the 9 d10 time (the 8 → 9 step shows the work per combination
 *       settling); against the Fatewalker {@code roll} odds at 10 dice.</li>
 * </ul>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Threads(1)
public class Baseline {

    // Fields, not constants, so the JIT cannot fold the work away.
    public int d6Dice = 10;
    public int rank = 5;
    public int tn = 4;

    private Cases.Prepared task10;
    private Cases.Prepared roll10;

    @Setup
    public void setUp() {
        task10 = Cases.prepare(Cases.TASK_10D6);
        roll10 = Cases.prepare(Cases.ROLL_10D10);
    }

    @Benchmark
    public long[] enumerate10d6() {
        return Enumerate.d6Successes(d6Dice, rank);
    }

    @Benchmark
    public Dist binomial10d6() {
        return Dist.binomial(d6Dice, Fraction.of(7 - rank, 6));
    }

    @Benchmark
    public Dist convolution10d6() {
        int r = rank;
        return Dist.die(6).map(face -> face >= r ? 1 : 0).times(d6Dice);
    }

    @Benchmark
    public Odds taskOdds10d6() {
        return task10.procedure().odds(task10.inputs());
    }

    @Benchmark
    public long[] enumerate8d10() {
        return Enumerate.d10Fatewalker(8, tn);
    }

    /** About a second a call: each 1 s iteration makes one or two calls. */
    @Benchmark
    public long[] enumerate9d10() {
        return Enumerate.d10Fatewalker(9, tn);
    }

    @Benchmark
    public Odds rollOdds10d10() {
        return roll10.procedure().odds(roll10.inputs());
    }
}
