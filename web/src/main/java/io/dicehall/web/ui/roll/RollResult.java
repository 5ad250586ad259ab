package io.dicehall.web.ui.roll;

import io.dicehall.web.platform.Refusal;
import io.dicehall.web.rolls.control.RollService;
import io.dicehall.web.rolls.entity.Roll;
import io.dicehall.web.ui.faces.Labels;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;

/**
 * A roll made outside a table, as the rolling page and the roll's own page show it: rolling it (the rolling
 * page's Roll button, with the values of {@link RollForm}), its card, and its moves, made with the roller key
 * this session holds.
 */
@Named
@ViewScoped
public class RollResult implements MovePlayer {

    private static final long serialVersionUID = 1L;

    @Inject
    RollService rolls;

    @Inject
    RollCards cards;

    @Inject
    RollerKeys keys;

    @Inject
    RollForm form;

    @Inject
    RollGoal goal;

    private RollCard card;
    private String problem = "";

    /** Rolls the form's values through {@link RollService}; the roll is shown here, its key kept for its moves. */
    public void roll() {
        form.submit((system, procedure, inputs, note) -> {
            RollService.Created created = rolls.roll(system, procedure, inputs, note);
            keys.remember(created.roll().id(), created.rollerKey());
            show(created.roll());
        });
    }

    /** Shows a roll as it stands. */
    void show(Roll roll) {
        card = cards.of(roll, keys.key(roll.id()) != null, Labels.current());
        problem = "";
    }

    /** Notes that the roll the page was asked to show is no longer held. */
    void gone() {
        card = null;
        problem = Labels.current().get("roll.gone");
    }

    @Override
    public OddsView odds(RollCard shown, MoveView move) {
        return cards.oddsOfMove(shown, move, goal.goalFor(shown.getSystem(), shown.getProcedure()),
                () -> rolls.oddsOfMove(shown.getRollId(), move.getId(), move.getForm().raw()));
    }

    @Override
    public io.dicehall.web.ui.roll.BestView bestPlay(RollCard shown) {
        String aim = goal.goalFor(shown.getSystem(), shown.getProcedure());
        return cards.bestPlay(shown, aim, () -> rolls.judge(shown.getRollId(), null, null, aim));
    }

    @Override
    public void move(RollCard shown, MoveView move) {
        move.setMessage("");
        move.getForm().clearMessages();
        try {
            show(rolls.move(shown.getRollId(), keys.key(shown.getRollId()), move.getId(), move.getForm().raw()));
        } catch (Refusal e) {
            RollCards.refused(move, e);
        }
    }

    /** @return whether there is a roll to show */
    public boolean isShown() {
        return card != null;
    }

    public RollCard getCard() {
        return card;
    }

    /** @return the roll's id, or null */
    public String getRollId() {
        return card == null ? null : card.getRollId();
    }

    /** @return whether this session rolled it, so may move it */
    public boolean isMine() {
        return card != null && keys.key(card.getRollId()) != null;
    }

    public String getProblem() {
        return problem;
    }
}
