package io.dicehall.web.ui.roll;

import io.dicehall.api.Text;
import io.dicehall.web.platform.Ids;
import io.dicehall.web.platform.Refusal;
import io.dicehall.web.rolls.control.RollService;
import io.dicehall.web.rolls.entity.Roll;
import io.dicehall.web.systems.control.InstalledSystem;
import io.dicehall.web.systems.control.InstalledSystem.InstalledProcedure;
import io.dicehall.web.systems.control.Rules;
import io.dicehall.web.ui.home.ProcedureLink;
import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import java.util.List;

/**
 * The rolling page ({@code roll.xhtml?system=…&procedure=…}, also {@code /systems/{system}/{procedure}}):
 * which system and procedure it is for. Any other query parameter named like a field fills it in
 * ({@code &skill=3}). The form with its odds is {@link RollForm}; the roll on the table is {@link RollResult}.
 */
@Named
@ViewScoped
public class RollingPage implements Serializable {

    private static final long serialVersionUID = 1L;

    @Inject
    Rules rules;

    @Inject
    RollService rolls;

    @Inject
    RollForm form;

    @Inject
    RollResult result;

    private String system;
    private String procedure;
    private String roll;
    private boolean expired;

    private boolean found;
    private String systemName = "";
    private String procedureName = "";
    private String procedureSummary = "";
    private List<ProcedureLink> procedures = List.of();

    /** Opens the page: finds the system and procedure, and the roll when one is named (after an expiry). */
    public void open() {
        try {
            InstalledSystem installed = rules.system(Text.isKebab(system) ? system : "");
            InstalledProcedure chosen = procedure == null || procedure.isEmpty() ? installed.procedures().get(0)
                    : rules.procedure(installed.id(), Text.isKebab(procedure) ? procedure : "");
            system = installed.id();
            procedure = chosen.id();
            systemName = installed.name();
            procedureName = chosen.name();
            procedureSummary = chosen.summary();
            procedures = installed.procedures().stream().map(ProcedureLink::new).toList();
            form.start(installed.id(), chosen);
            form.prefill(Prefill.fromRequest());
            found = true;
        } catch (Refusal unknown) {
            found = false;
            FacesContext.getCurrentInstance().getExternalContext().setResponseStatus(404);
            return;
        }
        if (Ids.wellFormed(roll)) {
            try {
                Roll shown = rolls.find(roll);
                if (shown.system().equals(system) && shown.procedure().equals(procedure)) {
                    form.fill(shown);
                    result.show(shown);
                }
            } catch (Refusal gone) {
                result.gone();
            }
        }
    }

    public String getSystem() {
        return system;
    }

    public void setSystem(String system) {
        this.system = system;
    }

    public String getProcedure() {
        return procedure;
    }

    public void setProcedure(String procedure) {
        this.procedure = procedure;
    }

    public String getRoll() {
        return roll;
    }

    public void setRoll(String roll) {
        this.roll = roll;
    }

    /** @return whether the page was reloaded because its earlier copy had expired */
    public boolean isExpired() {
        return expired;
    }

    public void setExpired(boolean expired) {
        this.expired = expired;
    }

    /** @return whether the system and procedure exist */
    public boolean isFound() {
        return found;
    }

    public String getSystemName() {
        return systemName;
    }

    public String getProcedureName() {
        return procedureName;
    }

    public String getProcedureSummary() {
        return procedureSummary;
    }

    /** @return the system's procedures, to switch between them */
    public List<ProcedureLink> getProcedures() {
        return procedures;
    }
}
