package io.dicehall.web.ui.table;

import io.dicehall.web.platform.Ids;
import io.dicehall.web.platform.Refusal;
import io.dicehall.web.tables.control.Members;
import io.dicehall.web.tables.control.Tables;
import io.dicehall.web.tables.control.Viewer;
import io.dicehall.web.tables.entity.GameTable;
import io.dicehall.web.ui.faces.Addresses;
import io.dicehall.web.ui.roll.Prefill;
import io.dicehall.web.ui.table.feed.TableFeed;
import io.dicehall.web.ui.table.kit.SavedRolls;
import io.dicehall.web.ui.table.kit.TableKit;
import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import java.util.List;

/**
 * A table's page ({@code /tables/{id}}): opening it (the keys this browser brought, then each part of the page),
 * the table itself — its name, its members with the GM marked, whether it is verifiable or closed — and reading
 * it again on a push or when the live connection opens. What a browser does with its seat is {@link TableSeat},
 * the owner's tools are {@link TableOwner}; the feed is {@link TableFeed}, rolling {@link TableRollForm}, the
 * saved rolls and characters the kit ({@link TableKit}). See the package's description for who uses whom.
 */
@Named
@ViewScoped
public class TablePage implements Serializable {

    private static final long serialVersionUID = 1L;

    /** The longest display name, as the API allows. */
    public static final int NAME_LENGTH = 60;

    @Inject
    Members tableMembers;

@Inject
    Tables tables;

    @Inject
    TableKeys keys;

    @Inject
    TableLive live;

    @Inject
    TableFeed feed;

    @Inject
    TableRollForm roller;

    @Inject
    RollChoice choice;

    @Inject
    TableKit kit;

    @Inject
    SavedRolls saved;

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
    private String myId;

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
            cookies.takeBack(table);
            read(table);
            found = true;
        } catch (Refusal unknown) {
            found = false;
            FacesContext.getCurrentInstance().getExternalContext().setResponseStatus(404);
            return;
        }
        live.watch(id);
        feed.open(id);
        kit.open(id);
        roller.open(id, system, procedure, Prefill.fromRequest());
        saved.open();
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
        Viewer viewer = tableMembers.viewer(table, keys.ownerKey(table.id()), keys.memberKey(table.id()), null);
        myName = null;
        myId = viewer.memberId();
        members = tableMembers.members(table).stream().map(m -> {
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
        } catch (Refusal gone) {
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
        kit.refresh();
    }

    /**
     * Re-reads the table's characters (on a push) and redraws their list where this page shows it: only to a
     * member who may roll here, and never the forms beside it, where someone may be typing.
     */
    public void charactersChanged() {
        kit.refresh();
        FacesContext context = FacesContext.getCurrentInstance();
        if (isJoined() && !closed && choice.isRollable() && context != null
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
        kit.refresh();
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

    /** @return whether guests may roll at the table */
    public boolean isGuestsAllowed() {
        return guestsAllowed;
    }

    /** @return after how many minutes without a move a roll's moves end (the owner types another to change it) */
    public int getIdleMinutes() {
        return idleMinutes;
    }

    public void setIdleMinutes(int idleMinutes) {
        this.idleMinutes = idleMinutes;
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

    /** @return the id of the member this session sits at the table as (public, as the API's seats show); or null */
    public String getMemberId() {
        return myName == null ? null : myId;
    }

    /** @return the absolute address of the table: its invite */
    public String getInvite() {
        return Addresses.absolute(Addresses.table(id));
    }

    /** @return what the last action on the table or the seat said went wrong; empty when nothing did */
    public String getProblem() {
        return problem;
    }

    void say(String text) {
        problem = text;
    }
}
