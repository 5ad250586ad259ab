package io.dicehall.web.ui.roll;

import io.dicehall.web.platform.Refusal;
import io.dicehall.web.systems.control.InstalledSystem.InstalledProcedure;
import io.dicehall.web.systems.control.Rules;
import jakarta.enterprise.context.RequestScoped;
import jakarta.enterprise.inject.Typed;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import java.util.List;

/**
 * The outcome a player aims at with the procedure on the page's form: the choices (its outcomes, worst first,
 * when they have an order), the one chosen, and its label. The form's odds name its chance and best play, and
 * so do the moves of the rolls shown beside it; this bean holds only the choice, so all of them read it here.
 */
@Named
@ViewScoped
public class RollGoal implements Serializable {

    private static final long serialVersionUID = 1L;

    @Inject
    Rules rules;

    private String systemId;
    private String procedureId;
    private String goal;
    private List<GoalItem> goals = List.of();

    /** An outcome to aim at, as the goal selector lists it. */
    public static final class GoalItem implements Serializable {
        private static final long serialVersionUID = 1L;
        private final String id;
        private final String label;

        GoalItem(String id, String label) {
            this.id = id;
            this.label = label;
        }

        public String getId() {
            return id;
        }

        public String getLabel() {
            return label;
        }
    }

    /** Offers the outcomes of a procedure, its own goal chosen; none when its outcomes have no order. */
    void start(String system, InstalledProcedure procedure) {
        systemId = system;
        procedureId = procedure.id();
        goals = List.of();
        goal = null;
        try {
            var order = rules.order(rules.system(system), procedure);
            goals = Rules.goals(order, procedure).stream().map(id -> new GoalItem(id, procedure.outcomes().stream()
                    .filter(o -> o.id().equals(id)).map(o -> o.label()).findFirst().orElse(id))).toList();
            goal = goals.isEmpty() ? null : order.goalByDefault().atLeast();
        } catch (Refusal noOrder) {
            goals = List.of();
        }
    }

    /** @return the goal's label, e.g. "Success" */
    String label() {
        return goals.stream().filter(g -> g.getId().equals(goal)).map(GoalItem::getLabel).findFirst().orElse(goal);
    }

    /** @return the outcomes one may aim at, worst first; empty when the procedure's outcomes have no order */
    public List<GoalItem> getGoals() {
        return goals;
    }

    /** @return the outcome aimed at: reach it or better */
    public String getGoal() {
        return goal;
    }

    public void setGoal(String goal) {
        if (goals.stream().anyMatch(g -> g.getId().equals(goal))) {
            this.goal = goal;
        }
    }

    /** @return the goal for a roll of this system and procedure: the one chosen here, else the procedure's own */
    public String goalFor(String system, String procedure) {
        return system.equals(systemId) && procedure.equals(procedureId) ? goal : null;
    }

    /**
     * {@link RollGoal}'s request-scoped twin, for the plays made without the table page's view ({@code TablePlay}):
     * their pages keep no state, and a view-scoped bean used there would start a view scope at every play, kept in the
     * session among the last 25 views', where it pushed out the table page's own.
     */
    @RequestScoped
    @Typed(InPlay.class)
    public static class InPlay extends RollGoal {

        private static final long serialVersionUID = 1L;
    }
}
