package io.dicehall.benchmarks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * The machine a run was made on: what the report prints beside the figures.
 *
 * @param date when the run started, UTC
 * @param nproc the processors this JVM may use (what {@code nproc} prints)
 * @param cpu the CPU's model name from {@code /proc/cpuinfo}
 * @param memory total memory from {@code /proc/meminfo}
 * @param javaVersion what {@code java -version} prints, one line per line
 * @param os the operating system
 * @param loadBefore {@code /proc/loadavg}'s 1, 5 and 15 minute averages at the start
 * @param loadAfter the same at the end
 * @param took how long the JMH run took
 */
public record Machine(String date, int nproc, String cpu, String memory, List<String> javaVersion, String os,
        String loadBefore, String loadAfter, Duration took) {

    /** @return this machine as it is now, before a run */
    public static Machine now() {
        return new Machine(ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'")),
                Runtime.getRuntime().availableProcessors(), cpuModel(), readMemory(), readJavaVersion(),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                        + System.getProperty("os.arch"),
                load(), "?", Duration.ZERO);
    }

    /** @return this machine after a run that took {@code took} */
    public Machine finished(Duration took) {
        return new Machine(date, nproc, cpu, memory, javaVersion, os, loadBefore, load(), took);
    }

    private static String cpuModel() {
        for (String line : lines("/proc/cpuinfo")) {
            if (line.startsWith("model name")) {
                return line.substring(line.indexOf(':') + 1).strip();
            }
        }
        return "unknown";
    }

    private static String readMemory() {
        for (String line : lines("/proc/meminfo")) {
            if (line.startsWith("MemTotal:")) {
                String[] parts = line.substring(9).strip().split("\\s+");
                try {
                    return Math.round(Long.parseLong(parts[0]) / 1024.0 / 1024.0) + " GiB";
                } catch (NumberFormatException e) {
                    return line;
                }
            }
        }
        return "unknown";
    }

    private static String load() {
        List<String> lines = lines("/proc/loadavg");
        if (lines.isEmpty()) {
            return "unknown";
        }
        String[] parts = lines.get(0).split("\\s+");
        return parts.length >= 3 ? parts[0] + " " + parts[1] + " " + parts[2] : lines.get(0);
    }

    private static List<String> readJavaVersion() {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        try {
            Process process = new ProcessBuilder(java.toString(), "-version").redirectErrorStream(true).start();
            String text = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            process.waitFor();
            return text.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
        } catch (IOException e) {
            return List.of(System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return List.of(System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
        }
    }

    private static List<String> lines(String file) {
        try {
            return Files.readAllLines(Path.of(file), StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }
}
