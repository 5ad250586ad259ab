package io.dicehall.web.ui.table.kit;

import io.dicehall.web.characters.control.Characters;
import io.dicehall.web.characters.control.Characters.Asker;
import io.dicehall.web.platform.http.Problem;
import io.dicehall.web.platform.Refusal;
import io.dicehall.web.ui.table.TableKeys;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;

/**
 * What the kit of a table's page (its saved rolls and its characters) shares: the table, who asks (this
 * browser's keys there), the one message the kit shows under its panels, and when its lists were last read.
 * State only: {@link SavedRolls}, {@link TableCharacters} and {@link CharacterChoice} each read it here.
 */
@Named
@ViewScoped
public class TableKit implements Serializable {

    private static final long serialVersionUID = 1L;

    @Inject
    Characters characters;

    @Inject
    TableKeys keys;

    private String tableId;
    private String problem = "";
    private long readAt;

    /** Opens the kit of a table. */
    public void open(String table) {
        tableId = table;
    }

    /** Reads the saved rolls and characters again at their next showing (something changed). */
    public void refresh() {
        readAt++;
    }

    /** @return how many times the lists were to be read again: a list read at an older count is stale */
    long readAt() {
        return readAt;
    }

    String tableId() {
        return tableId;
    }

    /** @return this browser as it asks at the table, by its keys there */
    Asker asker() {
        return characters.asker(tableId, keys.ownerKey(tableId), keys.memberKey(tableId));
    }

    /** @return a refusal in one line: its detail, then each broken rule with its field */
    static String message(Refusal e) {
        return e.violations().isEmpty() ? e.detail()
                : e.detail() + " " + String.join("; ", e.violations().stream().map(v -> v.field() + ": " + v.message()).toList());
    }

    /** @return what the kit's last action said went wrong; empty when nothing did */
    public String getProblem() {
        return problem;
    }

    void say(String text) {
        problem = text;
    }
}
