package io.dicehall.web.characters.boundary;

import io.dicehall.web.tables.boundary.TableCall;
import io.dicehall.web.characters.control.Characters.Asker;
import io.dicehall.web.characters.control.Characters;
import io.dicehall.web.characters.entity.GameCharacter;
import io.dicehall.web.platform.http.ApiContract;
import io.dicehall.web.platform.http.BoundBody;
import io.dicehall.web.tables.boundary.TableViews;
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
import java.util.List;
import java.util.Map;
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
 * Characters kept at a table: create, list, read, change, delete. Keys as for the table: {@code Member-Key}
 * to keep your own, {@code Owner-Key} (the GM) to see and change everyone's.
 */
@Path("tables/{table}/characters")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "characters")
public class CharactersResource {

    private static final String OWNER_KEY = "Owner-Key";
    private static final String MEMBER_KEY = "Member-Key";

    @Inject
    Characters characters;

    /**
     * A character as the asker may see it.
     *
     * @param id its id
     * @param name its name
     * @param system the system it is for
     * @param keeper the display name of the member who keeps it
     * @param available whether its system is installed on this server (a character of a removed system stays
     *     stored and shows as unavailable)
     * @param values its character fields' values; null for someone else's character (only its keeper and the GM
     *     see them)
     * @param createdAt when it was made, ISO-8601 UTC
     * @param updatedAt when it was last changed, ISO-8601 UTC
     */
    @Schema(name = "Character", requiredProperties = {"id", "name", "system", "keeper", "available", "createdAt",
        "updatedAt"})
    public record CharacterView(String id, String name, String system,
            @Schema(description = "The display name of the member who keeps it") String keeper,
            @Schema(description = "Whether its system is installed on this server") boolean available,
            @Schema(type = SchemaType.OBJECT, additionalProperties = Schema.True.class,
                    description = "Its character fields' values; only for its keeper and the GM") Map<String,
                            Object> values,
            @Schema(format = "date-time") String createdAt, @Schema(format = "date-time") String updatedAt) {

        static CharacterView of(Characters.Shown shown) {
            GameCharacter c = shown.character();
            return new CharacterView(c.id(), c.name(), c.systemId(), shown.keeper(), shown.available(),
                    shown.full() ? shown.values() : null, TableViews.utc(c.createdAt()), TableViews.utc(c.updatedAt()));
        }
    }

    /** The characters at a table, in the order they were made. */
    @Schema(name = "CharacterList", requiredProperties = "characters")
    public record CharacterList(List<CharacterView> characters) {
    }

    // --- characters ---------------------------------------------------------------------------------------

    @GET
    @APIResponseSchema(value = CharacterList.class, responseDescription = "The characters")
    @Extension(name = ApiContract.KEYS, value = "none owner member")
    @Operation(operationId = "listCharacters", summary = "The table's characters",
            description = "Names for everyone at the table; values only for their keeper (Member-Key) and the GM (Owner-Key)")
    public CharacterList characters(@BeanParam TableCall call) {
        Asker asker = characters.asker(call.table(), call.ownerKey(), call.memberKey());
        return new CharacterList(characters.characters(asker).stream().map(CharacterView::of).toList());
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponse(responseCode = "201", description = "The character",
            headers = @Header(name = "Location", description = "The character's address",
                    schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = CharacterView.class)))
    @Extension(name = ApiContract.KEYS, value = "member")
    @Extension(name = ApiContract.ERRORS, value = "409")
    @Operation(operationId = "createCharacter", summary = "Keep a character, with your Member-Key",
            description = "Its values are its system's character fields (form.character of each procedure in "
                    + "GET /api/systems/{system}), checked by them")
    public Response create(@BeanParam TableCall call,
            @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = CharacterRequests.CharacterRequest.class))) InputStream body,
                            @Context UriInfo uri) {
        Asker asker = characters.asker(call.table(), call.ownerKey(), call.memberKey());
        var request = BoundBody.read(body, CharacterRequests.CharacterRequest.class);
        GameCharacter made = characters.create(asker, request.name(), request.system(), request.values());
        return Response.created(uri.getAbsolutePathBuilder().path(made.id()).build())
                .entity(CharacterView.of(characters.character(asker, made.id()))).build();
    }

    @GET
    @Path("{character}")
    @APIResponseSchema(value = CharacterView.class, responseDescription = "The character")
    @Extension(name = ApiContract.KEYS, value = "none owner member")
    @Operation(operationId = "getCharacter", summary = "One character, as the keys may see it")
    public CharacterView character(@BeanParam TableCall call,
            @Parameter(description = "The character's id") @PathParam("character") String id) {
        return CharacterView.of(characters.character(characters.asker(call.table(), call.ownerKey(),
                call.memberKey()), id));
    }

    @PATCH
    @Path("{character}")
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponseSchema(value = CharacterView.class, responseDescription = "The character as changed")
    @Extension(name = ApiContract.KEYS, value = "owner member")
    @Extension(name = ApiContract.ERRORS, value = "409")
    @Operation(operationId = "changeCharacter", summary = "Change a character (its keeper or the GM)",
            description = "Each part optional; values replace the old ones")
    public CharacterView change(@BeanParam TableCall call,
            @Parameter(description = "The character's id") @PathParam("character") String id,
            @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = CharacterRequests.CharacterChange.class))) InputStream body) {
        Asker asker = characters.asker(call.table(), call.ownerKey(), call.memberKey());
        var request = BoundBody.read(body, CharacterRequests.CharacterChange.class);
        characters.update(asker, id, request.name(), request.values());
        return CharacterView.of(characters.character(asker, id));
    }

    @DELETE
    @Path("{character}")
    @APIResponse(responseCode = "204", description = "Deleted")
    @Extension(name = ApiContract.KEYS, value = "owner member")
    @Extension(name = ApiContract.ERRORS, value = "409")
    @Operation(operationId = "deleteCharacter", summary = "Delete a character (its keeper or the GM)",
            description = "Saved rolls that used it keep their own inputs")
    public Response delete(@BeanParam TableCall call,
            @Parameter(description = "The character's id") @PathParam("character") String id) {
        characters.delete(characters.asker(call.table(), call.ownerKey(), call.memberKey()), id);
        return Response.noContent().build();
    }

}
