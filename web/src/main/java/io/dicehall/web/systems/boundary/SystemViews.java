package io.dicehall.web.systems.boundary;

import io.dicehall.api.Attribution;
import io.dicehall.api.form.Form;
import io.dicehall.api.state.Outcome;
import io.dicehall.web.systems.control.ClusterSystems;
import io.dicehall.web.systems.control.InstalledSystem;
import io.dicehall.web.systems.control.LoadProblem;
import java.util.List;

/** The JSON shapes of installed systems. */
public final class SystemViews {

    private SystemViews() {
    }

    /**
     * A system in the menu.
     *
     * @param instances the instances of the cluster that have it, only when instances differ
     */
    public record Summary(String id, String name, String summary, Attribution attribution,
            List<ProcedureSummary> procedures, List<String> instances) {
        static Summary of(InstalledSystem s, List<String> instances) {
            return new Summary(s.id(), s.name(), s.summary(), s.attribution(),
                    s.procedures().stream().map(p -> new ProcedureSummary(p.id(), p.name(), p.summary())).toList(),
                    instances);
        }
    }

    /** A system that other instances of the cluster have and this one has not. */
    public record Elsewhere(String id, List<String> instances) {
    }

    /** A procedure in the menu. */
    public record ProcedureSummary(String id, String name, String summary) {
    }

    /**
     * The menu: the installed systems, and those that failed to load with the reason.
     *
     * @param instance the name of the instance that answered
     * @param elsewhere when instances differ, the systems only other instances have; otherwise null
     */
    public record Menu(String instance, List<Summary> systems, List<LoadProblem> failed, List<Elsewhere> elsewhere) {

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
                    failed, elsewhere);
        }
    }

    /** A system with every procedure's form and outcomes. */
    public record Detail(String id, String name, String summary, Attribution attribution,
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
    public record ProcedureDetail(String id, String name, String summary, Form form, List<Outcome> outcomes,
            List<GoalChoice> goals, String defaultGoal) {

        static ProcedureDetail of(InstalledSystem.InstalledProcedure p, io.dicehall.api.play.OutcomeOrder order) {
            List<String> aims = io.dicehall.web.systems.control.Rules.goals(order, p);
            return new ProcedureDetail(p.id(), p.name(), p.summary(), p.form(), p.outcomes(),
                    aims.stream().map(id -> new GoalChoice(id, p.outcomes().stream().filter(o -> o.id().equals(id))
                            .map(Outcome::label).findFirst().orElse(id))).toList(),
                    aims.isEmpty() ? null : order.goalByDefault().atLeast());
        }
    }

    /** An outcome to aim at: reach it or better. */
    public record GoalChoice(String id, String label) {
    }
}
