package io.dicehall.web.ui.table;

import io.dicehall.web.platform.Refusal;
import io.dicehall.web.tables.control.Tables;
import io.dicehall.web.ui.faces.Labels;
import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;

/**
 * The owner's tools on a table's page (the GM who opened it): renaming the table, allowing dice thrown by hand
 * or guests' rolls, after how long idle rolls end, and closing it. Each acts with the owner key this browser
 * holds, says a refusal in the {@link TablePage}'s message, and has the page read the table again.
 */
@Named
@ViewScoped
public class TableOwner implements Serializable {

    private static final long serialVersionUID = 1L;

    /** The longest table name, as the API allows. */
    static final int TABLE_NAME_LENGTH = 200;

    @Inject
    Tables tables;

    @Inject
    TableKeys keys;

    @Inject
    TablePage page;

    private String newTableName;

    /** Renames the table (owner only). */
    public void renameTable() {
        String text = newTableName == null ? "" : newTableName.strip();
        if (text.isEmpty() || text.length() > TABLE_NAME_LENGTH) {
            page.say(Labels.current().get("open.name.invalid", TABLE_NAME_LENGTH));
            return;
        }
        act(() -> tables.rename(page.getId(), keys.ownerKey(page.getId()), text));
        page.refresh();
    }

    /** Allows (or stops allowing) dice thrown by hand at the table (owner only; never a verifiable table). */
    public void togglePhysicalDice() {
        act(() -> tables.allowPhysicalDice(page.getId(), keys.ownerKey(page.getId()), !page.isPhysicalDice()));
        page.refresh();
        FacesContext context = FacesContext.getCurrentInstance();
        if (context != null && context.getPartialViewContext().isAjaxRequest()) {
            context.getPartialViewContext().getRenderIds().add("play");
        }
    }

    /** Lets guests (the invite without a seat) roll at the table, or stops them (owner only). */
    public void toggleGuests() {
        act(() -> tables.allowGuests(page.getId(), keys.ownerKey(page.getId()), !page.isGuestsAllowed()));
        page.refresh();
    }

    /** Sets after how many minutes without a move a roll's open moves end by themselves (owner only). */
    public void changeIdle() {
        act(() -> tables.endIdleRollsAfter(page.getId(), keys.ownerKey(page.getId()), page.getIdleMinutes() * 60));
        page.refresh();
    }

    /** Closes the table (owner only): no more rolls; a verifiable table reveals its seed. */
    public void close() {
        act(() -> tables.close(page.getId(), keys.ownerKey(page.getId())));
        page.refreshAll();
    }

    /** Does one of the owner's changes; a refusal is said on the page, and nothing is said when it was made. */
    private void act(Runnable change) {
        try {
            change.run();
            page.say("");
        } catch (Refusal e) {
            page.say(e.detail());
        }
    }

    /** @return the table's name as typed to rename it; its name as the page first showed it until then */
    public String getNewTableName() {
        if (newTableName == null) {
            newTableName = page.getName();
        }
        return newTableName;
    }

    public void setNewTableName(String newTableName) {
        this.newTableName = newTableName;
    }
}
