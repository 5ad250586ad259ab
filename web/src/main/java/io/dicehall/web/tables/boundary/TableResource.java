package io.dicehall.web.tables.boundary;

import io.dicehall.web.platform.http.ApiContract;
import io.dicehall.web.platform.http.BoundBody;
import io.dicehall.web.tables.boundary.TableViews.MemberView;
import io.dicehall.web.tables.boundary.TableViews.TableView;
import io.dicehall.web.tables.control.Members;
import io.dicehall.web.tables.control.Tables;
import io.dicehall.web.tables.entity.GameTable;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.io.InputStream;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** A table itself: open it, read it, change it, check its owner key, close it. */
@Path("tables")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "tables")
public class TableResource {

    @Inject
    Members tableMembers;

@Inject
    Tables tables;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponse(responseCode = "201", description = "The table, with its invite and its ownerKey (shown this once)",
            headers = @Header(name = "Location", description = "The table's address",
                    schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = TableView.class)))
    @Extension(name = ApiContract.KEYS, value = "none")
    @Extension(name = ApiContract.ERRORS, value = "429")
    @Operation(operationId = "openTable", summary = "Open a table",
            description = "Answers 201 with its invite and the ownerKey (once): the GM's key to rename, close and sit as "
                    + "GM. With gm (a display name) its opener sits as GM at once: the answer's gmSeat holds that seat "
                    + "and its memberKey (once)")
    public Response create(@RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = TableRequests.TableRequest.class))) InputStream body,
                            @Context UriInfo uri) {
        TableRequests.TableRequest request = BoundBody.read(body, TableRequests.TableRequest.class);
        Tables.Created created = tables.create(request.name(), Boolean.TRUE.equals(request.verifiable()), request.gm());
        Members.Joined seat = created.gmSeat();
        return Response.created(uri.getBaseUriBuilder().path("tables").path(created.table().id()).build())
                .entity(TableView.of(created.table(), seat == null ? List.of() : List.of(seat.member()),
                        created.ownerKey(), seat == null ? null : MemberView.of(seat.member(), seat.memberKey())))
                .build();
    }

    @GET
    @Path("{table}")
    @APIResponseSchema(value = TableView.class, responseDescription = "The table")
    @Extension(name = ApiContract.KEYS, value = "none")
    @Operation(operationId = "getTable",
            summary = "A table: name, members, GM, whether closed, its seed commitment (and seed once closed)")
    public TableView get(@BeanParam TableCall call) {
        GameTable table = tables.table(call.table());
        return TableView.of(table, tableMembers.members(table), null);
    }

    @PATCH
    @Path("{table}")
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponseSchema(value = TableView.class, responseDescription = "The table as changed")
    @Extension(name = ApiContract.KEYS, value = "owner")
    @Extension(name = ApiContract.ERRORS, value = "409")
    @Operation(operationId = "changeTable", summary = "Change a table (owner only)",
            description = "Its name; whether members may enter the faces of dice they threw by hand (never on a verifiable "
                    + "table); whether guests may roll; after how long without a move a roll's moves end")
    public TableView rename(@BeanParam TableCall call,
            @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = TableRequests.TableChange.class))) InputStream body) {
        tables.table(call.table());
        TableRequests.TableChange change = BoundBody.read(body, TableRequests.TableChange.class);
        String name = change.name();
        Boolean physical = change.physicalDice();
        Boolean guests = change.guests();
        Integer idleSeconds = change.idleSeconds();
        GameTable table = tables.table(call.table());
        if (name != null) {
            table = tables.rename(call.table(), call.ownerKey(), name);
        }
        if (physical != null) {
            table = tables.allowPhysicalDice(call.table(), call.ownerKey(), physical);
        }
        if (guests != null) {
            table = tables.allowGuests(call.table(), call.ownerKey(), guests);
        }
        if (idleSeconds != null) {
            table = tables.endIdleRollsAfter(call.table(), call.ownerKey(), idleSeconds);
        }
        if (name == null && physical == null && guests == null && idleSeconds == null) {
            table = tables.rename(call.table(), call.ownerKey(), table.name());
        }
        return TableView.of(table, tableMembers.members(table), null);
    }

    @GET
    @Path("{table}/owner")
    @APIResponse(responseCode = "204", description = "The Owner-Key is this table's")
    @Extension(name = ApiContract.KEYS, value = "owner")
    @Operation(operationId = "checkOwnerKey", summary = "Check an owner key against a table",
            description = "204 when the Owner-Key is this table's, 403 when it is missing or not; for a client that "
                    + "keeps the key (a cookie, a GM link) and asks before it acts as the GM. Changes nothing")
    public Response checkOwner(@BeanParam TableCall call) {
        if (!tables.ownerKeyHolds(call.table(), call.ownerKey())) {
            throw io.dicehall.web.platform.Refusal.of(io.dicehall.web.platform.Refusal.Kind.NOT_ALLOWED,
                    "owner-key-wrong", "Owner key needed", "This is not the table's owner key.");
        }
        return Response.noContent().header("Cache-Control", "no-store").build();
    }

    @POST
    @Path("{table}/close")
    @APIResponseSchema(value = TableView.class,
            responseDescription = "The closed table; a verifiable one with its seed")
    @Extension(name = ApiContract.KEYS, value = "owner")
    @Operation(operationId = "closeTable",
            summary = "Close a table (owner only): no more rolls; a verifiable table reveals its seed")
    public TableView close(@BeanParam TableCall call) {
        GameTable table = tables.close(call.table(), call.ownerKey());
        return TableView.of(table, tableMembers.members(table), null);
    }
}
