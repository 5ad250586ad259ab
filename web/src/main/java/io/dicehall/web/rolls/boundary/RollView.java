package io.dicehall.web.rolls.boundary;

import io.dicehall.api.state.RollState;
import io.dicehall.web.rolls.entity.Roll;
import java.util.Map;

/**
 * A roll as the API shows it.
 *
 * @param id the roll's unguessable id
 * @param system the system's id
 * @param procedure the procedure's id
 * @param inputs the checked inputs, defaults filled in
 * @param note the roller's note, or null
 * @param createdAt when it was rolled, ISO-8601 UTC
 * @param moves how many moves have been made on it
 * @param state the current state: dice, tallies, outcome, open moves, history
 * @param rollerKey the secret a roller must send to move the roll; only in the answer that created it
 */
public record RollView(String id, String system, String procedure, Map<String, Object> inputs, String note,
        String createdAt, int moves, RollState state, String rollerKey) {

    /** @return the view of a roll, without its key */
    public static RollView of(Roll roll) {
        return of(roll, null);
    }

    /** @return the view of a roll, with its key when just created */
    public static RollView of(Roll roll, String rollerKey) {
        return new RollView(roll.id(), roll.system(), roll.procedure(), roll.inputs() == null ? java.util.Map.of() : roll.inputs().toMap(), roll.note(),
                roll.createdAt().toString(), roll.moves(), roll.state(), rollerKey);
    }
}
