package io.dicehall.web.systems.boundary;

import io.dicehall.api.Attribution;
import io.dicehall.api.form.Form;
import io.dicehall.api.state.Outcome;
import io.dicehall.web.systems.control.ClusterSystems;
import io.dicehall.web.systems.control.InstalledSystem;
import io.dicehall.web.systems.control.LoadProblem;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;

/** The JSON shapes of installed systems. */
public final class SystemViews {

    private SystemViews() {
    }

    /**
     * A system in the menu.
     *
     * @param instances the instances of the cluster that have it, only when instances differ
     */
    @Schema(name = "SystemSummary", description = "A system in the menu", requiredProperties = {"id", "name",
        "attribution", "procedures"})
    public record Summary(String id, String name, String summary,
            @Schema(ref = "Attribution") Attribution attribution,
            List<ProcedureSummary> procedures,
            @Schema(description = "The instances of the cluster that have it; only when instances differ")
            List<String> instances) {
        static Summary of(InstalledSystem s, List<String> instances) {
            return new Summary(s.id(), s.name(), s.summary(), s.attribution(),
                    s.procedures().stream().map(p -> new ProcedureSummary(p.id(), p.name(), p.summary())).toList(),
                    instances);
        }
    }

    /** A system that other instances of the cluster have and this one has not. */
    @Schema(name = "Elsewhere", description = "A system that other instances of the cluster have and this one has not",
            requiredProperties = {"id", "instances"})
    public record Elsewhere(String id, List<String> instances) {
    }

    /** A procedure in the menu. */
    @Schema(name = "ProcedureSummary", requiredProperties = {"id", "name"})
    public record ProcedureSummary(String id, String name, String summary) {
    }

    /**
     * The menu: the installed systems, and those that failed to load with the reason.
     *
     * @param instance the name of the instance that answered
     * @param elsewhere when instances differ, the systems only other instances have; otherwise null
     */
    @Schema(name = "Menu", description = "The installed systems, and those that failed to load with the reason",
            requiredProperties = {"instance", "systems", "failed"})
    public record Menu(@Schema(description = "The name of the instance that answered") String instance,
            @Schema(description = "Sorted by name") List<Summary> systems,
            @Schema(description = "Every system or JAR that was refused, with why; empty when none was")
            List<FailedSystem> failed,
            @Schema(description = "When instances differ, the systems only other instances have") List<Elsewhere> elsewhere) {

        /** The menu of this instance, saying which instance has which system when they differ. */
        public static Menu of(List<InstalledSystem> installed, List<LoadProblem> failed,
                List<ClusterSystems.InstanceSystems> instances) {
            boolean uniform = ClusterSystems.uniform(instances);
            var here = installed.stream().map(InstalledSystem::id).collect(java.util.stream.Collectors.toSet());
            List<Elsewhere> elsewhere = uniform ? null : instances.stream().flatMap(i -> i.systems().stream())
                    .filter(id -> !here.contains(id)).distinct().sorted()
                    .map(id -> new Elsewhere(id, ClusterSystems.having(instances, id))).toList();
            return new Menu(instances.get(0).instance(), installed.stream()
                    .map(s -> Summary.of(s, uniform ? null : ClusterSystems.having(instances, s.id()))).toList(),
                    failed.stream().map(p -> new FailedSystem(p.source(), p.reason())).toList(), elsewhere);
        }
    }

    /** A system that was refused ({@link LoadProblem}), as the API shows it. */
    @Schema(name = "FailedSystem", requiredProperties = {"source", "reason"})
    public record FailedSystem(
            @Schema(description = "The JAR's file name, with \": \" and the class name when one system of it was refused, "
                    + "or a bundled system's class name") String source,
            @Schema(description = "Why, in plain words") String reason) {
    }

    /** A system with every procedure's form and outcomes. */
    @Schema(name = "SystemDetail", description = "A system with every procedure's form and outcomes",
            requiredProperties = {"id", "name", "attribution", "procedures"})
    public record Detail(String id, String name, String summary,
            @Schema(ref = "Attribution") Attribution attribution,
            List<ProcedureDetail> procedures) {
        static Detail of(InstalledSystem s, java.util.function.Function<InstalledSystem.InstalledProcedure,
                io.dicehall.api.play.OutcomeOrder> order) {
            return new Detail(s.id(), s.name(), s.summary(), s.attribution(), s.procedures().stream()
                    .map(p -> ProcedureDetail.of(p, order.apply(p))).toList());
        }
    }

    /**
     * A procedure with its form and its possible outcomes.
     *
     * @param goals the outcomes a player may aim at (reach at least), worst first; empty when the outcomes have
     *     no order
     * @param defaultGoal the goal odds are worked out for when none is asked; null without goals
     */
    @Schema(name = "ProcedureDetail", description = "A procedure with its form and its possible outcomes",
            requiredProperties = {"id", "name", "form", "outcomes", "goals"})
    public record ProcedureDetail(String id, String name, String summary,
            @Schema(ref = "Form") Form form,
            @Schema(type = SchemaType.ARRAY, implementation = ApiSchemas.OutcomeSchema.class) List<Outcome> outcomes,
            @Schema(description = "The outcomes a player may aim at (reach at least), worst first; empty when the outcomes "
                    + "have no order") List<GoalChoice> goals,
            @Schema(description = "The goal odds are worked out for when none is asked; absent without goals")
            String defaultGoal) {

        static ProcedureDetail of(InstalledSystem.InstalledProcedure p, io.dicehall.api.play.OutcomeOrder order) {
            List<String> aims = io.dicehall.web.systems.control.Rules.goals(order, p);
            return new ProcedureDetail(p.id(), p.name(), p.summary(), p.form(), p.outcomes(),
                    aims.stream().map(id -> new GoalChoice(id, p.outcomes().stream().filter(o -> o.id().equals(id))
                            .map(Outcome::label).findFirst().orElse(id))).toList(),
                    aims.isEmpty() ? null : order.goalByDefault().atLeast());
        }
    }

    /** An outcome to aim at: reach it or better. */
    @Schema(name = "GoalChoice", requiredProperties = {"id", "label"})
    public record GoalChoice(String id, String label) {
    }
}
