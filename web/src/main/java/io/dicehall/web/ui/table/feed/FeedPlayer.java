package io.dicehall.web.ui.table.feed;

import io.dicehall.web.platform.Refusal;
import io.dicehall.web.tables.control.RollMoves;
import io.dicehall.web.tables.control.TableLog;
import io.dicehall.web.tables.control.Tables;
import io.dicehall.web.ui.roll.BestView;
import io.dicehall.web.ui.roll.MovePlayer;
import io.dicehall.web.ui.roll.MoveView;
import io.dicehall.web.ui.roll.OddsView;
import io.dicehall.web.ui.roll.RollCard;
import io.dicehall.web.ui.roll.RollCards;
import io.dicehall.web.ui.roll.RollGoal;
import io.dicehall.web.ui.roll.RollerKeys;
import io.dicehall.web.ui.table.TableKeys;
import io.dicehall.web.ui.table.TableRollForm;
import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.util.List;

/**
 * Playing the rolls a table's feed shows, in their rows and beside the form: each open move's odds and the best
 * play toward the goal {@link RollGoal} holds, making a move with this browser's keys, and the buttons of a row —
 * the GM ending a roll's open moves, a hidden roll shown to everyone. Each change is drawn again by
 * {@link TableFeed}, which owns the rows.
 */
@Named
@ViewScoped
public class FeedPlayer implements MovePlayer {

    private static final long serialVersionUID = 1L;

@Inject
    RollMoves rollMoves;

@Inject
    Tables tables;

    @Inject
    TableKeys keys;

    @Inject
    RollerKeys rollerKeys;

    @Inject
    FeedCards feedCards;

    @Inject
    RollGoal goal;

    @Inject
    TableFeed feed;

    @Override
    public OddsView odds(RollCard card, MoveView move) {
        String tableId = feed.tableId();
        return feedCards.moveOdds(tableId, card, move, goal.goalFor(card.getSystem(), card.getProcedure()),
                () -> feedCards.viewer(tables.table(tableId), card));
    }

    @Override
    public BestView bestPlay(RollCard card) {
        String tableId = feed.tableId();
        return feedCards.bestPlay(tableId, card, goal.goalFor(card.getSystem(), card.getProcedure()),
                () -> feedCards.viewer(tables.table(tableId), card));
    }

    @Override
    public void move(RollCard card, MoveView move) {
        String tableId = feed.tableId();
        move.setMessage("");
        move.getForm().clearMessages();
        try {
            List<String> faces = null;
            if (card.isByHand()) {
                String typed = FacesContext.getCurrentInstance().getExternalContext().getRequestParameterMap()
                        .get(move.getForm().getPrefix() + "-faces");
                faces = TableRollForm.faces(typed);
            }
            TableLog.Roll moved = rollMoves.move(tableId, card.getRollId(), rollerKeys.key(card.getRollId()),
                    keys.memberKey(tableId), move.getId(), move.getForm().raw(), faces);
            feed.changed(moved.roll().seq());
        } catch (Refusal e) {
            RollCards.refused(move, e);
        }
    }

    /** The GM ends the open moves of the roll a row's button named, as if its roller had stopped. */
    public void end() {
        Long seq = FeedRequest.seq();
        if (seq != null) {
            feedCards.end(feed.tableId(), seq);
            feed.changed(seq);
        }
    }

    /** Shows the roll a row's button named, one of this browser's hidden rolls, to everyone. */
    public void reveal() {
        Long seq = FeedRequest.seq();
        if (seq != null) {
            feedCards.reveal(feed.tableId(), seq);
            feed.changed(seq);
        }
    }

    /** @return whether a card is the one shown beside the form (so its moves are played there, not in its row) */
    public boolean beside(RollCard card) {
        return feed.beside(card);
    }

    /** @return whether this browser may end a roll's open moves: the GM's, while the table is open */
    public boolean mayEnd(RollCard card) {
        return feedCards.mayEnd(feed.tableId(), card);
    }

    /** @return whether this browser may show a hidden roll to everyone: its roller, or the GM */
    public boolean mayReveal(RollCard card) {
        return feedCards.mayReveal(feed.tableId(), card);
    }
}
