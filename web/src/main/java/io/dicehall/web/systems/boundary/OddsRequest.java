package io.dicehall.web.systems.boundary;

import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * What the odds before a roll are asked for, as the OpenAPI document describes it; read strictly by
 * {@link io.dicehall.web.platform.http.JsonBody}, allowing exactly these fields.
 *
 * @param inputs the procedure's inputs
 * @param goal the outcome to reach at least, for best play
 */
@Schema(name = "OddsRequest", description = "The inputs of a roll not yet made, and the goal best play aims at",
        additionalProperties = Schema.False.class)
public record OddsRequest(
        @Schema(ref = "Inputs") Map<String, Object> inputs,
        @Schema(description = "The outcome to reach at least (one of the procedure's goals); default: its defaultGoal",
                maxLength = OddsRequest.GOAL_MAX) String goal) {

    /** The longest goal. */
    public static final int GOAL_MAX = 100;
}
