package io.dicehall.web.ui.table.feed;

import io.dicehall.web.ui.roll.RollCard;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The rows of a table's feed as the page holds them, each under a client id that never changes while the page
 * lives: {@code fresh:N:e} for the N-th roll that arrived since the feed was read, {@code pages:P:rows:I:e} for
 * the I-th entry of the P-th page read from the log (newest first). A fresh row may be empty (null): a row the
 * page prepared for a roll that came to nothing.
 */
final class FeedRows implements Serializable {

    private static final long serialVersionUID = 1L;

    private static final String FRESH = "fresh";

    /** The rolls that arrived since the feed was read, oldest first; a null row is a claim that was not needed. */
    private final List<RollCard> fresh = new ArrayList<>();
    /** The pages read from the log, newest first; each page newest first. */
    private final List<List<RollCard>> pages = new ArrayList<>();
    /** Where the next older page starts (exclusive), or null when the oldest roll is shown. */
    private Long older;

    List<List<RollCard>> pages() {
        return pages;
    }

    List<RollCard> fresh() {
        return fresh;
    }

    /** @return where the next older page starts (exclusive), or null when the oldest roll is shown */
    Long older() {
        return older;
    }

    /** Adds the next older page read from the log, and where the one after it starts. */
    void add(List<RollCard> page, Long next) {
        pages.add(page);
        older = next;
    }

    /** Adds a roll that arrived (null for a prepared row left empty). */
    void arrived(RollCard card) {
        fresh.add(card);
    }

    /** @return the id of the row the next roll to arrive will fill */
    String nextRow() {
        return FRESH + ":" + fresh.size() + ":e";
    }

    /** @return the id of the list the next older page fills */
    String nextPage() {
        return "pages:" + pages.size() + ":log";
    }

    boolean showsNothing() {
        return pages.stream().allMatch(List::isEmpty) && fresh.stream().allMatch(Objects::isNull);
    }

    /** @return every entry shown, newest first */
    List<RollCard> entries() {
        List<RollCard> all = new ArrayList<>();
        for (int i = fresh.size() - 1; i >= 0; i--) {
            if (fresh.get(i) != null) {
                all.add(fresh.get(i));
            }
        }
        pages.forEach(all::addAll);
        return all;
    }

    /** @return the rolls shown from number {@code from} on, in brief, as {@link FeedCards#newest} puts them */
    Map<Long, String> brief(long from) {
        Map<Long, String> shown = new TreeMap<>();
        entries().stream().filter(c -> c.getSeq() >= from)
                .forEach(c -> shown.put(c.getSeq(), c.isHidden() ? FeedCards.HIDDEN : c.getSteps() + ":" + c.getVisibility()));
        return shown;
    }

    /** @return the client id of the row showing the roll numbered {@code seq}, or null when none does */
    String rowOf(long seq) {
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

    /** Shows the roll numbered {@code seq} as it stands now, in the row it has. */
    void replace(long seq, RollCard now) {
        fresh.replaceAll(c -> c != null && c.getSeq() == seq ? now : c);
        for (int p = 0; p < pages.size(); p++) {
            pages.set(p, pages.get(p).stream().map(c -> c.getSeq() == seq ? now : c).toList());
        }
    }

    /** The rolls that arrived join the newest page, so that the whole feed is drawn newest first. */
    void merge() {
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
    }
}
