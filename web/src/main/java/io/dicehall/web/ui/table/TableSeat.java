package io.dicehall.web.ui.table;

import io.dicehall.web.platform.Refusal;
import io.dicehall.web.tables.control.Members;
import io.dicehall.web.ui.faces.Addresses;
import io.dicehall.web.ui.faces.Labels;
import jakarta.faces.context.ExternalContext;
import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;

/**
 * This browser's seat at a table, on its page: joining with a name (as the GM when this browser opened the
 * table), changing that name, and leaving. Its keys are kept in {@link TableKeys} and, beyond the session, in
 * {@link SeatCookies}; the table it sits at is the {@link TablePage}'s.
 */
@Named
@ViewScoped
public class TableSeat implements Serializable {

    private static final long serialVersionUID = 1L;

    @Inject
    Members tableMembers;

    @Inject
    TableKeys keys;

    @Inject
    SeatCookies cookies;

    @Inject
    TablePage page;

    @Inject
    RollChoice choice;

    private String joinName = "";
    private String joinProblem = "";
    private String newName = "";

    /** Joins with a name (as the GM when this browser opened the table), then shows the table at its address. */
    public void join() {
        String id = page.getId();
        String text = joinName == null ? "" : joinName.strip();
        if (text.isEmpty() || text.length() > TablePage.NAME_LENGTH) {
            joinProblem = Labels.current().get("table.join.invalid", TablePage.NAME_LENGTH, text.length());
            return;
        }
        try {
            Members.Joined joined = tableMembers.join(id, text, keys.ownerKey(id));
            keys.join(id, joined.memberKey(), joined.member().name());
            cookies.keep(id, SeatCookies.MEMBER, joined.memberKey());
            joinProblem = "";
            showAgain();
        } catch (Refusal e) {
            joinProblem = e.detail();
        }
    }

    /** Changes the name the others see. */
    public void rename() {
        String id = page.getId();
        String text = newName == null ? "" : newName.strip();
        if (text.isEmpty() || text.length() > TablePage.NAME_LENGTH) {
            page.say(Labels.current().get("table.join.invalid", TablePage.NAME_LENGTH, text.length()));
            return;
        }
        try {
            tableMembers.renameMember(id, keys.memberKey(id), text);
            keys.join(id, keys.memberKey(id), text);
            page.say("");
            newName = "";
        } catch (Refusal e) {
            page.say(e.detail());
        }
        page.refreshAll();
    }

    /** Leaves the table: this browser becomes a guest who sees its public rolls. */
    public void leave() {
        String id = page.getId();
        try {
            tableMembers.leave(id, keys.memberKey(id));
        } catch (Refusal gone) {
            // already gone: the same outcome
        }
        keys.leave(id);
        cookies.forget(id, SeatCookies.MEMBER);
        showAgain();
    }

    /**
     * Opens the table's page again at its own address, so the address bar holds the invite (with the procedure
     * chosen, when the address had chosen one).
     */
    private void showAgain() {
        ExternalContext external = FacesContext.getCurrentInstance().getExternalContext();
        String system = page.getSystem();
        try {
            String chosen = choice.isRollable() && system != null && !system.isEmpty()
                    ? "?system=" + choice.getSystem() + "&procedure=" + choice.getProcedure() : "";
            external.redirect(external.getRequestContextPath() + Addresses.table(page.getId()) + chosen);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public String getJoinName() {
        return joinName;
    }

    public void setJoinName(String joinName) {
        this.joinName = joinName;
    }

    public String getJoinProblem() {
        return joinProblem;
    }

    public String getNewName() {
        return newName;
    }

    public void setNewName(String newName) {
        this.newName = newName;
    }
}
