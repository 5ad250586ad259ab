package io.dicehall.systems.fatewalker;

import static io.dicehall.systems.fatewalker.Rolls.inputs;
import static io.dicehall.systems.fatewalker.Rolls.move;

import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.state.RollState;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A rough timing of the extended roll's exact odds at the largest legal inputs (not a test, not JMH): each
 * case is called {@value #WARM_UP} times to warm up, then timed over {@value #TIMED} calls, by the wall
 * clock and by the thread's CPU time (which a busy machine disturbs less). Run its {@code main} on the test
 * class path; the argument {@code scan} adds the pre-roll odds at every TN and difficulty.
 */
final class ExtendedTiming {

    private static final int WARM_UP = 300;
    private static final int TIMED = 200;
    private static final ExtendedProcedure EXTENDED = new ExtendedProcedure();
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private ExtendedTiming() {
    }

    public static void main(String[] args) {
        var cases = new LinkedHashMap<String, Supplier<?>>();
        Inputs in = inputs(EXTENDED, ExtendedOddsPinTest.largest(0, "nigh-impossible", false));
        RollState state = EXTENDED.start(in, Dice.seeded(3));
        Move plain = move(state, ExtendedProcedure.ROLL_AGAIN, Map.of(ExtendedProcedure.USE_BONUS, false));
        Move bonus = move(state, ExtendedProcedure.ROLL_AGAIN, Map.of(ExtendedProcedure.USE_BONUS, true));
        cases.put("pre-roll, benchmark inputs", () -> EXTENDED.odds(in));
        cases.put("roll-again, benchmark state", () -> EXTENDED.odds(in, state, plain));
        cases.put("roll-again+bonus, benchmark state", () -> EXTENDED.odds(in, state, bonus));
        if (args.length > 0 && args[0].equals("scan")) {
            for (String difficulty : new String[] {"simple", "normal", "difficult", "masterful", "nigh-impossible"}) {
                for (int tn = 0; tn <= 8; tn++) {
                    Inputs at = inputs(EXTENDED, ExtendedOddsPinTest.largest(tn, difficulty, false));
                    cases.put("pre-roll, TN " + tn + ", " + difficulty, () -> EXTENDED.odds(at));
                }
            }
        }
        cases.values().forEach(call -> {
            for (int i = 0; i < WARM_UP; i++) {
                call.get();
            }
        });
        cases.forEach(ExtendedTiming::report);
    }

    private static void report(String what, Supplier<?> call) {
        long[] wall = new long[TIMED];
        long[] cpu = new long[TIMED];
        for (int i = 0; i < TIMED; i++) {
            long startCpu = THREADS.getCurrentThreadCpuTime();
            long start = System.nanoTime();
            call.get();
            wall[i] = System.nanoTime() - start;
            cpu[i] = THREADS.getCurrentThreadCpuTime() - startCpu;
        }
        Arrays.sort(wall);
        Arrays.sort(cpu);
        System.out.printf(Locale.ROOT, "%-40s median %7.3f ms (p90 %7.3f)  cpu median %7.3f ms%n", what,
                wall[TIMED / 2] / 1e6, wall[TIMED * 9 / 10] / 1e6, cpu[TIMED / 2] / 1e6);
    }
}
