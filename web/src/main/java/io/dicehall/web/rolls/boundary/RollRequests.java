package io.dicehall.web.rolls.boundary;

import io.dicehall.web.systems.boundary.ApiSchemas;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The bodies the roll endpoints read, as the OpenAPI document describes them. The endpoints read them with
 * {@link io.dicehall.web.platform.http.JsonBody} (strictly: unknown fields, duplicate keys, depth, exact numbers,
 * size), allowing exactly these records' fields and checking the bounds declared here.
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
            @Schema(description = "The system's id (GET /api/systems)", minLength = 1,
                    maxLength = ID_MAX) String system,
            @Schema(description = "The procedure's id", minLength = 1, maxLength = ID_MAX) String procedure,
            @Schema(ref = "Inputs") Map<String, Object> inputs,
            @Schema(description = "The roller's note, shown with the roll", maxLength = NOTE_MAX) String note) {
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
            @Schema(description = "The open move's id", minLength = 1, maxLength = ID_MAX) String move,
            @Schema(ref = "Inputs") Map<String, Object> inputs) {
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
            @Schema(description = "The open move's id", minLength = 1, maxLength = ID_MAX) String move,
            @Schema(ref = "Inputs") Map<String, Object> inputs,
            @Schema(description = "The outcome to reach at least (one of the procedure's goals); default: its defaultGoal",
                    maxLength = ID_MAX) String goal) {
    }

    /**
     * A goal for best play.
     *
     * @param goal the outcome to reach at least
     */
    @Schema(name = "GoalRequest", description = "The goal best play aims at", additionalProperties = Schema.False.class)
    public record GoalRequest(
            @Schema(description = "The outcome to reach at least (one of the procedure's goals); default: its defaultGoal",
                    maxLength = ID_MAX) String goal) {
    }
}
