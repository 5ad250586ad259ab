package io.dicehall.web.ui.table;

import io.dicehall.web.ui.roll.MoveView;
import io.dicehall.web.ui.roll.StateView;
import java.io.Serializable;
import java.util.List;

/** One roll of a table's log as a page shows it; free text (roller, note) is escaped when rendered. */
public final class LogEntry implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String rollId;
    private final long seq;
    private final String roller;
    private final String note;
    private final String visibility;
    private final String visibilityLabel;
    private final String procedure;
    private final StateView state;
    private final boolean mine;
    private final List<MoveView> moves;

    public LogEntry(String rollId, long seq, String roller, String note, String visibility, String visibilityLabel,
            String procedure, StateView state, boolean mine, List<MoveView> moves) {
        this.rollId = rollId;
        this.seq = seq;
        this.roller = roller;
        this.note = note;
        this.visibility = visibility;
        this.visibilityLabel = visibilityLabel;
        this.procedure = procedure;
        this.state = state;
        this.mine = mine;
        this.moves = moves;
    }

    public String getRollId() {
        return rollId;
    }

    public long getSeq() {
        return seq;
    }

    /** @return the roller's display name; may be null */
    public String getRoller() {
        return roller;
    }

    /** @return the note; may be null */
    public String getNote() {
        return note;
    }

    /** @return public, gm or roller */
    public String getVisibility() {
        return visibility;
    }

    public String getVisibilityLabel() {
        return visibilityLabel;
    }

    public String getProcedure() {
        return procedure;
    }

    public StateView getState() {
        return state;
    }

    /** @return whether this session rolled it, so may move it */
    public boolean isMine() {
        return mine;
    }

    /** @return the moves open to this session on it (none when not its roll, when over or closed) */
    public List<MoveView> getMoves() {
        return moves;
    }
}
