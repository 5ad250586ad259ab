package io.dicehall.systems.taskschecks;

import static io.dicehall.systems.taskschecks.Play.map;

import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.play.SearchLimitException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A rough timing harness, not a test (surefire skips it): best play before the roll of a Group Check with Fidelity
 * ({@link FidelitySums#beforeRoll}) for identical participants, on a fresh instance each call. Arguments: the goal
 * ({@code pass} or {@code flying}), participants, rank, stress, KISSes, points, calls; it prints the chance (or that
 * it was refused) and the median processor time of the calling thread (wall-clock beside it) of the last calls
 * after the first.
 */
final class FidelityTiming {

    private FidelityTiming() {
    }

    public static void main(String[] args) {
        boolean flying = args[0].startsWith("f");
        int n = Integer.parseInt(args[1]);
        int rank = Integer.parseInt(args[2]);
        int stress = Integer.parseInt(args[3]);
        int kisses = Integer.parseInt(args[4]);
        int points = Integer.parseInt(args[5]);
        int calls = args.length > 6 ? Integer.parseInt(args[6]) : 1;
        GroupCheckProcedure group = new GroupCheckProcedure();
        List<Object> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            rows.add(map("name", "", "rank", rank, "stress", stress, "kisses", kisses, "fidelity", points));
        }
        Inputs inputs = InputChecker.check(group.form(), map("participants", rows)).orThrow();
        List<Roller> rollers = group.rollers(inputs);
        int threshold = (flying ? 3 : 2) * n;
        int dice = rollers.stream().mapToInt(Roller::mainDice).sum();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        double[] cpu = new double[calls];
        double[] wall = new double[calls];
        String answer = null;
        for (int i = 0; i < calls; i++) {
            long start = System.nanoTime();
            long startCpu = threads.getCurrentThreadCpuTime();
            try {
                Fraction f = new FidelitySums(dice).beforeRoll(rollers, threshold);
                answer = f.numerator() + "/" + f.denominator();
            } catch (SearchLimitException e) {
                answer = "refused";
            }
            cpu[i] = (threads.getCurrentThreadCpuTime() - startCpu) / 1e9;
            wall[i] = (System.nanoTime() - start) / 1e9;
            System.out.printf("call %d: %.3f s cpu, %.3f s wall%n", i + 1, cpu[i], wall[i]);
        }
        int from = calls > 1 ? 1 : 0;
        double[] c = Arrays.copyOfRange(cpu, from, calls);
        double[] w = Arrays.copyOfRange(wall, from, calls);
        Arrays.sort(c);
        Arrays.sort(w);
        System.out.printf("%s %d x rank %d stress %d, %d KISS, %d points: %s; median %.3f s cpu (%.3f s wall)%n",
                flying ? "flying" : "pass", n, rank, stress, kisses, points, answer, c[c.length / 2],
                w[w.length / 2]);
    }
}
