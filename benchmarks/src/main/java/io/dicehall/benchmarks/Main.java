package io.dicehall.benchmarks;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Runs the benchmarks with JMH and writes the report.
 *
 * <pre>
 * java -jar benchmarks/target/benchmarks.jar [--doc docs/performance.md] [--out benchmarks/target] [JMH options]
 * </pre>
 *
 * JMH options are JMH's own ({@code -f 1 -wi 3 -w 1s -i 5 -r 1s}, a benchmark regexp, {@code -h}).
 * Results go to {@code OUT/jmh-result.json} (unless {@code -rff} says otherwise) and the markdown
 * section to {@code OUT/odds-jmh.md}; with {@code --doc}, a complete run (every benchmark) also
 * replaces the "Odds (JMH)" section of that file, between its markers, leaving the rest alone.
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) throws Exception {
        Path doc = null;
        Path out = Path.of("benchmarks", "target");
        var jmhArgs = new ArrayList<String>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--doc" -> doc = Path.of(args[++i]);
                case "--out" -> out = Path.of(args[++i]);
                default -> jmhArgs.add(args[i]);
            }
        }
        CommandLineOptions cmd = new CommandLineOptions(jmhArgs.toArray(String[]::new));
        if (cmd.shouldHelp()) {
            cmd.showHelp();
            return;
        }
        if (cmd.shouldList() || cmd.shouldListWithParams() || cmd.shouldListProfilers()
                || cmd.shouldListResultFormats()) {
            new Runner(cmd).list();
            return;
        }
        Files.createDirectories(out);
        ChainedOptionsBuilder options = new OptionsBuilder().parent(cmd);
        if (!cmd.getResult().hasValue()) {
            options.result(out.resolve("jmh-result.json").toString());
        }
        if (!cmd.getResultFormat().hasValue()) {
            options.resultFormat(ResultFormatType.JSON);
        }

        Machine machine = Machine.now();
        Instant start = Instant.now();
        Collection<RunResult> results = new Runner(options.build()).run();
        Duration took = Duration.between(start, Instant.now());
        machine = machine.finished(took);

        Map<String, Report.Stat> stats = new LinkedHashMap<>();
        BenchmarkParams params = null;
        for (RunResult result : results) {
            BenchmarkParams p = result.getParams();
            params = params == null ? p : params;
            String benchmark = p.getBenchmark();
            String key = benchmark.substring(benchmark.lastIndexOf('.', benchmark.lastIndexOf('.') - 1) + 1);
            String id = p.getParamsKeys().contains("id") ? p.getParam("id") : null;
            var s = result.getPrimaryResult().getStatistics();
            stats.put(id == null ? key : key + ":" + id, new Report.Stat(s.getPercentile(50), s.getPercentile(90),
                    s.getN(), s.getMean(), result.getPrimaryResult().getScoreUnit()));
        }
        String config = params == null ? "(nothing ran)" : config(params);
        String section = new Report(stats, machine, config).section();
        Path table = out.resolve("odds-jmh.md");
        Files.writeString(table, section, StandardCharsets.UTF_8);
        System.out.println();
        System.out.println("Report section written to " + table);
        List<String> missing = Report.missing(stats);
        if (doc == null) {
            return;
        }
        if (!missing.isEmpty()) {
            System.out.println("Not a complete run (" + missing.size() + " benchmarks missing, e.g. " + missing.get(0)
                    + "): " + doc + " left unchanged.");
            return;
        }
        Report.replaceSection(doc, section);
        System.out.println("Section \"" + Report.TITLE + "\" of " + doc + " updated.");
    }

    private static String config(BenchmarkParams p) {
        return "JMH " + p.getJmhVersion() + ", mode " + p.getMode().longLabel() + ", " + p.getThreads()
                + " thread, " + p.getForks() + " fork per benchmark, warm-up " + p.getWarmup().getCount() + " × "
                + p.getWarmup().getTime() + ", measurement " + p.getMeasurement().getCount() + " × "
                + p.getMeasurement().getTime() + ", JVM options "
                + (p.getJvmArgs().isEmpty() ? "(none)" : String.join(" ", p.getJvmArgs()));
    }
}
