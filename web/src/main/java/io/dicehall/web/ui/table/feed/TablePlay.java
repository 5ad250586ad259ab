package io.dicehall.web.ui.table.feed;

import io.dicehall.web.platform.Ids;
import io.dicehall.web.platform.Refusal;
import io.dicehall.web.tables.control.HeldPushes;
import io.dicehall.web.tables.control.RollMoves;
import io.dicehall.web.tables.control.TableLog;
import io.dicehall.web.tables.control.Viewer;
import io.dicehall.web.ui.roll.BestView;
import io.dicehall.web.ui.roll.MovePlayer;
import io.dicehall.web.ui.roll.MoveView;
import io.dicehall.web.ui.roll.OddsView;
import io.dicehall.web.ui.roll.RollCard;
import io.dicehall.web.ui.roll.RollCards;
import io.dicehall.web.ui.roll.RollForm;
import io.dicehall.web.ui.roll.RollGoal;
import io.dicehall.web.ui.roll.RollerKeys;
import io.dicehall.web.ui.table.RollChoice;
import io.dicehall.web.ui.table.TableKeys;
import io.dicehall.web.ui.table.TableLive;
import io.dicehall.web.ui.table.TableRollForm;
import jakarta.enterprise.context.RequestScoped;
import jakarta.faces.context.ExternalContext;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.IOException;
import java.util.Map;

/**
 * What the table page does without its view: a roll of the form, the odds of the form's values, a move on a card
 * and the odds of a move, each posted by the page's script to {@code /tables/{id}/play} ({@code play.xhtml}), and
 * one row of the feed, fetched when a push names a roll ({@code /tables/{id}/rows/{n}}, {@code row.xhtml}). These
 * small pages keep no state, so a play costs what it changes rather than building the table page's view again;
 * they answer with the parts that changed (the card beside the form, rows of the feed, odds), which the script
 * puts in place. Everything is done with this browser's keys, as on the table page.
 *
 * <p>A roll's answer draws its card while the roll is forced to disk, and sends it, alone, once it is there
 * ({@code <dh:flush/>}), then builds the rest ({@code <dh:later>}): the rows the other members see, pushed to their
 * pages with the push ({@code <dh:aside>}), the roller's rows, and last the moves, which cost most to draw. The
 * roller's rows and moves wait, a little while at most, for the page to say it has painted the card
 * ({@link CardPaints}).
 */
@Named
@RequestScoped
public class TablePlay implements MovePlayer {

    private static final long serialVersionUID = 1L;

    /** How many more rows a row's request may name, besides its own (the table page's script names no more). */
    static final int MORE_ROWS = 10;

    /** The request parameter naming what to do: {@code roll}, {@code odds}, {@code move}, {@code move-odds}. */
    static final String DO = "dh-do";

    @Inject
    FeedCards feed;

    @Inject
    SeatRolls seat;

    @Inject
    HeldPushes pushes;

    @Inject
    RollMoves rollMoves;

    @Inject
    TableKeys keys;

    @Inject
    CardPaints paints;

    @Inject
    RollerKeys rollerKeys;

    @Inject
    TableRollForm.InPlay rollForm;

    @Inject
    RollForm.InPlay form;

    @Inject
    RollChoice.InPlay choice;

    @Inject
    RollGoal.InPlay goal;

    private String tableId;
    private FeedCards.At at;
    private String earlier;
    private boolean done;
    private final PlayAnswer answer = new PlayAnswer();
    private final Map<String, Viewer> viewers = new java.util.HashMap<>();

    /**
     * Does what the page asks, once, as the page is built and before any part of it (a view action would first build
     * the view's metadata, for nothing): {@code play.xhtml} a play, {@code row.xhtml} rows.
     *
     * @return {@code true}, for the page's {@code c:if}
     */
    public boolean done(String page) throws IOException {
        if (!done) {
            done = true;
            switch (page) {
                case "row" -> row();
                case "play" -> play();
                default -> throw new IllegalArgumentException("no such page: " + page);
            }
        }
        return true;
    }

    /**
     * One row of the feed, as the table page draws it for this browser, and the rows named with it ({@code also},
     * at most {@value #MORE_ROWS}, each {@code n} or {@code n:since}); 404 when there is none of them.
     */
    private void row() {
        ExternalContext external = FeedRequest.external();
        external.setResponseHeader("Cache-Control", "no-store");
        long seq = FeedRequest.number(FeedRequest.param("seq"));
        if (opened() && seq > 0) {
            answer.rows.addAll(feed.rows(at, seq, FeedRequest.param("since"),
                    external.getRequestParameterValuesMap().getOrDefault("also", new String[0]), MORE_ROWS));
        }
        if (answer.rows.isEmpty()) {
            external.setResponseStatus(404);
        }
    }

    /** Does what was posted; a page without its script (a plain form) is sent back to the table's page after. */
    private void play() throws IOException {
        ExternalContext external = FeedRequest.external();
        external.setResponseHeader("Cache-Control", "no-store");
        if (FeedRequest.refused(external, opened())) {
            return;
        }
        String what = String.valueOf(FeedRequest.param(DO));
        answer.named(FeedRequest.param("dh-play"));
        pushes.from(TableLive.pageKey(FeedRequest.param("dh-page"))); // that page's answer draws it all: no push to it
        startForm();
        switch (what) {
            case "roll" -> roll();
            case "odds" -> {
                form.read();
                answer.odds = form;
            }
            case "move", "move-odds" -> move("move".equals(what));
            default -> external.setResponseStatus(400);
        }
        if (FeedRequest.param("dh-js") == null) {
            answer.told.run();
            external.redirect(external.getRequestContextPath() + "/tables/" + tableId);
        }
    }

    /** The roll form as the page holds it: its procedure, values and goal; best play aims at that goal. */
    private void startForm() {
        rollForm.open(tableId, FeedRequest.param("dh-system"), FeedRequest.param("dh-procedure"), Map.of());
        goal.setGoal(FeedRequest.param("dh-goal"));
    }

    private void roll() {
        if (!choice.isRollable()) {
            FeedRequest.external().setResponseStatus(422);
            return;
        }
        form.read();
        choice.setVisibility(FeedRequest.param("roll:visibility"));
        choice.setCharacter(FeedRequest.param("roll:character") == null ? "" : FeedRequest.param("roll:character"));
        rollForm.setByHand(FeedRequest.param("roll:by-hand") != null);
        rollForm.setFaces(FeedRequest.param("roll:faces"));
        pushes.hold(); // the other members hear of the roll with its row, or once the rows have left ({@link #getSent()})
        TableLog.Roll made = rollForm.rollAlone(at.viewer());
        if (made == null) {
            FeedRequest.external().setResponseStatus(422); // refused: the table page's request draws the messages
            return;
        }
        answer.told = rollForm.told(); // run before the card leaves: the card is drawn while the disk is forced
        pushes.tellFirst(answer.told); // and before any push, at the latest when the request ends
        String before = seat.rolled(tableId, made.roll().id());
        answer.yours = feed.card(at, made); // as stored: not read back
        answer.movesOf = answer.yours == null || answer.yours.getMoves().isEmpty() ? null : answer.yours;
        answer.rows.add(answer.yours);
        answer.share(answer.yours, 0, at.viewer().memberId());
        answer.painted = paints.expect(FeedRequest.request(), answer.getPlayId());
        // the roll shown beside the form until now is played in its row again, read once the card has left
        earlier = before != null && !before.equals(made.roll().id()) ? before : null;
    }

    /**
     * @return the answer once its card has left (and, when the page said it would tell, been painted), with the row
     *     of the roll this one took the place of, read now
     */
    public PlayAnswer getRest() {
        answer.painted();
        RollCard card = earlier == null ? null : feed.card(at, earlier);
        earlier = null;
        if (card != null) {
            answer.rows.add(card);
            answer.share(card, 0, at.viewer().memberId());
        }
        return answer;
    }

    /** A move on a card, or its odds for the values posted; a refused move says why on the card. */
    private void move(boolean make) {
        long seq = FeedRequest.number(FeedRequest.param(FeedRequest.SEQ));
        RollCard card = seq > 0 ? feed.card(at, seq, null) : null;
        MoveView chosen = card == null ? null : card.getMoves().stream()
                .filter(m -> m.getId().equals(FeedRequest.param("dh-move"))).findFirst().orElse(null);
        if (chosen == null) {
            FeedRequest.external().setResponseStatus(409); // the move is no longer open: the row shows how things stand
            if (card != null) {
                shown(card);
            }
            return;
        }
        if (make) {
            // A refused move draws the card again: best play fills its move forms with their best inputs first, so
            // that what was posted then takes their place. The odds of a move alone draw no form.
            bestPlay(card);
        }
        chosen.getForm().readFrom(FeedRequest.external().getRequestParameterValuesMap());
        if (!make) {
            answer.moveCard = card;
            answer.moveShown = chosen;
            return;
        }
        chosen.setMessage("");
        chosen.getForm().clearMessages();
        if (PlayAnswer.shareable(card, at.viewer().memberId())) {
            pushes.hold(); // the other members hear of the move with its row as they see it, drawn by this answer
        }
        try {
            rollMoves.move(tableId, card.getRollId(), rollerKeys.key(card.getRollId()), keys.memberKey(tableId),
                    chosen.getId(), chosen.getForm().raw(), card.isByHand()
                            ? TableRollForm.faces(FeedRequest.param(chosen.getForm().getPrefix() + "-faces")) : null);
            RollCard moved = feed.card(at, seq, card.getSteps());
            shown(moved);
            answer.share(moved, card.getSteps(), at.viewer().memberId());
        } catch (Refusal e) {
            RollCards.refused(chosen, e);
            shown(card);
        }
    }

    /** Draws a card where the page shows it: beside the form when it is this session's last roll, and its row. */
    private void shown(RollCard card) {
        if (card != null) {
            if (beside(card)) {
                answer.yours = card;
            }
            answer.rows.add(card);
        }
    }

    private boolean opened() {
        if (at == null) {
            String id = FeedRequest.param("t");
            at = id != null && Ids.wellFormed(id) ? feed.at(id) : null;
            tableId = at == null ? null : at.table().id();
        }
        return at != null;
    }

    /** @return who this browser is for a roll (its keys at the table and the roll's own), read once a request */
    private Viewer viewer(RollCard card) {
        return viewers.computeIfAbsent(card.getRollId(), roll -> feed.viewer(at.table(), card));
    }

    @Override
    public OddsView odds(RollCard card, MoveView move) {
        return feed.moveOdds(tableId, card, move, goal.goalFor(card.getSystem(), card.getProcedure()),
                () -> viewer(card));
    }

    @Override
    public BestView bestPlay(RollCard card) {
        return feed.bestPlay(tableId, card, goal.goalFor(card.getSystem(), card.getProcedure()), () -> viewer(card));
    }

    /** Moves are posted here, not made while drawing: never called. */
    @Override
    public void move(RollCard card, MoveView move) {
        throw new UnsupportedOperationException("moves are posted to the play page");
    }

    /** @return whether a card is the one shown beside the form (its moves are played there, not in its row) */
    public boolean beside(RollCard card) {
        return card != null && card.getRollId() != null && card.getRollId().equals(seat.latest(tableId));
    }

    /** @return whether this browser may end a roll's open moves (the GM) */
    public boolean mayEnd(RollCard card) {
        return feed.mayEnd(tableId, card);
    }

    /** @return whether this browser may show the hidden roll to everyone (its roller, or the GM) */
    public boolean mayReveal(RollCard card) {
        return feed.mayReveal(tableId, card);
    }

    /** @return what to do once the card and rows have left: push all that is still held, with the rows drawn */
    public Runnable getSent() {
        return () -> pushes.release(answer.drawnRows());
    }

    /** @return what to do once rows for the other members are drawn ({@link PlayAnswer#share}): push what they tell */
    public Runnable getPushed() {
        return () -> pushes.releaseDrawn(answer.drawnRows());
    }

    /** @return the parts the answer draws */
    public PlayAnswer getAnswer() {
        return answer;
    }
}
