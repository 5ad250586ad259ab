package io.dicehall.web.systems.control;

import io.dicehall.api.GameSystem;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;

/**
 * One JAR of the plugins directory, loaded in a class loader of its own whose parent holds the
 * server's copy of the API. The JAR is copied before loading, so replacing or deleting the file never
 * disturbs the systems loaded from it; {@link #close()} releases both.
 *
 * <p>Whatever is wrong with the JAR itself (not a JAR, no service file, no system of its own, a class that
 * fails to load or a constructor that throws) is logged once at WARNING when the JAR is read. The registry
 * keeps here which of the JAR's systems it refused last time, so it logs a refusal only when it is new.
 */
final class PluginJar implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(PluginJar.class.getName());
    private static final String SERVICE_FILE = "META-INF/services/" + GameSystem.class.getName();

    private final String name;
    private final FileStamp stamp;
    private final Path copy;
    private final URLClassLoader loader;
    private final List<GameSystem> systems;
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

    private PluginJar(String name, FileStamp stamp, Path copy, URLClassLoader loader, List<GameSystem> systems,
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
     */
    static PluginJar load(Path file, FileStamp stamp, Path workDir) {
        String name = file.getFileName().toString();
        Path copy = null;
        try {
            Files.createDirectories(workDir);
            copy = Files.createTempFile(workDir, "plugin-", ".jar");
            Files.copy(file, copy, StandardCopyOption.REPLACE_EXISTING);
            try (ZipFile zip = new ZipFile(copy.toFile())) {
                if (zip.getEntry(SERVICE_FILE) == null) {
                    return failed(name, stamp, copy, "has no " + SERVICE_FILE + " naming its rules systems");
                }
            } catch (ZipException notAJar) {
                return failed(name, stamp, copy, "is not a JAR (not a readable zip file)");
            }
            URLClassLoader loader = new URLClassLoader("plugin:" + name, new URL[] {copy.toUri().toURL()},
                    GameSystem.class.getClassLoader());
            var systems = new ArrayList<GameSystem>();
            var problems = new ArrayList<LoadProblem>();
            var providers = SystemRegistry.providers(ServiceLoader.load(GameSystem.class, loader), name, problems);
            for (ServiceLoader.Provider<GameSystem> provider : providers) {
                // The service loader also sees the parent's (bundled) systems: keep only this JAR's own.
                if (provider.type().getClassLoader() != loader) {
                    continue;
                }
                try {
                    systems.add(provider.get());
                } catch (java.util.ServiceConfigurationError | RuntimeException | LinkageError e) {
                    Throwable cause = e.getCause() != null ? e.getCause() : e;
                    SystemRegistry.refuse(problems, new LoadProblem(name + ": " + provider.type().getName(),
                            "failed while loading: " + SystemRegistry.describe(cause)), e);
                }
            }
            if (systems.isEmpty() && problems.isEmpty()) {
                SystemRegistry.refuse(problems,
                        new LoadProblem(name, "names no rules system of its own in " + SERVICE_FILE), null);
            }
            return new PluginJar(name, stamp, copy, loader, systems, problems);
        } catch (IOException | RuntimeException | LinkageError e) {
            return failed(name, stamp, copy, "could not be read: " + SystemRegistry.describe(e), e);
        }
    }

    private static PluginJar failed(String name, FileStamp stamp, Path copy, String reason) {
        return failed(name, stamp, copy, reason, null);
    }

    /** A JAR none of whose systems could be loaded: reported, and logged at WARNING with the reason. */
    private static PluginJar failed(String name, FileStamp stamp, Path copy, String reason, Throwable cause) {
        deleteQuietly(copy);
        var problems = new ArrayList<LoadProblem>();
        SystemRegistry.refuse(problems, new LoadProblem(name, reason), cause);
        return new PluginJar(name, stamp, null, null, List.of(), problems);
    }

    String name() {
        return name;
    }

    FileStamp stamp() {
        return stamp;
    }

    List<GameSystem> systems() {
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
        if (loader != null) {
            try {
                loader.close();
            } catch (IOException e) {
                LOG.log(Level.FINE, "closing plugin " + name, e);
            }
        }
        deleteQuietly(copy);
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
