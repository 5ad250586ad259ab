package io.dicehall.api.compat;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;

import io.dicehall.api.GameSystem;
import io.dicehall.api.contract.GameSystemContract;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.stream.Stream;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A plugin written and compiled against SPI version 1 (the API at commit a63ae82), kept as its JAR in {@code
 * api/compat/spi-1-plugin} (see its build.sh): loaded as the server loads a plugin, in a class loader of its own
 * over today's API, it keeps the whole contract unchanged; and its sources still compile against today's API.
 */
class Spi1PluginTest extends GameSystemContract {

    static final Path FIXTURE = Path.of(System.getProperty("dicehall.compat", "../api/compat"), "spi-1-plugin");

    private static GameSystem loaded;

    /** @return the JAR's one system, loaded once in a class loader whose parent holds today's API */
    static synchronized GameSystem fromJar() {
        if (loaded == null) {
            try {
                URL jar = FIXTURE.resolve("spi-1-plugin.jar").toUri().toURL();
                URLClassLoader loader = new URLClassLoader("spi-1-plugin", new URL[] {jar},
                        Spi1PluginTest.class.getClassLoader());
                List<GameSystem> own = ServiceLoader.load(GameSystem.class, loader).stream()
                        .filter(provider -> provider.type().getClassLoader() == loader)
                        .map(ServiceLoader.Provider::get).toList();
                assertThat("the JAR's systems", own.size(), is(1));
                loaded = own.get(0);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return loaded;
    }

    @Override
    protected GameSystem system() {
        return fromJar();
    }

    @Test
    void itIsTheSystemCompiledAgainstVersionOne() {
        GameSystem system = fromJar();
        assertThat(system.id(), is("test-spi-one"));
        assertThat("a version 1 system does not override spiVersion()", system.spiVersion(), is(1));
        assertThat(system.procedures().stream().map(p -> p.id()).toList(), equalTo(List.of("old-pool", "old-flip")));
    }

    @Test
    void itsSourcesStillCompileAgainstTodaysApi(@TempDir Path classes) throws IOException {
        List<String> sources;
        try (Stream<Path> files = Files.walk(FIXTURE.resolve("src"))) {
            sources = files.filter(f -> f.toString().endsWith(".java")).map(Path::toString).sorted().toList();
        }
        assertThat(sources.size(), is(3));
        var args = new ArrayList<>(List.of("--release", "17", "-proc:none", "-d", classes.toString(), "-cp",
                System.getProperty("java.class.path")));
        args.addAll(sources);
        var errors = new ByteArrayOutputStream();
        int status = ToolProvider.getSystemJavaCompiler().run(null, null, errors, args.toArray(String[]::new));
        assertThat("javac: " + errors.toString(StandardCharsets.UTF_8), status, is(0));
        try (Stream<Path> compiled = Files.walk(classes)) {
            assertThat(compiled.filter(f -> f.toString().endsWith(".class")).count(), is(3L));
        }
    }
}
