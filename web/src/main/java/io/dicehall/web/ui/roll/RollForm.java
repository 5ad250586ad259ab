package io.dicehall.web.ui.roll;

import io.dicehall.api.form.Form;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.TextField;
import io.dicehall.web.platform.http.Problem;
import io.dicehall.web.platform.Refusal;
import io.dicehall.web.rolls.entity.Roll;
import io.dicehall.web.systems.control.InstalledSystem;
import io.dicehall.web.systems.control.InstalledSystem.InstalledProcedure;
import io.dicehall.web.systems.control.Rules;
import io.dicehall.web.ui.faces.Labels;
import io.dicehall.web.ui.form.FormInput;
import io.dicehall.web.ui.form.Notice;
import jakarta.enterprise.context.RequestScoped;
import jakarta.enterprise.inject.Typed;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The procedure's form and the exact odds of its inputs as they stand (toward the goal {@link RollGoal} holds).
 * Values are checked only by the system, through {@link Rules}; who rolls them is the page's to say: its Roll
 * button calls its own bean ({@link RollResult} alone, a table's roll form at a table), which hands this form a
 * {@link Thrower}.
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
    RollGoal goal;

    private String systemId;
    private String procedureId;
    private FormInput inputs;
    private FormInput note;
    private OddsView odds;
    private Map<String, Object> oddsFor;
    private List<io.dicehall.web.ui.roll.TotalChart> totals = List.of();
    private String oddsGoal;
    private String problem = "";

    /** Who throws the dice once the form's values are checked: the page that rolls (alone, or at a table). */
    @FunctionalInterface
    public interface Thrower {
        /** Rolls checked note and raw inputs; throws {@link Refusal} when refused. */
        void roll(String systemId, String procedureId, Map<String, Object> inputs, String note);
    }

    public void start(String system, InstalledProcedure procedure) {
        systemId = system;
        procedureId = procedure.id();
        goal.start(system, procedure);
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
        if (!raw.equals(oddsFor) || !Objects.equals(goal.getGoal(), oddsGoal)) {
            odds = oddsOf(raw);
            oddsFor = raw;
            oddsGoal = goal.getGoal();
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
            var aim = rules.goal(system, procedure, goal.getGoal());
            aim.flatMap(g -> rules.bestPlay(system, procedure, checked, g)).ifPresent(best -> view.withBestPlay(
                    Labels.current().get("best.line", goal.label(), Percent.of(best.probability()),
                            best.probability().toString())));
            return view;
        } catch (Refusal e) {
            totals = List.of();
            return OddsView.unavailable(e.violations().isEmpty() ? List.of(new Notice(e.detail(), ""))
                    : inputs.notices(e.violations(), "inputs", Labels.current()));
        }
    }

    /**
     * Rolls with the form's values through {@code thrower} (the page's action calls it): the note is checked
     * here, the inputs by the system; broken rules are shown beside their inputs, any other refusal as one
     * message.
     */
    public void submit(Thrower thrower) {
        Labels labels = Labels.current();
        problem = "";
        inputs.clearMessages();
        note.clearMessages();
        InputChecker.Result noted = InputChecker.checkText(noteForm(labels), note.raw());
        if (!noted.ok()) {
            note.show(noted.violations(), "", labels);
            return;
        }
        String text = noted.inputs().text("note");
        try {
            thrower.roll(systemId, procedureId, inputs.raw(), text.isEmpty() ? null : text);
        } catch (Refusal e) {
            if (e.violations().isEmpty()) {
                problem = e.detail();
            } else {
                inputs.show(e.violations(), "inputs", labels);
            }
        }
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

    /**
     * {@link RollForm}'s request-scoped twin, for the plays made without the table page's view ({@code TablePlay}):
     * their pages keep no state, and a view-scoped bean used there would start a view scope at every play, kept in the
     * session among the last 25 views', where it pushed out the table page's own. It aims at the play's goal.
     */
    @RequestScoped
    @Typed(InPlay.class)
    public static class InPlay extends RollForm {

        private static final long serialVersionUID = 1L;

        @Inject
        void inPlay(RollGoal.InPlay playGoal) {
            goal = playGoal;
        }
    }
}
