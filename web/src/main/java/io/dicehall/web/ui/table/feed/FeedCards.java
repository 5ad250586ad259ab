package io.dicehall.web.ui.table.feed;

import io.dicehall.api.state.RollState;
import io.dicehall.web.platform.Refusal;
import io.dicehall.web.tables.control.Members;
import io.dicehall.web.tables.control.RollEndings;
import io.dicehall.web.tables.control.RollMoves;
import io.dicehall.web.tables.control.TableLog;
import io.dicehall.web.tables.control.Tables;
import io.dicehall.web.tables.control.Viewer;
import io.dicehall.web.tables.entity.GameTable;
import io.dicehall.web.tables.entity.Member;
import io.dicehall.web.tables.entity.TableRoll;
import io.dicehall.web.tables.entity.Visibility;
import io.dicehall.web.ui.faces.Labels;
import io.dicehall.web.ui.roll.BestView;
import io.dicehall.web.ui.roll.MoveView;
import io.dicehall.web.ui.roll.OddsView;
import io.dicehall.web.ui.roll.RollCard;
import io.dicehall.web.ui.roll.RollCards;
import io.dicehall.web.ui.roll.RollerKeys;
import io.dicehall.web.ui.table.TableKeys;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.bind.Jsonb;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * A table's rolls as this browser may see them, as the cards of its feed: those it may see in full, and a
 * placeholder for each roll hidden from it. The table page's feed ({@link TableFeed}) reads its pages here, and
 * so does a single row a push asks for ({@link FeedRow}), so both show a roll the same way.
 */
@ApplicationScoped
public class FeedCards {

    /** Made once: a JSON-B instance is costly to make and safe to share. */
    private static final Jsonb JSON = io.dicehall.api.json.ApiJson.create();

    @Inject
    Tables tables;

    @Inject
    Members tableMembers;

    @Inject
    RollMoves rollMoves;

    @Inject
    RollEndings rollEndings;

    @Inject
    TableLog tableLog;

    @Inject
    TableKeys keys;

    @Inject
    RollerKeys rollerKeys;

    @Inject
    RollCards cards;

    /** What reading a table's rolls as this browser needs: the table, the viewer, its GMs' member ids. */
    record At(GameTable table, Viewer viewer, Set<String> gms) {
    }

    /** One page of the log, newest first, and where the next older page starts (null when none is older). */
    record Page(List<RollCard> cards, Long older) {
    }

    /** The newest rolls in brief (number → how many steps and who sees it, or hidden), from number {@code from} on. */
    record Brief(long from, Map<Long, String> rolls) {
    }

    /** How a roll hidden from this browser reads in a {@link Brief}. */
    static final String HIDDEN = "hidden";

    /**
     * @return the newest page of the log in brief, as this browser may see it: what a page must show of it to be
     *     up to date (a move or a change of who sees a roll changes it, as a new roll does)
     */
    Brief newest(At at, int length) {
        TableLog.Page page = tableLog.log(at.table(), at.viewer(), null, length);
        long from = page.next() == null ? 1 : page.next();
        Map<Long, String> now = new TreeMap<>();
        page.rolls().forEach(r -> now.put(r.roll().seq(), r.roll().steps() + ":" + name(r.roll().visibility())));
        tableLog.secrets(at.table(), at.viewer(), from, Long.MAX_VALUE).forEach(h -> now.put(h.seq(), HIDDEN));
        return new Brief(from, now);
    }

    /** @return the table as this browser sees it, or null when there is no such table */
    At at(String tableId) {
        try {
            GameTable table = tables.table(tableId);
            List<Member> seats = tableMembers.members(table); // read once: who this browser is, and who runs the table
            return new At(table, Members.viewerAmong(table, seats, keys.ownerKey(table.id()), keys.memberKey(table.id())),
                    seats.stream().filter(Member::gm).map(Member::id).collect(Collectors.toSet()));
        } catch (Refusal gone) {
            return null;
        }
    }

    /**
     * @param before the page ends below this roll number; null for the newest page
     * @param states the states this page drew each roll in last, by roll id: updated, so that dice a move
     *     changed show as new
     */
    Page page(At at, Long before, int length, Map<String, RollState> states) {
        TableLog.Page page = tableLog.log(at.table(), at.viewer(), before, length);
        List<RollCard> feed = new ArrayList<>();
        for (TableLog.Roll r : page.rolls()) {
            feed.add(card(at, r, states));
        }
        long from = page.next() == null ? 1 : page.next();
        long to = before == null ? Long.MAX_VALUE : before - 1;
        for (TableLog.Secret secret : tableLog.secrets(at.table(), at.viewer(), from, to)) {
            feed.add(secret(secret));
        }
        feed.sort(Comparator.comparingLong(RollCard::getSeq).reversed());
        return new Page(feed, page.next());
    }

    /** @return the roll numbered {@code seq} as this browser may see it (a placeholder when hidden), or null */
    RollCard card(At at, long seq, Map<String, RollState> states) {
        TableLog.Roll r = roll(at, seq);
        return r == null ? hidden(at, seq) : card(at, r, states);
    }

    /**
     * @param shownSteps how many steps of the roll the page showed until now (0 when it showed none): the dice
     *     that changed since then are marked new
     * @return the roll numbered {@code seq} as this browser may see it (a placeholder when hidden), or null
     */
    RollCard card(At at, long seq, int shownSteps) {
        TableLog.Roll r = roll(at, seq);
        if (r == null) {
            return hidden(at, seq);
        }
        RollState before = null;
        if (shownSteps > 0 && shownSteps < r.roll().steps()) {
            before = JSON.fromJson(tableLog.steps(r.roll()).get(shownSteps - 1).stateJson(), RollState.class);
        }
        return drawn(at, r, before);
    }

    /**
     * The rows a row's page asks for ({@code row.xhtml}): roll {@code seq}, its dice that changed after step
     * {@code since} marked new, and those named with it ({@code also}: at most {@code most}, each {@code n} or
     * {@code n:since}), as this browser may see them; none for a roll that is not there.
     */
    List<RollCard> rows(At at, long seq, String since, String[] also, int most) {
        var rows = new ArrayList<RollCard>();
        addRow(rows, at, seq, since);
        for (int k = 0; k < Math.min(also.length, most); k++) {
            String[] said = also[k].split(":", 2);
            long more = FeedRequest.number(said[0]);
            if (more > 0 && rows.stream().noneMatch(r -> r.getSeq() == more)) {
                addRow(rows, at, more, said.length > 1 ? said[1] : null);
            }
        }
        return rows;
    }

    private void addRow(List<RollCard> rows, At at, long seq, String since) {
        RollCard card = card(at, seq, (int) Math.min(Integer.MAX_VALUE, Math.max(0, FeedRequest.number(since))));
        if (card != null) {
            rows.add(card);
        }
    }

    /** @return the roll with that id as this browser may see it, drawn as a new row, or null when it is gone */
    RollCard card(At at, String rollId) {
        try {
            return card(at, tableLog.secret(at.table().id(), rollId).seq(), 0);
        } catch (Refusal gone) {
            return null;
        }
    }

    /** @return a roll this browser just made, as it was stored (its roller sees it in full, from its first state) */
    RollCard card(At at, TableLog.Roll made) {
        return drawn(at, made, null);
    }

    /** @return the roll numbered {@code seq} when this browser may see it in full, else null */
    private TableLog.Roll roll(At at, long seq) {
        TableLog.Page page = tableLog.log(at.table(), at.viewer(), seq + 1, seq - 1, 1);
        return page.rolls().isEmpty() ? null : page.rolls().get(0);
    }

    /** @return the placeholder of the roll numbered {@code seq} hidden from this browser, or null when none is */
    private RollCard hidden(At at, long seq) {
        return tableLog.secrets(at.table(), at.viewer(), seq, seq).stream().findFirst().map(this::secret).orElse(null);
    }

    private RollCard secret(TableLog.Secret s) {
        return RollCard.secret(s.seq(), s.roller(), name(s.visibility()), s.at(), s.guest(), Labels.current());
    }

    private RollCard card(At at, TableLog.Roll r, Map<String, RollState> states) {
        return drawn(at, r, states == null ? null : states.put(r.roll().id(), r.state()));
    }

    /** @param before the state the page showed the roll in before, or null: the dice changed since are marked new */
    private RollCard drawn(At at, TableLog.Roll r, RollState before) {
        TableRoll roll = r.roll();
        boolean mine = rollerKeys.key(roll.id()) != null
                || at.viewer().memberId() != null && at.viewer().memberId().equals(roll.memberId());
        return cards.started(roll.id(), r.state(), roll.systemId(), roll.procedureId(), Labels.current())
                .at(at.table().id(), roll.seq(), roll.steps())
                .since(before == null || before.equals(r.state()) ? null : before)
                .by(roll.roller(), roll.memberId() != null && at.gms().contains(roll.memberId()))
                .byMember(roll.memberId())
                .inputs(cards.form(roll.systemId(), roll.procedureId()), inputs(roll))
                .note(roll.note())
                .visibility(name(roll.visibility()))
                .when(roll.createdAt())
                .mine(mine)
                .byHand(roll.byHand(), roll.characterName())
                .playable(mine && !at.table().closed())
                .guest(roll.guest())
                .ended(roll.ended() == null ? null : roll.ended().word())
                .build();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> inputs(TableRoll roll) {
        return JSON.fromJson(roll.inputsJson(), Map.class);
    }

    static String name(Visibility visibility) {
        return visibility.name().toLowerCase(Locale.ROOT);
    }

    /** @return who this browser is for a roll at the table: its keys there, and the roll's own when it rolled it */
    Viewer viewer(GameTable table, RollCard card) {
        return tableMembers.viewer(table, keys.ownerKey(table.id()), keys.memberKey(table.id()),
                rollerKeys.key(card.getRollId()));
    }

    /**
     * The odds of taking a move on a roll at the table now, headed by the goal's chance, as the table page's players
     * ({@link FeedPlayer}, {@link TablePlay}) draw them.
     *
     * @param viewer who asks, read only when the odds are not known yet
     */
    OddsView moveOdds(String tableId, RollCard card, MoveView move, String goal, Supplier<Viewer> viewer) {
        return cards.oddsOfMove(card, move, goal,
                () -> rollMoves.odds(tableId, card.getRollId(), viewer.get(), move.getId(), move.getForm().raw()));
    }

    /**
     * Best play on a roll at the table toward a goal, as the table page's players draw it.
     *
     * @param viewer who asks, read only when best play is not known yet
     */
    BestView bestPlay(String tableId, RollCard card, String goal, Supplier<Viewer> viewer) {
        return cards.bestPlay(card, goal, () -> rollMoves.judge(tableId, card.getRollId(), viewer.get(), null, null, goal));
    }

    /** @return whether this browser may end a roll's open moves: the GM's, while the table is open */
    boolean mayEnd(String tableId, RollCard card) {
        return card != null && card.isOpen() && !card.isHidden() && keys.ownerKey(tableId) != null && !closed(tableId);
    }

    /** @return whether this browser may show a hidden roll to everyone: its roller, or the GM */
    boolean mayReveal(String tableId, RollCard card) {
        return card != null && card.isRestricted() && !card.isHidden() && !closed(tableId)
                && (card.isMine() || keys.ownerKey(tableId) != null);
    }

    /** The GM ends the open moves of the roll numbered {@code seq}; refused quietly (the row shows how things stand). */
    void end(String tableId, long seq) {
        At at = at(tableId);
        RollCard card = at == null ? null : card(at, seq, null);
        if (card != null && !card.isHidden()) {
            try {
                rollEndings.end(tableId, card.getRollId(), keys.ownerKey(tableId));
            } catch (Refusal refused) {
                // not the GM, or the table closed
            }
        }
    }

    /** Shows the roll numbered {@code seq}, hidden until now, to everyone: its roller's or the GM's to do. */
    void reveal(String tableId, long seq) {
        At at = at(tableId);
        RollCard card = at == null ? null : card(at, seq, null);
        if (card != null && !card.isHidden()) {
            try {
                Viewer viewer = tableMembers.viewer(at.table(), keys.ownerKey(tableId), keys.memberKey(tableId),
                        rollerKeys.key(card.getRollId()));
                rollMoves.changeVisibility(tableId, card.getRollId(), viewer, Visibility.PUBLIC);
            } catch (Refusal refused) {
                // the table closed or the roll is not this browser's
            }
        }
    }

    private boolean closed(String tableId) {
        try {
            return tables.table(tableId).closed();
        } catch (Refusal gone) {
            return true;
        }
    }
}
