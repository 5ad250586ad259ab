package io.dicehall.web.systems.control;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.startsWith;

import io.dicehall.api.GameSystem;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every refused plugin is logged at WARNING with its reason, once: a file that is not a JAR, a JAR with no
 * service file, a system whose constructor throws (with its exception), an id already taken, a newer SPI; and a
 * later scan that changes something else logs none of them again.
 */
class RefusalLogTest {

    @TempDir
    Path dir;

    private final List<LogRecord> warnings = new ArrayList<>();
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord record) {
            if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
                synchronized (warnings) {
                    warnings.add(record);
                }
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };
    private final List<Logger> loggers = List.of(Logger.getLogger(SystemRegistry.class.getName()),
            Logger.getLogger(PluginJar.class.getName()));
    private SystemRegistry registry;

    @BeforeEach
    void listen() {
        loggers.forEach(logger -> logger.addHandler(handler));
    }

    @AfterEach
    void stop() {
        loggers.forEach(logger -> logger.removeHandler(handler));
        if (registry != null) {
            registry.stop();
        }
    }

    @Test
    void everyRefusalIsLoggedOnceWithItsReason() throws Exception {
        Path plugins = Files.createDirectories(dir.resolve("plugins"));
        Files.writeString(plugins.resolve("garbage.jar"), "not a zip file");
        jar(plugins.resolve("empty.jar"), null);
        jar(plugins.resolve("throws.jar"), system("Throwing", "twin-a", 1, "throw new IllegalStateException(\"no dice today\");"));
        jar(plugins.resolve("a-twin.jar"), system("TwinA", "twin", 1, ""));
        jar(plugins.resolve("b-twin.jar"), system("TwinB", "twin", 1, ""));
        jar(plugins.resolve("newer.jar"), system("Newer", "newer", 99, ""));

        registry = new SystemRegistry();
        registry.pluginsDir = plugins.toString();
        registry.scanMillis = 1000;
        registry.bundledOddsCheckMillis = 200;
        registry.load();

        assertThat(messages(), containsInAnyOrder(
                is("Refused rules system garbage.jar: is not a JAR (not a readable zip file)"),
                is("Refused rules system empty.jar: has no META-INF/services/io.dicehall.api.GameSystem naming its rules systems"),
                is("Refused rules system throws.jar: plugin.Throwing: failed while loading: IllegalStateException: no dice today"),
                is("Refused rules system b-twin.jar: plugin.TwinB: has the id twin, which another system already uses"),
                startsWith("Refused rules system newer.jar: plugin.Newer: was built for SPI version 99; this server supports 1 to ")));
        LogRecord thrown = warnings.stream().filter(r -> r.getMessage().contains("throws.jar")).findFirst().orElseThrow();
        assertThat("the system's own exception is logged", thrown.getThrown(), notNullValue());
        assertThat(registry.problems().stream().filter(p -> p.source().contains(".jar")).count(), is(5L));
        assertThat(registry.find("twin").isPresent(), is(true));

        // Another JAR arrives (seen twice, then loaded): the view is rebuilt, and nothing refused is logged again.
        warnings.clear();
        jar(plugins.resolve("c-good.jar"), system("Good", "good", 1, ""));
        registry.rescan();
        registry.rescan();
        assertThat(registry.find("good").isPresent(), is(true));
        assertThat(messages(), empty());

        // The twin that won goes; the other is installed. When the first comes back, the other is refused anew.
        Files.delete(plugins.resolve("a-twin.jar"));
        registry.rescan();
        assertThat(registry.find("twin").orElseThrow().origin(), is("b-twin.jar"));
        assertThat(messages(), empty());
        jar(plugins.resolve("a-twin.jar"), system("TwinA", "twin", 1, ""));
        registry.rescan();
        registry.rescan();
        assertThat(registry.find("twin").orElseThrow().origin(), is("a-twin.jar"));
        assertThat(messages(), hasItem("Refused rules system b-twin.jar: plugin.TwinB: has the id twin, which another system already uses"));
        assertThat(messages().size(), is(1));
    }

    /** @return the warnings about this test's plugin JARs (not about systems bundled on the class path) */
    private List<String> messages() {
        synchronized (warnings) {
            return warnings.stream().map(LogRecord::getMessage).filter(m -> m.matches("Refused rules system [a-z-]+\\.jar: .*"))
                    .toList();
        }
    }

    /** A source file of a small system in package {@code plugin}. */
    private static Source system(String name, String id, int spi, String constructor) {
        return new Source("plugin." + name, """
                package plugin;

                public final class %s implements io.dicehall.api.GameSystem {
                    public %s() {
                        %s
                    }
                    public String id() { return "%s"; }
                    public String name() { return "%s"; }
                    public String summary() { return "A test system."; }
                    public io.dicehall.api.Attribution attribution() {
                        return new io.dicehall.api.Attribution("Test", "Test", "CC0 1.0", "");
                    }
                    public java.util.List<io.dicehall.api.Procedure> procedures() {
                        return java.util.List.of(new io.dicehall.api.Procedure() {
                            public String id() { return "roll"; }
                            public String name() { return "Roll"; }
                            public String summary() { return "A test procedure."; }
                            public io.dicehall.api.form.Form form() { return io.dicehall.api.form.Form.EMPTY; }
                            public java.util.List<io.dicehall.api.state.Outcome> outcomes() {
                                return java.util.List.of(new io.dicehall.api.state.Outcome(
                                        "done", "Done", io.dicehall.api.state.Tone.GOOD, ""));
                            }
                            public io.dicehall.api.state.RollState start(io.dicehall.api.form.Inputs inputs,
                                    io.dicehall.api.Dice dice) {
                                return io.dicehall.api.state.RollState.builder().outcome(outcomes().get(0))
                                        .step("start", "Done").complete().build();
                            }
                            public io.dicehall.api.state.RollState apply(io.dicehall.api.form.Inputs inputs,
                                    io.dicehall.api.state.RollState state, io.dicehall.api.Move move,
                                    io.dicehall.api.Dice dice) {
                                throw new UnsupportedOperationException();
                            }
                            public io.dicehall.api.odds.Odds odds(io.dicehall.api.form.Inputs inputs) {
                                return io.dicehall.api.odds.Odds.over(outcomes())
                                        .add("done", io.dicehall.api.odds.Fraction.ONE).build();
                            }
                        });
                    }
                    public int spiVersion() { return %d; }
                }
                """.formatted(name, name, constructor, id, name, spi));
    }

    private record Source(String className, String text) {
    }

    /** Writes a JAR of the compiled source and its service file; with no source, an empty JAR. */
    private void jar(Path file, Source source) throws IOException {
        Path temp = Files.createTempFile(dir, "plugin", ".jar");
        try (OutputStream out = Files.newOutputStream(temp); JarOutputStream jar = new JarOutputStream(out)) {
            jar.putNextEntry(new JarEntry("README.txt"));
            jar.write("A plugin for a test.".getBytes(StandardCharsets.UTF_8));
            if (source != null) {
                Path src = Files.createTempDirectory(dir, "src");
                Path classes = Files.createTempDirectory(dir, "classes");
                String simple = source.className().substring(source.className().lastIndexOf('.') + 1);
                Path java = Files.writeString(src.resolve(simple + ".java"), source.text());
                String api = Path.of(GameSystem.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
                int status = ToolProvider.getSystemJavaCompiler().run(null, null, null,
                        "-cp", api, "-d", classes.toString(), java.toString());
                assertThat("compiled " + simple, status, is(0));
                try (var compiled = Files.walk(classes)) {
                    for (Path part : compiled.filter(Files::isRegularFile).sorted().toList()) {
                        jar.putNextEntry(new JarEntry(classes.relativize(part).toString().replace('\\', '/')));
                        jar.write(Files.readAllBytes(part));
                    }
                }
                jar.putNextEntry(new JarEntry("META-INF/services/io.dicehall.api.GameSystem"));
                jar.write((source.className() + "\n").getBytes(StandardCharsets.UTF_8));
            }
        } catch (java.net.URISyntaxException e) {
            throw new IOException(e);
        }
        // Moved in whole, with a time of its own, as an operator would.
        Files.move(temp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Files.setLastModifiedTime(file, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis()
                + (long) (Math.random() * 1_000_000)));
    }
}
