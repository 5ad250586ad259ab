package io.dicehall.web.rolls.boundary;

import io.dicehall.web.platform.JsonBody;
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
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** Rolls: the server throws the dice, applies the rules, and takes the roller's moves. */
@Path("rolls")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
public class RollsResource {

    /** The header that carries a roll's secret key. */
    public static final String ROLLER_KEY = "Roller-Key";

    @Inject
    RollService rolls;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Roll: {\"system\", \"procedure\", \"inputs\": {...}, \"note\"}; answers 201 with the roll and its rollerKey")
    public Response roll(InputStream body, @Context UriInfo uri) {
        JsonBody json = JsonBody.read(body).allowOnly(Set.of("system", "procedure", "inputs", "note"));
        String system = json.text("system", true, 100);
        String procedure = json.text("procedure", true, 100);
        String note = json.text("note", false, 500);
        json.refuseIfInvalid();
        RollService.Created created = rolls.roll(system, procedure, json.raw("inputs"), note);
        return Response.created(uri.getBaseUriBuilder().path("rolls").path(created.roll().id()).build())
                .entity(RollView.of(created.roll(), created.rollerKey())).build();
    }

    @GET
    @Path("{id}")
    @Operation(summary = "A roll")
    public RollView get(@PathParam("id") String id) {
        return RollView.of(rolls.find(id));
    }

    @POST
    @Path("{id}/moves")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Make a move: {\"move\", \"inputs\": {...}}, with the Roller-Key header")
    public RollView move(@PathParam("id") String id, @HeaderParam(ROLLER_KEY) String rollerKey, InputStream body) {
        rolls.find(id);
        JsonBody json = JsonBody.read(body).allowOnly(Set.of("move", "inputs"));
        String move = json.text("move", true, 100);
        json.refuseIfInvalid();
        return RollView.of(rolls.move(id, rollerKey, move, json.raw("inputs")));
    }

    @POST
    @Path("{id}/odds")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "The exact odds of the outcome if a move is made now: {\"move\", \"inputs\": {...}, \"goal\"}; "
            + "bestPlay: best play toward the goal now, and this move's value when played well afterwards")
    public OddsView odds(@PathParam("id") String id, InputStream body) {
        rolls.find(id);
        JsonBody json = JsonBody.read(body).allowOnly(Set.of("move", "inputs", "goal"));
        String move = json.text("move", true, 100);
        String goal = json.text("goal", false, 100);
        json.refuseIfInvalid();
        return OddsView.of(rolls.judge(id, move, json.raw("inputs"), goal));
    }

    @POST
    @Path("{id}/best-play")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Best play now toward a goal: {\"goal\"} (optional); the best move, ties, and what each open move "
            + "gives up; null when the procedure's outcomes have no order or it gives no game")
    public BestPlayView.Answer bestPlay(@PathParam("id") String id, InputStream body) {
        rolls.find(id);
        JsonBody json = JsonBody.read(body).allowOnly(Set.of("goal"));
        String goal = json.text("goal", false, 100);
        json.refuseIfInvalid();
        return new BestPlayView.Answer(OddsView.best(rolls.judge(id, null, null, goal)));
    }
}
