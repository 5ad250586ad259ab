package io.dicehall.web.ui.table;

import io.dicehall.web.tables.entity.Visibility;
import io.dicehall.web.ui.home.SystemCard;
import jakarta.enterprise.context.RequestScoped;
import jakarta.enterprise.inject.Typed;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Named;
import java.io.Serializable;
import java.util.List;
import java.util.Locale;

/**
 * What the next roll at a table is, as this page has chosen it: its system and procedure (set when the page
 * opens, from its address), who sees it, and the character it is rolled for. State only: the beans that roll
 * ({@link TableRollForm}, {@link QuickDice}, the saved rolls) and the ones that fill the form in (the characters)
 * read it here, so none of them needs another.
 */
@Named
@ViewScoped
public class RollChoice implements Serializable {

    private static final long serialVersionUID = 1L;

    private String system;
    private String procedure;
    private String systemName = "";
    private String procedureName = "";
    private List<SystemCard> systems = List.of();
    private boolean rollable;
    private String visibility = "public";
    private String character = "";

    /** Chooses a system and procedure to roll with (found installed), with the systems to change to. */
    void choose(String systemId, String systemLabel, String procedureId, String procedureLabel,
            List<SystemCard> installed) {
        system = systemId;
        procedure = procedureId;
        systemName = systemLabel;
        procedureName = procedureLabel;
        systems = installed;
        rollable = true;
    }

    /** Notes that nothing can be rolled here (no system installed, or the address named an unknown one). */
    void nothing(List<SystemCard> installed) {
        systems = installed;
        rollable = false;
    }

    /** @return who sees the next roll */
    public Visibility visibility() {
        return visibilityOf(visibility);
    }

    private static Visibility visibilityOf(String text) {
        try {
            return Visibility.valueOf(text == null ? "PUBLIC" : text.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return Visibility.PUBLIC;
        }
    }

    public String getSystem() {
        return system;
    }

    public String getProcedure() {
        return procedure;
    }

    public String getSystemName() {
        return systemName;
    }

    public String getProcedureName() {
        return procedureName;
    }

    /** @return the installed systems, to change procedure */
    public List<SystemCard> getSystems() {
        return systems;
    }

    /** @return whether a system and procedure were found to roll with */
    public boolean isRollable() {
        return rollable;
    }

    public String getVisibility() {
        return visibility;
    }

    public void setVisibility(String visibility) {
        this.visibility = visibilityOf(visibility).name().toLowerCase(Locale.ROOT);
    }

    /** @return the id of the character the next roll is for; empty for none */
    public String getCharacter() {
        return character;
    }

    public void setCharacter(String character) {
        this.character = character;
    }

    /** @return whether a character is chosen for the next roll */
    public boolean hasCharacter() {
        return character != null && !character.isEmpty();
    }

    /**
     * {@link RollChoice}'s request-scoped twin, for the plays made without the table page's view ({@code TablePlay}):
     * their pages keep no state, and a view-scoped bean used there would start a view scope at every play, kept in the
     * session among the last 25 views', where it pushed out the table page's own.
     */
    @RequestScoped
    @Typed(InPlay.class)
    public static class InPlay extends RollChoice {

        private static final long serialVersionUID = 1L;
    }
}
