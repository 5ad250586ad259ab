package io.dicehall.web.ui.table;

import io.dicehall.api.Text;
import io.dicehall.web.platform.ProblemException;
import io.dicehall.web.platform.Refusal;
import io.dicehall.web.systems.control.InstalledSystem;
import io.dicehall.web.systems.control.InstalledSystem.InstalledProcedure;
import io.dicehall.web.systems.control.Rules;
import io.dicehall.web.systems.control.SystemRegistry;
import io.dicehall.web.tables.control.TableService;
import io.dicehall.web.tables.control.Viewer;
import io.dicehall.web.tables.entity.GameTable;
import io.dicehall.web.tables.entity.Member;
import io.dicehall.web.tables.entity.Visibility;
import io.dicehall.web.ui.faces.Labels;
import io.dicehall.web.ui.home.SystemCard;
import io.dicehall.web.ui.roll.RollForm;
import io.dicehall.web.ui.roll.RollerKeys;
import io.dicehall.web.ui.table.feed.TableFeed;
import io.dicehall.web.ui.table.kit.TableCharacters;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Rolling at a table: which system and procedure (the generic {@link RollForm} draws its form and odds), who
 * sees the roll, and the throw itself, made as this browser's member through {@link TableService#roll}.
 */
@Named
@ViewScoped
public class TableRollForm implements RollForm.Thrower {

    private static final long serialVersionUID = 1L;

    @Inject
    TableService tables;

    @Inject
    Rules rules;

    @Inject
    SystemRegistry registry;

    @Inject
    TableKeys keys;

    @Inject
    RollerKeys rollerKeys;

    @Inject
    RollForm form;

    @Inject
    TableFeed feed;

    @Inject
    TableCharacters people;

    private String tableId;
    private String system;
    private String procedure;
    private String systemName = "";
    private String procedureName = "";
    private List<SystemCard> systems = List.of();
    private boolean rollable;
    private String visibility = "public";
    private boolean byHand;
    private String faces = "";

    /** Sets up the form for a system and procedure (the first installed when none or an unknown one is named). */
    void open(String table, String systemId, String procedureId, Map<String, String> prefill) {
        tableId = table;
        systems = registry.all().stream().map(SystemCard::new).toList();
        try {
            InstalledSystem installed = systemId == null || systemId.isEmpty()
                    ? registry.all().stream().findFirst().orElseThrow(() -> Refusal.of(Refusal.Kind.UNKNOWN, "none", "", ""))
                    : rules.system(Text.isKebab(systemId) ? systemId : "");
            InstalledProcedure chosen = procedureId == null || procedureId.isEmpty() ? installed.procedures().get(0)
                    : rules.procedure(installed.id(), Text.isKebab(procedureId) ? procedureId : "");
            system = installed.id();
            procedure = chosen.id();
            systemName = installed.name();
            procedureName = chosen.name();
            form.start(installed.id(), chosen);
            form.prefill(prefill);
            form.throwWith(this);
            rollable = true;
        } catch (ProblemException unknown) {
            rollable = false;
        }
    }

    /** Rolls for {@link RollForm} as the joined member, with the chosen visibility. */
    @Override
    public void roll(String systemId, String procedureId, Map<String, Object> inputs, String note) {
        GameTable table = tables.table(tableId);
        Viewer viewer = tables.viewer(table, keys.ownerKey(tableId), keys.memberKey(tableId), null);
        if (viewer.memberId() == null) {
            throw Refusal.of(Refusal.Kind.NOT_ALLOWED, "join-first", "Join first", Labels.current().get("table.joinFirst"));
        }
        Member me = tables.member(tableId, keys.memberKey(tableId));
        TableService.Roll made = tables.rollFor(tableId, viewer, systemId, procedureId, inputs, note, me.name(),
                visibilityOf(visibility), byHand ? faces(faces) : null, people.rollingFor(viewer));
        faces = "";
        rollerKeys.remember(made.roll().id(), made.rollerKey());
        feed.rolled(made.roll().id());
    }

    /** @return faces typed in one box, e.g. "3 5 1" or "+, 0, -": split at spaces and commas */
    public static List<String> faces(String typed) {
        String text = typed == null ? "" : typed.strip();
        return text.isEmpty() ? List.of() : List.of(text.split("[\\s,;]+"));
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

    public String getVisibility() {
        return visibility;
    }

    public void setVisibility(String visibility) {
        this.visibility = visibilityOf(visibility).name().toLowerCase(Locale.ROOT);
    }
}
