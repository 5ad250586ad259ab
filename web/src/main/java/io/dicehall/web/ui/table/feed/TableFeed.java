package io.dicehall.web.ui.table.feed;

import io.dicehall.api.state.RollState;
import io.dicehall.web.platform.ProblemException;
import io.dicehall.web.tables.control.TableService;
import io.dicehall.web.ui.roll.MovePlayer;
import io.dicehall.web.ui.roll.MoveView;
import io.dicehall.web.ui.roll.OddsView;
import io.dicehall.web.ui.roll.RollCard;
import io.dicehall.web.ui.roll.RollCards;
import io.dicehall.web.ui.roll.RollForm;
import io.dicehall.web.ui.roll.RollerKeys;
import io.dicehall.web.ui.table.TableKeys;
import io.dicehall.web.ui.table.TableRollForm;
import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A table's feed: its newest rolls as this browser may see them (and, for the others, that they exist), the
 * roll this page made last (shown beside its form), and the moves of every open roll this browser may play,
 * with their odds.
 *
 * <p>A roll or a live push costs what changed, not the length of the log: the feed is held as rows whose
 * client ids never change while the page lives — {@code fresh:N:e} for the N-th roll that arrived since the
 * feed was read, {@code pages:P:rows:I:e} for the I-th entry of the P-th page read from the log (newest first,
 * older pages loaded on demand) — so an answer renders one row. Before asking for a new row, the page's
 * script puts an empty placeholder with the row's id where the row goes and names it in the request
 * ({@value #CLAIM}); the server fills exactly that row, or, when the two disagree (a request lost, two pages
 * of one session), reads the whole feed again, which is always right.
 */
@Named
@ViewScoped
public class TableFeed implements MovePlayer {

    private static final long serialVersionUID = 1L;

    /** How many rolls a page of the feed holds: the feed opens with the newest page. */
    public static final int LENGTH = 50;

    /** The request parameter naming the placeholder row the page prepared for a new roll. */
    static final String CLAIM = "dh-claim";

    /** The request parameter naming the roll a push was about, by its number at the table. */
    static final String SEQ = "dh-seq";

    private static final String FRESH = "fresh";

    @Inject
    TableService tables;

    @Inject
    TableKeys keys;

    @Inject
    RollerKeys rollerKeys;

    @Inject
    RollCards cards;

    @Inject
    FeedCards feed;

    private String tableId;
    private String yoursId;
    private RollCard yours;
    /** The rolls that arrived since the feed was read, oldest first; a null row is a claim that was not needed. */
    private List<RollCard> fresh;
    /** The pages read from the log, newest first; each page newest first. */
    private List<List<RollCard>> pages;
    /** Where the next older page starts (exclusive), or null when the oldest roll is shown. */
    private Long older;
    private transient Map<String, RollState> states;

    public void open(String id) {
        tableId = id;
    }

    /** Reads the whole feed again at its next showing (the table changed, or the page caught up after a break). */
    public void refresh() {
        pages = null;
        fresh = null;
        older = null;
        yours = null;
    }

    /**
     * @return whether the newest page of the log differs from what the page shows of it (a roll, a move or a
     *     change of who sees one that the page missed, e.g. while its connection was down)
     */
    public boolean stale() {
        if (pages == null) {
            return true;
        }
        FeedCards.At at = context();
        if (at == null) {
            return true;
        }
        TableService.Page page = tables.log(at.table(), at.viewer(), null, LENGTH);
        long from = page.next() == null ? 1 : page.next();
        Map<Long, String> now = new TreeMap<>();
        page.rolls().forEach(r -> now.put(r.roll().seq(), r.roll().steps() + ":" + FeedCards.name(r.roll().visibility())));
        tables.secrets(at.table(), at.viewer(), from, Long.MAX_VALUE).forEach(h -> now.put(h.seq(), "hidden"));
        Map<Long, String> shown = new TreeMap<>();
        entries().stream().filter(c -> c.getSeq() >= from)
                .forEach(c -> shown.put(c.getSeq(), c.isHidden() ? "hidden" : c.getSteps() + ":" + c.getVisibility()));
        return !now.equals(shown);
    }

    /** @return every entry shown, newest first */
    private List<RollCard> entries() {
        List<RollCard> all = new ArrayList<>();
        for (int i = fresh.size() - 1; i >= 0; i--) {
            if (fresh.get(i) != null) {
                all.add(fresh.get(i));
            }
        }
        pages.forEach(all::addAll);
        return all;
    }

    /** @return the pages read from the log, newest first, reading the newest page when needed */
    public List<List<RollCard>> getPages() {
        if (pages == null) {
            pages = new ArrayList<>();
            fresh = new ArrayList<>();
            older = null;
            FeedCards.At at = context();
            if (at != null) {
                pages.add(readPage(at, null));
            }
        }
        return pages;
    }

    /** @return the rolls that arrived since the feed was read, oldest first (the page shows them newest first) */
    public List<RollCard> getFresh() {
        getPages();
        return fresh;
    }

    /** @return the id of the row the next roll to arrive will fill: the page keeps a placeholder with it */
    public String getNextRow() {
        return FRESH + ":" + getFresh().size() + ":e";
    }

    /** @return the id of the list the next older page fills: the page keeps a placeholder with it */
    public String getNextPage() {
        return "pages:" + getPages().size() + ":log";
    }

    /** @return whether the feed shows nothing at all */
    public boolean isShowsNothing() {
        return getPages().stream().allMatch(List::isEmpty) && getFresh().stream().allMatch(Objects::isNull);
    }

    /** @return whether older rolls than those shown exist */
    public boolean isMore() {
        getPages();
        return older != null;
    }

    /** Shows the next older page of the log at the end of the feed. */
    public void more() {
        getPages();
        FeedCards.At at = context();
        if (older == null || at == null) {
            return;
        }
        int index = pages.size();
        pages.add(readPage(at, older));
        render("pages:" + index + ":log", "feed-more");
    }

    /**
     * A push said a roll was made or changed (by its number at the table): the page asks for its row. A new roll
     * fills the placeholder the page named; a roll already shown is drawn again where it is.
     */
    public void arrive() {
        Long seq = seq();
        getPages();
        FeedCards.At at = context();
        if (seq == null || at == null) {
            return;
        }
        place(at, seq, claim());
    }

    /** The roll this page just made: shown beside the form, playable there, and as a new row of the feed. */
    public void rolled(String rollId) {
        String before = yoursId;
        yoursId = rollId;
        yours = null;
        getPages();
        FeedCards.At at = context();
        if (at == null) {
            return;
        }
        TableService.Secret made = tables.secret(tableId, rollId);
        place(at, made.seq(), claim());
        if (before != null && !before.equals(rollId)) {
            // The roll shown beside the form until now goes back to being played in its row.
            try {
                long seq = tables.secret(tableId, before).seq();
                String row = rowOf(seq);
                if (row != null) {
                    update(at, seq, row);
                }
            } catch (ProblemException gone) {
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
        if (pages == null || context == null) {
            return;
        }
        var partial = context.getPartialViewContext();
        if (!partial.isAjaxRequest() || partial.isRenderAll() || partial.getRenderIds().contains("feed")) {
            List<RollCard> arrived = new ArrayList<>(fresh);
            arrived.removeIf(Objects::isNull);
            Collections.reverse(arrived);
            if (!arrived.isEmpty()) {
                arrived.addAll(pages.isEmpty() ? List.of() : pages.get(0));
                if (pages.isEmpty()) {
                    pages.add(arrived);
                } else {
                    pages.set(0, arrived);
                }
            }
            fresh.clear();
            return;
        }
        String claim = claim();
        if (claim != null && !context.getAttributes().containsKey(CLAIM) && claim.equals(getNextRow())) {
            fresh.add(null);
            render(claim);
        }
    }

    private String claim() {
        FacesContext context = FacesContext.getCurrentInstance();
        String claim = context == null ? null : context.getExternalContext().getRequestParameterMap().get(CLAIM);
        return claim == null || claim.isEmpty() ? null : claim;
    }

    private void place(FeedCards.At at, long seq, String claim) {
        String where = rowOf(seq);
        if (claim == null && where == null) {
            redrawAll(); // a new roll, and no row prepared for it (a page without its script)
            return;
        }
        if (claim != null) {
            FacesContext.getCurrentInstance().getAttributes().put(CLAIM, claim);
            if (claim.equals(where)) {
                update(at, seq, where);
                return;
            }
            if (!claim.equals(getNextRow())) {
                redrawAll();
                return;
            }
            // A roll already shown (this page's own, drawn by its answer) leaves the prepared row empty.
            fresh.add(where == null ? card(at, seq) : null);
            render(claim);
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
        replace(seq, now);
        render(row);
        if (yoursId != null && yoursId.equals(now.getRollId())) {
            yours = null;
            render("yours");
        }
    }

    /** Reads the whole feed again and draws it whole. */
    private void redrawAll() {
        refresh();
        render("feed", "yours");
    }

    private String rowOf(long seq) {
        for (int i = 0; i < fresh.size(); i++) {
            if (fresh.get(i) != null && fresh.get(i).getSeq() == seq) {
                return FRESH + ":" + i + ":e";
            }
        }
        for (int p = 0; p < pages.size(); p++) {
            List<RollCard> page = pages.get(p);
            for (int i = 0; i < page.size(); i++) {
                if (page.get(i).getSeq() == seq) {
                    return "pages:" + p + ":rows:" + i + ":e";
                }
            }
        }
        return null;
    }

    private void replace(long seq, RollCard now) {
        fresh.replaceAll(c -> c != null && c.getSeq() == seq ? now : c);
        for (int p = 0; p < pages.size(); p++) {
            pages.set(p, pages.get(p).stream().map(c -> c.getSeq() == seq ? now : c).toList());
        }
    }

    private static void render(String... ids) {
        FacesContext context = FacesContext.getCurrentInstance();
        if (context != null && context.getPartialViewContext().isAjaxRequest()) {
            context.getPartialViewContext().getRenderIds().addAll(List.of(ids));
        }
    }

    /** @return the roll this page made last, as it stands now; null before the first roll */
    public RollCard getYours() {
        if (yoursId == null) {
            return null;
        }
        if (yours == null) {
            FeedCards.At at = context();
            if (at == null) {
                return null;
            }
            try {
                yours = card(at, tables.secret(tableId, yoursId).seq());
            } catch (ProblemException gone) {
                yoursId = null;
            }
        }
        return yours;
    }

    /** @return whether a card is the one shown beside the form (so its moves are played there, not in the feed) */
    public boolean beside(RollCard card) {
        return card != null && yoursId != null && yoursId.equals(card.getRollId());
    }

    private FeedCards.At context() {
        return feed.at(tableId);
    }

    /** @return one page of the log, newest first, noting where the next older page starts */
    private List<RollCard> readPage(FeedCards.At at, Long before) {
        FeedCards.Page page = feed.page(at, before, LENGTH, states());
        older = page.older();
        return page.cards();
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

    @Override
    public OddsView odds(RollCard card, MoveView move) {
        return cards.oddsOfMove(card, move, form.goalFor(card.getSystem(), card.getProcedure()),
                () -> tables.odds(tableId, card.getRollId(),
                tables.viewer(tables.table(tableId), keys.ownerKey(tableId), keys.memberKey(tableId),
                        rollerKeys.key(card.getRollId())),
                move.getId(), move.getForm().raw()));
    }

    @Inject
    RollForm form;

    @Override
    public io.dicehall.web.ui.roll.BestView bestPlay(RollCard card) {
        String goal = form.goalFor(card.getSystem(), card.getProcedure());
        return cards.bestPlay(card, goal, () -> tables.judge(tableId, card.getRollId(),
                tables.viewer(tables.table(tableId), keys.ownerKey(tableId), keys.memberKey(tableId),
                        rollerKeys.key(card.getRollId())), null, null, goal));
    }

    @Override
    public void move(RollCard card, MoveView move) {
        move.setMessage("");
        move.getForm().clearMessages();
        try {
            List<String> faces = null;
            if (card.isByHand()) {
                String typed = jakarta.faces.context.FacesContext.getCurrentInstance().getExternalContext()
                        .getRequestParameterMap().get(move.getForm().getPrefix() + "-faces");
                faces = TableRollForm.faces(typed);
            }
            TableService.Roll moved = tables.move(tableId, card.getRollId(), rollerKeys.key(card.getRollId()),
                    keys.memberKey(tableId), move.getId(), move.getForm().raw(), faces);
            changed(moved.roll().seq());
        } catch (ProblemException e) {
            RollCards.refused(move, e);
        }
    }

    /** Draws a shown roll again after this page changed it (a move, a reveal), and its card beside the form. */
    private void changed(long seq) {
        getPages();
        FeedCards.At at = context();
        String row = rowOf(seq);
        if (at != null && row != null) {
            update(at, seq, row);
        }
        RollCard mine = yours;
        if (mine != null && mine.getSeq() == seq) {
            yours = null;
            render("yours");
        }
    }

    /** The GM ends the open moves of the roll a row's button named ({@value #SEQ}), as if its roller had stopped. */
    public void end() {
        Long seq = seq();
        if (seq != null) {
            feed.end(tableId, seq);
            changed(seq);
        }
    }

    /** Shows the roll a row's button named ({@value #SEQ}), one of this browser's hidden rolls, to everyone. */
    public void reveal() {
        Long seq = seq();
        if (seq != null) {
            feed.reveal(tableId, seq);
            changed(seq);
        }
    }

    private static Long seq() {
        try {
            return Long.valueOf(FacesContext.getCurrentInstance().getExternalContext().getRequestParameterMap()
                    .getOrDefault(SEQ, ""));
        } catch (NumberFormatException malformed) {
            return null;
        }
    }

    /** @return whether this browser may end a roll's open moves: the GM's, while the table is open */
    public boolean mayEnd(RollCard card) {
        return feed.mayEnd(tableId, card);
    }

    /** @return whether this browser may show a hidden roll to everyone: its roller, or the GM */
    public boolean mayReveal(RollCard card) {
        return feed.mayReveal(tableId, card);
    }
}
