package io.dicehall.web.ui.table.feed;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.nullValue;

import io.dicehall.web.ui.faces.Labels;
import io.dicehall.web.ui.roll.RollCard;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FeedRowsTest {

    private static final Labels LABELS = Labels.of(Locale.ENGLISH);

    private static RollCard card(long seq) {
        return RollCard.secret(seq, "Ada", "gm", LocalDateTime.of(2026, 1, 1, 12, 0), LABELS);
    }

    private static List<Long> seqs(List<RollCard> cards) {
        return cards.stream().map(RollCard::getSeq).toList();
    }

    @Test
    void eachRowKeepsItsIdWhileRollsArriveAndOlderPagesLoad() {
        FeedRows rows = new FeedRows();
        assertThat(rows.showsNothing(), is(true));
        assertThat(rows.nextPage(), is("pages:0:log"));
        rows.add(List.of(card(5), card(4)), 3L);
        assertThat(rows.nextRow(), is("fresh:0:e"));
        rows.arrived(card(6));
        rows.arrived(null); // a row prepared for a roll that was refused
        rows.add(List.of(card(3)), null);

        assertThat(rows.rowOf(6), is("fresh:0:e"));
        assertThat(rows.rowOf(4), is("pages:0:rows:1:e"));
        assertThat(rows.rowOf(3), is("pages:1:rows:0:e"));
        assertThat(rows.rowOf(9), is(nullValue()));
        assertThat(rows.nextRow(), is("fresh:2:e"));
        assertThat(rows.older(), is(nullValue()));
        assertThat(seqs(rows.entries()), contains(6L, 5L, 4L, 3L));
        assertThat(rows.showsNothing(), is(false));
    }

    @Test
    void aRollDrawnAgainStaysInItsRow() {
        FeedRows rows = new FeedRows();
        rows.add(List.of(card(2), card(1)), null);
        RollCard now = RollCard.secret(1, "Bo", "roller", LocalDateTime.of(2026, 1, 1, 12, 5), LABELS);
        rows.replace(1, now);
        assertThat(rows.rowOf(1), is("pages:0:rows:1:e"));
        assertThat(rows.pages().get(0).get(1).getRoller(), is("Bo"));
    }

    @Test
    void drawnWholeTheArrivedRollsJoinTheNewestPageNewestFirst() {
        FeedRows rows = new FeedRows();
        rows.add(List.of(card(2), card(1)), null);
        rows.arrived(card(3));
        rows.arrived(null);
        rows.arrived(card(4));
        rows.merge();
        assertThat(rows.fresh().isEmpty(), is(true));
        assertThat(seqs(rows.pages().get(0)), contains(4L, 3L, 2L, 1L));
        assertThat(rows.nextRow(), is("fresh:0:e"));
    }

    @Test
    void inBriefAHiddenRollReadsAsHidden() {
        FeedRows rows = new FeedRows();
        rows.add(List.of(card(3), card(2), card(1)), null);
        assertThat(rows.brief(2), is(Map.of(3L, FeedCards.HIDDEN, 2L, FeedCards.HIDDEN)));
    }
}
