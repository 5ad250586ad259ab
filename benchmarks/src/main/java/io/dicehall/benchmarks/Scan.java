package io.dicehall.benchmarks;

import io.dicehall.api.Procedure;
import io.dicehall.api.form.Inputs;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How the probability-only fields of {@link Cases} were chosen: times the pre-roll odds of each case
 * over every legal value of its rank, TN or choices (sizes stay at their largest) and shows which is
 * slowest. A rough timer (median of calls after a short warm-up), not JMH: it only ranks values.
 *
 * <pre>
 * flock /tmp/dicehall-payara.lock java -cp benchmarks/target/benchmarks.jar io.dicehall.benchmarks.Scan [case-id-substring …]
 * </pre>
 */
public final class Scan {

    private record Variant(String caseId, String label, String system, String procedure, Map<String, Object> raw,
            boolean chosen) {
    }

    private Scan() {
    }

    public static void main(String[] args) {
        List<String> only = Arrays.asList(args);
        var groups = new java.util.LinkedHashMap<String, List<Variant>>();
        for (Variant v : variants()) {
            if (only.isEmpty() || only.stream().anyMatch(v.caseId()::contains)) {
                groups.computeIfAbsent(v.caseId(), k -> new ArrayList<>()).add(v);
            }
        }
        for (var group : groups.entrySet()) {
            System.out.println("== " + group.getKey());
            // Warm every variant up first, so the first one measured does not pay for the JIT.
            for (Variant v : group.getValue()) {
                time(v, 60_000_000L);
            }
            double slowest = -1;
            String slowestLabel = null;
            String chosenLabel = null;
            for (Variant v : group.getValue()) {
                double us = time(v, 300_000_000L);
                System.out.printf(Locale.ROOT, "   %-40s %12.1f µs%s%n", v.label(), us, v.chosen() ? "   ← chosen" : "");
                if (us > slowest) {
                    slowest = us;
                    slowestLabel = v.label();
                }
                if (v.chosen()) {
                    chosenLabel = v.label();
                }
            }
            summary(group.getKey(), slowestLabel, chosenLabel);
        }
    }

    private static void summary(String caseId, String slowest, String chosen) {
        if (caseId != null) {
            System.out.println("   slowest: " + slowest + (slowest.equals(chosen) ? " (the chosen value)"
                    : "; chosen: " + chosen + " (see Cases: a value that opens every move with odds, or one"
                    + " within the noise of the slowest)"));
        }
    }

    /** @return the median of calls made for {@code nanos} (at least 3 calls), in microseconds */
    private static double time(Variant v, long nanos) {
        Procedure procedure = Cases.procedure(v.system(), v.procedure());
        Inputs inputs = Cases.prepare(new Cases.Spec(v.caseId(), v.system(), v.procedure(), v.raw(), "")).inputs();
        var times = new ArrayList<Long>();
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() < end || times.size() < 3) {
            long t = System.nanoTime();
            procedure.odds(inputs);
            times.add(System.nanoTime() - t);
        }
        times.sort(null);
        return times.get(times.size() / 2) / 1000.0;
    }

    private static List<Variant> variants() {
        var list = new ArrayList<Variant>();
        String tc = "tasks-checks";
        for (int rank = 1; rank <= 6; rank++) {
            list.add(new Variant("tasks-checks/check", "rank " + rank, tc, "check", Cases.check(rank),
                    rank == Cases.CHECK_RANK));
        }
        for (int rank = 1; rank <= 6; rank++) {
            list.add(new Variant("tasks-checks/group-check", "rank " + rank, tc, "group-check", Cases.groupCheck(rank),
                    rank == Cases.GROUP_RANK));
        }
        for (int rank = 1; rank <= 6; rank++) {
            list.add(new Variant("tasks-checks/versus-check", "rank " + rank, tc, "versus-check",
                    Cases.versusCheck(rank), rank == Cases.VERSUS_RANK));
        }
        for (int rank = 1; rank <= 6; rank++) {
            for (int helper = 1; helper <= 6; helper++) {
                list.add(new Variant("tasks-checks/task", "rank " + rank + ", helpers' rank " + helper, tc, "task",
                        Cases.task(false, rank, helper), rank == Cases.TASK_RANK && helper == Cases.TASK_HELPER_RANK));
            }
        }
        for (int helper = 1; helper <= 6; helper++) {
            list.add(new Variant("tasks-checks/task:fortune", "helpers' rank " + helper, tc, "task",
                    Cases.task(true, 6, helper), helper == Cases.FORTUNE_HELPER_RANK));
        }
        for (int rank = 1; rank <= 6; rank++) {
            for (int helper = 1; helper <= 6; helper++) {
                list.add(new Variant("tasks-checks/opposed-task", "rank " + rank + ", helpers' rank " + helper, tc,
                        "opposed-task", Cases.opposedTask(false, rank, helper),
                        rank == Cases.OPPOSED_RANK && helper == Cases.OPPOSED_HELPER_RANK));
            }
        }
        for (int helper = 1; helper <= 6; helper++) {
            list.add(new Variant("tasks-checks/opposed-task:fortune", "helpers' rank " + helper, tc, "opposed-task",
                    Cases.opposedTask(true, 6, helper), helper == Cases.FORTUNE_HELPER_RANK));
        }
        String fw = "fatewalker";
        for (int tn = 0; tn <= 8; tn++) {
            list.add(new Variant("fatewalker/roll", "TN " + tn, fw, "roll", Cases.fatewalkerRoll(tn),
                    tn == Cases.ROLL_TN));
        }
        for (int btn = 0; btn <= 8; btn++) {
            for (int tn = 0; tn <= 8; tn++) {
                list.add(new Variant("fatewalker/background-roll", "background TN " + btn + ", TN " + tn, fw,
                        "background-roll", Cases.backgroundRoll(btn, tn),
                        btn == Cases.BACKGROUND_TN && tn == Cases.BACKGROUND_PRIMARY_TN));
            }
        }
        for (int itn = 0; itn <= 8; itn++) {
            for (int otn = 0; otn <= 8; otn++) {
                list.add(new Variant("fatewalker/opposed", "TN " + itn + " vs " + otn, fw, "opposed",
                        Cases.fatewalkerOpposed(itn, otn), itn == Cases.OPPOSED_INITIATOR_TN && otn == Cases.OPPOSED_OPPONENT_TN));
            }
        }
        for (String difficulty : List.of("simple", "normal", "difficult", "masterful", "nigh-impossible")) {
            for (int tn = 0; tn <= 8; tn++) {
                list.add(new Variant("fatewalker/extended", difficulty + ", TN " + tn, fw, "extended",
                        Cases.extended(difficulty, tn),
                        difficulty.equals(Cases.EXTENDED_DIFFICULTY) && tn == Cases.EXTENDED_TN));
            }
        }
        for (String challenge : List.of("average", "difficult", "daunting")) {
            for (String risk : List.of("safe", "risky", "precarious")) {
                for (String edge : List.of("none", "advantage", "disadvantage")) {
                    list.add(new Variant("action-rolls/action-roll", challenge + ", " + risk + ", " + edge,
                            "action-rolls", "action-roll", Cases.actionRoll(challenge, risk, edge),
                            challenge.equals(Cases.ACTION_CHALLENGE) && risk.equals(Cases.ACTION_RISK)
                                    && edge.equals(Cases.ACTION_EDGE)));
                }
            }
        }
        return list;
    }
}
