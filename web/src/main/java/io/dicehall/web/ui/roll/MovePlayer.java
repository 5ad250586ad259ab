package io.dicehall.web.ui.roll;

import java.io.Serializable;

/**
 * What a page does with the moves of a {@link RollCard}: works out the odds of taking one now, and makes it.
 * The rolling page plays a roll held in memory, a table's feed a roll stored at the table; the drawing of the
 * card and its moves is the same ({@code <dh:moves>}).
 */
public interface MovePlayer extends Serializable {

    /** @return the odds of taking the move now with its inputs as they stand, or why there are none; null without odds */
    OddsView odds(RollCard card, MoveView move);

    /** @return best play in the card's state toward the page's goal, to mark the best move; {@link BestView#NONE} if none */
    BestView bestPlay(RollCard card);

    /** Makes the move; a refusal is shown on the move ({@link MoveView#setMessage}, its form's messages). */
    void move(RollCard card, MoveView move);
}
