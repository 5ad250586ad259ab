package io.dicehall.web.systems.control;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.BooleanSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The plugins directory and the JARs loaded from it, in file-name order. A scan compares the directory's
 * {@code *.jar} files with what is loaded: a JAR removed or changed is released, and a new or changed one is loaded
 * ({@link PluginJar#load}) once it has been seen with the same size and time twice in a row, so a file still being
 * copied is not read half-way (at once on the first scan).
 *
 * <p>Scanned by one thread at a time (the registry's scanner); {@link #jars()} may be read meanwhile by whoever
 * rebuilds the registry's view.
 */
final class PluginsDirectory implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(SystemRegistry.class.getName());

    private final Path directory;
    private final Path workDir;
    /** Written by the scanner alone, read by whoever publishes. */
    private final Map<String, PluginJar> plugins = new ConcurrentSkipListMap<>();
    private final Map<String, PluginJar.FileStamp> pending = new TreeMap<>();

    /**
     * @param directory the directory watched
     * @param workDir where the copies of the JARs that are loaded are kept
     */
    PluginsDirectory(Path directory, Path workDir) {
        this.directory = directory;
        this.workDir = workDir;
    }

    /** @return the directory watched */
    Path path() {
        return directory;
    }

    /** @return the JARs loaded, in file-name order */
    Collection<PluginJar> jars() {
        return plugins.values();
    }

    /**
     * Compares the directory with what is loaded, releasing what went or changed and loading what is new.
     *
     * @param first whether this is the first scan (new JARs load at once)
     * @param loading trust, limits and workers for the JARs loaded
     * @param stopped whether the application is stopping: a JAR loaded then is released at once
     * @return whether the JARs loaded changed, so the view must be rebuilt
     */
    boolean scan(boolean first, PluginJar.Loading loading, BooleanSupplier stopped) {
        Map<String, PluginJar.FileStamp> present = list(directory);
        boolean changed = false;
        for (var it = plugins.entrySet().iterator(); it.hasNext();) {
            var entry = it.next();
            PluginJar.FileStamp now = present.get(entry.getKey());
            if (now == null || !now.equals(entry.getValue().stamp())) {
                LOG.info(() -> "Plugin " + entry.getKey() + (now == null ? " removed" : " changed"));
                entry.getValue().close();
                it.remove();
                changed = true;
            }
        }
        pending.keySet().retainAll(present.keySet());
        for (var entry : present.entrySet()) {
            String name = entry.getKey();
            if (plugins.containsKey(name)) {
                continue;
            }
            if (first || entry.getValue().equals(pending.get(name))) {
                pending.remove(name);
                PluginJar jar = PluginJar.load(directory.resolve(name), entry.getValue(), workDir, loading);
                if (stopped.getAsBoolean()) {
                    jar.close();
                    return false;
                }
                plugins.put(name, jar);
                changed = true;
            } else {
                pending.put(name, entry.getValue());
            }
        }
        return changed;
    }

    private static Map<String, PluginJar.FileStamp> list(Path directory) {
        var found = new TreeMap<String, PluginJar.FileStamp>();
        if (!Files.isDirectory(directory)) {
            return found;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, "*.jar")) {
            for (Path file : files) {
                if (Files.isRegularFile(file)) {
                    try {
                        found.put(file.getFileName().toString(), PluginJar.FileStamp.of(file));
                    } catch (IOException vanished) {
                        LOG.log(Level.FINE, "plugin file vanished while listing", vanished);
                    }
                }
            }
        } catch (IOException e) {
            LOG.log(Level.WARNING, "Cannot list the plugins directory " + directory, e);
        }
        return found;
    }

    /** Releases every JAR loaded; takes no lock, so a scan under way does not hold it up. */
    @Override
    public void close() {
        for (String name : List.copyOf(plugins.keySet())) {
            PluginJar jar = plugins.remove(name);
            if (jar != null) {
                jar.close();
            }
        }
    }
}
