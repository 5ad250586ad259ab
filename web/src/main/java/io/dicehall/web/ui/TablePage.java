package io.dicehall.web.ui;

import io.dicehall.api.Text;
import io.dicehall.api.state.RollState;
import io.dicehall.web.platform.Ids;
import io.dicehall.web.platform.Problem;
import io.dicehall.web.platform.ProblemException;
import io.dicehall.web.systems.control.InstalledSystem;
import io.dicehall.web.systems.control.InstalledSystem.InstalledProcedure;
import io.dicehall.web.systems.control.Rules;
import io.dicehall.web.systems.control.SystemRegistry;
import io.dicehall.web.tables.control.TableService;
import io.dicehall.web.tables.control.Viewer;
import io.dicehall.web.tables.entity.GameTable;
import io.dicehall.web.tables.entity.Visibility;
import io.dicehall.web.ui.home.SystemCard;
import io.dicehall.web.ui.roll.MoveView;
import io.dicehall.web.ui.roll.StateView;
import io.dicehall.web.ui.table.LogEntry;
import io.dicehall.web.ui.table.MemberView;
import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A table's page ({@code table.xhtml?t=…}): its name, members and verifiability, joining, the rolling
 * form (the generic {@link RollForm}, rolling through {@link TableService#roll}), closing for the owner,
 * and the live log, read through {@link TableService#log} with the viewer this session's keys prove.
 */
@Named
@ViewScoped
public class TablePage implements RollForm.Thrower {

    private static final long serialVersionUID = 1L;

    /** The longest display name, as the API allows. */
    static final int NAME_LENGTH = 60;

    /** How many log entries a page shows. */
    static final int LOG_LENGTH = 50;

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
    TableLive live;

    private String id;
    private String system;
    private String procedure;
    private boolean found;

    private String name = "";
    private boolean closed;
    private boolean verifiable;
    private String commitment;
    private String seed;
    private List<MemberView> members = List.of();
    private List<SystemCard> systems = List.of();
    private String systemName = "";
    private String procedureName = "";
    private boolean rollable;

    private String joinName = "";
    private String joinProblem = "";
    private String visibility = "public";
    private String problem = "";
    private List<LogEntry> log;

    /** Opens the page: an unknown or malformed table id answers 404 with nothing more. */
    public void open() {
        try {
            read(tables.table(id));
            found = true;
        } catch (ProblemException unknown) {
            found = false;
            FacesContext.getCurrentInstance().getExternalContext().setResponseStatus(404);
            return;
        }
        live.watch(id);
        systems = registry.all().stream().map(SystemCard::new).toList();
        try {
            InstalledSystem installed = system == null || system.isEmpty()
                    ? registry.all().stream().findFirst().orElseThrow(() -> Problem.of(404, "none", "", "").exception())
                    : rules.system(Text.isKebab(system) ? system : "");
            InstalledProcedure chosen = procedure == null || procedure.isEmpty() ? installed.procedures().get(0)
                    : rules.procedure(installed.id(), Text.isKebab(procedure) ? procedure : "");
            system = installed.id();
            procedure = chosen.id();
            systemName = installed.name();
            procedureName = chosen.name();
            form.start(installed.id(), chosen);
            form.throwWith(this);
            rollable = true;
        } catch (ProblemException unknown) {
            rollable = false;
        }
    }

    private void read(GameTable table) {
        name = table.name();
        closed = table.closed();
        verifiable = table.verifiable();
        commitment = table.seedCommitment();
        seed = table.closed() ? table.seed() : null;
        Viewer viewer = viewer(table);
        members = tables.members(table).stream()
                .map(m -> new MemberView(m.name(), m.id().equals(viewer.memberId()))).toList();
    }

    private Viewer viewer(GameTable table) {
        return tables.viewer(table, keys.ownerKey(table.id()), keys.memberKey(table.id()), null);
    }

    /** Re-reads the table and its log (on a push, or after an action). */
    public void refresh() {
        try {
            read(tables.table(id));
        } catch (ProblemException gone) {
            found = false;
        }
        log = null;
    }

    public void join() {
        String text = joinName == null ? "" : joinName.strip();
        if (text.isEmpty() || text.length() > NAME_LENGTH) {
            joinProblem = Labels.current().get("table.join.invalid", NAME_LENGTH);
            return;
        }
        try {
            TableService.Joined joined = tables.join(id, text);
            keys.join(id, joined.memberKey(), joined.member().name());
            joinProblem = "";
        } catch (ProblemException e) {
            joinProblem = e.problem().detail();
        }
        refresh();
    }

    /** Rolls for {@link RollForm} as the joined member, with the chosen visibility. */
    @Override
    public void roll(String systemId, String procedureId, Map<String, Object> inputs, String note) {
        GameTable table = tables.table(id);
        Viewer viewer = viewer(table);
        if (viewer.memberId() == null) {
            throw Problem.of(403, "join-first", "Join first", Labels.current().get("table.joinFirst")).exception();
        }
        TableService.Roll made = tables.roll(id, viewer, systemId, procedureId, inputs, note, keys.memberName(id),
                visibilityOf(visibility));
        rollerKeys.remember(made.roll().id(), made.rollerKey());
        refresh();
    }

    private static Visibility visibilityOf(String text) {
        try {
            return Visibility.valueOf(text == null ? "PUBLIC" : text.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return Visibility.PUBLIC;
        }
    }

    /** A move on one of this session's rolls, with that roll's key. */
    public void move(LogEntry entry, MoveView move) {
        move.setMessage("");
        move.getForm().clearMessages();
        try {
            tables.move(id, entry.getRollId(), rollerKeys.key(entry.getRollId()), move.getId(), move.getForm().raw());
            refresh();
        } catch (ProblemException e) {
            Problem p = e.problem();
            if (p.violations().isEmpty()) {
                move.setMessage(p.detail());
            } else {
                move.getForm().show(p.violations(), "inputs", Labels.current());
            }
        }
    }

    /** Closes the table (owner only): no more rolls; a verifiable table reveals its seed. */
    public void close() {
        try {
            tables.close(id, keys.ownerKey(id));
            problem = "";
        } catch (ProblemException e) {
            problem = e.problem().detail();
        }
        refresh();
    }

    /** @return the log, newest first, as this session's viewer may see it */
    public List<LogEntry> getLog() {
        if (log == null) {
            log = readLog();
        }
        return log;
    }

    private List<LogEntry> readLog() {
        Labels labels = Labels.current();
        GameTable table;
        try {
            table = tables.table(id);
        } catch (ProblemException gone) {
            return List.of();
        }
        Viewer viewer = viewer(table);
        // Moves are offered on this session's newest roll still open (one set of move forms per page).
        boolean[] offered = {table.closed()};
        return tables.log(table, viewer, null, LOG_LENGTH).rolls().stream().map(r -> {
            RollState current = r.state();
            StateView state = StateView.of(current, labels);
            String rollId = r.roll().id();
            boolean mine = rollerKeys.key(rollId) != null;
            List<MoveView> moves = List.of();
            if (mine && !offered[0] && !current.complete()) {
                offered[0] = true;
                moves = current.moves().stream().map(m -> new MoveView(m, state)).toList();
            }
            String v = r.roll().visibility().name().toLowerCase(Locale.ROOT);
            return new LogEntry(rollId, r.roll().seq(), r.roll().roller(), r.roll().note(), v,
                    labels.get("table.visibility." + v), procedureName(r.roll().systemId(), r.roll().procedureId()),
                    state, mine, moves);
        }).toList();
    }

    private String procedureName(String systemId, String procedureId) {
        try {
            return rules.procedure(systemId, procedureId).name() + " — " + rules.system(systemId).name();
        } catch (ProblemException gone) {
            return systemId + " / " + procedureId;
        }
    }

    public String getId() {
        return id;
    }

    public void setId(String id) {
        this.id = Ids.wellFormed(id) ? id : null;
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

    public boolean isFound() {
        return found;
    }

    public String getName() {
        return name;
    }

    public boolean isClosed() {
        return closed;
    }

    public boolean isVerifiable() {
        return verifiable;
    }

    public String getCommitment() {
        return commitment;
    }

    /** @return the seed once the table is closed, else null */
    public String getSeed() {
        return seed;
    }

    public List<MemberView> getMembers() {
        return members;
    }

    public List<SystemCard> getSystems() {
        return systems;
    }

    public String getSystemName() {
        return systemName;
    }

    public String getProcedureName() {
        return procedureName;
    }

    /** @return whether a system and procedure were found to roll with */
    public boolean isRollable() {
        return rollable;
    }

    /** @return whether this session opened the table */
    public boolean isOwner() {
        return id != null && keys.ownerKey(id) != null;
    }

    /** @return whether this session joined the table */
    public boolean isJoined() {
        return id != null && keys.memberKey(id) != null;
    }

    /** @return the name this session joined with; may be null */
    public String getMemberName() {
        return id == null ? null : keys.memberName(id);
    }

    /** @return the absolute invite link */
    public String getInvite() {
        return OpenTable.inviteLink(id);
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

    public String getVisibility() {
        return visibility;
    }

    public void setVisibility(String visibility) {
        this.visibility = visibilityOf(visibility).name().toLowerCase(Locale.ROOT);
    }

    public String getProblem() {
        return problem;
    }
}
