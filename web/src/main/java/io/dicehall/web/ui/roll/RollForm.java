package io.dicehall.web.ui.roll;

import io.dicehall.api.form.Form;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.TextField;
import io.dicehall.web.platform.Problem;
import io.dicehall.web.platform.ProblemException;
import io.dicehall.web.rolls.control.RollService;
import io.dicehall.web.rolls.entity.Roll;
import io.dicehall.web.systems.control.InstalledSystem;
import io.dicehall.web.systems.control.InstalledSystem.InstalledProcedure;
import io.dicehall.web.systems.control.Rules;
import io.dicehall.web.ui.faces.Labels;
import io.dicehall.web.ui.form.FormInput;
import io.dicehall.web.ui.form.Notice;
import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import java.util.List;
import java.util.Map;

/**
 * The procedure's form, the exact odds of its inputs as they stand, and the Roll button. Values are
 * checked and rolled only by the system, through {@link Rules} and {@link RollService}.
 */
@Named
@ViewScoped
public class RollForm implements Serializable {

    private static final long serialVersionUID = 1L;

    /** The longest note, as the API allows. */
    static final int NOTE_LENGTH = 500;

    @Inject
    Rules rules;

    @Inject
    RollService rolls;

    @Inject
    RollerKeys keys;

    @Inject
    RollResult result;

    private String systemId;
    private String procedureId;
    private FormInput inputs;
    private FormInput note;
    private OddsView odds;
    private Map<String, Object> oddsFor;
    private List<io.dicehall.web.ui.roll.TotalChart> totals = List.of();
    private String problem = "";
    private Thrower thrower;
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

    /** Who throws the dice when it is not the rolling page's own {@link RollService}: e.g. a table. */
    @FunctionalInterface
    public interface Thrower extends Serializable {
        /** Rolls checked note and raw inputs; throws {@link ProblemException} when refused. */
        void roll(String systemId, String procedureId, Map<String, Object> inputs, String note);
    }

    /** Rolls through {@code other} instead of the rolling page's {@link RollService}. */
    public void throwWith(Thrower other) {
        thrower = other;
    }

    public void start(String system, InstalledProcedure procedure) {
        systemId = system;
        procedureId = procedure.id();
        goals = List.of();
        goal = null;
        try {
            var order = rules.order(rules.system(system), procedure);
            goals = Rules.goals(order, procedure).stream().map(id -> new GoalItem(id, procedure.outcomes().stream()
                    .filter(o -> o.id().equals(id)).map(o -> o.label()).findFirst().orElse(id))).toList();
            goal = goals.isEmpty() ? null : order.goalByDefault().atLeast();
        } catch (ProblemException noOrder) {
            goals = List.of();
        }
        inputs = new FormInput(procedure.form(), "in");
        note = new FormInput(noteForm(Labels.current()), "note");
    }

    /** Takes values given by field name as text (a page's address): held as typed, checked like typed values. */
    public void prefill(Map<String, String> values) {
        inputs.prefill(values);
        if (values.containsKey("note")) {
            note.prefill(values);
        }
    }

    void fill(Roll roll) {
        inputs.fill(roll.inputs().toMap());
        if (roll.note() != null) {
            note.fill(Map.of("note", roll.note()));
        }
    }

    private static Form noteForm(Labels labels) {
        return Form.of(TextField.of("note", labels.get("roll.note"), NOTE_LENGTH).help(labels.get("roll.note.help")));
    }

    /** Takes the values posted with the form (a listener on its post-validate event). */
    public void read() {
        inputs.read();
        note.read();
    }

    /**
     * @return each total's exact distribution as a chart, for a procedure that gives them (the dice notation);
     *     empty otherwise; computed with the odds, for the same values
     */
    public List<io.dicehall.web.ui.roll.TotalChart> getTotals() {
        getOdds();
        return totals;
    }

    /** @return the exact odds of the inputs as they stand, or why there are none; computed once per set of values */
    public OddsView getOdds() {
        Map<String, Object> raw = inputs.raw();
        if (!raw.equals(oddsFor)) {
            odds = oddsOf(raw);
            oddsFor = raw;
        }
        return odds;
    }

    private OddsView oddsOf(Map<String, Object> raw) {
        try {
            InstalledSystem system = rules.system(systemId);
            InstalledProcedure procedure = rules.procedure(systemId, procedureId);
            Inputs checked = rules.inputs(system, procedure, raw);
            OddsView view = OddsView.of(rules.odds(system, procedure, checked), procedure.outcomes());
            totals = rules.distributions(system, procedure, checked).stream()
                    .map(t -> io.dicehall.web.ui.roll.TotalChart.of(t, Labels.current())).toList();
            var aim = rules.goal(system, procedure, goal);
            aim.flatMap(g -> rules.bestPlay(system, procedure, checked, g)).ifPresent(best -> view.withBestPlay(
                    Labels.current().get("best.line", goalLabel(), Percent.of(best.probability()),
                            best.probability().toString())));
            return view;
        } catch (ProblemException e) {
            totals = List.of();
            Problem p = e.problem();
            return OddsView.unavailable(p.violations().isEmpty() ? List.of(new Notice(p.detail(), ""))
                    : inputs.notices(p.violations(), "inputs", Labels.current()));
        }
    }

    /** Rolls: the system checks the inputs and throws the dice; broken rules are shown beside their inputs. */
    public void roll() {
        try {
            throwDice();
        } finally {
            if (thrower != null && (!problem.isEmpty() || isInvalid())) {
                // At a table the answer draws the card and the new row alone; a refusal is said in the form.
                FacesContext context = FacesContext.getCurrentInstance();
                if (context != null && context.getPartialViewContext().isAjaxRequest()) {
                    context.getPartialViewContext().getRenderIds().add("roll");
                }
            }
        }
    }

    private void throwDice() {
        Labels labels = Labels.current();
        problem = "";
        inputs.clearMessages();
        note.clearMessages();
        InputChecker.Result noted = InputChecker.checkText(noteForm(labels), note.raw());
        if (!noted.ok()) {
            note.show(noted.violations().stream().map(v -> new Problem.ViolationView(v.field(), v.message())).toList(),
                    "", labels);
            return;
        }
        String text = noted.inputs().text("note");
        try {
            if (thrower != null) {
                thrower.roll(systemId, procedureId, inputs.raw(), text.isEmpty() ? null : text);
                return;
            }
            RollService.Created created = rolls.roll(systemId, procedureId, inputs.raw(), text.isEmpty() ? null : text);
            keys.remember(created.roll().id(), created.rollerKey());
            result.show(created.roll());
        } catch (ProblemException e) {
            Problem p = e.problem();
            if (p.violations().isEmpty()) {
                problem = p.detail();
            } else {
                inputs.show(p.violations(), "inputs", labels);
            }
        }
    }

    /** @return the goal's label, e.g. "Success" */
    private String goalLabel() {
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
            oddsFor = null;
        }
    }

    /** @return the goal for a roll of this system and procedure: the one chosen here, else the procedure's own */
    public String goalFor(String system, String procedure) {
        return system.equals(systemId) && procedure.equals(procedureId) ? goal : null;
    }

    public FormInput getInputs() {
        return inputs;
    }

    public FormInput getNote() {
        return note;
    }

    /** @return why the last roll failed, when not for a broken rule of one input; empty otherwise */
    public String getProblem() {
        return problem;
    }

    /** @return whether the last Roll found inputs breaking rules */
    public boolean isInvalid() {
        return inputs.isInvalid() || note.isInvalid();
    }
}
