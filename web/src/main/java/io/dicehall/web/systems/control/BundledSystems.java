package io.dicehall.web.systems.control;

import io.dicehall.api.GameSystem;
import io.dicehall.web.systems.control.Declarations.Declared;
import io.dicehall.web.systems.control.RefusalLog.Refused;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.ServiceLoader;

/**
 * The rules systems shipped in the application, found once at start-up with {@link ServiceLoader} on the API's
 * class loader, in class-name order, each made and read on the starting thread: they ship in this WAR with their
 * own tests, so their odds are checked later, in the background ({@link SystemRegistry}). A system that fails to
 * load or declare itself, or whose id another bundled system already has, is refused and logged.
 *
 * @param systems the systems installed, in class-name order
 * @param problems the systems refused, and why
 */
record BundledSystems(List<InstalledSystem> systems, List<LoadProblem> problems) {

    /** Copies the lists. */
    BundledSystems {
        systems = List.copyOf(systems);
        problems = List.copyOf(problems);
    }

    /** @return the bundled systems, made and read now; never throws */
    static BundledSystems load() {
        var found = new LinkedHashMap<String, InstalledSystem>();
        var trouble = new ArrayList<LoadProblem>();
        for (ServiceLoader.Provider<GameSystem> provider : Declarations.providers(
                ServiceLoader.load(GameSystem.class, GameSystem.class.getClassLoader()), InstalledSystem.BUNDLED, trouble)) {
            String source = provider.type().getName();
            Declared declared = Declarations.declare(source, InstalledSystem.BUNDLED, provider::get, 0);
            Refused refusal = declared.problem() != null ? new Refused(declared.problem(), declared.cause())
                    : RefusalLog.taken(declared.system(), source, found);
            if (refusal != null) {
                RefusalLog.refuse(trouble, refusal.problem(), refusal.cause());
            } else {
                found.put(declared.system().id(), declared.system());
            }
        }
        return new BundledSystems(List.copyOf(found.values()), trouble);
    }
}
