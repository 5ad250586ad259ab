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
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.locks.ReentrantLock;
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
 * <p>Loads defensively: a JAR that is not a JAR or names no system, whose bytecode uses what rules code may not
 * ({@link BytecodeCheck}; unless the operator trusts it by its SHA-256 in {@code dicehall.plugins.trusted} or the
 * file {@code dicehall.plugins.trusted-file}), or which does not finish loading within
 * {@code dicehall.plugins.load-time-limit-millis}; a system that fails to load, whose id is blank, malformed or
 * taken, whose SPI version is not supported, which throws while declaring itself, or whose pre-roll odds disagree
 * with its own rolls ({@link OddsCheck}), is skipped and reported; the others are unaffected. Plugin code runs on
 * workers of {@link SystemCalls}, never on the scanner's thread and never under a lock that stopping the
 * application or a request needs. Bundled systems win ids over
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

    /**
     * The odds check's time per bundled system, in the background after each start: a smoke check, since the build
     * runs each bundled system's contract tests, which check its odds far more widely.
     */
    @Inject
    @ConfigProperty(name = "dicehall.plugins.bundled-odds-check-millis", defaultValue = "3000")
    long bundledOddsCheckMillis = 3000;

    @Resource
    ManagedScheduledExecutorService scheduler;

    @Inject
    SystemCalls calls;
    private boolean ownCalls;

    /** The current view: replaced as a whole, read without locks. */
    private volatile Snapshot snapshot = new Snapshot(Map.of(), List.of());
    private List<InstalledSystem> bundled = List.of();
    private List<LoadProblem> bundledProblems = List.of();
    /** Written by the scanner alone, read by whoever publishes. */
    private final Map<String, PluginJar> plugins = new ConcurrentSkipListMap<>();
    private final Map<String, PluginJar.FileStamp> pending = new TreeMap<>();
    /** Systems disabled while running (over the allocation budget), with why; by the loaded instance. */
    private final Map<GameSystem, LoadProblem> disabled = new ConcurrentHashMap<>();
    /** Held while scanning, by the scanner alone: plugin code runs meanwhile on workers, with a time limit. */
    private final ReentrantLock scanning = new ReentrantLock();
    /** Held while the view is rebuilt, which runs no plugin code. */
    private final Object publishing = new Object();
    private volatile boolean stopped;
    private Path directory;
    private Path workDir;
    private ScheduledFuture<?> watcher;

    private record Snapshot(Map<String, InstalledSystem> systems, List<LoadProblem> problems) {
    }

    @PostConstruct
    void load() {
        if (calls == null) {
            calls = SystemCalls.standalone();
            ownCalls = true;
        }
        var found = new LinkedHashMap<String, InstalledSystem>();
        var trouble = new ArrayList<LoadProblem>();
        long started = System.nanoTime();
        for (ServiceLoader.Provider<GameSystem> provider
                : providers(ServiceLoader.load(GameSystem.class, GameSystem.class.getClassLoader()), InstalledSystem.BUNDLED, trouble)) {
            String source = provider.type().getName();
            Declared declared = declare(source, InstalledSystem.BUNDLED, provider::get, 0);
            Refusal refusal = declared.problem() != null ? new Refusal(declared.problem(), declared.cause())
                    : taken(declared.system(), source, found);
            if (refusal != null) {
                refuse(trouble, refusal.problem(), refusal.cause());
            } else {
                found.put(declared.system().id(), declared.system());
            }
        }
        long bundledMillis = (System.nanoTime() - started) / 1_000_000;
        bundled = List.copyOf(found.values());
        bundledProblems = List.copyOf(trouble);
        directory = Paths.get(pluginsDir.replace("${user.home}", System.getProperty("user.home"))).toAbsolutePath();
        workDir = Paths.get(System.getProperty("java.io.tmpdir"), "dicehall-plugins-" + ProcessHandle.current().pid());
        scanning.lock();
        try {
            scan(true);
        } finally {
            scanning.unlock();
        }
        LOG.info(() -> "Rules systems: " + snapshot.systems().keySet() + " (the bundled ones made and read in "
                + bundledMillis + " ms); plugins directory " + directory
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
        for (InstalledSystem system : bundled) {
            if (stopped) {
                return;
            }
            String source = system.system().getClass().getName();
            try {
                Refusal refusal = checkOdds(system, source, bundledOddsCheckMillis);
                if (refusal != null && disabled.putIfAbsent(system.system(), refusal.problem()) == null) {
                    warn(refusal.problem(), refusal.cause());
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
        for (String name : List.copyOf(plugins.keySet())) {
            PluginJar jar = plugins.remove(name);
            if (jar != null) {
                jar.close();
            }
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

    /** @return how plugin JARs are loaded now: the operator's trust as configured at this moment, and the limits */
    private PluginJar.Loading loading() {
        return new PluginJar.Loading(this::trusts, calls, loadTimeLimitMillis, oddsCheckMillis);
    }

    /** @return whether the operator trusts a JAR of this SHA-256 (hex), by the property or the file */
    boolean trusts(String sha256) {
        var hashes = new HashSet<String>();
        trusted.ifPresent(list -> java.util.Arrays.stream(list.split("[,\\s]+")).map(SystemRegistry::hash)
                .filter(h -> !h.isEmpty()).forEach(hashes::add));
        trustedFile.map(String::strip).filter(f -> !f.isEmpty()).ifPresent(file -> {
            try {
                Files.readAllLines(Paths.get(file)).stream()
                        .map(line -> hash(line.contains("#") ? line.substring(0, line.indexOf('#')) : line))
                        .filter(h -> !h.isEmpty()).forEach(hashes::add);
            } catch (IOException e) {
                LOG.warning(() -> "Cannot read the trusted plugins file " + file + ": " + e);
            }
        });
        return hashes.contains(sha256);
    }

    private static String hash(String text) {
        return text.strip().toLowerCase(java.util.Locale.ROOT);
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
                PluginJar jar = PluginJar.load(directory.resolve(name), entry.getValue(), workDir, loading());
                if (stopped) {
                    jar.close();
                    return;
                }
                plugins.put(name, jar);
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
     * Rebuilds the view: bundled systems first, then each plugin JAR's in file-name order, less the disabled ones.
     * Runs no plugin code: each system's declarations were read once, when it was loaded. Whether an id is taken
     * depends on the others, so it is decided here each time; a refusal is logged only when it is new for that JAR
     * (the JAR's own problems were logged when it was read).
     */
    private void publish() {
        synchronized (publishing) {
            var found = new LinkedHashMap<String, InstalledSystem>();
            var trouble = new ArrayList<LoadProblem>(bundledProblems);
            var live = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<GameSystem, Boolean>());
            for (InstalledSystem system : bundled) {
                live.add(system.system());
                LoadProblem off = disabled.get(system.system());
                if (off != null) {
                    trouble.add(off);
                } else {
                    found.put(system.id(), system);
                }
            }
            for (PluginJar jar : plugins.values()) {
                trouble.addAll(jar.problems());
                var refused = new LinkedHashSet<LoadProblem>();
                for (InstalledSystem system : jar.systems()) {
                    live.add(system.system());
                    String source = jar.name() + ": " + system.system().getClass().getName();
                    LoadProblem off = disabled.get(system.system());
                    Refusal refusal = off != null ? new Refusal(off, null) : taken(system, source, found);
                    if (refusal == null) {
                        found.put(system.id(), system);
                        continue;
                    }
                    trouble.add(refusal.problem());
                    refused.add(refusal.problem());
                    if (off == null && !jar.refusedBefore(refusal.problem())) {
                        warn(refusal.problem(), refusal.cause());
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
            warn(problem, null);
            publish();
        }
    }

    /**
     * Why a system was refused.
     *
     * @param problem what is reported
     * @param cause the system's own exception, or null when it threw none
     */
    record Refusal(LoadProblem problem, Throwable cause) {
    }

    /** @return the refusal of a system whose id one in {@code found} already has, or null */
    private static Refusal taken(InstalledSystem system, String source, Map<String, InstalledSystem> found) {
        return found.containsKey(system.id()) ? new Refusal(new LoadProblem(source, "has the id " + system.id()
                + ", which another system already uses"), null) : null;
    }

    /**
     * A system made and read, or why it is refused.
     *
     * @param system its declarations, read once; null when refused
     * @param problem why it is refused, or null
     * @param cause the system's own exception, or null
     */
    record Declared(InstalledSystem system, LoadProblem problem, Throwable cause) {
    }

    /**
     * Makes one system, reads and checks everything it declares, and checks each procedure's pre-roll odds against
     * its own first throw ({@link OddsCheck}), within {@code oddsMillis} in all. Runs plugin code; logs only how the
     * odds check went.
     *
     * @param source what to call it in a refusal
     * @param origin where it comes from
     * @param instance makes the system (its constructor)
     * @param oddsMillis the odds check's time
     * @return the system, or why it is refused
     */
    static Declared declare(String source, String origin, java.util.function.Supplier<GameSystem> instance,
            long oddsMillis) {
        GameSystem made;
        try {
            made = instance.get();
        } catch (ServiceConfigurationError | RuntimeException | LinkageError e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            return new Declared(null, new LoadProblem(source, "failed while loading: " + describe(cause)), e);
        }
        InstalledSystem installed;
        try {
            installed = inspect(made, origin, Set.of());
        } catch (RefusedException e) {
            return new Declared(null, new LoadProblem(source, e.getMessage()), null);
        } catch (RuntimeException | LinkageError e) {
            return new Declared(null, new LoadProblem(source, "failed while loading or declaring itself: "
                    + describe(e)), e);
        }
        if (oddsMillis <= 0) {
            return new Declared(installed, null, null);
        }
        Refusal odds = checkOdds(installed, source, oddsMillis);
        return odds == null ? new Declared(installed, null, null) : new Declared(null, odds.problem(), odds.cause());
    }

    /**
     * Checks each procedure's pre-roll odds against its own first throw ({@link OddsCheck}), within
     * {@code oddsMillis} in all, each procedure having its share in turn; logs how much it checked, at INFO.
     *
     * @return why the system is refused, or null when its odds agree as far as they were checked
     */
    static Refusal checkOdds(InstalledSystem installed, String source, long oddsMillis) {
        long start = System.nanoTime();
        long deadline = start + TimeUnit.MILLISECONDS.toNanos(oddsMillis);
        int exact = 0;
        int sampled = 0;
        int threw = 0;
        boolean cut = false;
        List<InstalledProcedure> procedures = installed.procedures();
        for (int i = 0; i < procedures.size(); i++) {
            InstalledProcedure procedure = procedures.get(i);
            // Each procedure's share of the time ends in turn; what one leaves is the next one's.
            long share = start + (deadline - start) * (i + 1) / procedures.size();
            OddsCheck.Result result;
            try {
                result = OddsCheck.check(procedure.procedure(), share, installed.id().hashCode());
            } catch (RuntimeException | StackOverflowError e) {
                return new Refusal(new LoadProblem(source, "failed while its odds were checked (procedure "
                        + procedure.id() + "): " + describe(e)), e);
            }
            if (result.disagreement() != null) {
                return new Refusal(new LoadProblem(source, result.disagreement()), null);
            }
            exact += result.exact();
            sampled += result.sampled();
            threw += result.threw();
            cut |= result.cutShort();
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        String checked = "odds agree with its rolls on " + exact + " inputs exactly and " + sampled + " by sample, in "
                + millis + " ms" + (threw > 0 ? "; " + threw + " inputs unchecked, where it threw" : "")
                + (cut ? "; the check stopped at its " + oddsMillis + " ms, the rest unchecked" : "");
        LOG.info(() -> "Rules system " + installed.id() + " (" + installed.origin() + "): " + checked);
        return null;
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
