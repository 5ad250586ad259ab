package io.dicehall.web.tables.boundary;

import io.dicehall.web.platform.http.ApiContract;
import io.dicehall.web.platform.http.BoundBody;
import io.dicehall.web.tables.boundary.TableViews.MemberView;
import io.dicehall.web.tables.control.Members;
import io.dicehall.web.tables.control.Tables;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** A table's members: join, rename yourself, leave. */
@Path("tables/{table}/members")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "tables")
public class TableMembersResource {

    @Inject
    Members tableMembers;

@Inject
    Tables tables;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponse(responseCode = "201", description = "The member, with their memberKey (shown this once)",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = MemberView.class)))
    @Extension(name = ApiContract.KEYS, value = "none owner")
    @Extension(name = ApiContract.ERRORS, value = "409 429")
    @Operation(operationId = "joinTable", summary = "Join a table with a display name",
            description = "Answers 201 with a memberKey (once). Joining with the Owner-Key seats the member as the table's GM")
    public Response join(@BeanParam TableCall call,
            @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = TableRequests.MemberRequest.class))) InputStream body) {
        tables.table(call.table());
        String name = BoundBody.read(body, TableRequests.MemberRequest.class).name();
        Members.Joined joined = tableMembers.join(call.table(), name, call.ownerKey());
        return Response.status(201).entity(MemberView.of(joined.member(), joined.memberKey())).build();
    }

    @PATCH
    @Path("me")
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponseSchema(value = MemberView.class, responseDescription = "The member, renamed")
    @Extension(name = ApiContract.KEYS, value = "member")
    @Extension(name = ApiContract.ERRORS, value = "409")
    @Operation(operationId = "renameMember", summary = "Change your display name at the table, with your Member-Key")
    public MemberView renameMember(@BeanParam TableCall call,
            @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = TableRequests.MemberRequest.class))) InputStream body) {
        tables.table(call.table());
        String name = BoundBody.read(body, TableRequests.MemberRequest.class).name();
        return MemberView.of(tableMembers.renameMember(call.table(), call.memberKey(), name), null);
    }

    @DELETE
    @Path("me")
    @APIResponse(responseCode = "204", description = "Left")
    @Extension(name = ApiContract.KEYS, value = "member")
    @Operation(operationId = "leaveTable", summary = "Leave the table, with your Member-Key",
            description = "Your seat and key are gone, your rolls stay in the log")
    public Response leave(@BeanParam TableCall call) {
        tableMembers.leave(call.table(), call.memberKey());
        return Response.noContent().build();
    }
}
