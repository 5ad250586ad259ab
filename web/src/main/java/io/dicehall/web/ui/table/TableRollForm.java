package io.dicehall.web.ui.table;

import io.dicehall.api.Text;
import io.dicehall.web.characters.control.Characters;
import io.dicehall.web.platform.Refusal;
import io.dicehall.web.systems.control.InstalledSystem;
import io.dicehall.web.systems.control.InstalledSystem.InstalledProcedure;
import io.dicehall.web.systems.control.Rules;
import io.dicehall.web.systems.control.SystemRegistry;
import io.dicehall.web.tables.control.Members;
import io.dicehall.web.tables.control.TableLog;
import io.dicehall.web.tables.control.TableRolls;
import io.dicehall.web.tables.control.Tables;
import io.dicehall.web.tables.control.Viewer;
import io.dicehall.web.ui.faces.Labels;
import io.dicehall.web.ui.home.SystemCard;
import io.dicehall.web.ui.roll.RollForm;
import io.dicehall.web.ui.roll.RollerKeys;
import io.dicehall.web.ui.table.feed.TableFeed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.enterprise.inject.Typed;
import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import java.util.List;
import java.util.Map;

/**
 * Rolling at a table with the form: sets the form up for the system and procedure the address names (the
 * generic {@link RollForm} draws it and its odds; the choice is kept in {@link RollChoice}), and makes the throw
 * — as this browser's member, for the chosen character, with dice thrown by hand when the player typed their
 * faces — through {@link io.dicehall.web.tables.control.TableRolls#rollFor}. The new roll goes to the {@link TableFeed}.
 */
@Named
@ViewScoped
public class TableRollForm implements Serializable {

    private static final long serialVersionUID = 1L;

    @Inject
    Members tableMembers;

@Inject
    TableRolls tableRolls;

@Inject
    Tables tables;

    @Inject
    Rules rules;

    @Inject
    SystemRegistry registry;

    @Inject
    Characters characters;

    @Inject
    TableKeys keys;

    @Inject
    RollerKeys rollerKeys;

    @Inject
    RollForm form;

    @Inject
    RollChoice choice;

    @Inject
    TableFeed feed;

    private String tableId;
    private boolean alone;
    private TableLog.Roll made;
    private transient Runnable told;
    private boolean byHand;
    private String faces = "";

    /** Sets up the form for a system and procedure (the first installed when none or an unknown one is named). */
    public void open(String table, String systemId, String procedureId, Map<String, String> prefill) {
        tableId = table;
        List<SystemCard> systems = registry.all().stream().map(SystemCard::new).toList();
        try {
            InstalledSystem installed = systemId == null || systemId.isEmpty()
                    ? registry.all().stream().findFirst().orElseThrow(() -> Refusal.of(Refusal.Kind.UNKNOWN, "none", "", ""))
                    : rules.system(Text.isKebab(systemId) ? systemId : "");
            InstalledProcedure chosen = procedureId == null || procedureId.isEmpty() ? installed.procedures().get(0)
                    : rules.procedure(installed.id(), Text.isKebab(procedureId) ? procedureId : "");
            form.start(installed.id(), chosen);
            form.prefill(prefill);
            choice.choose(installed.id(), installed.name(), chosen.id(), chosen.name(), systems);
        } catch (Refusal unknown) {
            choice.nothing(systems);
        }
    }

    /** The Roll button: rolls the form's values; a refusal is said in the form, which is then drawn again. */
    public void roll() {
        form.submit((system, procedure, inputs, note) -> roll(null, system, procedure, inputs, note));
        if (!form.getProblem().isEmpty() || form.isInvalid()) {
            // The answer draws the card and the new row alone; a refusal is said in the form.
            FacesContext context = FacesContext.getCurrentInstance();
            if (context != null && context.getPartialViewContext().isAjaxRequest()) {
                context.getPartialViewContext().getRenderIds().add("roll");
            }
        }
    }

    /**
     * @return what the roll made alone ({@link #rollAlone}) still has to do before anyone may hear of it: wait for
     *     the disk, then tell the table ({@link TableRolls.Made#told}); to run once its card is drawn
     */
    public Runnable told() {
        return told != null ? told : () -> { };
    }

    /**
     * Rolls the form's values without the table page's view (a play posted on its own, {@code TablePlay}): the
     * view learns of the roll when it next draws the roll beside the form.
     *
     * @param viewer who this browser is at the table, as the play has read it already
     * @return the new roll as stored, with its first state, or null when it was refused (said in the form:
     *     {@link RollForm#getProblem()}, {@link RollForm#isInvalid()})
     */
    public TableLog.Roll rollAlone(Viewer viewer) {
        alone = true;
        made = null;
        form.submit((system, procedure, inputs, note) -> roll(viewer, system, procedure, inputs, note));
        return form.getProblem().isEmpty() && !form.isInvalid() ? made : null;
    }

    /**
     * Rolls checked values as the joined member, with the chosen visibility and character.
     *
     * @param known who this browser is at the table when already read, else null (read now)
     */
    private void roll(Viewer known, String systemId, String procedureId, Map<String, Object> inputs, String note) {
        Viewer viewer = known != null ? known
                : tableMembers.viewer(tables.table(tableId), keys.ownerKey(tableId), keys.memberKey(tableId), null);
        if (viewer.memberId() == null) {
            throw Refusal.of(Refusal.Kind.NOT_ALLOWED, "join-first", "Join first", Labels.current().get("table.joinFirst"));
        }
        TableRolls.Tag tag = choice.hasCharacter()
                ? characters.rollingFor(tableId, viewer, choice.getCharacter(), choice.getSystem()) : null;
        // no name given: the roll goes under the member's seat's name
        TableRolls.Made rolled = tableRolls.rollForLater(tableId, viewer, systemId, procedureId, inputs, note, null,
                choice.visibility(), byHand ? faces(faces) : null, tag);
        TableLog.Roll made = rolled.roll();
        if (alone) {
            told = rolled.told(); // the play that rolled alone tells it once its card is drawn
        } else {
            rolled.told().run();
        }
        faces = "";
        rollerKeys.remember(made.roll().id(), made.rollerKey());
        this.made = made;
        if (!alone) {
            feed.rolled(made.roll());
        }
    }

    /** @return faces typed in one box, e.g. "3 5 1" or "+, 0, -": split at spaces and commas */
    public static List<String> faces(String typed) {
        String text = typed == null ? "" : typed.strip();
        return text.isEmpty() ? List.of() : List.of(text.split("[\\s,;]+"));
    }

    /** @return whether the player threw the dice by hand and types their faces */
    public boolean isByHand() {
        return byHand;
    }

    public void setByHand(boolean byHand) {
        this.byHand = byHand;
    }

    public String getFaces() {
        return faces;
    }

    public void setFaces(String faces) {
        this.faces = faces == null ? "" : faces;
    }

    /**
     * {@link TableRollForm}'s request-scoped twin, for the plays made without the table page's view
     * ({@code TablePlay}): their pages keep no state, and a view-scoped bean used there would start a view scope at
     * every play, kept in the session among the last 25 views', where it pushed out the table page's own. It fills in
     * the play's form and choice.
     */
    @RequestScoped
    @Typed(InPlay.class)
    public static class InPlay extends TableRollForm {

        private static final long serialVersionUID = 1L;

        @Inject
        void inPlay(RollForm.InPlay playForm, RollChoice.InPlay playChoice) {
            form = playForm;
            choice = playChoice;
        }
    }
}
