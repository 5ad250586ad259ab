package io.dicehall.web.rolls.boundary;

import io.dicehall.web.platform.http.BoundBody;
import io.dicehall.web.rolls.control.RollService;
import io.dicehall.web.systems.boundary.BestPlayView;
import io.dicehall.web.systems.boundary.OddsView;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.io.InputStream;
import io.dicehall.web.platform.http.ApiContract;
import io.dicehall.web.rolls.boundary.RollRequests.DecisionRequest;
import io.dicehall.web.rolls.boundary.RollRequests.GoalRequest;
import io.dicehall.web.rolls.boundary.RollRequests.MoveRequest;
import io.dicehall.web.rolls.boundary.RollRequests.RollRequest;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Rolls: the server throws the dice, applies the rules, and takes the roller's moves. */
@Path("rolls")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "rolls")
@SecurityRequirementsSet
public class RollsResource {

    /** The header that carries a roll's secret key. */
    public static final String ROLLER_KEY = "Roller-Key";

    @Inject
    RollService rolls;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponse(responseCode = "201", description = "The roll, with its rollerKey (shown this once)",
            headers = @Header(name = "Location", description = "The roll's address",
                    schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = RollView.class)))
    @Extension(name = ApiContract.ERRORS, value = "404 502 504")
    @Operation(operationId = "roll", summary = "Roll: the server throws the dice and applies the rules",
            description = "Answers 201 with the roll and its rollerKey, the key its moves need")
    public Response roll(@RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = RollRequest.class))) InputStream body, @Context UriInfo uri) {
        RollRequest request = BoundBody.read(body, RollRequest.class);
        RollService.Created created = rolls.roll(request.system(), request.procedure(), request.inputs(), request.note());
        return Response.created(uri.getBaseUriBuilder().path("rolls").path(created.roll().id()).build())
                .entity(RollView.of(created.roll(), created.rollerKey())).build();
    }

    @GET
    @Path("{id}")
    @APIResponseSchema(value = RollView.class, responseDescription = "The roll, without its key")
    @Extension(name = ApiContract.ERRORS, value = "-503")
    @Operation(operationId = "getRoll", summary = "A roll")
    public RollView get(@Parameter(description = "The roll's id") @PathParam("id") String id) {
        return RollView.of(rolls.find(id));
    }

    @POST
    @Path("{id}/moves")
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponseSchema(value = RollView.class, responseDescription = "The roll after the move")
    @Extension(name = ApiContract.KEYS, value = "roller")
    @Extension(name = ApiContract.ERRORS, value = "409 502 504")
    @Operation(operationId = "moveRoll", summary = "Make a move on a roll, with its Roller-Key")
    public RollView move(@Parameter(description = "The roll's id") @PathParam("id") String id,
            @Parameter(hidden = true) @HeaderParam(ROLLER_KEY) String rollerKey,
            @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = MoveRequest.class))) InputStream body) {
        rolls.find(id);
        MoveRequest request = BoundBody.read(body, MoveRequest.class);
        return RollView.of(rolls.move(id, rollerKey, request.move(), request.inputs()));
    }

    @POST
    @Path("{id}/odds")
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponseSchema(value = OddsView.class, responseDescription = "The odds if the move is made now, with best play")
    @Extension(name = ApiContract.ERRORS, value = "409 502 504")
    @Operation(operationId = "rollDecisionOdds", summary = "The exact odds of the outcome if a move is made now",
            description = "bestPlay: best play toward the goal now, and this move's value when played well afterwards")
    public OddsView odds(@Parameter(description = "The roll's id") @PathParam("id") String id,
            @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = DecisionRequest.class))) InputStream body) {
        rolls.find(id);
        DecisionRequest request = BoundBody.read(body, DecisionRequest.class);
        return OddsView.of(rolls.judge(id, request.move(), request.inputs(), request.goal()));
    }

    @POST
    @Path("{id}/best-play")
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponseSchema(value = BestPlayView.Answer.class, responseDescription = "Best play now")
    @Extension(name = ApiContract.ERRORS, value = "502 504")
    @Operation(operationId = "rollBestPlay", summary = "Best play now toward a goal",
            description = "The best move, ties, and what each open move gives up; bestPlay is absent when the procedure's "
                    + "outcomes have no order or it gives no game")
    public BestPlayView.Answer bestPlay(@Parameter(description = "The roll's id") @PathParam("id") String id,
            @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = GoalRequest.class))) InputStream body) {
        rolls.find(id);
        String goal = BoundBody.read(body, GoalRequest.class).goal();
        return new BestPlayView.Answer(OddsView.best(rolls.judge(id, null, null, goal)));
    }
}
