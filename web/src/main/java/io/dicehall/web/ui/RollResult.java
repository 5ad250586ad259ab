package io.dicehall.web.ui;

import io.dicehall.api.odds.Odds;
import io.dicehall.api.state.RollState;
import io.dicehall.web.platform.Problem;
import io.dicehall.web.platform.ProblemException;
import io.dicehall.web.rolls.control.RollService;
import io.dicehall.web.rolls.entity.Roll;
import io.dicehall.web.systems.control.Rules;
import io.dicehall.web.ui.form.Notice;
import io.dicehall.web.ui.roll.MoveView;
import io.dicehall.web.ui.roll.OddsView;
import io.dicehall.web.ui.roll.StateView;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import java.util.List;
import java.util.Map;

/**
 * The roll on the table: its dice, tallies and outcome, the moves still open with the odds of each, and
 * the moves themselves, made with the roller key this session holds.
 */
@Named
@ViewScoped
public class RollResult implements Serializable {

    private static final long serialVersionUID = 1L;

    @Inject
    RollService rolls;

    @Inject
    Rules rules;

    @Inject
    RollerKeys keys;

    private String rollId;
    private String note;
    private StateView state;
    private List<MoveView> moves = List.of();
    private String problem = "";

    /** Shows a roll as it stands. */
    void show(Roll roll) {
        Labels labels = Labels.current();
        RollState current = roll.state();
        rollId = roll.id();
        note = roll.note();
        state = StateView.of(current, labels);
        moves = current.moves().stream().map(m -> new MoveView(m, state)).toList();
        problem = "";
    }

    /** Notes that the roll the page was asked to show is no longer held. */
    void gone() {
        problem = Labels.current().get("roll.gone");
    }

    /** @return the odds of taking the move now with its inputs as they stand, or why there are none */
    public OddsView odds(MoveView move) {
        if (!move.isHasOdds()) {
            return null;
        }
        Map<String, Object> raw = move.getForm().raw();
        OddsView known = move.oddsFor(raw);
        if (known == null) {
            known = oddsOf(move, raw);
            move.keep(raw, known);
        }
        return known;
    }

    private OddsView oddsOf(MoveView move, Map<String, Object> raw) {
        Labels labels = Labels.current();
        try {
            Odds odds = rolls.oddsOfMove(rollId, move.getId(), raw);
            Roll roll = rolls.find(rollId);
            return OddsView.ofMove(odds, rules.procedure(roll.system(), roll.procedure()).outcomes(),
                    roll.state().outcome(), move.getLabel(), labels);
        } catch (ProblemException e) {
            Problem p = e.problem();
            return OddsView.unavailable(p.violations().isEmpty() ? List.of(new Notice(p.detail(), ""))
                    : move.getForm().notices(p.violations(), "inputs", labels));
        }
    }

    /** Makes a move: the system checks it and throws the dice; a refusal is shown on the move. */
    public void move(MoveView move) {
        move.setMessage("");
        move.getForm().clearMessages();
        try {
            show(rolls.move(rollId, keys.key(rollId), move.getId(), move.getForm().raw()));
        } catch (ProblemException e) {
            Problem p = e.problem();
            if (p.violations().isEmpty()) {
                move.setMessage(p.detail());
            } else {
                move.getForm().show(p.violations(), "inputs", Labels.current());
            }
        }
    }

    /** @return whether there is a roll to show */
    public boolean isShown() {
        return state != null;
    }

    public String getRollId() {
        return rollId;
    }

    /** @return the roller's note, free text shown escaped; may be null */
    public String getNote() {
        return note;
    }

    public StateView getState() {
        return state;
    }

    public List<MoveView> getMoves() {
        return moves;
    }

    /** @return whether this session rolled it, so may move it */
    public boolean isMine() {
        return rollId != null && keys.key(rollId) != null;
    }

    public String getProblem() {
        return problem;
    }
}
