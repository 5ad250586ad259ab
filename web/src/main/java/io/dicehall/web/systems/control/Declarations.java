package io.dicehall.web.systems.control;

import static io.dicehall.web.systems.control.RefusalLog.abbreviate;
import static io.dicehall.web.systems.control.RefusalLog.describe;

import io.dicehall.api.GameSystem;
import io.dicehall.api.Procedure;
import io.dicehall.api.Text;
import io.dicehall.web.systems.control.InstalledSystem.InstalledProcedure;
import io.dicehall.web.systems.control.RefusalLog.Refused;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.logging.Logger;

/**
 * Makes a rules system and reads what it declares, once, checking it on the way: an id that is lower-kebab-case, a
 * supported SPI version, a name and summary, procedures with distinct ids and outcomes; then each procedure's
 * pre-roll odds against its own rolls ({@link OddsCheck}). What is read here is all the server ever asks of a
 * system's declarations ({@link InstalledSystem}); a system that fails any of it is refused with the reason. Runs
 * plugin code, so its callers run it on a worker of {@link SystemCalls} for a plugin; it takes no lock.
 */
final class Declarations {

    private static final Logger LOG = Logger.getLogger(SystemRegistry.class.getName());

    private Declarations() {
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
     * @param oddsMillis the odds check's time; none when not positive
     * @return the system, or why it is refused
     */
    static Declared declare(String source, String origin, Supplier<GameSystem> instance, long oddsMillis) {
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
        Refused odds = checkOdds(installed, source, oddsMillis);
        return odds == null ? new Declared(installed, null, null) : new Declared(null, odds.problem(), odds.cause());
    }

    /**
     * Checks each procedure's pre-roll odds against its own first throw ({@link OddsCheck}), within
     * {@code oddsMillis} in all, each procedure having its share in turn; logs how much it checked, at INFO.
     *
     * @return why the system is refused, or null when its odds agree as far as they were checked
     */
    static Refused checkOdds(InstalledSystem installed, String source, long oddsMillis) {
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
                return new Refused(new LoadProblem(source, "failed while its odds were checked (procedure "
                        + procedure.id() + "): " + describe(e)), e);
            }
            if (result.disagreement() != null) {
                return new Refused(new LoadProblem(source, result.disagreement()), null);
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
                RefusalLog.refuse(trouble, new LoadProblem(origin, "a listed rules system could not be loaded: "
                        + describe(cause)), e);
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

    /** A system refused for a reason that is not an exception of its own. */
    static final class RefusedException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        RefusedException(String message) {
            super(message, null, false, false);
        }
    }
}
