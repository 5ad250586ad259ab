package io.dicehall.web.rolls.boundary;

import io.dicehall.api.state.RollState;
import io.dicehall.web.rolls.entity.Roll;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

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
@Schema(name = "Roll", description = "A roll", requiredProperties = {"id", "system", "procedure", "inputs", "createdAt",
    "moves", "state"})
public record RollView(@Schema(description = "The roll's unguessable id") String id, String system, String procedure,
        @Schema(type = SchemaType.OBJECT, additionalProperties = Schema.True.class,
                description = "The checked inputs, defaults filled in") Map<String, Object> inputs,
        @Schema(description = "The roller's note") String note,
        @Schema(description = "When it was rolled, UTC", format = "date-time") String createdAt,
        @Schema(description = "How many moves have been made on it", minimum = "0") int moves,
        @Schema(ref = "RollState") RollState state,
        @Schema(description = "The key its moves need; only in the answer that made the roll") String rollerKey) {

    /** @return the view of a roll, without its key */
    public static RollView of(Roll roll) {
        return of(roll, null);
    }

    /** @return the view of a roll, with its key when just created */
    public static RollView of(Roll roll, String rollerKey) {
        return new RollView(roll.id(), roll.system(), roll.procedure(),
                roll.inputs() == null ? java.util.Map.of() : roll.inputs().toMap(), roll.note(),
                roll.createdAt().toString(), roll.moves(), roll.state(), rollerKey);
    }
}
