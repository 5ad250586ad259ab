package io.dicehall.web.ui.table.feed;

import io.dicehall.web.tables.control.TableEvent;
import io.dicehall.web.ui.roll.MoveView;
import io.dicehall.web.ui.roll.RollCard;
import io.dicehall.web.ui.roll.RollForm;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The parts of the table page a play or a row's own page answers with ({@link TablePlay}), each drawn by
 * {@code play.xhtml} or {@code row.xhtml} only when set: the card beside the form, the rows of the feed, the moves of
 * the card (a roll's answer sends them last, into a place the card left for them), the roll form's odds, a move's
 * odds.
 */
public final class PlayAnswer {

    /** A name a page may give its play: a few letters and digits. */
    private static final Pattern PLAY_NAME = Pattern.compile("[a-z0-9]{1,16}");

    RollCard yours;
    RollCard movesOf;
    final List<RollCard> rows = new ArrayList<>();
    RollForm odds;
    /** What the play's roll still has to do before anyone may hear of it ({@link #getTold}); run once. */
    Runnable told = () -> { };
    /** The wait for the page to paint the card ({@link CardPaints}), before the rest is drawn; run once. */
    Runnable painted = CardPaints.NONE;
    RollCard moveCard;
    MoveView moveShown;
    final List<OthersRow> forOthers = new ArrayList<>();
    final Map<String, String> drawnForOthers = new HashMap<>();
    private String playId = "";

    /**
     * A row the answer also draws as any other member sees it (not the GM, whose page asks for its own), for the push
     * that tells them: it is pushed with the roll, and their pages need not ask for it.
     *
     * @param card the row as this browser sees it
     * @param since the steps the row was drawn after (0: a new row), its dice changed since marked as new
     * @param memberId this browser's member id at the table, or null
     */
    void share(RollCard card, int since, String memberId) {
        if (shareable(card, memberId)) {
            forOthers.add(new OthersRow(card.seenByOthers(), since));
        }
    }

    /** @return whether a row reads the same to every member but its roller and the GM: a member's public roll */
    static boolean shareable(RollCard card, String memberId) {
        return card != null && !card.isHidden() && "public".equals(card.getVisibility()) && memberId != null
                && memberId.equals(card.getRollerId());
    }

    /** @return the rows drawn for the other members' pages ({@link #share}) */
    public List<OthersRow> getForOthers() {
        return forOthers;
    }

    /** Keeps the name the page gave the play, when it is a few letters and digits. */
    void named(String play) {
        playId = wellNamed(play) ? play : "";
    }

    /** @return whether a play's name, as a page gives it, is a few letters and digits */
    static boolean wellNamed(String play) {
        return play != null && PLAY_NAME.matcher(play).matches();
    }

    /** @return the name the page gave the play ("" when none): the rows drawn for the others carry it */
    public String getPlayId() {
        return playId;
    }

    /** @return the rows for the other members not drawn yet ({@link #share} after the first were drawn) */
    public List<OthersRow> getUndrawn() {
        return forOthers.stream().filter(row -> !drawnForOthers.containsKey(row.card.getRollId())).toList();
    }

    /** @return the rows drawn for the other members, by roll id, with their numbers */
    Map<String, TableEvent.Row> drawnRows() {
        Map<String, TableEvent.Row> rows = new HashMap<>();
        for (OthersRow row : forOthers) {
            String html = drawnForOthers.get(row.card.getRollId());
            if (html != null) {
                rows.put(row.card.getRollId(), new TableEvent.Row(row.card.getSeq(), html));
            }
        }
        return rows;
    }

    /** @return where the rows drawn for the other members go, by roll id */
    public Map<String, String> getDrawnForOthers() {
        return drawnForOthers;
    }

    /** @return how a row drawn for the other members treats them: none plays it, and only the GM may end it */
    public OthersView getOthers() {
        return OthersView.VIEW;
    }

    /** A row for the other members, and the steps it was drawn after. */
    public static final class OthersRow {
        private final RollCard card;
        private final int since;

        OthersRow(RollCard card, int since) {
            this.card = card;
            this.since = since;
        }

        public RollCard getCard() {
            return card;
        }

        public int getSince() {
            return since;
        }
    }

    /**
     * What a row drawn for the other members says of them: the roll is beside nobody's form, and it may be ended
     * while open (its button marked as the GM's: other pages drop it), never revealed (it is public).
     */
    public static final class OthersView {
        static final OthersView VIEW = new OthersView();

        public boolean beside(RollCard card) {
            return false;
        }

        public boolean mayEnd(RollCard card) {
            return card.isOpen();
        }

        public boolean mayReveal(RollCard card) {
            return false;
        }
    }

    /** Waits, if the page said it would tell, for the page to have painted the card: once. */
    void painted() {
        Runnable wait = painted;
        painted = CardPaints.NONE;
        wait.run();
    }

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

    /**
     * @return what the play's roll still has to do before anything of it is told: wait for the disk, then tell the
     *     table; run before the card leaves, and before anything is pushed
     */
    public Runnable getTold() {
        return told;
    }

    /** @return the roll form as the play read it, when the answer is its odds; else null */
    public RollForm getOdds() {
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
