package io.dicehall.web.systems.control;

import io.dicehall.api.GameSystem;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.function.Predicate;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;

/**
 * One JAR of the plugins directory, loaded in a class loader of its own whose parent holds the
 * server's copy of the API. The JAR is copied before loading, so replacing or deleting the file never
 * disturbs the systems loaded from it; {@link #close()} releases both.
 *
 * <p>Before any of its classes is loaded, its bytecode passes the {@link BytecodeCheck}, unless the operator trusts
 * the JAR by its SHA-256. Then its systems are made and read (constructors, declarations, the {@link OddsCheck}) on
 * a worker of {@link SystemCalls}, within the load time limit and the allocation budget; a JAR that blocks or
 * allocates beyond the budget is abandoned and refused, and whoever loads it goes on.
 *
 * <p>Whatever is wrong with the JAR itself (not a JAR, no service file, no system of its own, a class that
 * fails to load or a constructor that throws) is logged once at WARNING when the JAR is read. The registry
 * keeps here which of the JAR's systems it refused last time, so it logs a refusal only when it is new.
 */
final class PluginJar implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(PluginJar.class.getName());
    private static final String SERVICE_FILE = BytecodeCheck.SERVICE_FILE;
    /** At most this many uses are named in a refusal; the rest are counted. */
    private static final int NAMED = 5;

    private final String name;
    private final FileStamp stamp;
    private final Path copy;
    private final URLClassLoader loader;
    private final List<InstalledSystem> systems;
    private final List<LoadProblem> problems;
    /** The registry's refusals of this JAR's systems at its last look; guarded by the registry. */
    private Set<LoadProblem> refused = Set.of();
    private boolean announced;

    /** What identifies a version of a file: its size and its modification time. */
    record FileStamp(long size, long modified) {
        static FileStamp of(Path file) throws IOException {
            return new FileStamp(Files.size(file), Files.getLastModifiedTime(file).toMillis());
        }
    }

    /**
     * How a JAR is loaded: the operator's trust, the limits, and where plugin code runs.
     *
     * @param trusted whether the operator trusts a JAR of this SHA-256 (lower-case hex)
     * @param calls where plugin code runs
     * @param timeLimitMillis the most a JAR's constructors, declarations and odds check may take
     * @param oddsMillis the odds check's share of that time, per JAR
     */
    record Loading(Predicate<String> trusted, SystemCalls calls, long timeLimitMillis, long oddsMillis) {
    }

    private PluginJar(String name, FileStamp stamp, Path copy, URLClassLoader loader, List<InstalledSystem> systems,
            List<LoadProblem> problems) {
        this.name = name;
        this.stamp = stamp;
        this.copy = copy;
        this.loader = loader;
        this.systems = List.copyOf(systems);
        this.problems = List.copyOf(problems);
    }

    /**
     * Loads a JAR. Never throws: whatever is wrong with the file or its systems becomes a problem.
     *
     * @param file the JAR in the plugins directory
     * @param stamp its size and time when it was seen
     * @param workDir where to keep the copy that is loaded
     * @param loading trust, limits and workers
     */
    static PluginJar load(Path file, FileStamp stamp, Path workDir, Loading loading) {
        String name = file.getFileName().toString();
        Path copy = null;
        URLClassLoader loader = null;
        try {
            Files.createDirectories(workDir);
            copy = Files.createTempFile(workDir, "plugin-", ".jar");
            Files.copy(file, copy, StandardCopyOption.REPLACE_EXISTING);
            String sha256 = sha256(copy);
            long checkStart = System.nanoTime();
            BytecodeCheck.Contents contents;
            try (ZipFile zip = new ZipFile(copy.toFile())) {
                if (zip.getEntry(SERVICE_FILE) == null) {
                    return failed(name, stamp, copy, "has no " + SERVICE_FILE + " naming its rules systems");
                }
                contents = BytecodeCheck.read(zip);
            } catch (ZipException notAJar) {
                return failed(name, stamp, copy, "is not a JAR (not a readable zip file)");
            }
            List<BytecodeCheck.Finding> findings = contents.check();
            long checkMicros = (System.nanoTime() - checkStart) / 1000;
            if (!findings.isEmpty()) {
                String uses = uses(findings);
                if (!loading.trusted().test(sha256)) {
                    return failed(name, stamp, copy, "uses what rules code may not: " + uses + ". Only an operator "
                            + "who trusts it with the server's full rights may load it, by its SHA-256 " + sha256
                            + " in dicehall.plugins.trusted");
                }
                LOG.warning(() -> "Plugin " + name + " is trusted by its SHA-256 " + sha256 + " and loaded with the "
                        + "server's full rights; it uses: " + uses);
            }
            LOG.fine(() -> "Plugin " + name + ": bytecode of " + contents.classes().size() + " classes checked in "
                    + checkMicros + " µs");
            loader = new URLClassLoader("plugin:" + name, new URL[] {copy.toUri().toURL()},
                    GameSystem.class.getClassLoader());
            URLClassLoader own = loader;
            List<Object> made;
            try {
                made = loading.calls().call("plugin " + name, "Plugin " + name + " while loading",
                        () -> systems(name, own, loading.oddsMillis()), loading.timeLimitMillis(), null);
            } catch (SystemCalls.TimedOut | SystemCalls.Busy | SystemCalls.Stopping blocked) {
                close(loader, name);
                return failed(name, stamp, copy, "did not finish loading within " + loading.timeLimitMillis()
                        + " ms (a constructor or declaration that blocks or loops), so it was abandoned");
            } catch (SystemCalls.OverBudget greedy) {
                close(loader, name);
                return failed(name, stamp, copy, "allocated more than " + loading.calls().budgetBytes() / (1024 * 1024)
                        + " MB while loading, so it was stopped");
            } catch (java.util.concurrent.ExecutionException e) {
                throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
            }
            var systems = new ArrayList<InstalledSystem>();
            var problems = new ArrayList<LoadProblem>();
            for (Object one : made) {
                if (one instanceof InstalledSystem system) {
                    systems.add(system);
                } else {
                    problems.add((LoadProblem) one);
                }
            }
            if (systems.isEmpty() && problems.isEmpty()) {
                RefusalLog.refuse(problems,
                        new LoadProblem(name, "names no rules system of its own in " + SERVICE_FILE), null);
            }
            return new PluginJar(name, stamp, copy, loader, systems, problems);
        } catch (IOException | RuntimeException | LinkageError e) {
            close(loader, name);
            return failed(name, stamp, copy, "could not be read: " + RefusalLog.describe(e), e);
        }
    }

    /**
     * Makes and reads the JAR's systems, and checks their odds: plugin code, run on a worker.
     *
     * @return for each system named, its declarations read once, or the problem that refused it (logged)
     */
    private static List<Object> systems(String name, URLClassLoader loader, long oddsMillis) {
        var made = new ArrayList<Object>();
        var problems = new ArrayList<LoadProblem>();
        var providers = Declarations.providers(ServiceLoader.load(GameSystem.class, loader), name, problems);
        made.addAll(problems);
        for (ServiceLoader.Provider<GameSystem> provider : providers) {
            // The service loader also sees the parent's (bundled) systems: keep only this JAR's own.
            if (provider.type().getClassLoader() != loader) {
                continue;
            }
            String source = name + ": " + provider.type().getName();
            var refusal = Declarations.declare(source, name, provider::get, oddsMillis);
            if (refusal.problem() != null) {
                var found = new ArrayList<LoadProblem>();
                RefusalLog.refuse(found, refusal.problem(), refusal.cause());
                made.addAll(found);
            } else {
                made.add(refusal.system());
            }
        }
        return made;
    }

    private static String uses(List<BytecodeCheck.Finding> findings) {
        String named = String.join("; ", findings.stream().limit(NAMED).map(BytecodeCheck.Finding::toString).toList());
        return findings.size() > NAMED ? named + "; and " + (findings.size() - NAMED) + " more" : named;
    }

    /** @return the file's SHA-256, lower-case hex */
    static String sha256(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[64 * 1024];
            for (int n; (n = in.read(buffer)) > 0;) {
                digest.update(buffer, 0, n);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    private static PluginJar failed(String name, FileStamp stamp, Path copy, String reason) {
        return failed(name, stamp, copy, reason, null);
    }

    /** A JAR none of whose systems could be loaded: reported, and logged at WARNING with the reason. */
    private static PluginJar failed(String name, FileStamp stamp, Path copy, String reason, Throwable cause) {
        deleteQuietly(copy);
        var problems = new ArrayList<LoadProblem>();
        RefusalLog.refuse(problems, new LoadProblem(name, reason), cause);
        return new PluginJar(name, stamp, null, null, List.of(), problems);
    }

    String name() {
        return name;
    }

    FileStamp stamp() {
        return stamp;
    }

    /** @return the JAR's systems, with their declarations read at load */
    List<InstalledSystem> systems() {
        return systems;
    }

    List<LoadProblem> problems() {
        return problems;
    }

    /** @return whether the registry refused this problem at its last look at this JAR (so it was logged then) */
    boolean refusedBefore(LoadProblem problem) {
        return refused.contains(problem);
    }

    /** Remembers the registry's refusals of this JAR's systems at this look. */
    void refused(Set<LoadProblem> now) {
        refused = Set.copyOf(now);
    }

    /** @return true the first time only: whether to say in the log that this JAR was loaded, and with what */
    boolean announce() {
        boolean first = !announced;
        announced = true;
        return first;
    }

    @Override
    public void close() {
        close(loader, name);
        deleteQuietly(copy);
    }

    private static void close(URLClassLoader loader, String name) {
        if (loader != null) {
            try {
                loader.close();
            } catch (IOException e) {
                LOG.log(Level.FINE, "closing plugin " + name, e);
            }
        }
    }

    private static void deleteQuietly(Path file) {
        if (file != null) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                LOG.log(Level.FINE, "deleting " + file, e);
            }
        }
    }
}
