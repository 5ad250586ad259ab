package io.dicehall.web.systems.boundary;

import io.dicehall.api.Attribution;
import io.dicehall.api.form.Form;
import io.dicehall.api.state.Outcome;
import io.dicehall.web.systems.control.InstalledSystem;
import io.dicehall.web.systems.control.LoadProblem;
import java.util.List;

/** The JSON shapes of installed systems. */
public final class SystemViews {

    private SystemViews() {
    }

    /** A system in the menu. */
    public record Summary(String id, String name, String summary, Attribution attribution,
            List<ProcedureSummary> procedures) {
        static Summary of(InstalledSystem s) {
            return new Summary(s.id(), s.name(), s.summary(), s.attribution(),
                    s.procedures().stream().map(p -> new ProcedureSummary(p.id(), p.name(), p.summary())).toList());
        }
    }

    /** A procedure in the menu. */
    public record ProcedureSummary(String id, String name, String summary) {
    }

    /** The menu: the installed systems, and those that failed to load with the reason. */
    public record Menu(List<Summary> systems, List<LoadProblem> failed) {
    }

    /** A system with every procedure's form and outcomes. */
    public record Detail(String id, String name, String summary, Attribution attribution,
            List<ProcedureDetail> procedures) {
        static Detail of(InstalledSystem s) {
            return new Detail(s.id(), s.name(), s.summary(), s.attribution(), s.procedures().stream()
                    .map(p -> new ProcedureDetail(p.id(), p.name(), p.summary(), p.form(), p.outcomes())).toList());
        }
    }

    /** A procedure with its form and its possible outcomes. */
    public record ProcedureDetail(String id, String name, String summary, Form form, List<Outcome> outcomes) {
    }
}
