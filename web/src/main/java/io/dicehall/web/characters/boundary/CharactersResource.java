package io.dicehall.web.characters.boundary;

import io.dicehall.web.characters.control.Characters;
import io.dicehall.web.characters.control.Characters.Asker;
import io.dicehall.web.characters.entity.GameCharacter;
import io.dicehall.web.characters.entity.SavedRoll;
import io.dicehall.web.platform.JsonBody;
import io.dicehall.web.systems.boundary.OddsView;
import io.dicehall.web.tables.boundary.TableViews.TableRollView;
import io.dicehall.web.tables.control.TableService;
import io.dicehall.web.tables.entity.Visibility;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
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
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * Characters kept at a table: create, list, read, change, delete. Keys as for the table: {@code Member-Key}
 * to keep your own, {@code Owner-Key} (the GM) to see and change everyone's.
 */
@Path("tables/{table}/characters")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
public class CharactersResource {

    private static final String OWNER_KEY = "Owner-Key";
    private static final String MEMBER_KEY = "Member-Key";

    @Inject
    Characters characters;

    @Inject
    TableService tables;

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
    public record CharacterView(String id, String name, String system, String keeper, boolean available,
            Map<String, Object> values, String createdAt, String updatedAt) {

        static CharacterView of(Characters.Shown shown) {
            GameCharacter c = shown.character();
            return new CharacterView(c.id(), c.name(), c.systemId(), shown.keeper(), shown.available(),
                    shown.full() ? shown.values() : null, c.createdAt() + "Z", c.updatedAt() + "Z");
        }
    }

    /** The characters at a table, in the order they were made. */
    public record CharacterList(List<CharacterView> characters) {
    }

    // --- characters ---------------------------------------------------------------------------------------

    @GET
        @Operation(summary = "The table's characters: names for everyone at the table; values only for their keeper (Member-Key) and the GM (Owner-Key)")
    public CharacterList characters(@PathParam("table") String table, @HeaderParam(OWNER_KEY) String ownerKey,
            @HeaderParam(MEMBER_KEY) String memberKey) {
        Asker asker = characters.asker(table, ownerKey, memberKey);
        return new CharacterList(characters.characters(asker).stream().map(CharacterView::of).toList());
    }

    @POST
        @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Keep a character, with your Member-Key: {\"name\", \"system\", \"values\"}; values are its system's "
            + "character fields (GET /api/systems/{system}: the fields each procedure lists under form.character), checked by them")
    public Response create(@PathParam("table") String table, @HeaderParam(OWNER_KEY) String ownerKey,
            @HeaderParam(MEMBER_KEY) String memberKey, InputStream body, @Context UriInfo uri) {
        Asker asker = characters.asker(table, ownerKey, memberKey);
        JsonBody json = JsonBody.read(body).allowOnly(Set.of("name", "system", "values"));
        String name = json.text("name", true, 100);
        String system = json.text("system", true, 100);
        json.refuseIfInvalid();
        GameCharacter made = characters.create(asker, name, system, json.raw("values"));
        return Response.created(uri.getAbsolutePathBuilder().path(made.id()).build())
                .entity(CharacterView.of(characters.character(asker, made.id()))).build();
    }

    @GET
    @Path("{character}")
    @Operation(summary = "One character, as the keys may see it")
    public CharacterView character(@PathParam("table") String table, @PathParam("character") String id,
            @HeaderParam(OWNER_KEY) String ownerKey, @HeaderParam(MEMBER_KEY) String memberKey) {
        return CharacterView.of(characters.character(characters.asker(table, ownerKey, memberKey), id));
    }

    @PATCH
    @Path("{character}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Change a character (its keeper or the GM): {\"name\", \"values\"}, each optional; values replace the old ones")
    public CharacterView change(@PathParam("table") String table, @PathParam("character") String id,
            @HeaderParam(OWNER_KEY) String ownerKey, @HeaderParam(MEMBER_KEY) String memberKey, InputStream body) {
        Asker asker = characters.asker(table, ownerKey, memberKey);
        JsonBody json = JsonBody.read(body).allowOnly(Set.of("name", "values"));
        String name = json.text("name", false, 100);
        if (name != null && name.isEmpty()) {
            json.violation(new io.dicehall.api.form.Violation("name", "must not be blank"));
        }
        json.refuseIfInvalid();
        characters.update(asker, id, name, json.raw("values"));
        return CharacterView.of(characters.character(asker, id));
    }

    @DELETE
    @Path("{character}")
    @Operation(summary = "Delete a character (its keeper or the GM); saved rolls that used it keep their own inputs")
    public Response delete(@PathParam("table") String table, @PathParam("character") String id,
            @HeaderParam(OWNER_KEY) String ownerKey, @HeaderParam(MEMBER_KEY) String memberKey) {
        characters.delete(characters.asker(table, ownerKey, memberKey), id);
        return Response.noContent().build();
    }

}
