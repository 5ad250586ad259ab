package io.dicehall.web.systems.control;

import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * How a refused rules system is reported: as a {@link LoadProblem} among the registry's problems, and once in the
 * log at WARNING, as {@code Refused rules system SOURCE: REASON}, with the system's own exception when it threw one.
 * The log is the registry's ({@code io.dicehall.web.systems.control.SystemRegistry}), where operators look for
 * refusals whichever class found them. Also the words for a system's exception in a reason.
 */
final class RefusalLog {

    private static final Logger LOG = Logger.getLogger(SystemRegistry.class.getName());

    private RefusalLog() {
    }

    /**
     * Why a system was refused.
     *
     * @param problem what is reported
     * @param cause the system's own exception, or null when it threw none
     */
    record Refused(LoadProblem problem, Throwable cause) {
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

    /** @return the refusal of a system whose id one in {@code found} already has, or null */
    static Refused taken(InstalledSystem system, String source, Map<String, InstalledSystem> found) {
        return found.containsKey(system.id()) ? new Refused(new LoadProblem(source, "has the id " + system.id()
                + ", which another system already uses"), null) : null;
    }

    /** @return an exception as a reason reads it: its simple class name and its message, cut at 200 characters */
    static String describe(Throwable e) {
        String message = e.getMessage();
        return e.getClass().getSimpleName() + (message == null ? "" : ": " + abbreviate(message));
    }

    /** @return the text cut at 200 characters, or {@code null} spelled out */
    static String abbreviate(String text) {
        if (text == null) {
            return "null";
        }
        return text.length() > 200 ? text.substring(0, 200) + "…" : text;
    }
}
