package io.dicehall.web.characters.boundary;

import io.dicehall.web.tables.boundary.TableCall;
import io.dicehall.web.characters.boundary.SavedRollViews.SavedRollList;
import io.dicehall.web.characters.boundary.SavedRollViews.SavedRollView;
import io.dicehall.web.characters.control.Characters.Asker;
import io.dicehall.web.characters.control.Characters;
import io.dicehall.web.characters.control.SavedRolls;
import io.dicehall.web.characters.entity.SavedRoll;
import io.dicehall.web.platform.http.ApiContract;
import io.dicehall.web.platform.http.BoundBody;
import io.dicehall.web.systems.boundary.OddsView;
import io.dicehall.web.tables.boundary.TableRequests.VisibilitySchema;
import io.dicehall.web.tables.boundary.TableViews.TableRollView;
import io.dicehall.web.tables.control.TableLog;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
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

/**
 * Saved rolls kept at a table: create, list, read, change, delete, copy, and roll one in one request. Each is
 * its saver's: {@code Member-Key} to keep, roll, change and delete your own; {@code Owner-Key} (the GM) to read
 * the others' too, under their owners' names, and copy one into your own list.
 */
@Path("tables/{table}/saved-rolls")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "saved-rolls")
public class SavedRollsResource {

    @Inject
    Characters characters;

    @Inject
    SavedRolls savedRolls;

    // --- saved rolls --------------------------------------------------------------------------------------

    @GET
    @APIResponseSchema(value = SavedRollList.class, responseDescription = "The saved rolls")
    @Extension(name = ApiContract.KEYS, value = "none owner member")
    @Operation(operationId = "listSavedRolls",
            summary = "Your saved rolls (Member-Key); for the GM (Owner-Key) the others' after them, read only",
            description = "Your own come first (yours: true); with the Owner-Key the others' follow, each under its "
                    + "owner's seat (yours: false): read only, to copy into your own list")
    public SavedRollList savedRolls(@BeanParam TableCall call) {
        Asker asker = characters.asker(call.table(), call.ownerKey(), call.memberKey());
        var all = new java.util.ArrayList<>(savedRolls.savedRolls(asker));
        if (asker.viewer().owner()) {
            all.addAll(savedRolls.othersSavedRolls(asker));
        }
        return new SavedRollList(all.stream().map(SavedRollView::of).toList());
    }

    @POST
    @Path("{saved}/copy")
    @APIResponse(responseCode = "201", description = "The copy, yours",
            headers = @Header(name = "Location", description = "The copy's address",
                    schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = SavedRollView.class)))
    @Extension(name = ApiContract.KEYS, value = "member owner+member")
    @Extension(name = ApiContract.ERRORS, value = "409")
    @Operation(operationId = "copySavedRoll", summary = "Copy a saved roll into your own list",
            description = "Your Member-Key's list gets a copy (name, procedure, inputs, character, note) to roll, change "
                    + "and delete as yours; another member's saved roll needs the Owner-Key too (the GM)")
    public Response copy(@BeanParam TableCall call,
            @Parameter(description = "The saved roll's id") @PathParam("saved") String id, @Context UriInfo uri) {
        Asker asker = characters.asker(call.table(), call.ownerKey(), call.memberKey());
        SavedRoll copy = savedRolls.copy(asker, id);
        return Response.created(uri.getBaseUriBuilder().path("tables").path(call.table())
                .path("saved-rolls").path(copy.id())
                .build()).entity(SavedRollView.of(savedRolls.savedRoll(asker, copy.id()))).build();
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponse(responseCode = "201", description = "The saved roll",
            headers = @Header(name = "Location", description = "The saved roll's address",
                    schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = SavedRollView.class)))
    @Extension(name = ApiContract.KEYS, value = "member")
    @Extension(name = ApiContract.ERRORS, value = "409 502 504")
    @Operation(operationId = "saveRoll", summary = "Save a roll, with your Member-Key",
            description = "Checked, with the character's values, by the procedure's form and rules")
    public Response save(@BeanParam TableCall call,
            @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = CharacterRequests.SavedRollRequest.class))) InputStream body,
                            @Context UriInfo uri) {
        Asker asker = characters.asker(call.table(), call.ownerKey(), call.memberKey());
        CharacterRequests.SavedRollRequest request = BoundBody.read(body, CharacterRequests.SavedRollRequest.class);
        SavedRoll saved = savedRolls.save(asker, request.name(), request.system(), request.procedure(),
                request.character(), request.inputs(), request.note());
        return Response.created(uri.getAbsolutePathBuilder().path(saved.id()).build())
                .entity(SavedRollView.of(savedRolls.savedRoll(asker, saved.id()))).build();
    }

    @GET
    @Path("{saved}")
    @APIResponseSchema(value = SavedRollView.class, responseDescription = "The saved roll")
    @Extension(name = ApiContract.KEYS, value = "owner member")
    @Operation(operationId = "getSavedRoll", summary = "One of your saved rolls (or anyone's, read only, for the GM)")
    public SavedRollView savedRoll(@BeanParam TableCall call,
            @Parameter(description = "The saved roll's id") @PathParam("saved") String id) {
        return SavedRollView.of(savedRolls.savedRoll(characters.asker(call.table(), call.ownerKey(),
                call.memberKey()), id));
    }

    @PATCH
    @Path("{saved}")
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponseSchema(value = SavedRollView.class, responseDescription = "The saved roll as changed")
    @Extension(name = ApiContract.KEYS, value = "owner member")
    @Extension(name = ApiContract.ERRORS, value = "409 502 504")
    @Operation(operationId = "changeSavedRoll", summary = "Change one of your saved rolls",
            description = "Each part optional. Only its owner (their Member-Key) changes it: another's is refused (403)")
    public SavedRollView changeSaved(@BeanParam TableCall call,
            @Parameter(description = "The saved roll's id") @PathParam("saved") String id,
            @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = CharacterRequests.SavedRollChange.class))) InputStream body) {
        Asker asker = characters.asker(call.table(), call.ownerKey(), call.memberKey());
        BoundBody.Given<CharacterRequests.SavedRollChange> given =
                BoundBody.readGiven(body, CharacterRequests.SavedRollChange.class);
        CharacterRequests.SavedRollChange change = given.request();
        savedRolls.change(asker, id, change.name(), change.character(), given.given().contains("character"),
                change.inputs(), change.note());
        return SavedRollView.of(savedRolls.savedRoll(asker, id));
    }

    @DELETE
    @Path("{saved}")
    @APIResponse(responseCode = "204", description = "Deleted")
    @Extension(name = ApiContract.KEYS, value = "owner member")
    @Extension(name = ApiContract.ERRORS, value = "409")
    @Operation(operationId = "deleteSavedRoll", summary = "Delete one of your saved rolls",
            description = "Only its owner (their Member-Key) deletes it: another's is refused (403)")
    public Response forget(@BeanParam TableCall call,
            @Parameter(description = "The saved roll's id") @PathParam("saved") String id) {
        savedRolls.forget(characters.asker(call.table(), call.ownerKey(), call.memberKey()), id);
        return Response.noContent().build();
    }

    @POST
    @Path("{saved}/roll")
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponse(responseCode = "201", description = "The roll, with its rollerKey (shown this once)",
            headers = @Header(name = "Location", description = "The roll's address",
                    schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = TableRollView.class)))
    @Extension(name = ApiContract.KEYS, value = "owner member")
    @Extension(name = ApiContract.ERRORS, value = "409 429 502 504")
    @Operation(operationId = "rollSavedRoll", summary = "Roll a saved roll at the table",
            description = "One of your own (your Member-Key; another's is refused with 403: copy it first). Each part of "
                    + "the body optional (the note defaults to the saved one); answers 201 with the roll, from your seat "
                    + "and tagged with the saved roll's character, and its rollerKey, like POST /api/tables/{table}/rolls")
    public Response roll(@BeanParam TableCall call,
            @Parameter(description = "The saved roll's id") @PathParam("saved") String id,
            @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = CharacterRequests.SavedRollThrow.class))) InputStream body,
                            @Context UriInfo uri) {
        Asker asker = characters.asker(call.table(), call.ownerKey(), call.memberKey());
        var request = BoundBody.read(body, CharacterRequests.SavedRollThrow.class);
        TableLog.Roll made = savedRolls.roll(asker, id, VisibilitySchema.seen(request.visibility()), request.note(),
                request.faces());
        return Response.created(uri.getBaseUriBuilder().path("tables").path(call.table())
                .path("rolls").path(made.roll().id())
                .build()).entity(TableRollView.of(made)).build();
    }

    @POST
    @Path("{saved}/odds")
    @APIResponseSchema(value = OddsView.class, responseDescription = "The odds")
    @Extension(name = ApiContract.KEYS, value = "owner member")
    @Extension(name = ApiContract.ERRORS, value = "400 502 504")
    @Operation(operationId = "savedRollOdds",
            summary = "The exact odds of a saved roll as it stands, with its character's values")
    public OddsView odds(@BeanParam TableCall call,
            @Parameter(description = "The saved roll's id") @PathParam("saved") String id) {
        return OddsView.of(savedRolls.odds(characters.asker(call.table(), call.ownerKey(), call.memberKey()), id));
    }
}
