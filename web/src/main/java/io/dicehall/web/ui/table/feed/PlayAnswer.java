package io.dicehall.web.ui.table.feed;

import io.dicehall.web.ui.roll.MoveView;
import io.dicehall.web.ui.roll.RollCard;
import java.util.ArrayList;
import java.util.List;

/**
 * The parts of the table page a play or a row's own page answers with ({@link TablePlay}), each drawn by
 * {@code play.xhtml} or {@code row.xhtml} only when set: the card beside the form, the rows of the feed, the moves of
 * the card (a roll's answer sends them last, into a place the card left for them), the roll form's odds, a move's
 * odds.
 */
public final class PlayAnswer {

    RollCard yours;
    RollCard movesOf;
    final List<RollCard> rows = new ArrayList<>();
    boolean odds;
    RollCard moveCard;
    MoveView moveShown;

    /** @return the card to draw beside the form, or null */
    public RollCard getYours() {
        return yours;
    }

    /**
     * @return the card whose moves the answer sends on their own, after the card (which then leaves a place for
     *     them), or null
     */
    public RollCard getMovesOf() {
        return movesOf;
    }

    /** @return the rows of the feed to draw */
    public List<RollCard> getRows() {
        return rows;
    }

    /** @return whether the answer is the roll form's odds */
    public boolean isOdds() {
        return odds;
    }

    /** @return the card whose move's odds the answer is, or null */
    public RollCard getMoveCard() {
        return moveCard;
    }

    /** @return the move whose odds the answer is, or null */
    public MoveView getMoveShown() {
        return moveShown;
    }
}
