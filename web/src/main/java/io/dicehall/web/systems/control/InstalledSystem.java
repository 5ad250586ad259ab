package io.dicehall.web.systems.control;

import io.dicehall.api.Attribution;
import io.dicehall.api.GameSystem;
import io.dicehall.api.Procedure;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A system that loaded and passed the checks, with what it declared read once at load: later
 * listings never call into the system's code.
 *
 * @param id the system's id
 * @param name its name
 * @param summary its summary
 * @param attribution its attribution
 * @param procedures its procedures in menu order, each with what it declared
 * @param origin where it was loaded from ({@code bundled} or a plugin file name)
 * @param system the instance, for rolling
 */
public record InstalledSystem(String id, String name, String summary, Attribution attribution,
        List<InstalledProcedure> procedures, String origin, GameSystem system) {

    /** Copies the procedures. */
    public InstalledSystem {
        procedures = List.copyOf(procedures);
    }

    /** Where the systems shipped in the WAR come from. */
    public static final String BUNDLED = "bundled";

    /** @return whether the system shipped in the WAR (rather than coming from the plugins directory) */
    public boolean bundled() {
        return BUNDLED.equals(origin);
    }

    /** @return the procedure with that id */
    public Optional<InstalledProcedure> procedure(String procedureId) {
        return procedures.stream().filter(p -> p.id().equals(procedureId)).findFirst();
    }

    /**
     * A procedure with its declarations read at load.
     *
     * @param id its id
     * @param name its name
     * @param summary its summary
     * @param form its form
     * @param outcomes its outcomes
     * @param procedure the instance, for rolling
     */
    public record InstalledProcedure(String id, String name, String summary, io.dicehall.api.form.Form form,
            List<io.dicehall.api.state.Outcome> outcomes, Procedure procedure) {
    }

    /** @return procedure ids mapped to procedures, for quick lookup */
    public Map<String, InstalledProcedure> byId() {
        return procedures.stream().collect(java.util.stream.Collectors.toMap(InstalledProcedure::id, p -> p));
    }
}
