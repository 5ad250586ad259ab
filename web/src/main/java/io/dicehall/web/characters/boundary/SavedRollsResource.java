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
 * Saved rolls kept at a table: create, list, read, change, delete, and roll one in one request. Keys as for
 * the table: {@code Member-Key} to keep your own, {@code Owner-Key} (the GM) to see and change everyone's.
 */
@Path("tables/{table}/saved-rolls")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
public class SavedRollsResource {

    private static final String OWNER_KEY = "Owner-Key";
    private static final String MEMBER_KEY = "Member-Key";

    @Inject
    Characters characters;

    @Inject
    TableService tables;

    /**
     * A saved roll.
     *
     * @param id its id
     * @param name its name
     * @param system the system
     * @param procedure the procedure
     * @param character the id of the character whose values it rolls with, or null
     * @param characterName that character's name, or null
     * @param keeper the display name of the member who keeps it
     * @param available whether its system and procedure are installed on this server
     * @param inputs the inputs it fixes (its character's fields are filled in from the character when rolled)
     * @param note the note each roll made from it carries, or null
     * @param createdAt when it was saved, ISO-8601 UTC
     */
    public record SavedRollView(String id, String name, String system, String procedure, String character,
            String characterName, String keeper, boolean available, Map<String, Object> inputs, String note,
            String createdAt) {

        static SavedRollView of(Characters.ShownRoll shown) {
            SavedRoll s = shown.roll();
            return new SavedRollView(s.id(), s.name(), s.systemId(), s.procedureId(), s.characterId(),
                    shown.characterName(), shown.keeper(), shown.available(), shown.inputs(), s.note(),
                    s.createdAt() + "Z");
        }
    }

    /** The saved rolls the asker may see. */
    public record SavedRollList(List<SavedRollView> savedRolls) {
    }

    // --- saved rolls --------------------------------------------------------------------------------------

    @GET
        @Operation(summary = "Your saved rolls (Member-Key), or everyone's for the GM (Owner-Key)")
    public SavedRollList savedRolls(@PathParam("table") String table, @HeaderParam(OWNER_KEY) String ownerKey,
            @HeaderParam(MEMBER_KEY) String memberKey) {
        Asker asker = characters.asker(table, ownerKey, memberKey);
        return new SavedRollList(characters.savedRolls(asker).stream().map(SavedRollView::of).toList());
    }

    @POST
        @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Save a roll, with your Member-Key: {\"name\", \"system\", \"procedure\", \"character\" (an id, "
            + "optional), \"inputs\", \"note\"}; checked with the character's values by the procedure's form and rules")
    public Response save(@PathParam("table") String table, @HeaderParam(OWNER_KEY) String ownerKey,
            @HeaderParam(MEMBER_KEY) String memberKey, InputStream body, @Context UriInfo uri) {
        Asker asker = characters.asker(table, ownerKey, memberKey);
        JsonBody json = JsonBody.read(body).allowOnly(Set.of("name", "system", "procedure", "character", "inputs", "note"));
        String name = json.text("name", true, 100);
        String system = json.text("system", true, 100);
        String procedure = json.text("procedure", true, 100);
        String character = json.text("character", false, 32);
        String note = json.text("note", false, 500);
        json.refuseIfInvalid();
        SavedRoll saved = characters.save(asker, name, system, procedure, character, json.raw("inputs"), note);
        return Response.created(uri.getAbsolutePathBuilder().path(saved.id()).build())
                .entity(SavedRollView.of(characters.savedRoll(asker, saved.id()))).build();
    }

    @GET
    @Path("{saved}")
    @Operation(summary = "One of your saved rolls (or anyone's, for the GM)")
    public SavedRollView savedRoll(@PathParam("table") String table, @PathParam("saved") String id,
            @HeaderParam(OWNER_KEY) String ownerKey, @HeaderParam(MEMBER_KEY) String memberKey) {
        return SavedRollView.of(characters.savedRoll(characters.asker(table, ownerKey, memberKey), id));
    }

    @PATCH
    @Path("{saved}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Change a saved roll: {\"name\", \"character\" (an id, or null for none), \"inputs\", \"note\"}, each optional")
    public SavedRollView changeSaved(@PathParam("table") String table, @PathParam("saved") String id,
            @HeaderParam(OWNER_KEY) String ownerKey, @HeaderParam(MEMBER_KEY) String memberKey, InputStream body) {
        Asker asker = characters.asker(table, ownerKey, memberKey);
        JsonBody json = JsonBody.read(body).allowOnly(Set.of("name", "character", "inputs", "note"));
        String name = json.text("name", false, 100);
        boolean characterGiven = json.has("character");
        String character = json.text("character", false, 32);
        String note = json.text("note", false, 500);
        json.refuseIfInvalid();
        characters.change(asker, id, name, character, characterGiven, json.raw("inputs"), note);
        return SavedRollView.of(characters.savedRoll(asker, id));
    }

    @DELETE
    @Path("{saved}")
    @Operation(summary = "Delete a saved roll")
    public Response forget(@PathParam("table") String table, @PathParam("saved") String id,
            @HeaderParam(OWNER_KEY) String ownerKey, @HeaderParam(MEMBER_KEY) String memberKey) {
        characters.forget(characters.asker(table, ownerKey, memberKey), id);
        return Response.noContent().build();
    }

    @POST
    @Path("{saved}/roll")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Roll a saved roll at the table, with your Member-Key: {\"visibility\", \"note\", \"faces\"}, each "
            + "optional (the note defaults to the saved one); answers 201 with the roll and its rollerKey, like POST …/rolls")
    public Response roll(@PathParam("table") String table, @PathParam("saved") String id,
            @HeaderParam(OWNER_KEY) String ownerKey, @HeaderParam(MEMBER_KEY) String memberKey, InputStream body,
            @Context UriInfo uri) {
        Asker asker = characters.asker(table, ownerKey, memberKey);
        JsonBody json = JsonBody.read(body).allowOnly(Set.of("visibility", "note", "faces"));
        String visibility = json.text("visibility", false, 20);
        if (visibility != null && !Set.of("public", "gm", "roller").contains(visibility)) {
            json.violation(new io.dicehall.api.form.Violation("visibility", "must be one of: public, gm, roller"));
        }
        String note = json.text("note", false, 500);
        List<String> faces = json.faces("faces", TableService.MAX_FACES);
        json.refuseIfInvalid();
        TableService.Roll made = characters.roll(asker, id, visibility == null ? Visibility.PUBLIC
                : Visibility.valueOf(visibility.toUpperCase(Locale.ROOT)), note, faces);
        return Response.created(uri.getBaseUriBuilder().path("tables").path(table).path("rolls").path(made.roll().id())
                .build()).entity(TableRollView.of(made)).build();
    }

    @POST
    @Path("{saved}/odds")
    @Operation(summary = "The exact odds of a saved roll as it stands, with its character's values")
    public OddsView odds(@PathParam("table") String table, @PathParam("saved") String id,
            @HeaderParam(OWNER_KEY) String ownerKey, @HeaderParam(MEMBER_KEY) String memberKey) {
        return OddsView.of(characters.odds(characters.asker(table, ownerKey, memberKey), id));
    }
}
