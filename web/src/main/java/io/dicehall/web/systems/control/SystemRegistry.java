package io.dicehall.web.systems.control;

import io.dicehall.api.GameSystem;
import io.dicehall.api.Procedure;
import io.dicehall.api.Text;
import io.dicehall.web.systems.control.InstalledSystem.InstalledProcedure;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The installed rules systems, found once at start-up with {@link ServiceLoader} among the
 * application's libraries. Loads defensively: a system that fails to load, whose id is blank,
 * malformed or taken, whose SPI version is not supported, or which throws while declaring itself, is
 * skipped and reported; the others are unaffected.
 */
@ApplicationScoped
public class SystemRegistry {

    private static final Logger LOG = Logger.getLogger(SystemRegistry.class.getName());

    private volatile Map<String, InstalledSystem> systems = Map.of();
    private volatile List<LoadProblem> problems = List.of();

    @PostConstruct
    void load() {
        var found = new LinkedHashMap<String, InstalledSystem>();
        var trouble = new ArrayList<LoadProblem>();
        loadFrom(ServiceLoader.load(GameSystem.class, GameSystem.class.getClassLoader()), "bundled", found, trouble);
        systems = Map.copyOf(found);
        problems = List.copyOf(trouble);
        LOG.info(() -> "Loaded rules systems " + found.keySet() + (trouble.isEmpty() ? "" : "; skipped " + trouble));
    }

    /**
     * Loads every system a service loader finds, adding the good ones to {@code found} and a problem
     * for each bad one to {@code trouble}. Providers are instantiated in the order of their class
     * names, so that which of two systems claiming one id wins never depends on the order of JARs.
     */
    static void loadFrom(ServiceLoader<GameSystem> loader, String origin, Map<String, InstalledSystem> found,
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
                trouble.add(new LoadProblem(origin, "could not be loaded: " + describe(e)));
                LOG.log(Level.WARNING, "A rules system from " + origin + " could not be loaded", e);
            }
        }
        providers.sort(java.util.Comparator.comparing(p -> p.type().getName()));
        for (ServiceLoader.Provider<GameSystem> provider : providers) {
            String source = provider.type().getName();
            try {
                InstalledSystem installed = inspect(provider.get(), origin, found.keySet());
                found.put(installed.id(), installed);
            } catch (RefusedException e) {
                trouble.add(new LoadProblem(source, e.getMessage()));
                LOG.warning(() -> "Skipped rules system " + source + ": " + e.getMessage());
            } catch (ServiceConfigurationError | RuntimeException | LinkageError e) {
                Throwable cause = e instanceof ServiceConfigurationError && e.getCause() != null ? e.getCause() : e;
                trouble.add(new LoadProblem(source, "failed while loading or declaring itself: " + describe(cause)));
                LOG.log(Level.WARNING, "Skipped rules system " + source, e);
            }
        }
    }

    /** Reads and checks everything a system declares, once. */
    static InstalledSystem inspect(GameSystem system, String origin, java.util.Set<String> taken) {
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
        var attribution = java.util.Objects.requireNonNull(system.attribution(), "attribution");
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
                    java.util.Objects.requireNonNull(procedure.form(), pid + " form"), List.copyOf(outcomes), procedure));
        }
        return new InstalledSystem(id, name, summary, attribution, procedures, origin, system);
    }

    private static String describe(Throwable e) {
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
        return systems.values().stream()
                .sorted(java.util.Comparator.comparing(InstalledSystem::name, String.CASE_INSENSITIVE_ORDER)
                        .thenComparing(InstalledSystem::id))
                .toList();
    }

    /** @return the system with that id */
    public Optional<InstalledSystem> find(String id) {
        return id == null ? Optional.empty() : Optional.ofNullable(systems.get(id));
    }

    /** @return the systems that were skipped, and why */
    public List<LoadProblem> problems() {
        return problems;
    }

    /** A system refused for a reason that is not an exception of its own. */
    static final class RefusedException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        RefusedException(String message) {
            super(message, null, false, false);
        }
    }
}
