package io.dicehall.web.rolls.boundary;

import io.dicehall.web.systems.boundary.ApiSchemas;
import io.dicehall.web.platform.http.BoundBody;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The bodies the roll endpoints read. Each bound stated here is read by the OpenAPI document and checked when the
 * body is read with {@link BoundBody}; a procedure's inputs are checked by its form.
 */
public final class RollRequests {

    private RollRequests() {
    }

    /** The longest id of a system, procedure, move or goal. */
    public static final int ID_MAX = 100;
    /** The longest note. */
    public static final int NOTE_MAX = 500;

    /**
     * A roll.
     *
     * @param system the system's id
     * @param procedure the procedure's id
     * @param inputs the procedure's inputs; defaults fill in what is left out
     * @param note the roller's note
     */
    @Schema(name = "RollRequest", description = "A roll: the system's procedure with its inputs",
            requiredProperties = {"system", "procedure"}, additionalProperties = Schema.False.class)
    public record RollRequest(
            @Schema(description = "The system's id (GET /api/systems)")
            @NotNull(message = BoundBody.REQUIRED) @Size(min = 1, max = ID_MAX, message = BoundBody.TEXT_SIZE) String system,
            @Schema(description = "The procedure's id")
            @NotNull(message = BoundBody.REQUIRED) @Size(min = 1, max = ID_MAX, message = BoundBody.TEXT_SIZE) String procedure,
            @Schema(ref = "Inputs") Object inputs,
            @Schema(description = "The roller's note, shown with the roll")
            @Size(max = NOTE_MAX, message = BoundBody.TEXT_SIZE) String note) {
    }

    /**
     * A move on a roll.
     *
     * @param move the open move's id
     * @param inputs the move's inputs
     */
    @Schema(name = "MoveRequest", description = "A move on a roll: one of its open moves (state.moves) with that "
            + "move's inputs", requiredProperties = "move", additionalProperties = Schema.False.class)
    public record MoveRequest(
            @Schema(description = "The open move's id")
            @NotNull(message = BoundBody.REQUIRED) @Size(min = 1, max = ID_MAX, message = BoundBody.TEXT_SIZE) String move,
            @Schema(ref = "Inputs") Object inputs) {
    }

    /**
     * A move asked about, not made.
     *
     * @param move the open move's id
     * @param inputs the move's inputs
     * @param goal the outcome to reach at least, for best play
     */
    @Schema(name = "DecisionRequest", description = "A move to weigh before making it: the odds if it is made now, "
            + "and its value toward a goal when every later choice is made well",
            requiredProperties = "move", additionalProperties = Schema.False.class)
    public record DecisionRequest(
            @Schema(description = "The open move's id")
            @NotNull(message = BoundBody.REQUIRED) @Size(min = 1, max = ID_MAX, message = BoundBody.TEXT_SIZE) String move,
            @Schema(ref = "Inputs") Object inputs,
            @Schema(description = "The outcome to reach at least (one of the procedure's goals); default: its defaultGoal")
            @Size(max = ID_MAX, message = BoundBody.TEXT_SIZE) String goal) {
    }

    /**
     * A goal for best play.
     *
     * @param goal the outcome to reach at least
     */
    @Schema(name = "GoalRequest", description = "The goal best play aims at", additionalProperties = Schema.False.class)
    public record GoalRequest(
            @Schema(description = "The outcome to reach at least (one of the procedure's goals); default: its defaultGoal")
            @Size(max = ID_MAX, message = BoundBody.TEXT_SIZE) String goal) {
    }
}
