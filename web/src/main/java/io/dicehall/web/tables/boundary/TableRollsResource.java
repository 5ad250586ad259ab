package io.dicehall.web.tables.boundary;

import static io.dicehall.web.tables.boundary.TableParams.number;
import io.dicehall.web.platform.http.ApiContract;
import io.dicehall.web.platform.http.BoundBody;
import io.dicehall.web.tables.boundary.LogViews.HiddenView;
import io.dicehall.web.tables.boundary.LogViews.LogView;
import io.dicehall.web.tables.boundary.TableRequests.VisibilitySchema;
import io.dicehall.web.tables.boundary.TableViews.TableRollView;
import io.dicehall.web.tables.control.Members;
import io.dicehall.web.tables.control.TableLog;
import io.dicehall.web.tables.control.TableRolls;
import io.dicehall.web.tables.control.Tables;
import io.dicehall.web.tables.control.Viewer;
import io.dicehall.web.tables.entity.GameTable;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.io.InputStream;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** A table's rolls as a whole: roll, and read the log a page at a time. */
@Path("tables/{table}/rolls")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "tables")
public class TableRollsResource {

    @Inject
    Members tableMembers;

@Inject
    TableLog tableLog;

@Inject
    TableRolls tableRolls;

@Inject
    Tables tables;

    @Inject
    io.dicehall.web.characters.control.Characters characters;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponse(responseCode = "201",
            description = "The roll, with its seq in the log and its rollerKey (shown this once)",
            headers = @Header(name = "Location", description = "The roll's address",
                    schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = TableRollView.class)))
    @Extension(name = ApiContract.KEYS, value = "none member")
    @Extension(name = ApiContract.ERRORS, value = "409 429 502 504")
    @Operation(operationId = "rollAtTable", summary = "Roll at the table",
            description = "As POST /api/rolls, plus who rolls, who sees it, the character it is for and, where the "
                    + "table allows dice thrown by hand, their faces. With a Member-Key the roll is that member's: it "
                    + "carries their seat (its name, whatever roller says: another name is refused), their key plays it "
                    + "and shows it to them when it is secret. Without one it is a guest's roll (guest: true), where the "
                    + "table allows guests, under a name no seat has. A new roll by a member ends the open moves of their "
                    + "earlier roll for the same character (or, for none, of the same procedure): ended superseded")
    public Response roll(@BeanParam TableCall call,
            @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = TableRequests.TableRollRequest.class))) InputStream body,
                            @Context UriInfo uri) {
        Viewer viewer = tableMembers.roller(call.table(), call.memberKey());
        var request = BoundBody.read(body, TableRequests.TableRollRequest.class);
        TableRolls.Tag tag = request.character() == null ? null
                : characters.rollingFor(call.table(), viewer, request.character(), request.system());
        TableLog.Roll made = tableRolls.rollFor(call.table(), viewer, request.system(), request.procedure(),
                request.inputs(),
                request.note(), request.roller(), VisibilitySchema.seen(request.visibility()), request.faces(), tag);
        return Response.created(uri.getBaseUriBuilder().path("tables").path(call.table())
                .path("rolls").path(made.roll().id()).build())
                .entity(TableRollView.of(made)).build();
    }

    @GET
    @APIResponseSchema(value = LogView.class, responseDescription = "A page of the log")
    @Extension(name = ApiContract.KEYS, value = "none owner member owner+member")
    @Operation(operationId = "tableLog", summary = "The log, newest first, a page at a time",
            description = "Rolls the keys may not see are listed in hidden: their number, roller and visibility, nothing more")
    public LogView log(@BeanParam TableCall call,
            @Parameter(description = "The cursor: next of the page before", schema = @Schema(type = SchemaType.INTEGER,
                    format = "int64", minimum = "1")) @QueryParam("before") String before,
            @Parameter(description = "How many rolls a page holds", schema = @Schema(type = SchemaType.INTEGER,
                    minimum = "1", maximum = "100", defaultValue = "20")) @QueryParam("limit") String limit) {
        GameTable table = tables.table(call.table());
        Long cursor = number(before, "before", 1, Long.MAX_VALUE);
        Long size = number(limit, "limit", 1, 100);
        Viewer viewer = tableMembers.viewer(table, call.ownerKey(), call.memberKey(), null);
        TableLog.Page page = tableLog.log(table, viewer, cursor, size == null ? 20 : size.intValue());
        long to = cursor == null ? Long.MAX_VALUE : cursor - 1;
        long from = page.next() == null ? 1 : page.next();
        return new LogView(page.rolls().stream().map(TableRollView::of).toList(),
                tableLog.secrets(table, viewer, from, to).stream().map(HiddenView::of).toList(),
                page.next() == null ? null : page.next().toString());
    }
}
