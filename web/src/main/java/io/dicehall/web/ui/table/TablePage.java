package io.dicehall.web.ui.table;

import io.dicehall.web.platform.Ids;
import io.dicehall.web.platform.ProblemException;
import io.dicehall.web.tables.control.TableService;
import io.dicehall.web.tables.control.Viewer;
import io.dicehall.web.tables.entity.GameTable;
import io.dicehall.web.ui.faces.Addresses;
import io.dicehall.web.ui.faces.Labels;
import io.dicehall.web.ui.roll.Prefill;
import io.dicehall.web.ui.roll.RollerKeys;
import io.dicehall.web.ui.table.feed.TableFeed;
import io.dicehall.web.ui.table.kit.TableCharacters;
import jakarta.faces.context.ExternalContext;
import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * A table's page ({@code /tables/{id}}): the table itself — its name, its members with the GM marked,
 * whether it is verifiable or closed — and what a browser does with its seat: join, change name, leave, and
 * for the owner rename and close. The feed is {@link TableFeed}, rolling is {@link TableRollForm}; the keys
 * this browser holds are {@link TableKeys} and {@link RollerKeys}.
 */
@Named
@ViewScoped
public class TablePage implements Serializable {

    private static final long serialVersionUID = 1L;

    /** The longest display name, as the API allows. */
    public static final int NAME_LENGTH = 60;

    /** The longest table name, as the API allows. */
    static final int TABLE_NAME_LENGTH = 200;

    @Inject
    TableService tables;

    @Inject
    TableKeys keys;

    @Inject
    TableLive live;

    @Inject
    TableFeed feed;

    @Inject
    TableRollForm roller;

    @Inject
    TableCharacters people;

    @Inject
    SeatCookies cookies;

    private String id;
    private String system;
    private String procedure;
    private boolean found;

    private String name = "";
    private boolean closed;
    private boolean verifiable;
    private boolean physicalDice;
    private boolean guestsAllowed;
    private int idleMinutes;
    private String commitment;
    private String seed;
    private List<MemberView> members = List.of();
    private String myName;

    private String joinName = "";
    private String joinProblem = "";
    private String newName = "";
    private String newTableName = "";
    private String problem = "";

    /** Opens the page: an unknown or malformed table id answers 404 with nothing more. */
    public void open() {
        if (id == null) {
            found = false;
            FacesContext.getCurrentInstance().getExternalContext().setResponseStatus(404);
            return;
        }
        try {
            GameTable table = tables.table(id);
            takeBackKeys(table);
            read(table);
            found = true;
        } catch (ProblemException unknown) {
            found = false;
            FacesContext.getCurrentInstance().getExternalContext().setResponseStatus(404);
            return;
        }
        live.watch(id);
        feed.open(id);
        people.open(id);
        roller.open(id, system, procedure, Prefill.fromRequest());
        newTableName = name;
    }

    /**
     * Takes this browser's keys at the table back from its cookies into the session (a session that expired, a
     * browser restarted), each checked against the table; and keeps in cookies the keys the session holds.
     */
    private void takeBackKeys(GameTable table) {
        String owner = keys.ownerKey(table.id());
        if (owner == null) {
            String brought = cookies.brought(SeatCookies.OWNER);
            if (brought != null && tables.viewer(table, brought, null, null).owner()) {
                keys.own(table.id(), brought);
            }
        } else if (cookies.brought(SeatCookies.OWNER) == null) {
            cookies.keep(table.id(), SeatCookies.OWNER, owner);
        }
        String member = keys.memberKey(table.id());
        if (member == null) {
            String brought = cookies.brought(SeatCookies.MEMBER);
            if (brought != null) {
                try {
                    keys.join(table.id(), brought, tables.member(table.id(), brought).name());
                } catch (ProblemException gone) {
                    cookies.forget(table.id(), SeatCookies.MEMBER); // the seat was left elsewhere
                }
            }
        } else if (cookies.brought(SeatCookies.MEMBER) == null) {
            cookies.keep(table.id(), SeatCookies.MEMBER, member);
        }
    }

    private void read(GameTable table) {
        name = table.name();
        closed = table.closed();
        verifiable = table.verifiable();
        physicalDice = table.physicalDice();
        guestsAllowed = table.guestsAllowed();
        idleMinutes = Math.max(1, table.idleSeconds() / 60);
        commitment = table.seedCommitment();
        seed = table.closed() ? table.seed() : null;
        Viewer viewer = tables.viewer(table, keys.ownerKey(table.id()), keys.memberKey(table.id()), null);
        myName = null;
        members = tables.members(table).stream().map(m -> {
            boolean me = m.id().equals(viewer.memberId());
            if (me) {
                myName = m.name();
            }
            return new MemberView(m.name(), me, m.gm());
        }).toList();
        if (myName == null && keys.memberKey(table.id()) != null) {
            keys.leave(table.id()); // the seat is gone (left elsewhere): this browser is a guest again
        }
    }

    /**
     * Re-reads the table and its members (on a push, or after an action). When what this browser may do
     * changed (the table closed, its seat is gone), the rolling area is drawn again too.
     */
    public void refresh() {
        boolean wasClosed = closed;
        boolean wasJoined = isJoined();
        boolean wasPhysical = physicalDice;
        try {
            read(tables.table(id));
        } catch (ProblemException gone) {
            found = false;
        }
        FacesContext context = FacesContext.getCurrentInstance();
        if ((wasClosed != closed || wasJoined != isJoined() || wasPhysical != physicalDice) && context != null
                && context.getPartialViewContext().isAjaxRequest()) {
            context.getPartialViewContext().getRenderIds().add("play");
        }
    }

    /** Re-reads everything: the table, its members and its feed (the table was renamed or closed). */
    public void refreshAll() {
        refresh();
        feed.refresh();
        people.refresh();
    }

    /**
     * Re-reads the table's characters (on a push) and redraws their list where this page shows it: only to a
     * member who may roll here, and never the forms beside it, where someone may be typing.
     */
    public void charactersChanged() {
        people.refresh();
        FacesContext context = FacesContext.getCurrentInstance();
        if (isJoined() && !closed && roller.isRollable() && context != null
                && context.getPartialViewContext().isAjaxRequest()) {
            context.getPartialViewContext().getRenderIds().addAll(List.of("people-count", "people"));
        }
    }

    /**
     * Re-reads everything when the page's live connection opens (the first time, and again after a break): a
     * push sent before the connection stood, or while it was down, would otherwise be lost until the next. Only
     * what changed is drawn again: nothing at all when the page was up to date, so its reader is not disturbed.
     */
    public void catchUp() {
        String before = shown();
        boolean feedStale = feed.stale();
        refresh();
        people.refresh();
        FacesContext context = FacesContext.getCurrentInstance();
        if (context == null || !context.getPartialViewContext().isAjaxRequest()) {
            return;
        }
        var render = context.getPartialViewContext().getRenderIds();
        if (feedStale) {
            feed.refresh();
        } else {
            render.removeAll(List.of("feed", "yours"));
        }
        if (shown().equals(before)) {
            render.removeAll(List.of("head", "members"));
        }
    }

    /** What the table's head and members show, in brief. */
    private String shown() {
        StringBuilder brief = new StringBuilder().append(found).append('|').append(name).append('|').append(closed)
                .append('|').append(physicalDice).append('|').append(seed).append('|').append(myName);
        members.forEach(m -> brief.append('|').append(m.getName()).append(m.isGm()).append(m.isMe()));
        return brief.toString();
    }

    /** Joins with a name (as the GM when this browser opened the table), then shows the table at its address. */
    public void join() {
        String text = joinName == null ? "" : joinName.strip();
        if (text.isEmpty() || text.length() > NAME_LENGTH) {
            joinProblem = Labels.current().get("table.join.invalid", NAME_LENGTH, text.length());
            return;
        }
        try {
            TableService.Joined joined = tables.join(id, text, keys.ownerKey(id));
            keys.join(id, joined.memberKey(), joined.member().name());
            cookies.keep(id, SeatCookies.MEMBER, joined.memberKey());
            joinProblem = "";
            showAgain();
        } catch (ProblemException e) {
            joinProblem = e.problem().detail();
        }
    }

    /** Changes the name the others see. */
    public void rename() {
        String text = newName == null ? "" : newName.strip();
        if (text.isEmpty() || text.length() > NAME_LENGTH) {
            problem = Labels.current().get("table.join.invalid", NAME_LENGTH, text.length());
            return;
        }
        try {
            tables.renameMember(id, keys.memberKey(id), text);
            keys.join(id, keys.memberKey(id), text);
            problem = "";
            newName = "";
        } catch (ProblemException e) {
            problem = e.problem().detail();
        }
        refreshAll();
    }

    /** Leaves the table: this browser becomes a guest who sees its public rolls. */
    public void leave() {
        try {
            tables.leave(id, keys.memberKey(id));
        } catch (ProblemException gone) {
            // already gone: the same outcome
        }
        keys.leave(id);
        cookies.forget(id, SeatCookies.MEMBER);
        showAgain();
    }

    /** Renames the table (owner only). */
    public void renameTable() {
        String text = newTableName == null ? "" : newTableName.strip();
        if (text.isEmpty() || text.length() > TABLE_NAME_LENGTH) {
            problem = Labels.current().get("open.name.invalid", TABLE_NAME_LENGTH);
            return;
        }
        try {
            tables.rename(id, keys.ownerKey(id), text);
            problem = "";
        } catch (ProblemException e) {
            problem = e.problem().detail();
        }
        refresh();
    }

    /** Allows (or stops allowing) dice thrown by hand at the table (owner only; never a verifiable table). */
    public void togglePhysicalDice() {
        try {
            tables.allowPhysicalDice(id, keys.ownerKey(id), !physicalDice);
            problem = "";
        } catch (ProblemException e) {
            problem = e.problem().detail();
        }
        refresh();
        FacesContext context = FacesContext.getCurrentInstance();
        if (context != null && context.getPartialViewContext().isAjaxRequest()) {
            context.getPartialViewContext().getRenderIds().add("play");
        }
    }

    /** Lets guests (the invite without a seat) roll at the table, or stops them (owner only). */
    public void toggleGuests() {
        try {
            tables.allowGuests(id, keys.ownerKey(id), !guestsAllowed);
            problem = "";
        } catch (ProblemException e) {
            problem = e.problem().detail();
        }
        refresh();
    }

    /** Sets after how many minutes without a move a roll's open moves end by themselves (owner only). */
    public void changeIdle() {
        try {
            tables.endIdleRollsAfter(id, keys.ownerKey(id), idleMinutes * 60);
            problem = "";
        } catch (ProblemException e) {
            problem = e.problem().detail();
        }
        refresh();
    }

    /** @return whether guests may roll at the table */
    public boolean isGuestsAllowed() {
        return guestsAllowed;
    }

    /** @return after how many minutes without a move a roll's moves end */
    public int getIdleMinutes() {
        return idleMinutes;
    }

    public void setIdleMinutes(int idleMinutes) {
        this.idleMinutes = idleMinutes;
    }

    /** Closes the table (owner only): no more rolls; a verifiable table reveals its seed. */
    public void close() {
        try {
            tables.close(id, keys.ownerKey(id));
            problem = "";
        } catch (ProblemException e) {
            problem = e.problem().detail();
        }
        refreshAll();
    }

    /**
     * Opens the table's page again at its own address, so the address bar holds the invite (with the procedure
     * chosen, when the address had chosen one).
     */
    private void showAgain() {
        ExternalContext external = FacesContext.getCurrentInstance().getExternalContext();
        try {
            String chosen = roller.isRollable() && system != null && !system.isEmpty()
                    ? "?system=" + roller.getSystem() + "&procedure=" + roller.getProcedure() : "";
            external.redirect(external.getRequestContextPath() + Addresses.table(id) + chosen);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
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

    /** @return whether members may enter the faces of dice they threw by hand */
    public boolean isPhysicalDice() {
        return physicalDice;
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

    /** @return whether this session opened the table */
    public boolean isOwner() {
        return id != null && keys.ownerKey(id) != null;
    }

    /** @return whether this session sits at the table */
    public boolean isJoined() {
        return myName != null;
    }

    /** @return the name this session sits at the table with; null when it has not joined */
    public String getMemberName() {
        return myName;
    }

    /** @return the absolute address of the table: its invite */
    public String getInvite() {
        return Addresses.absolute(Addresses.table(id));
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

    public String getNewTableName() {
        return newTableName;
    }

    public void setNewTableName(String newTableName) {
        this.newTableName = newTableName;
    }

    public String getProblem() {
        return problem;
    }
}
