package io.dicehall.web.systems.boundary;

import io.dicehall.web.platform.http.BoundBody;
import jakarta.validation.constraints.Size;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * What the odds before a roll are asked for, as the OpenAPI document describes it; read with
 * {@link BoundBody}, allowing exactly these fields and checking the bound stated here.
 *
 * @param inputs the procedure's inputs
 * @param goal the outcome to reach at least, for best play
 */
@Schema(name = "OddsRequest", description = "The inputs of a roll not yet made, and the goal best play aims at",
        additionalProperties = Schema.False.class)
public record OddsRequest(
        @Schema(ref = "Inputs") Object inputs,
        @Schema(description = "The outcome to reach at least (one of the procedure's goals); default: its defaultGoal")
        @Size(max = OddsRequest.GOAL_MAX, message = BoundBody.TEXT_SIZE) String goal) {

    /** The longest goal. */
    public static final int GOAL_MAX = 100;
}
