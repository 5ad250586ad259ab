package io.dicehall.web.systems.control;

import io.dicehall.api.GameSystem;
import io.dicehall.api.Procedure;
import io.dicehall.api.Text;
import io.dicehall.web.systems.control.InstalledSystem.InstalledProcedure;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The installed rules systems: those bundled in the application, found once at start-up with
 * {@link ServiceLoader}, and those in JARs of the plugins directory ({@code dicehall.plugins.dir}),
 * which is watched, so JARs dropped in, replaced or removed take effect within seconds.
 *
 * <p>Loads defensively: a JAR that is not a JAR or names no system, a system that fails to load,
 * whose id is blank, malformed or taken, whose SPI version is not supported, or which throws while
 * declaring itself, is skipped and reported; the others are unaffected. Bundled systems win ids over
 * plugins; among plugins, JARs are taken in file-name order and classes in class-name order, so the
 * result never depends on the order in which files happen to be listed.
 *
 * <p>Every refusal is reported under {@link #problems()} (so in {@code /api/systems} and {@code /health}) and
 * logged once at WARNING, as {@code Refused rules system SOURCE: REASON}, with the system's own exception when
 * it threw one: a bundled system's at start-up, a plugin JAR's when the JAR is read, and a refusal that depends
 * on the other systems (an id already taken) when it first happens.
 */
@ApplicationScoped
public class SystemRegistry {

    private static final Logger LOG = Logger.getLogger(SystemRegistry.class.getName());

    @Inject
    @ConfigProperty(name = "dicehall.plugins.dir", defaultValue = "${user.home}/.dicehall/plugins")
    String pluginsDir;

    @Inject
    @ConfigProperty(name = "dicehall.plugins.scan-millis", defaultValue = "1000")
    long scanMillis;

    @Resource
    ManagedScheduledExecutorService scheduler;

    /** The current view: replaced as a whole, read without locks. */
    private volatile Snapshot snapshot = new Snapshot(Map.of(), List.of());
    private List<InstalledSystem> bundled = List.of();
    private List<LoadProblem> bundledProblems = List.of();
    private final Map<String, PluginJar> plugins = new TreeMap<>();
    private final Map<String, PluginJar.FileStamp> pending = new TreeMap<>();
    private Path directory;
    private Path workDir;
    private ScheduledFuture<?> watcher;

    private record Snapshot(Map<String, InstalledSystem> systems, List<LoadProblem> problems) {
    }

    @PostConstruct
    void load() {
        var found = new LinkedHashMap<String, InstalledSystem>();
        var trouble = new ArrayList<LoadProblem>();
        for (ServiceLoader.Provider<GameSystem> provider
                : providers(ServiceLoader.load(GameSystem.class, GameSystem.class.getClassLoader()), InstalledSystem.BUNDLED, trouble)) {
            install(provider.type().getName(), InstalledSystem.BUNDLED, provider::get, found)
                    .ifPresent(refusal -> refuse(trouble, refusal.problem(), refusal.cause()));
        }
        bundled = List.copyOf(found.values());
        bundledProblems = List.copyOf(trouble);
        directory = Paths.get(pluginsDir.replace("${user.home}", System.getProperty("user.home"))).toAbsolutePath();
        workDir = Paths.get(System.getProperty("java.io.tmpdir"), "dicehall-plugins-" + ProcessHandle.current().pid());
        synchronized (this) {
            scan(true);
        }
        LOG.info(() -> "Rules systems: " + snapshot.systems().keySet() + "; plugins directory " + directory
                + (snapshot.problems().isEmpty() ? "" : "; skipped " + snapshot.problems()));
    }

    /** Starts watching the plugins directory once the application is up. */
    void watch(@Observes @Initialized(ApplicationScoped.class) Object started) {
        if (scheduler != null && watcher == null) {
            long every = Math.max(100, scanMillis);
            watcher = scheduler.scheduleWithFixedDelay(this::rescan, every, every, TimeUnit.MILLISECONDS);
        }
    }

    @PreDestroy
    synchronized void stop() {
        if (watcher != null) {
            watcher.cancel(false);
        }
        plugins.values().forEach(PluginJar::close);
        plugins.clear();
    }

    synchronized void rescan() {
        try {
            scan(false);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Scanning the plugins directory failed", e);
        }
    }

    /**
     * Compares the directory with what is loaded. A new or changed JAR is loaded once it has been seen
     * with the same size and time twice in a row (so a file still being copied is not read half-way),
     * or at once on the first scan.
     */
    private void scan(boolean first) {
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
                plugins.put(name, PluginJar.load(directory.resolve(name), entry.getValue(), workDir));
                changed = true;
            } else {
                pending.put(name, entry.getValue());
            }
        }
        if (changed || first) {
            publish();
        }
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

    /**
     * Rebuilds the view: bundled systems first, then each plugin JAR's in file-name order. A plugin's systems
     * are checked again each time, since whether an id is taken depends on the others; a refusal is logged
     * only when it is new for that JAR (the JAR's own problems were logged when it was read).
     */
    private void publish() {
        var found = new LinkedHashMap<String, InstalledSystem>();
        bundled.forEach(system -> found.put(system.id(), system));
        var trouble = new ArrayList<>(bundledProblems);
        for (PluginJar jar : plugins.values()) {
            trouble.addAll(jar.problems());
            var refused = new LinkedHashSet<LoadProblem>();
            for (GameSystem system : jar.systems()) {
                String source = jar.name() + ": " + system.getClass().getName();
                install(source, jar.name(), () -> system, found).ifPresent(refusal -> {
                    trouble.add(refusal.problem());
                    refused.add(refusal.problem());
                    if (!jar.refusedBefore(refusal.problem())) {
                        warn(refusal.problem(), refusal.cause());
                    }
                });
            }
            jar.refused(refused);
            if (jar.announce()) {
                List<String> installed = found.values().stream().filter(s -> s.origin().equals(jar.name()))
                        .map(InstalledSystem::id).toList();
                LOG.info(() -> "Plugin " + jar.name() + (installed.isEmpty()
                        ? " installs no rules system (see the warnings)"
                        : " loaded: " + String.join(", ", installed)));
            }
        }
        snapshot = new Snapshot(Map.copyOf(found), List.copyOf(trouble));
    }

    /**
     * Why a system was refused.
     *
     * @param problem what is reported
     * @param cause the system's own exception, or null when it threw none
     */
    private record Refusal(LoadProblem problem, Throwable cause) {
    }

    /** Inspects one system and adds it to {@code found}; or says why it is refused. Logs nothing. */
    private static Optional<Refusal> install(String source, String origin,
            java.util.function.Supplier<GameSystem> instance, Map<String, InstalledSystem> found) {
        try {
            InstalledSystem installed = inspect(instance.get(), origin, found.keySet());
            found.put(installed.id(), installed);
            return Optional.empty();
        } catch (RefusedException e) {
            return Optional.of(new Refusal(new LoadProblem(source, e.getMessage()), null));
        } catch (ServiceConfigurationError | RuntimeException | LinkageError e) {
            Throwable cause = e instanceof ServiceConfigurationError && e.getCause() != null ? e.getCause() : e;
            return Optional.of(new Refusal(
                    new LoadProblem(source, "failed while loading or declaring itself: " + describe(cause)), e));
        }
    }

    /**
     * Reports a refusal: adds it to {@code trouble} and logs it at WARNING.
     *
     * @param trouble the problems being gathered
     * @param problem the refusal, with its reason
     * @param cause the system's own exception, or null
     */
    static void refuse(List<LoadProblem> trouble, LoadProblem problem, Throwable cause) {
        trouble.add(problem);
        warn(problem, cause);
    }

    /** Logs a refusal at WARNING with its reason, and the exception behind it if any. */
    static void warn(LoadProblem problem, Throwable cause) {
        LOG.log(Level.WARNING, "Refused rules system " + problem.source() + ": " + problem.reason(), cause);
    }

    /**
     * The providers a service loader finds, sorted by class name; each one that cannot even be
     * listed becomes a problem.
     */
    static List<ServiceLoader.Provider<GameSystem>> providers(ServiceLoader<GameSystem> loader, String origin,
            List<LoadProblem> trouble) {
        var providers = new ArrayList<ServiceLoader.Provider<GameSystem>>();
        Iterator<ServiceLoader.Provider<GameSystem>> iterator = loader.stream().iterator();
        for (int guard = 0; guard < 10_000; guard++) {
            try {
                if (!iterator.hasNext()) {
                    break;
                }
                providers.add(iterator.next());
            } catch (ServiceConfigurationError | LinkageError | RuntimeException e) {
                Throwable cause = e.getCause() != null ? e.getCause() : e;
                refuse(trouble, new LoadProblem(origin, "a listed rules system could not be loaded: " + describe(cause)), e);
            }
        }
        providers.sort(Comparator.comparing(p -> p.type().getName()));
        return providers;
    }

    /** Reads and checks everything a system declares, once. */
    static InstalledSystem inspect(GameSystem system, String origin, Set<String> taken) {
        String id = system.id();
        if (id == null || id.isBlank()) {
            throw new RefusedException("has a blank id");
        }
        if (!Text.isKebab(id)) {
            throw new RefusedException("has the id \"" + abbreviate(id) + "\", which is not lower-kebab-case");
        }
        if (taken.contains(id)) {
            throw new RefusedException("has the id " + id + ", which another system already uses");
        }
        int version = system.spiVersion();
        if (version < 1 || version > GameSystem.SPI_VERSION) {
            throw new RefusedException("was built for SPI version " + version + "; this server supports 1 to "
                    + GameSystem.SPI_VERSION);
        }
        String name = Text.required(system.name(), "name");
        String summary = Text.required(system.summary(), "summary");
        var attribution = Objects.requireNonNull(system.attribution(), "attribution");
        List<Procedure> declared = system.procedures();
        if (declared == null || declared.isEmpty()) {
            throw new RefusedException("declares no procedures");
        }
        var procedures = new ArrayList<InstalledProcedure>();
        var ids = new HashSet<String>();
        for (Procedure procedure : declared) {
            String pid = procedure.id();
            if (!Text.isKebab(pid) || !ids.add(pid)) {
                throw new RefusedException("has a procedure with a missing, malformed or repeated id: " + abbreviate(pid));
            }
            var outcomes = procedure.outcomes();
            if (outcomes == null || outcomes.isEmpty()) {
                throw new RefusedException("has a procedure " + pid + " with no outcomes");
            }
            procedures.add(new InstalledProcedure(pid, Text.required(procedure.name(), pid + " name"),
                    Text.required(procedure.summary(), pid + " summary"),
                    Objects.requireNonNull(procedure.form(), pid + " form"), List.copyOf(outcomes), procedure));
        }
        return new InstalledSystem(id, name, summary, attribution, procedures, origin, system);
    }

    static String describe(Throwable e) {
        String message = e.getMessage();
        return e.getClass().getSimpleName() + (message == null ? "" : ": " + abbreviate(message));
    }

    private static String abbreviate(String text) {
        if (text == null) {
            return "null";
        }
        return text.length() > 200 ? text.substring(0, 200) + "…" : text;
    }

    /** @return the installed systems in menu order: by name */
    public List<InstalledSystem> all() {
        return snapshot.systems().values().stream()
                .sorted(Comparator.comparing(InstalledSystem::name, String.CASE_INSENSITIVE_ORDER)
                        .thenComparing(InstalledSystem::id))
                .toList();
    }

    /** @return the system with that id */
    public Optional<InstalledSystem> find(String id) {
        return id == null ? Optional.empty() : Optional.ofNullable(snapshot.systems().get(id));
    }

    /** @return the systems and plugin JARs that were skipped, and why */
    public List<LoadProblem> problems() {
        return snapshot.problems();
    }

    /** @return the plugins directory being watched */
    public Path pluginsDirectory() {
        return directory;
    }

    /** A system refused for a reason that is not an exception of its own. */
    static final class RefusedException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        RefusedException(String message) {
            super(message, null, false, false);
        }
    }
}
