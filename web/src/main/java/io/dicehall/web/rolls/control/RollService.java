package io.dicehall.web.rolls.control;

import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.state.RollState;
import io.dicehall.web.platform.Ids;
import io.dicehall.web.platform.Refusal;
import io.dicehall.web.platform.SecureDice;
import io.dicehall.web.rolls.entity.Roll;
import io.dicehall.web.systems.control.InstalledSystem;
import io.dicehall.web.systems.control.InstalledSystem.InstalledProcedure;
import io.dicehall.web.systems.control.Rules;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;

/** Makes rolls and moves on them; the server holds the dice. */
@ApplicationScoped
public class RollService {

    private final Dice dice = new SecureDice();

    @Inject
    Rules rules;

    @Inject
    RollStore store;

    /** A new roll and the secret its roller must show to move it, returned only once. */
    public record Created(Roll roll, String rollerKey) {
    }

    /** Rolls: checks the inputs, throws the dice, keeps the roll. */
    public Created roll(String systemId, String procedureId, Object rawInputs, String note) {
        InstalledSystem system = rules.system(systemId);
        InstalledProcedure procedure = rules.procedure(systemId, procedureId);
        Inputs inputs = rules.inputs(system, procedure, rawInputs);
        RollState first = rules.start(system, procedure, inputs, dice);
        String key = Ids.random();
        Roll roll = new Roll(Ids.random(), system.id(), procedure.id(), inputs, note, Instant.now(), Ids.hash(key),
                List.of(first));
        store.put(roll);
        return new Created(roll, key);
    }

    /**
     * @return the roll
     * @throws io.dicehall.web.platform.Refusal unknown when there is none
     */
    public Roll find(String id) {
        return (Ids.wellFormed(id) ? store.find(id) : java.util.Optional.<Roll>empty())
                .orElseThrow(() -> Refusal.of(Refusal.Kind.UNKNOWN, "unknown-roll", "Unknown roll",
                        "There is no roll with this id (or it is no longer held)."));
    }

    /** Applies a move for the roller who holds the key. */
    public Roll move(String id, String rollerKey, String moveId, Object rawInputs) {
        Roll roll = find(id);
        Ids.requireRollerKey(rollerKey, roll.rollerKeyHash());
        InstalledSystem system = rules.system(roll.system());
        InstalledProcedure procedure = rules.procedure(roll.system(), roll.procedure());
        RollState state = roll.state();
        RollState next = rules.play(system, procedure, inputs(roll), state, roll.moves(), moveId, rawInputs, dice)
                .next();
        Roll moved = roll.next(next);
        if (!store.replace(roll, moved)) {
            throw Refusal.of(Refusal.Kind.CONFLICT, "roll-changed", "Roll changed",
                    "Another move was made on this roll at the same moment; read it again and retry.");
        }
        return moved;
    }

    /** @return the roll's checked inputs; 404 when its system is no longer installed here */
    private Inputs inputs(Roll roll) {
        if (roll.inputs() == null) {
            rules.procedure(roll.system(), roll.procedure());
            throw Refusal.of(Refusal.Kind.CONFLICT, "inputs-unreadable", "Roll cannot go on",
                    "This roll's inputs no longer fit its procedure's form here.");
        }
        return roll.inputs();
    }

    /** A roll as it stands, judged: a move's decision odds (if one is named) and best play toward a goal. */
    public io.dicehall.web.systems.control.Judged judge(String id, String moveId, Object rawInputs, String goalId) {
        Roll roll = find(id);
        InstalledSystem system = rules.system(roll.system());
        InstalledProcedure procedure = rules.procedure(roll.system(), roll.procedure());
        return rules.judge(system, procedure, inputs(roll), roll.state(), moveId, rawInputs, goalId);
    }

    /** Decision odds of a move on a roll, for anyone who can see the roll. */
    public Odds oddsOfMove(String id, String moveId, Object rawInputs) {
        Roll roll = find(id);
        InstalledSystem system = rules.system(roll.system());
        InstalledProcedure procedure = rules.procedure(roll.system(), roll.procedure());
        RollState state = roll.state();
        Move move = rules.move(system, procedure, inputs(roll), state, moveId, rawInputs);
        return rules.odds(system, procedure, inputs(roll), state, move);
    }
}
