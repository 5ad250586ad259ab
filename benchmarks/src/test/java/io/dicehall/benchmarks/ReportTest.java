package io.dicehall.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report renders from statistics and replaces only its own section. */
class ReportTest {

    private static Report report(double slowest) {
        Map<String, Report.Stat> stats = new LinkedHashMap<>();
        for (String key : Report.expected()) {
            stats.put(key, new Report.Stat(50, 60, 1000, 52, "us/op"));
        }
        stats.put("Baseline.enumerate10d6", new Report.Stat(200_000, 210_000, 30, 201_000, "us/op"));
        stats.put("PreRollOdds.odds:tasks-checks/opposed-task", new Report.Stat(slowest, slowest, 100, slowest, "us/op"));
        Machine machine = new Machine("2025-01-01 00:00 UTC", 2, "CPU", "24 GiB", List.of("openjdk 17"), "Linux",
                "1 1 1", "2 2 2", Duration.ofSeconds(420));
        assertTrue(Report.missing(stats).isEmpty());
        return new Report(stats, machine, "JMH test");
    }

    @Test
    void namesMissedTargetsAndByHowMuch() {
        String met = report(900).section();
        assertTrue(met.contains("met by all"), met);
        String missed = report(4800).section();
        assertTrue(missed.contains("**missed** by 1 of"), missed);
        assertTrue(missed.contains("`tasks-checks/opposed-task` pre-roll: p50 4.80 ms, 4.8× the target"), missed);
        assertTrue(missed.contains("4,000×"), missed); // 200 ms / 50 µs
    }

    @Test
    void replacesOnlyItsSection(@TempDir Path dir) throws Exception {
        Path doc = dir.resolve("performance.md");
        Report.replaceSection(doc, Report.BEGIN + "\nfirst\n" + Report.END + "\n");
        Files.writeString(doc, Files.readString(doc) + "\n## HTTP\n\nkept\n");
        Report.replaceSection(doc, Report.BEGIN + "\nsecond\n" + Report.END + "\n");
        assertEquals("# Performance\n\n" + Report.BEGIN + "\nsecond\n" + Report.END + "\n\n## HTTP\n\nkept\n",
                Files.readString(doc));
    }
}
