package io.dicehall.benchmarks;

import io.dicehall.api.Procedure;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.odds.Odds;
import java.util.List;
import java.util.Map;
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
 * The dice notation's exact odds ({@code dice/roll}, {@code Procedure.odds(inputs)}: every expression's whole
 * distribution, its mean and the target's chance) over {@link #EXPRESSIONS}: realistic rolls, and the largest
 * each limit allows. Each expression is checked by the form and {@code Procedure.check} first, so only legal ones
 * are measured. {@code benchmarks/dice.sh} runs it and writes the "Dice notation (JMH)" section of
 * docs/performance.md.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Threads(1)
public class DiceNotationOdds {

    /** A measured expression and why it is in the list. */
    public record Case(String expression, String why) {
    }

    /** The published list; {@link #expression}'s parameters must be these, in this order (a unit test checks it). */
    public static final List<Case> EXPRESSIONS = List.of(
            new Case("4d6kh3", "ability score"),
            new Case("2d20kh1+1d4+5", "advantage with a bonus die"),
            new Case("1d20+5 >= 15 to hit, 2d6+3 damage", "two expressions, a target"),
            new Case("8d10>=8f1", "success pool with failures"),
            new Case("10d10>=8f1", "success pool with failures"),
            new Case("6d10!10>=8", "exploding success pool"),
            new Case("4dF+2", "Fudge dice"),
            new Case("3d6!!", "compounding"),
            new Case("4d6r1kh3", "re-roll 1s, keep 3"),
            new Case("100d6", "a hundred dice"),
            new Case("20d6!", "largest legal exploding d6 term"),
            new Case("100d100", "largest legal plain term of d100"),
            new Case("20d1000", "largest legal span of a plain term"),
            new Case("80d6kh1", "largest legal keep among d6"),
            new Case("57d6kh28", "largest legal keep-half of d6"),
            new Case("22d20kh11", "largest legal keep-half of d20"),
            new Case("9d100kh1", "largest legal keep among d100"),
            new Case("12d6!!kh1", "largest legal keep among compounding d6"),
            new Case("13d10!", "largest legal exploding d10 term"),
            new Case("29d10!10>=8f1", "largest legal exploding success pool"),
            new Case("1d100*1d200", "largest legal product of two dice parts"));

    @Param({
        "4d6kh3",
        "2d20kh1+1d4+5",
        "1d20+5 >= 15 to hit, 2d6+3 damage",
        "8d10>=8f1",
        "10d10>=8f1",
        "6d10!10>=8",
        "4dF+2",
        "3d6!!",
        "4d6r1kh3",
        "100d6",
        "20d6!",
        "100d100",
        "20d1000",
        "80d6kh1",
        "57d6kh28",
        "22d20kh11",
        "9d100kh1",
        "12d6!!kh1",
        "13d10!",
        "29d10!10>=8f1",
        "1d100*1d200",
    })
    public String expression;

    private Procedure procedure;
    private Inputs inputs;

    @Setup
    public void setUp() {
        procedure = Cases.procedure("dice", "roll");
        inputs = InputChecker.check(procedure.form(), Map.of("expression", expression)).orThrow();
    }

    @Benchmark
    public Odds odds() {
        return procedure.odds(inputs);
    }
}
