package io.dicehall.web.ui.roll;

import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Tone;
import io.dicehall.web.ui.faces.Labels;
import java.io.Serializable;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * One roll as a page shows it, wherever it is shown: beside the form it was rolled from, as an entry of a
 * table's feed, or on its own page. Its state, who rolled it and why, what it was rolled with, and — when
 * this browser may play it — its open moves, each with a small form and the odds of taking it now. Or, for a
 * roll the viewer may not see, only that it exists.
 */
public final class RollCard implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String rollId;
    private final String table;
    private final long seq;
    private final int steps;
    private final String roller;
    private final boolean rollerGm;
    private final String rollerId;
    private final String system;
    private final String procedure;
    private final String procedureName;
    private final String note;
    private final String visibility;
    private final String visibilityLabel;
    private final String at;
    private final StateView state;
    private final String outcomeId;
    private final String outcomeLabel;
    private final Tone outcomeTone;
    private final List<InputView> inputs;
    private final boolean mine;
    private final boolean playable;
    private final List<MoveView> moves;
    private final boolean guest;
    private final String ended;
    private final boolean hidden;
    private BestView best;
    private String bestFor;
    private final boolean byHand;
    private final String character;

    RollCard(RollCardBuilder b) {
        byHand = b.byHand;
        character = b.character;
        rollId = b.rollId;
        table = b.table;
        seq = b.seq;
        steps = b.steps;
        roller = b.roller;
        rollerGm = b.rollerGm;
        rollerId = b.rollerId;
        system = b.system;
        procedure = b.procedure;
        procedureName = b.procedureName;
        note = b.note;
        visibility = b.visibility;
        visibilityLabel = b.visibilityLabel;
        at = b.at == null ? "" : b.at + "Z";
        hidden = b.state == null;
        mine = b.mine;
        guest = b.guest;
        ended = b.ended == null ? "" : b.ended;
        if (hidden) {
            state = null;
            outcomeId = "";
            outcomeLabel = "";
            outcomeTone = Tone.PENDING;
            inputs = List.of();
            playable = false;
            moves = List.of();
            return;
        }
        state = StateView.since(b.state, b.before, b.labels);
        Outcome outcome = b.state.outcome();
        outcomeId = outcome.id();
        outcomeLabel = outcome.label();
        outcomeTone = outcome.tone();
        inputs = b.form == null ? List.of() : InputView.of(b.form, b.inputs, b.labels);
        playable = b.playable && !b.state.complete() && ended.isEmpty();
        String prefix = "mv" + (seq > 0 ? Long.toString(seq) : "");
        moves = playable ? b.state.moves().stream().map(m -> new MoveView(m, state, prefix)).toList() : List.of();
    }

    /** A shown card as a browser that neither made the roll nor may play it sees it: the same, without its moves. */
    private RollCard(RollCard shown) {
        rollId = shown.rollId;
        table = shown.table;
        seq = shown.seq;
        steps = shown.steps;
        roller = shown.roller;
        rollerGm = shown.rollerGm;
        rollerId = shown.rollerId;
        system = shown.system;
        procedure = shown.procedure;
        procedureName = shown.procedureName;
        note = shown.note;
        visibility = shown.visibility;
        visibilityLabel = shown.visibilityLabel;
        at = shown.at;
        state = shown.state;
        outcomeId = shown.outcomeId;
        outcomeLabel = shown.outcomeLabel;
        outcomeTone = shown.outcomeTone;
        inputs = shown.inputs;
        mine = false;
        playable = false;
        moves = List.of();
        guest = shown.guest;
        ended = shown.ended;
        hidden = shown.hidden;
        byHand = shown.byHand;
        character = shown.character;
    }

    /** @return this card as someone else at the table sees it: not theirs, so without its moves */
    public RollCard seenByOthers() {
        return new RollCard(this);
    }

    /** @return a card for a roll that may be shown; fill it in with the builder's setters */
    public static RollCardBuilder of(String rollId, RollState state, Labels labels) {
        return new RollCardBuilder(rollId, Objects.requireNonNull(state), labels);
    }

    /** @return a card saying only that a roll exists: its number, who rolled it and for whom */
    public static RollCard secret(long seq, String roller, String visibility, LocalDateTime at, Labels labels) {
        return secret(seq, roller, visibility, at, false, labels);
    }

    /** @return a card saying only that a roll exists: its number, who rolled it (a guest or not) and for whom */
    public static RollCard secret(long seq, String roller, String visibility, LocalDateTime at, boolean guest,
            Labels labels) {
        RollCardBuilder b = new RollCardBuilder("", null, labels);
        b.guest = guest;
        b.seq = seq;
        b.roller = roller;
        b.visibility = visibility;
        b.visibilityLabel = labels.get("table.visibility." + visibility);
        b.at = at;
        return new RollCard(b);
    }

    /** @return the roll's current outcome, as the odds of a move compare against it */
    public Outcome outcome() {
        return new Outcome(outcomeId, outcomeLabel, outcomeTone, "");
    }

    /** @return best play worked out for a goal (null: the procedure's own), or null when not yet worked out */
    public BestView bestFor(String goal) {
        return java.util.Objects.equals(goal, bestFor) ? best : null;
    }

    /** Keeps best play worked out for a goal. */
    public void keepBest(String goal, BestView view) {
        bestFor = goal;
        best = view;
    }

    /** @return the move of this card with that id, or null */
    public MoveView move(String id) {
        return moves.stream().filter(m -> m.getId().equals(id)).findFirst().orElse(null);
    }

    public String getRollId() {
        return rollId;
    }

    /** @return the table it was made at; empty for a roll made outside a table */
    public String getTable() {
        return table;
    }

    /** @return its number in the table's log; 0 for a roll made outside a table */
    public long getSeq() {
        return seq;
    }

    /** @return how many states the roll has had (1 after the throw, one more per move) */
    public int getSteps() {
        return steps;
    }

    /** @return who rolled it, as they named themselves; free text shown escaped */
    public String getRoller() {
        return roller;
    }

    /** @return whether the roller sits as the table's GM */
    /** @return the id of the member who made the roll, or null (a guest's roll, or not at a table) */
    public String getRollerId() {
        return rollerId;
    }

    public boolean isRollerGm() {
        return rollerGm;
    }

    public String getSystem() {
        return system;
    }

    public String getProcedure() {
        return procedure;
    }

    public String getProcedureName() {
        return procedureName;
    }

    /** @return the roller's note; free text shown escaped; may be null */
    public String getNote() {
        return note;
    }

    /** @return public, gm, roller, or empty outside a table */
    public String getVisibility() {
        return visibility;
    }

    public String getVisibilityLabel() {
        return visibilityLabel;
    }

    /** @return whether only some at the table see it */
    public boolean isRestricted() {
        return !visibility.isEmpty() && !"public".equals(visibility);
    }

    /** @return when it was rolled, ISO-8601 UTC; empty when unknown */
    public String getAt() {
        return at;
    }

    /** @return when it was rolled, as hours and minutes (UTC), for a page to show until its script localises it */
    public String getClock() {
        return at.length() >= 16 ? at.substring(11, 16) : "";
    }

    public StateView getState() {
        return state;
    }

    /** @return good, mixed, bad or pending */
    public String getTone() {
        return outcomeTone.name().toLowerCase(Locale.ROOT);
    }

    public List<InputView> getInputs() {
        return inputs;
    }

    /** @return whether this browser made the roll */
    public boolean isMine() {
        return mine;
    }

    /** @return whether this browser may make the roll's moves, and it is not over */
    public boolean isPlayable() {
        return playable;
    }

    /** @return the open moves this browser may make; empty when it may make none */
    public List<MoveView> getMoves() {
        return moves;
    }

    /** @return whether the roll still has moves open (to anyone) */
    public boolean isOpen() {
        return state != null && !state.isComplete() && ended.isEmpty();
    }

    /** @return whether a guest (no seat at the table) made it */
    public boolean isGuest() {
        return guest;
    }

    /** @return why its moves ended before its roller played them out (idle, superseded, gm); empty otherwise */
    public String getEnded() {
        return ended;
    }

    /** @return whether its dice were thrown by hand, their faces typed in by the roller */
    public boolean isByHand() {
        return byHand;
    }

    /** @return the character it was rolled for, or null */
    public String getCharacter() {
        return character;
    }

    /** @return whether this is only a placeholder for a roll the viewer may not see */
    public boolean isHidden() {
        return hidden;
    }
}
