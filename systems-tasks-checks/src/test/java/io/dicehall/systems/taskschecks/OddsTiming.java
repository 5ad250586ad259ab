package io.dicehall.systems.taskschecks;

import static io.dicehall.systems.taskschecks.Play.map;

import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.state.RollState;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A rough timing harness, not a test (surefire skips it): the Opposed Task's odds at the largest
 * legal inputs, as the benchmarks measure them. Run its {@code main} on the test class path; it prints
 * the median wall-clock and CPU time of 100 calls after 100 warm-up calls, per round.
 */
final class OddsTiming {

    private OddsTiming() {
    }

    /** The benchmarks' largest side: 20 pool dice (or the Die of Fortune) and 8 helpers. */
    private static Map<String, Object> side(int i, boolean fortune, int rank, int helperRank) {
        List<Object> helpers = new ArrayList<>();
        for (int h = 1; h <= 8; h++) {
            helpers.add(map("name", "Helper " + h, "rank", helperRank));
        }
        return map("name", "Side " + i, "job-level", fortune ? 0 : 10, "rank", rank, "bonus-dice", fortune ? 0 : 10,
                "stress", 0, "objectives", 4, "difficulty-factors", 4, "offered-dice", 0, "kisses", 10, "health", 10,
                "stressful", true, "helpers", helpers);
    }

    private static Inputs opposed(OpposedTaskProcedure procedure, boolean fortune, int rank) {
        List<Object> sides = new ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            sides.add(side(i, fortune, rank, 2));
        }
        return InputChecker.check(procedure.form(), map("sides", sides)).orThrow();
    }

    /** @return the median wall-clock and CPU milliseconds of 100 calls after 100 warm-up calls */
    private static double[] median(Supplier<?> call) {
        for (int i = 0; i < 100; i++) {
            call.get();
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        double[] wall = new double[100];
        double[] cpu = new double[100];
        for (int i = 0; i < wall.length; i++) {
            long start = System.nanoTime();
            long startCpu = threads.getCurrentThreadCpuTime();
            call.get();
            cpu[i] = (threads.getCurrentThreadCpuTime() - startCpu) / 1e6;
            wall[i] = (System.nanoTime() - start) / 1e6;
        }
        Arrays.sort(wall);
        Arrays.sort(cpu);
        return new double[] {(wall[49] + wall[50]) / 2, (cpu[49] + cpu[50]) / 2};
    }

    /** Arguments: how many rounds (3), and optionally one case to time alone: pre-roll, fortune or ego. */
    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        String only = args.length > 1 ? args[1] : "";
        OpposedTaskProcedure procedure = new OpposedTaskProcedure();
        Inputs plain = opposed(procedure, false, 2);
        Inputs fortune = opposed(procedure, true, 6);
        RollState state = procedure.start(fortune, Dice.seeded(1));
        Move ego = new Move("ego", InputChecker.check(state.move("ego").orElseThrow().form(),
                map("who", List.of("s1", "s2", "s3", "s4"))).orThrow());
        Map<String, Supplier<?>> cases = new LinkedHashMap<>();
        cases.put("pre-roll", () -> procedure.odds(plain));
        cases.put("fortune", () -> procedure.odds(fortune));
        cases.put("ego", () -> procedure.odds(fortune, state, ego));
        for (int round = 0; round < rounds; round++) {
            var parts = new ArrayList<String>();
            cases.forEach((name, call) -> {
                if (only.isEmpty() || only.equals(name)) {
                    double[] ms = median(call);
                    parts.add(String.format("%s %.3f ms (cpu %.3f)", name, ms[0], ms[1]));
                }
            });
            System.out.println(String.join(", ", parts));
        }
    }
}
