package io.dicehall.web.ui;

import io.dicehall.api.state.RollState;
import io.dicehall.web.platform.ProblemException;
import io.dicehall.web.tables.control.TableService;
import io.dicehall.web.tables.control.Viewer;
import io.dicehall.web.tables.entity.GameTable;
import io.dicehall.web.tables.entity.Member;
import io.dicehall.web.tables.entity.TableRoll;
import io.dicehall.web.tables.entity.Visibility;
import io.dicehall.web.ui.roll.MovePlayer;
import io.dicehall.web.ui.roll.MoveView;
import io.dicehall.web.ui.roll.OddsView;
import io.dicehall.web.ui.roll.RollCard;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A table's feed: its newest rolls as this browser may see them (and, for the others, that they exist), the
 * roll this page made last (shown beside its form), and the moves of every open roll this browser may play,
 * with their odds. Cards of rolls that have not changed are kept from one reading to the next, so a move's
 * inputs and odds survive a live update.
 */
@Named
@ViewScoped
public class TableFeed implements MovePlayer {

    private static final long serialVersionUID = 1L;

    /** How many rolls the feed shows. */
    static final int LENGTH = 50;

    @Inject
    TableService tables;

    @Inject
    TableKeys keys;

    @Inject
    RollerKeys rollerKeys;

    @Inject
    RollCards cards;

    private String tableId;
    private String yoursId;
    private List<RollCard> entries;
    private Map<String, RollCard> shown = new HashMap<>();
    private transient Map<String, RollState> states;

    void open(String id) {
        tableId = id;
    }

    /** Reads the feed again at its next showing (a push, or after an action). */
    public void refresh() {
        entries = null;
    }

    /**
     * @return the feed as last read, in brief (each entry's number, steps, who sees it and whether it is playable
     *         here); null when it was not read since it was last marked for reading again
     */
    String shown() {
        return entries == null ? null : entries.stream()
                .map(c -> c.getSeq() + ":" + c.getSteps() + ":" + c.getVisibility() + ":" + c.isPlayable())
                .collect(Collectors.joining(","));
    }

    /** @return the feed as it stands now, in brief like {@link #shown()}, reading it if needed */
    String current() {
        getEntries();
        return shown();
    }

    /** The roll this page just made: shown beside the form, playable there. */
    void rolled(String rollId) {
        yoursId = rollId;
        refresh();
    }

    /** @return the feed, newest first: the rolls this browser may see, and placeholders for the others */
    public List<RollCard> getEntries() {
        if (entries == null) {
            entries = read();
        }
        return entries;
    }

    /** @return the roll this page made last, as it stands now; null before the first roll */
    public RollCard getYours() {
        return yoursId == null ? null
                : getEntries().stream().filter(c -> yoursId.equals(c.getRollId())).findFirst().orElse(null);
    }

    /** @return whether a card is the one shown beside the form (so its moves are played there, not in the feed) */
    public boolean beside(RollCard card) {
        return yoursId != null && yoursId.equals(card.getRollId());
    }

    private List<RollCard> read() {
        Labels labels = Labels.current();
        GameTable table;
        try {
            table = tables.table(tableId);
        } catch (ProblemException gone) {
            return List.of();
        }
        Viewer viewer = viewer(table);
        Set<String> gms = tables.members(table).stream().filter(Member::gm).map(Member::id).collect(Collectors.toSet());
        TableService.Page page = tables.log(table, viewer, null, LENGTH);
        Map<String, RollState> before = states == null ? Map.of() : states;
        Map<String, RollState> now = new HashMap<>();
        Map<String, RollCard> kept = new HashMap<>();
        var feed = new ArrayList<RollCard>();
        for (TableService.Roll r : page.rolls()) {
            TableRoll roll = r.roll();
            boolean mine = rollerKeys.key(roll.id()) != null
                    || viewer.memberId() != null && viewer.memberId().equals(roll.memberId());
            boolean playable = mine && !table.closed();
            RollCard old = shown.get(roll.id());
            RollCard card = old != null && old.getSteps() == roll.steps() && old.isPlayable() == playable
                    && old.getVisibility().equals(name(roll.visibility())) ? old
                    : cards.started(roll.id(), r.state(), roll.systemId(), roll.procedureId(), labels)
                            .at(tableId, roll.seq(), roll.steps())
                            .since(old == null ? null : before.get(roll.id()))
                            .by(roll.roller(), roll.memberId() != null && gms.contains(roll.memberId()))
                            .inputs(cards.form(roll.systemId(), roll.procedureId()), inputs(roll))
                            .note(roll.note())
                            .visibility(name(roll.visibility()))
                            .when(roll.createdAt())
                            .mine(mine)
                            .byHand(roll.byHand(), roll.characterName())
                            .playable(playable)
                            .build();
            kept.put(roll.id(), card);
            now.put(roll.id(), r.state());
            feed.add(card);
        }
        long from = page.next() == null ? 1 : page.next();
        for (TableService.Secret secret : tables.secrets(table, viewer, from, Long.MAX_VALUE)) {
            feed.add(RollCard.secret(secret.seq(), secret.roller(), name(secret.visibility()), secret.at(), labels));
        }
        feed.sort(Comparator.comparingLong(RollCard::getSeq).reversed());
        shown = kept;
        states = now;
        return List.copyOf(feed);
    }

    /** Made once: a JSON-B instance is costly to make and safe to share. */
    private static final jakarta.json.bind.Jsonb JSON = io.dicehall.api.json.ApiJson.create();

    @SuppressWarnings("unchecked")
    private static Map<String, Object> inputs(TableRoll roll) {
        return JSON.fromJson(roll.inputsJson(), Map.class);
    }

    private static String name(Visibility visibility) {
        return visibility.name().toLowerCase(Locale.ROOT);
    }

    private Viewer viewer(GameTable table) {
        return tables.viewer(table, keys.ownerKey(table.id()), keys.memberKey(table.id()), null);
    }

    @Override
    public OddsView odds(RollCard card, MoveView move) {
        return cards.oddsOfMove(card, move, () -> tables.odds(tableId, card.getRollId(),
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
            tables.move(tableId, card.getRollId(), rollerKeys.key(card.getRollId()), keys.memberKey(tableId),
                    move.getId(), move.getForm().raw(), faces);
            refresh();
        } catch (ProblemException e) {
            RollCards.refused(move, e);
        }
    }

    /** Shows one of this browser's hidden rolls to everyone at the table. */
    public void reveal(RollCard card) {
        try {
            GameTable table = tables.table(tableId);
            Viewer viewer = tables.viewer(table, keys.ownerKey(tableId), keys.memberKey(tableId),
                    rollerKeys.key(card.getRollId()));
            tables.changeVisibility(tableId, card.getRollId(), viewer, Visibility.PUBLIC);
        } catch (ProblemException refused) {
            // the table closed or the roll is not this browser's: the next reading shows how things stand
        }
        refresh();
    }

    /** @return whether this browser may show a hidden roll to everyone: its roller, or the GM */
    public boolean mayReveal(RollCard card) {
        return card.isRestricted() && !card.isHidden() && !closed() && (card.isMine() || keys.ownerKey(tableId) != null);
    }

    private boolean closed() {
        try {
            return tables.table(tableId).closed();
        } catch (ProblemException gone) {
            return true;
        }
    }
}
