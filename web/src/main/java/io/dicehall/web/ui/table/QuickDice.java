package io.dicehall.web.ui.table;

import io.dicehall.web.platform.http.Problem;
import io.dicehall.web.platform.Refusal;
import io.dicehall.web.systems.control.Rules;
import io.dicehall.web.tables.control.Members;
import io.dicehall.web.tables.control.TableLog;
import io.dicehall.web.tables.control.TableRolls;
import io.dicehall.web.tables.control.Tables;
import io.dicehall.web.tables.control.Viewer;
import io.dicehall.web.tables.entity.GameTable;
import io.dicehall.web.ui.faces.Labels;
import io.dicehall.web.ui.roll.RollerKeys;
import io.dicehall.web.ui.table.feed.TableFeed;
import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import java.util.Map;

/**
 * The quick dice box on a table's page: whatever the member is rolling in the form, they type {@code 2d6+3},
 * press Enter, and the roll lands in the feed like any other, through the bundled dice notation system
 * ({@value #SYSTEM}), with the visibility the form has chosen. Its odds are one click away on that system's
 * rolling page.
 */
@Named
@ViewScoped
public class QuickDice implements Serializable {

    private static final long serialVersionUID = 1L;

    /** The system and procedure that read the notation. */
    static final String SYSTEM = "dice";
    static final String PROCEDURE = "roll";
    static final String FIELD = "expression";

    @Inject
    Members tableMembers;

@Inject
    TableRolls tableRolls;

@Inject
    Tables tables;

    @Inject
    Rules rules;

    @Inject
    TableKeys keys;

    @Inject
    RollerKeys rollerKeys;

    @Inject
    TablePage page;

    @Inject
    RollChoice choice;

    @Inject
    TableFeed feed;

    private String expression = "";
    private String problem = "";

    /** Rolls what is typed, as this browser's seat; a refusal (the notation, a limit) is said beside the box. */
    public void roll() {
        String text = expression == null ? "" : expression.strip();
        problem = "";
        try {
            if (text.isEmpty()) {
                problem = Labels.current().get("quick.empty");
                return;
            }
            String id = page.getId();
            GameTable table = tables.table(id);
            Viewer viewer = tableMembers.viewer(table, keys.ownerKey(id), keys.memberKey(id), null);
            if (viewer.memberId() == null) {
                problem = Labels.current().get("table.joinFirst");
                return;
            }
            TableLog.Roll made = tableRolls.rollFor(id, viewer, SYSTEM, PROCEDURE, Map.of(FIELD, text), null,
                    tableMembers.member(id, keys.memberKey(id)).name(), choice.visibility(), null, null);
            rollerKeys.remember(made.roll().id(), made.rollerKey());
            feed.rolled(made.roll());
        } catch (Refusal e) {
            problem = e.violations().isEmpty() ? e.detail() : e.violations().get(0).message();
        } finally {
            FacesContext context = FacesContext.getCurrentInstance();
            if (!problem.isEmpty() && context != null && context.getPartialViewContext().isAjaxRequest()) {
                context.getPartialViewContext().getRenderIds().add("quick");
            }
        }
    }

    /** @return whether the dice notation system is installed, so the box can roll */
    public boolean isAvailable() {
        try {
            rules.system(SYSTEM);
            return true;
        } catch (Refusal absent) {
            return false;
        }
    }

    public String getExpression() {
        return expression;
    }

    public void setExpression(String expression) {
        this.expression = expression;
    }

    public String getProblem() {
        return problem;
    }
}
