package io.dicehall.web.rolls.control;

import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.state.RollState;
import io.dicehall.web.platform.Ids;
import io.dicehall.web.platform.Problem;
import io.dicehall.web.platform.SecureDice;
import io.dicehall.web.rolls.entity.Roll;
import io.dicehall.web.systems.control.InstalledSystem;
import io.dicehall.web.systems.control.InstalledSystem.InstalledProcedure;
import io.dicehall.web.systems.control.Rules;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;

/** Makes rolls and moves on them; the server holds the dice. */
@ApplicationScoped
public class RollService {

    /** The most moves one roll may take. */
    public static final int MAX_MOVES = 200;

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
        Roll roll = new Roll(Ids.random(), system.id(), procedure.id(), inputs, note, Instant.now(), Ids.hash(key), first);
        store.put(roll);
        return new Created(roll, key);
    }

    /**
     * @return the roll
     * @throws io.dicehall.web.platform.ProblemException 404 when there is none
     */
    public Roll find(String id) {
        return (Ids.wellFormed(id) ? store.find(id) : java.util.Optional.<Roll>empty())
                .orElseThrow(() -> Problem.of(404, "unknown-roll", "Unknown roll",
                        "There is no roll with this id (or it is no longer held).").exception());
    }

    /** Applies a move for the roller who holds the key. */
    public Roll move(String id, String rollerKey, String moveId, Object rawInputs) {
        Roll roll = find(id);
        if (rollerKey == null || rollerKey.isEmpty()) {
            throw Problem.of(403, "roller-key-missing", "Roller key missing",
                    "Only the roller may move this roll: send the rollerKey you were given in the Roller-Key header.")
                    .exception();
        }
        if (!Ids.matches(rollerKey, roll.rollerKeyHash())) {
            throw Problem.of(403, "roller-key-wrong", "Wrong roller key",
                    "The Roller-Key header does not match this roll's key.").exception();
        }
        InstalledSystem system = rules.system(roll.system());
        InstalledProcedure procedure = rules.procedure(roll.system(), roll.procedure());
        RollState state = roll.state();
        if (roll.moves() >= MAX_MOVES && !state.complete()) {
            throw Problem.of(409, "too-many-moves", "Too many moves",
                    "This roll has reached its limit of " + MAX_MOVES + " moves.").exception();
        }
        Move move = rules.move(system, procedure, roll.inputs(), state, moveId, rawInputs);
        RollState next = rules.apply(system, procedure, roll.inputs(), state, move, dice);
        if (!roll.advance(state, next)) {
            throw Problem.of(409, "roll-changed", "Roll changed",
                    "Another move was made on this roll at the same moment; read it again and retry.").exception();
        }
        return roll;
    }

    /** Decision odds of a move on a roll, for anyone who can see the roll. */
    public Odds oddsOfMove(String id, String moveId, Object rawInputs) {
        Roll roll = find(id);
        InstalledSystem system = rules.system(roll.system());
        InstalledProcedure procedure = rules.procedure(roll.system(), roll.procedure());
        RollState state = roll.state();
        Move move = rules.move(system, procedure, roll.inputs(), state, moveId, rawInputs);
        return rules.odds(system, procedure, roll.inputs(), state, move);
    }
}
