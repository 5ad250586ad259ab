package io.dicehall.web.tables.boundary;

import io.dicehall.web.platform.http.ApiContract;
import io.dicehall.web.platform.http.BoundBody;
import io.dicehall.web.rolls.boundary.RollRequests;
import io.dicehall.web.systems.boundary.BestPlayView;
import io.dicehall.web.systems.boundary.OddsView;
import io.dicehall.web.tables.boundary.TableRequests.VisibilitySchema;
import io.dicehall.web.tables.boundary.TableViews.TableRollView;
import io.dicehall.web.tables.control.Members;
import io.dicehall.web.tables.control.RollEndings;
import io.dicehall.web.tables.control.RollMoves;
import io.dicehall.web.tables.control.TableLog;
import io.dicehall.web.tables.control.Tables;
import io.dicehall.web.tables.control.Viewer;
import io.dicehall.web.tables.entity.GameTable;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.io.InputStream;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** One roll at a table: read it, play its moves, end them, change who sees it, weigh a move or ask for best play. */
@Path("tables/{table}/rolls/{roll}")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "tables")
public class TableRollResource {

    @Inject
    Members tableMembers;

@Inject
    RollEndings rollEndings;

@Inject
    RollMoves rollMoves;

@Inject
    TableLog tableLog;

@Inject
    Tables tables;

    @GET
    @APIResponseSchema(value = TableRollView.class, responseDescription = "The roll")
    @Extension(name = ApiContract.KEYS, value = "none owner member roller")
    @Operation(operationId = "getTableRoll", summary = "One roll at the table, if the keys shown may see it")
    public TableRollView read(@BeanParam TableCall call,
            @Parameter(description = "The roll's id") @PathParam("roll") String rollId) {
        GameTable table = tables.table(call.table());
        return TableRollView.of(tableLog.read(call.table(), rollId, tableMembers.viewer(table, call.ownerKey(),
                call.memberKey(), call.rollerKey())));
    }

    @POST
    @Path("moves")
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponseSchema(value = TableRollView.class, responseDescription = "The roll after the move")
    @Extension(name = ApiContract.KEYS, value = "roller member")
    @Extension(name = ApiContract.ERRORS, value = "409 502 504")
    @Operation(operationId = "moveTableRoll", summary = "Make a move on a roll at the table",
            description = "By its roller only: with its Roller-Key, or the Member-Key of the member who made it. A roll thrown "
                    + "by hand takes the faces of the dice the move throws")
    public TableRollView move(@BeanParam TableCall call,
            @Parameter(description = "The roll's id") @PathParam("roll") String rollId,
            @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = TableRequests.TableMoveRequest.class))) InputStream body) {
        GameTable table = tables.table(call.table());
        tableLog.rollAt(table, rollId, tableMembers.viewer(table, null, call.memberKey(), call.rollerKey()));
        var request = BoundBody.read(body, TableRequests.TableMoveRequest.class);
        return TableRollView.of(rollMoves.move(call.table(), rollId, call.rollerKey(), call.memberKey(),
                request.move(), request.inputs(),
                request.faces()));
    }

    @POST
    @Path("end")
    @APIResponseSchema(value = TableRollView.class, responseDescription = "The roll, its moves ended")
    @Extension(name = ApiContract.KEYS, value = "owner")
    @Extension(name = ApiContract.ERRORS, value = "409")
    @Operation(operationId = "endTableRoll", summary = "End a roll's open moves (the GM, with the Owner-Key)",
            description = "The roll stands as it is, as if its roller had stopped: ended gm, no open move; the table "
                    + "hears a move event. A roll with no open move is answered as it is")
    public TableRollView end(@BeanParam TableCall call,
            @Parameter(description = "The roll's id") @PathParam("roll") String rollId) {
        rollEndings.end(call.table(), rollId, call.ownerKey());
        GameTable table = tables.table(call.table());
        return TableRollView.of(tableLog.read(call.table(), rollId, tableMembers.viewer(table, call.ownerKey(), null,
                null)));
    }

    @PATCH
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponseSchema(value = TableRollView.class, responseDescription = "The roll")
    @Extension(name = ApiContract.KEYS, value = "roller member owner")
    @Extension(name = ApiContract.ERRORS, value = "409")
    @Operation(operationId = "changeRollVisibility", summary = "Change who sees a roll",
            description = "By its roller (Roller-Key or Member-Key) or the GM (Owner-Key); not once the table is closed")
    public TableRollView changeVisibility(@BeanParam TableCall call,
            @Parameter(description = "The roll's id") @PathParam("roll") String rollId, @RequestBody(required = true,
                    content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = TableRequests.VisibilityChange.class))) InputStream body) {
        GameTable table = tables.table(call.table());
        Viewer viewer = tableMembers.viewer(table, call.ownerKey(), call.memberKey(), call.rollerKey());
        tableLog.rollAt(table, rollId, viewer);
        var request = BoundBody.read(body, TableRequests.VisibilityChange.class);
        rollMoves.changeVisibility(call.table(), rollId, viewer, VisibilitySchema.seen(request.visibility()));
        return TableRollView.of(tableLog.read(call.table(), rollId, viewer));
    }

    @POST
    @Path("odds")
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponseSchema(value = OddsView.class, responseDescription = "The odds if the move is made now, with best play")
    @Extension(name = ApiContract.KEYS, value = "none owner member roller")
    @Extension(name = ApiContract.ERRORS, value = "409 502 504")
    @Operation(operationId = "tableRollDecisionOdds", summary = "Decision odds of a move on a roll at the table")
    public OddsView odds(@BeanParam TableCall call,
            @Parameter(description = "The roll's id") @PathParam("roll") String rollId, @RequestBody(required = true,
                    content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = RollRequests.DecisionRequest.class))) InputStream body) {
        GameTable table = tables.table(call.table());
        Viewer viewer = tableMembers.viewer(table, call.ownerKey(), call.memberKey(), call.rollerKey());
        tableLog.rollAt(table, rollId, viewer);
        RollRequests.DecisionRequest request = BoundBody.read(body, RollRequests.DecisionRequest.class);
        return OddsView.of(rollMoves.judge(call.table(), rollId, viewer, request.move(), request.inputs(),
                request.goal()));
    }

    @POST
    @Path("best-play")
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponseSchema(value = BestPlayView.Answer.class, responseDescription = "Best play now")
    @Extension(name = ApiContract.KEYS, value = "none owner member roller")
    @Extension(name = ApiContract.ERRORS, value = "502 504")
    @Operation(operationId = "tableRollBestPlay", summary = "Best play now on a roll at the table toward a goal")
    public BestPlayView.Answer bestPlay(@BeanParam TableCall call,
            @Parameter(description = "The roll's id") @PathParam("roll") String rollId,
            @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = RollRequests.GoalRequest.class))) InputStream body) {
        GameTable table = tables.table(call.table());
        Viewer viewer = tableMembers.viewer(table, call.ownerKey(), call.memberKey(), call.rollerKey());
        String goal = BoundBody.read(body, RollRequests.GoalRequest.class).goal();
        return new BestPlayView.Answer(
                OddsView.best(rollMoves.judge(call.table(), rollId, viewer, null, null, goal)));
    }
}
