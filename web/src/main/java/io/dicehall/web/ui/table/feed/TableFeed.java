package io.dicehall.web.ui.table.feed;

import io.dicehall.api.state.RollState;
import io.dicehall.web.platform.Refusal;
import io.dicehall.web.tables.control.TableLog;
import io.dicehall.web.tables.entity.TableRoll;
import io.dicehall.web.ui.roll.RollCard;
import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A table's feed: its newest rolls as this browser may see them (and, for the others, that they exist), and
 * the roll this page made last (shown beside its form). Playing the rolls shown is {@link FeedPlayer}'s.
 *
 * <p>A roll or a live push costs what changed, not the length of the log: the feed is held as {@link FeedRows}
 * whose client ids never change while the page lives (older pages loaded on demand), so an answer renders one
 * row. Before asking for a new row, the page's script puts an empty placeholder with the row's id where the row
 * goes and names it in the request ({@value FeedRequest#CLAIM}); the server fills exactly that row, or, when the two
 * disagree (a request lost, two pages of one session), reads the whole feed again, which is always right.
 */
@Named
@ViewScoped
public class TableFeed implements Serializable {

    private static final long serialVersionUID = 1L;

    /** How many rolls a page of the feed holds: the feed opens with the newest page. */
    public static final int LENGTH = 50;

    @Inject
    TableLog tableLog;

    @Inject
    FeedCards feed;

    @Inject
    SeatRolls seat;

    private String tableId;
    private String yoursId;
    private RollCard yours;
    /** The rows shown; null until the feed is read (again). */
    private FeedRows rows;
    private transient Map<String, RollState> states;

    public void open(String id) {
        tableId = id;
    }

    String tableId() {
        return tableId;
    }

    /** Reads the whole feed again at its next showing (the table changed, or the page caught up after a break). */
    public void refresh() {
        rows = null;
        yours = null;
    }

    /**
     * @return whether the newest page of the log differs from what the page shows of it (a roll, a move or a
     *     change of who sees one that the page missed, e.g. while its connection was down)
     */
    public boolean stale() {
        if (rows == null) {
            return true;
        }
        FeedCards.At at = context();
        if (at == null) {
            return true;
        }
        FeedCards.Brief newest = feed.newest(at, LENGTH);
        return !newest.rolls().equals(rows.brief(newest.from()));
    }

    /** @return the rows shown, reading the newest page when needed */
    private FeedRows rows() {
        if (rows == null) {
            rows = new FeedRows();
            FeedCards.At at = context();
            if (at != null) {
                readPage(at, null);
            }
        }
        return rows;
    }

    /** @return the pages read from the log, newest first, reading the newest page when needed */
    public List<List<RollCard>> getPages() {
        return rows().pages();
    }

    /** @return the rolls that arrived since the feed was read, oldest first (the page shows them newest first) */
    public List<RollCard> getFresh() {
        return rows().fresh();
    }

    /** @return the id of the row the next roll to arrive will fill: the page keeps a placeholder with it */
    public String getNextRow() {
        return rows().nextRow();
    }

    /** @return the id of the list the next older page fills: the page keeps a placeholder with it */
    public String getNextPage() {
        return rows().nextPage();
    }

    /** @return whether the feed shows nothing at all */
    public boolean isShowsNothing() {
        return rows().showsNothing();
    }

    /** @return whether older rolls than those shown exist */
    public boolean isMore() {
        return rows().older() != null;
    }

    /** Shows the next older page of the log at the end of the feed. */
    public void more() {
        FeedRows shown = rows();
        FeedCards.At at = context();
        if (shown.older() == null || at == null) {
            return;
        }
        String list = shown.nextPage();
        readPage(at, shown.older());
        FeedRequest.render(list, "feed-more");
    }

    /**
     * A push said a roll was made or changed (by its number at the table): the page asks for its row. A new roll
     * fills the placeholder the page named; a roll already shown is drawn again where it is.
     */
    public void arrive() {
        Long seq = FeedRequest.seq();
        rows();
        FeedCards.At at = context();
        if (seq == null || at == null) {
            return;
        }
        place(at, seq, FeedRequest.claim());
    }

    /**
     * The roll this page just made: shown beside the form, playable there, and as a new row of the feed.
     *
     * @param made the roll as stored, with its number at the table
     */
    public void rolled(TableRoll made) {
        String rollId = made.id();
        String before = seat.rolled(tableId, rollId);
        yoursId = rollId;
        yours = null;
        rows();
        FeedCards.At at = context();
        if (at == null) {
            return;
        }
        place(at, made.seq(), FeedRequest.claim());
        if (before != null && !before.equals(rollId)) {
            // The roll shown beside the form until now goes back to being played in its row.
            try {
                long seq = tableLog.secret(tableId, before).seq();
                String row = rows == null ? null : rows.rowOf(seq); // none when the whole feed is drawn again
                if (row != null) {
                    update(at, seq, row);
                }
            } catch (Refusal gone) {
                // nothing to draw again
            }
        }
    }

    /**
     * Called before the page is drawn. A request that claimed a row for a roll that was not made (refused) fills
     * it with nothing, so the page's rows and the server's stay in step; when the whole feed is drawn, the rolls
     * that arrived meanwhile join the newest page, so that it is drawn newest first.
     */
    public void settle() {
        FacesContext context = FacesContext.getCurrentInstance();
        if (rows == null || context == null) {
            return;
        }
        var partial = context.getPartialViewContext();
        if (!partial.isAjaxRequest() || partial.isRenderAll() || partial.getRenderIds().contains("feed")) {
            rows.merge();
            return;
        }
        String claim = FeedRequest.claim();
        if (claim != null && !context.getAttributes().containsKey(FeedRequest.CLAIM) && claim.equals(rows.nextRow())) {
            rows.arrived(null);
            FeedRequest.render(claim);
        }
    }

    private void place(FeedCards.At at, long seq, String claim) {
        String where = rows.rowOf(seq);
        if (claim == null && where == null) {
            redrawAll(); // a new roll, and no row prepared for it (a page without its script)
            return;
        }
        if (claim != null) {
            FacesContext.getCurrentInstance().getAttributes().put(FeedRequest.CLAIM, claim);
            if (claim.equals(where)) {
                update(at, seq, where);
                return;
            }
            if (!claim.equals(rows.nextRow())) {
                redrawAll();
                return;
            }
            // A roll already shown (this page's own, drawn by its answer) leaves the prepared row empty.
            rows.arrived(where == null ? card(at, seq) : null);
            FeedRequest.render(claim);
            return;
        }
        update(at, seq, where);
    }

    /** Draws one shown roll again, as it stands now. */
    private void update(FeedCards.At at, long seq, String row) {
        RollCard now = card(at, seq);
        if (now == null) {
            return;
        }
        rows.replace(seq, now);
        FeedRequest.render(row);
        if (yoursId != null && yoursId.equals(now.getRollId())) {
            yours = null;
            FeedRequest.render("yours");
        }
    }

    /** Reads the whole feed again and draws it whole. */
    private void redrawAll() {
        refresh();
        FeedRequest.render("feed", "yours");
    }

    /** @return the roll this page made last, as it stands now; null before the first roll */
    public RollCard getYours() {
        if (yoursId() == null) {
            return null;
        }
        if (yours == null) {
            FeedCards.At at = context();
            if (at == null) {
                return null;
            }
            try {
                yours = card(at, tableLog.secret(tableId, yoursId).seq());
            } catch (Refusal gone) {
                yoursId = null;
            }
        }
        return yours;
    }

    /** @return whether a card is the one shown beside the form (so its moves are played there, not in the feed) */
    public boolean beside(RollCard card) {
        return card != null && card.getRollId() != null && card.getRollId().equals(yoursId());
    }

    /**
     * @return the roll this session made last at the table (kept for the session, as a roll may be made without
     *     this view), dropping the card drawn for another
     */
    private String yoursId() {
        String now = seat.latest(tableId);
        if (!java.util.Objects.equals(now, yoursId)) {
            yoursId = now;
            yours = null;
        }
        return yoursId;
    }

    /** Draws a shown roll again after this page changed it (a move, a reveal), and its card beside the form. */
    void changed(long seq) {
        FeedRows shown = rows();
        FeedCards.At at = context();
        String row = shown.rowOf(seq);
        if (at != null && row != null) {
            update(at, seq, row);
        }
        RollCard mine = yours;
        if (mine != null && mine.getSeq() == seq) {
            yours = null;
            FeedRequest.render("yours");
        }
    }

    private FeedCards.At context() {
        return feed.at(tableId);
    }

    /** Reads one page of the log, newest first, at the end of the rows, noting where the next older page starts. */
    private void readPage(FeedCards.At at, Long before) {
        FeedCards.Page page = feed.page(at, before, LENGTH, states());
        rows.add(page.cards(), page.older());
    }

    private RollCard card(FeedCards.At at, long seq) {
        return feed.card(at, seq, states());
    }

    private Map<String, RollState> states() {
        if (states == null) {
            states = new HashMap<>();
        }
        return states;
    }
}
