package io.dicehall.web.systems.control;

import io.dicehall.api.GameSystem;
import io.dicehall.web.systems.control.RefusalLog.Refused;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The installed rules systems: those bundled in the application ({@link BundledSystems}), and those in JARs of the
 * plugins directory ({@code dicehall.plugins.dir}), which is watched ({@link PluginsDirectory}), so JARs dropped in,
 * replaced or removed take effect within seconds. This class keeps the view the others read, rebuilt whole.
 *
 * <p>Loads defensively: a JAR that is not a JAR or names no system, whose bytecode uses what rules code may not
 * ({@link BytecodeCheck}; unless the operator trusts it by its SHA-256, {@link TrustedJars}), or which does not
 * finish loading within {@code dicehall.plugins.load-time-limit-millis}; a system that fails to load, whose id is
 * blank, malformed or taken, whose SPI version is not supported, which throws while declaring itself
 * ({@link Declarations}), or whose pre-roll odds disagree with its own rolls ({@link OddsCheck}), is skipped and
 * reported; the others are unaffected. Plugin code runs on workers of {@link SystemCalls}, never on the scanner's
 * thread and never under a lock that stopping the application or a request needs. Bundled systems win ids over
 * plugins; among plugins, JARs are taken in file-name order and classes in class-name order, so the result never
 * depends on the order in which files happen to be listed.
 *
 * <p>Every refusal is listed under {@link #problems()} (so in {@code /api/systems} and {@code /health}) and logged
 * once ({@link RefusalLog}); one that depends on the other systems (an id already taken) when it first happens.
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

    /** SHA-256s (hex, separated by commas or spaces) of plugin JARs the operator trusts with the server's full rights. */
    @Inject
    @ConfigProperty(name = "dicehall.plugins.trusted")
    Optional<String> trusted = Optional.empty();

    /** A file listing more trusted SHA-256s, one a line ({@code #} starts a comment); read at each JAR's load. */
    @Inject
    @ConfigProperty(name = "dicehall.plugins.trusted-file")
    Optional<String> trustedFile = Optional.empty();

    /** The most a plugin JAR's constructors, declarations and odds check may take before it is abandoned. */
    @Inject
    @ConfigProperty(name = "dicehall.plugins.load-time-limit-millis", defaultValue = "10000")
    long loadTimeLimitMillis = 10_000;

    /** The odds check's time per plugin JAR. */
    @Inject
    @ConfigProperty(name = "dicehall.plugins.odds-check-millis", defaultValue = "3000")
    long oddsCheckMillis = 3000;

    /** The odds check's time per bundled system, after each start: a smoke check (their contract tests check more). */
    @Inject
    @ConfigProperty(name = "dicehall.plugins.bundled-odds-check-millis", defaultValue = "3000")
    long bundledOddsCheckMillis = 3000;

    @Resource
    ManagedScheduledExecutorService scheduler;

    @Inject
    SystemCalls calls;
    /** Whether {@link #calls} was made here (outside CDI), so is stopped here. */
    private boolean ownCalls;

    /** The current view: replaced as a whole, read without locks. */
    private volatile Snapshot snapshot = new Snapshot(Map.of(), List.of());
    private BundledSystems bundled = new BundledSystems(List.of(), List.of());
    /** The plugins directory and its JARs: scanned by the scanner alone, read by whoever publishes. */
    private PluginsDirectory plugins;
    /** Systems disabled while running (over the allocation budget), with why; by the loaded instance. */
    private final Map<GameSystem, LoadProblem> disabled = new ConcurrentHashMap<>();
    /** Held while scanning, by the scanner alone: plugin code runs meanwhile on workers, with a time limit. */
    private final ReentrantLock scanning = new ReentrantLock();
    /** Held while the view is rebuilt, which runs no plugin code. */
    private final Object publishing = new Object();
    private volatile boolean stopped;
    private ScheduledFuture<?> watcher;

    private record Snapshot(Map<String, InstalledSystem> systems, List<LoadProblem> problems) {
    }

    @PostConstruct
    void load() {
        if (calls == null) {
            calls = SystemCalls.standalone();
            ownCalls = true;
        }
        long started = System.nanoTime();
        bundled = BundledSystems.load();
        long bundledMillis = (System.nanoTime() - started) / 1_000_000;
        plugins = new PluginsDirectory(
                Paths.get(pluginsDir.replace("${user.home}", System.getProperty("user.home"))).toAbsolutePath(),
                Paths.get(System.getProperty("java.io.tmpdir"), "dicehall-plugins-" + ProcessHandle.current().pid()));
        scanning.lock();
        try {
            scan(true);
        } finally {
            scanning.unlock();
        }
        LOG.info(() -> "Rules systems: " + snapshot.systems().keySet() + " (the bundled ones made and read in "
                + bundledMillis + " ms); plugins directory " + plugins.path()
                + (snapshot.problems().isEmpty() ? "" : "; skipped " + snapshot.problems()));
        if (scheduler != null) {
            scheduler.submit(this::checkBundledOdds);
        } else {
            checkBundledOdds();
        }
    }

    /**
     * Checks the bundled systems' odds, each within {@code dicehall.plugins.bundled-odds-check-millis}: in the
     * background once the application is deployed, so that start-up does not wait for it; one whose odds disagree
     * is disabled, listed under the problems and logged like any refusal.
     */
    void checkBundledOdds() {
        for (InstalledSystem system : bundled.systems()) {
            if (stopped) {
                return;
            }
            String source = system.system().getClass().getName();
            try {
                Refused refusal = Declarations.checkOdds(system, source, bundledOddsCheckMillis);
                if (refusal != null && disabled.putIfAbsent(system.system(), refusal.problem()) == null) {
                    RefusalLog.warn(refusal.problem(), refusal.cause());
                    publish();
                }
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "Checking the odds of " + source + " failed", e);
            }
        }
    }

    /** Starts watching the plugins directory once the application is up. */
    void watch(@Observes @Initialized(ApplicationScoped.class) Object started) {
        if (scheduler != null && watcher == null) {
            long every = Math.max(100, scanMillis);
            watcher = scheduler.scheduleWithFixedDelay(this::rescan, every, every, TimeUnit.MILLISECONDS);
        }
    }

    /**
     * Stops watching and releases the plugins. Takes no lock that a scan may hold: a scan under way (whose plugin
     * code runs on workers, within a time limit) sees {@code stopped} and releases what it loads.
     */
    @PreDestroy
    void stop() {
        stopped = true;
        if (watcher != null) {
            watcher.cancel(false);
        }
        if (plugins != null) {
            plugins.close();
        }
        if (ownCalls) {
            calls.stop();
        }
    }

    void rescan() {
        if (stopped || !scanning.tryLock()) {
            return;
        }
        try {
            scan(false);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Scanning the plugins directory failed", e);
        } finally {
            scanning.unlock();
        }
    }

    /** Scans the plugins directory ({@link PluginsDirectory#scan}) and rebuilds the view when the JARs changed. */
    private void scan(boolean first) {
        var loading = new PluginJar.Loading(new TrustedJars(trusted, trustedFile), calls, loadTimeLimitMillis,
                oddsCheckMillis);
        boolean changed = plugins.scan(first, loading, () -> stopped);
        if (changed || first && !stopped) {
            publish();
        }
    }

    /**
     * Rebuilds the view: bundled systems first, then each plugin JAR's in file-name order, less the disabled ones.
     * Runs no plugin code: each system's declarations were read once, when it was loaded. Whether an id is taken
     * depends on the others, so it is decided here each time; a refusal is logged only when it is new for that JAR
     * (the JAR's own problems were logged when it was read).
     */
    private void publish() {
        synchronized (publishing) {
            var found = new LinkedHashMap<String, InstalledSystem>();
            var trouble = new ArrayList<LoadProblem>(bundled.problems());
            var live = Collections.newSetFromMap(new IdentityHashMap<GameSystem, Boolean>());
            for (InstalledSystem system : bundled.systems()) {
                live.add(system.system());
                LoadProblem off = disabled.get(system.system());
                if (off != null) {
                    trouble.add(off);
                } else {
                    found.put(system.id(), system);
                }
            }
            for (PluginJar jar : plugins.jars()) {
                trouble.addAll(jar.problems());
                var refused = new LinkedHashSet<LoadProblem>();
                for (InstalledSystem system : jar.systems()) {
                    live.add(system.system());
                    String source = jar.name() + ": " + system.system().getClass().getName();
                    LoadProblem off = disabled.get(system.system());
                    Refused refusal = off != null ? new Refused(off, null) : RefusalLog.taken(system, source, found);
                    if (refusal == null) {
                        found.put(system.id(), system);
                        continue;
                    }
                    trouble.add(refusal.problem());
                    refused.add(refusal.problem());
                    if (off == null && !jar.refusedBefore(refusal.problem())) {
                        RefusalLog.warn(refusal.problem(), refusal.cause());
                    }
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
            disabled.keySet().retainAll(live);
            snapshot = new Snapshot(Map.copyOf(found), List.copyOf(trouble));
        }
    }

    /**
     * Disables a system that misbehaved while running (it allocated beyond the budget of one call): it leaves the
     * menu, is listed among the problems with the reason, and is logged at WARNING. A new version of its JAR loads
     * afresh.
     *
     * @param system the system as installed
     * @param reason why, in plain words
     */
    public void disable(InstalledSystem system, String reason) {
        String source = system.bundled() ? system.system().getClass().getName()
                : system.origin() + ": " + system.system().getClass().getName();
        var problem = new LoadProblem(source, "disabled: " + reason);
        if (disabled.putIfAbsent(system.system(), problem) == null) {
            RefusalLog.warn(problem, null);
            publish();
        }
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
        return plugins.path();
    }
}
