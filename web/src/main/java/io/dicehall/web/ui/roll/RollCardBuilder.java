package io.dicehall.web.ui.roll;

import io.dicehall.api.form.Form;
import io.dicehall.api.state.RollState;
import io.dicehall.web.ui.faces.Labels;
import java.time.LocalDateTime;
import java.util.Map;

/** Puts together a {@link RollCard}: what the roll is, then where and by whom it was made, as far as known. */
public final class RollCardBuilder {

    final String rollId;
    final RollState state;
    final Labels labels;
    RollState before;
    String table = "";
    long seq;
    int steps = 1;
    String roller = "";
    boolean rollerGm;
    String rollerId;
    String system = "";
    String procedure = "";
    String procedureName = "";
    String note;
    String visibility = "";
    String visibilityLabel = "";
    LocalDateTime at;
    Form form;
    Map<String, Object> inputs = Map.of();
    boolean mine;
    boolean playable;
    boolean guest;
    String ended;
    boolean byHand;
    String character;

    RollCardBuilder(String rollId, RollState state, Labels labels) {
        this.rollId = rollId;
        this.state = state;
        this.labels = labels;
    }

    /** At a table: which, its number in the log, and how many states it has had. */
    public RollCardBuilder at(String tableId, long number, int stateCount) {
        table = tableId;
        seq = number;
        steps = stateCount;
        return this;
    }

    /** The state shown before, so the dice added or re-rolled since are marked as new; may be null. */
    public RollCardBuilder since(RollState earlier) {
        before = earlier;
        return this;
    }

    public RollCardBuilder by(String name, boolean gm) {
        roller = name == null ? "" : name;
        rollerGm = gm;
        return this;
    }

    /** The member who made the roll, by id; null for a guest's roll. */
    public RollCardBuilder byMember(String memberId) {
        rollerId = memberId;
        return this;
    }

    /** Which procedure, and its name as players read it ("Check — Tasks &amp; Checks"). */
    public RollCardBuilder procedure(String systemId, String procedureId, String name) {
        system = systemId;
        procedure = procedureId;
        procedureName = name;
        return this;
    }

    /** The values rolled with, shown by the labels of the form that declared them. */
    public RollCardBuilder inputs(Form declared, Map<String, Object> values) {
        form = declared;
        inputs = values;
        return this;
    }

    public RollCardBuilder note(String text) {
        note = text;
        return this;
    }

    public RollCardBuilder visibility(String v) {
        visibility = v;
        visibilityLabel = labels.get("table.visibility." + v);
        return this;
    }

    public RollCardBuilder when(LocalDateTime time) {
        at = time;
        return this;
    }

    /** Whether its dice were thrown by hand, and the character it was rolled for (or null). */
    public RollCardBuilder byHand(boolean thrownByHand, String forCharacter) {
        byHand = thrownByHand;
        character = forCharacter;
        return this;
    }

    /** Whether this browser made the roll (holds its key, or is the member who made it). */
    public RollCardBuilder mine(boolean rolledHere) {
        mine = rolledHere;
        return this;
    }

    /** Whether this browser holds a key that may make the roll's moves. */
    public RollCardBuilder playable(boolean mayPlay) {
        playable = mayPlay;
        return this;
    }

    /** Marks a roll made by a guest (no seat at the table), under a name no seat has. */
    public RollCardBuilder guest(boolean byGuest) {
        guest = byGuest;
        return this;
    }

    /** Says why the roll's open moves ended without its roller: idle, superseded, gm; null when they did not. */
    public RollCardBuilder ended(String why) {
        ended = why;
        return this;
    }

    public RollCard build() {
        return new RollCard(this);
    }
}
