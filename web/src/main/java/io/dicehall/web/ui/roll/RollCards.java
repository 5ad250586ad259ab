package io.dicehall.web.ui.roll;

import io.dicehall.api.form.Form;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import io.dicehall.web.platform.Refusal;
import io.dicehall.web.rolls.entity.Roll;
import io.dicehall.web.systems.control.InstalledSystem.InstalledProcedure;
import io.dicehall.web.systems.control.Rules;
import io.dicehall.web.ui.faces.Labels;
import io.dicehall.web.ui.form.Notice;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/** Puts together the {@link RollCard}s pages show, naming each roll's procedure and inputs as its system does. */
@ApplicationScoped
public class RollCards {

    @Inject
    Rules rules;

    /** @return a card for a roll held in memory (made outside a table) */
    public RollCard of(Roll roll, boolean playable, Labels labels) {
        List<RollState> states = roll.states();
        RollState before = states.size() > 1 ? states.get(states.size() - 2) : null;
        return started(roll.id(), roll.state(), roll.system(), roll.procedure(), labels)
                .inputs(form(roll.system(), roll.procedure()), roll.inputs().toMap())
                .note(roll.note())
                .since(before)
                .when(LocalDateTime.ofInstant(roll.createdAt(), ZoneOffset.UTC))
                .mine(playable)
                .playable(playable)
                .build();
    }

    /** @return a card for any roll, with its procedure's name, ready for the caller to fill in the rest */
    public RollCardBuilder started(String rollId, RollState state, String system, String procedure, Labels labels) {
        return RollCard.of(rollId, state, labels).procedure(system, procedure, procedureName(system, procedure));
    }

    /** @return the form a procedure declares, or null when the system is no longer installed */
    public Form form(String system, String procedure) {
        return find(system, procedure).map(InstalledProcedure::form).orElse(null);
    }

    /** @return "Check — Tasks &amp; Checks", or the ids when the system is no longer installed */
    public String procedureName(String system, String procedure) {
        try {
            return rules.procedure(system, procedure).name() + " — " + rules.system(system).name();
        } catch (Refusal gone) {
            return system + " / " + procedure;
        }
    }

    private Optional<InstalledProcedure> find(String system, String procedure) {
        try {
            return Optional.of(rules.procedure(system, procedure));
        } catch (Refusal gone) {
            return Optional.empty();
        }
    }

    /**
     * @param odds computes the move's odds, throwing {@link Refusal} when its inputs break a rule
     * @return the odds of a move on a card, headed by what it changes ("Daring Roll: Success 0% → 61%"), or
     *     why there are none; kept on the move for the inputs they were computed for
     */
    public OddsView oddsOfMove(RollCard card, MoveView move, Supplier<Odds> odds) {
        return oddsOfMove(card, move, null, odds);
    }

    /**
     * @param goal the outcome the player aims at (its id), whose chance heads the odds; null for none
     * @return the odds of a move, as {@link #oddsOfMove(RollCard, MoveView, Supplier)}, headed by the goal's chance
     */
    public OddsView oddsOfMove(RollCard card, MoveView move, String goal, Supplier<Odds> odds) {
        if (!move.isHasOdds()) {
            return null;
        }
        Map<String, Object> raw = new java.util.HashMap<>(move.getForm().raw());
        raw.put("\u0000goal", String.valueOf(goal)); // the same inputs toward another goal are another headline
        OddsView known = move.oddsFor(raw);
        if (known == null) {
            known = computed(card, move, goal, odds);
            move.keep(raw, known);
        }
        return known;
    }

    private OddsView computed(RollCard card, MoveView move, String goal, Supplier<Odds> odds) {
        Labels labels = Labels.current();
        try {
            List<Outcome> declared = rules.procedure(card.getSystem(), card.getProcedure()).outcomes();
            return OddsView.ofMove(odds.get(), declared, card.outcome(), move.getLabel(), goal, labels);
        } catch (Refusal e) {
            return OddsView.unavailable(e.violations().isEmpty() ? List.of(new Notice(e.detail(), ""))
                    : move.getForm().notices(e.violations(), "inputs", labels));
        }
    }

    /**
     * @param judge judges the card's state toward the goal (best play only)
     * @return best play in the card's state toward a goal, kept on the card; {@link BestView#NONE} when none
     */
    public BestView bestPlay(RollCard card, String goal, Supplier<io.dicehall.web.systems.control.Judged> judge) {
        if (!card.isPlayable()) {
            return BestView.NONE;
        }
        BestView known = card.bestFor(goal);
        if (known == null) {
            try {
                var judged = judge.get();
                String label = judged.best() == null ? "" : judged.outcomes().stream()
                        .filter(o -> o.id().equals(judged.best().goal().atLeast())).map(Outcome::label).findFirst()
                        .orElse(judged.best().goal().atLeast());
                known = judged.best() == null ? BestView.NONE
                        : BestView.of(judged.best(), judged.state(), label, Labels.current());
            } catch (Refusal unavailable) {
                known = BestView.NONE;
            }
            card.keepBest(goal, known);
            // Each move's form starts from the inputs that make it best, so its badge and its odds agree.
            for (MoveView move : card.getMoves()) {
                Map<String, Object> best = known.inputs(move.getId());
                if (!best.isEmpty()) {
                    move.getForm().fill(best);
                }
            }
        }
        return known;
    }

    /** Shows a refused move's reasons on the move: beside its inputs, or as one message. */
    public static void refused(MoveView move, Refusal e) {
        if (e.violations().isEmpty()) {
            move.setMessage(e.detail());
        } else {
            move.getForm().show(e.violations(), "inputs", Labels.current());
        }
    }
}
