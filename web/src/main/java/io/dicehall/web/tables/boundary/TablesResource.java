package io.dicehall.web.tables.boundary;

import io.dicehall.web.platform.Ids;
import io.dicehall.web.platform.JsonBody;
import io.dicehall.web.platform.Problem;
import io.dicehall.web.systems.boundary.OddsView;
import io.dicehall.web.systems.control.ClusterSystems;
import io.dicehall.web.systems.control.SystemRegistry;
import io.dicehall.web.tables.boundary.TableViews.HiddenView;
import io.dicehall.web.tables.boundary.TableViews.LogView;
import io.dicehall.web.tables.boundary.TableViews.MemberView;
import io.dicehall.web.tables.boundary.TableViews.TableRollView;
import io.dicehall.web.tables.boundary.TableViews.TableView;
import io.dicehall.web.tables.boundary.TableViews.VerificationView;
import io.dicehall.web.tables.control.LogExport;
import io.dicehall.web.tables.control.TableEvent;
import io.dicehall.web.tables.control.TablePush;
import io.dicehall.web.tables.control.Members;
import io.dicehall.web.tables.control.RollEndings;
import io.dicehall.web.tables.control.RollMoves;
import io.dicehall.web.tables.control.TableLog;
import io.dicehall.web.tables.control.TableRolls;
import io.dicehall.web.tables.control.Tables;
import io.dicehall.web.tables.control.Viewer;
import io.dicehall.web.tables.entity.GameTable;
import io.dicehall.web.tables.entity.Visibility;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import io.dicehall.web.platform.ApiContract;
import io.dicehall.web.rolls.boundary.RollRequests;
import io.dicehall.web.systems.boundary.BestPlayView;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Tables: shared rooms with a stored log of rolls, pushed live to everyone there. */
@Path("tables")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "tables")
public class TablesResource {

    /** The header carrying a table's owner key. */
    public static final String OWNER_KEY = "Owner-Key";
    /** The header carrying a member's key. */
    public static final String MEMBER_KEY = "Member-Key";
    /** The header carrying a roll's key. */
    public static final String ROLLER_KEY = "Roller-Key";

    private static final Jsonb EVENTS = JsonbBuilder.create(io.dicehall.api.json.ApiJson.config().withNullValues(false));

    @Inject
    Tables tables;

    @Inject
    Members tableMembers;

    @Inject
    TableRolls tableRolls;

    @Inject
    RollMoves rollMoves;

    @Inject
    RollEndings rollEndings;

    @Inject
    TableLog tableLog;

    @Inject
    TablePush push;

    @Inject
    SystemRegistry registry;

    @Inject
    ClusterSystems clusterSystems;

    @Inject
    io.dicehall.web.characters.control.Characters characters;

    @Inject
    io.dicehall.web.systems.control.Rules rules;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponse(responseCode = "201", description = "The table, with its invite and its ownerKey (shown this once)",
            headers = @Header(name = "Location", description = "The table's address",
                    schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = TableView.class)))
    @APIResponse(responseCode = "400", ref = ApiContract.BAD_REQUEST)
    @APIResponse(responseCode = "413", ref = ApiContract.TOO_LARGE)
    @APIResponse(responseCode = "415", ref = ApiContract.UNSUPPORTED)
    @APIResponse(responseCode = "429", ref = ApiContract.TOO_MANY)
    @APIResponse(responseCode = "500", ref = ApiContract.SERVER_ERROR)
    @APIResponse(responseCode = "503", ref = ApiContract.UNAVAILABLE)
    @SecurityRequirementsSet
    @Operation(operationId = "openTable", summary = "Open a table",
            description = "Answers 201 with its invite and the ownerKey (once): the GM's key to rename, close and sit as "
                    + "GM. With gm (a display name) its opener sits as GM at once: the answer's gmSeat holds that seat "
                    + "and its memberKey (once)")
    public Response create(@RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = TableRequests.TableRequest.class))) InputStream body,
                            @Context UriInfo uri) {
        JsonBody json = JsonBody.read(body).allowOnly(TableRequests.TableRequest.class);
        String name = json.text("name", true, TableRequests.TABLE_NAME_MAX);
        boolean verifiable = json.flag("verifiable");
        String gm = json.text("gm", false, TableRequests.MEMBER_NAME_MAX);
        if (gm != null && gm.isEmpty()) {
            json.violation(new io.dicehall.api.form.Violation("gm", "must not be blank"));
        }
        json.refuseIfInvalid();
        Tables.Created created = tables.create(name, verifiable, gm);
        Members.Joined seat = created.gmSeat();
        return Response.created(uri.getBaseUriBuilder().path("tables").path(created.table().id()).build())
                .entity(TableView.of(created.table(), seat == null ? List.of() : List.of(seat.member()),
                        created.ownerKey(), seat == null ? null : MemberView.of(seat.member(), seat.memberKey())))
                .build();
    }

    @GET
    @Path("{table}")
    @APIResponseSchema(value = TableView.class, responseDescription = "The table")
    @APIResponse(responseCode = "404", ref = ApiContract.NOT_FOUND)
    @APIResponse(responseCode = "500", ref = ApiContract.SERVER_ERROR)
    @APIResponse(responseCode = "503", ref = ApiContract.UNAVAILABLE)
    @SecurityRequirementsSet
    @Operation(operationId = "getTable",
            summary = "A table: name, members, GM, whether closed, its seed commitment (and seed once closed)")
    public TableView get(@Parameter(description = "The table's id (the invite)") @PathParam("table") String id) {
        GameTable table = tables.table(id);
        return TableView.of(table, tableMembers.members(table), null);
    }

    @PATCH
    @Path("{table}")
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponseSchema(value = TableView.class, responseDescription = "The table as changed")
    @APIResponse(responseCode = "400", ref = ApiContract.BAD_REQUEST)
    @APIResponse(responseCode = "403", ref = ApiContract.FORBIDDEN)
    @APIResponse(responseCode = "404", ref = ApiContract.NOT_FOUND)
    @APIResponse(responseCode = "409", ref = ApiContract.CONFLICT)
    @APIResponse(responseCode = "413", ref = ApiContract.TOO_LARGE)
    @APIResponse(responseCode = "415", ref = ApiContract.UNSUPPORTED)
    @APIResponse(responseCode = "500", ref = ApiContract.SERVER_ERROR)
    @APIResponse(responseCode = "503", ref = ApiContract.UNAVAILABLE)
    @SecurityRequirementsSet(@SecurityRequirement(name = ApiContract.OWNER_KEY))
    @Operation(operationId = "changeTable", summary = "Change a table (owner only)",
            description = "Its name; whether members may enter the faces of dice they threw by hand (never on a verifiable "
                    + "table); whether guests may roll; after how long without a move a roll's moves end")
    public TableView rename(@Parameter(description = "The table's id (the invite)") @PathParam("table") String id,
            @Parameter(hidden = true) @HeaderParam(OWNER_KEY) String ownerKey,
            @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = TableRequests.TableChange.class))) InputStream body) {
        tables.table(id);
        JsonBody json = JsonBody.read(body).allowOnly(TableRequests.TableChange.class);
        String name = json.text("name", false, TableRequests.TABLE_NAME_MAX);
        Object physical = json.raw("physicalDice");
        boolean allowPhysical = json.flag("physicalDice");
        Object guests = json.raw("guests");
        boolean allowGuests = json.flag("guests");
        Object idle = json.raw("idleSeconds");
        Long idleSeconds = idle == null ? null : whole(idle, "idleSeconds", Tables.MIN_IDLE_SECONDS,
                Tables.MAX_IDLE_SECONDS, json);
        if (name != null && name.isEmpty()) {
            json.violation(new io.dicehall.api.form.Violation("name", "must not be blank"));
        }
        json.refuseIfInvalid();
        GameTable table = tables.table(id);
        if (name != null) {
            table = tables.rename(id, ownerKey, name);
        }
        if (physical != null) {
            table = tables.allowPhysicalDice(id, ownerKey, allowPhysical);
        }
        if (guests != null) {
            table = tables.allowGuests(id, ownerKey, allowGuests);
        }
        if (idleSeconds != null) {
            table = tables.endIdleRollsAfter(id, ownerKey, idleSeconds.intValue());
        }
        if (name == null && physical == null && guests == null && idleSeconds == null) {
            table = tables.rename(id, ownerKey, table.name());
        }
        return TableView.of(table, tableMembers.members(table), null);
    }

    /** @return a JSON whole number within bounds, or null with a violation naming the field */
    private static Long whole(Object value, String field, long min, long max, JsonBody json) {
        if (value instanceof Number n && new java.math.BigDecimal(n.toString()).stripTrailingZeros().scale() <= 0) {
            java.math.BigDecimal exact = new java.math.BigDecimal(n.toString());
            if (exact.compareTo(java.math.BigDecimal.valueOf(min)) >= 0
                    && exact.compareTo(java.math.BigDecimal.valueOf(max)) <= 0) {
                return exact.longValueExact();
            }
        }
        json.violation(new io.dicehall.api.form.Violation(field, "must be a whole number from " + min + " to " + max));
        return null;
    }

    @GET
    @Path("{table}/owner")
    @APIResponse(responseCode = "204", description = "The Owner-Key is this table's")
    @APIResponse(responseCode = "403", ref = ApiContract.FORBIDDEN)
    @APIResponse(responseCode = "404", ref = ApiContract.NOT_FOUND)
    @APIResponse(responseCode = "500", ref = ApiContract.SERVER_ERROR)
    @APIResponse(responseCode = "503", ref = ApiContract.UNAVAILABLE)
    @SecurityRequirementsSet(@SecurityRequirement(name = ApiContract.OWNER_KEY))
    @Operation(operationId = "checkOwnerKey", summary = "Check an owner key against a table",
            description = "204 when the Owner-Key is this table's, 403 when it is missing or not; for a client that "
                    + "keeps the key (a cookie, a GM link) and asks before it acts as the GM. Changes nothing")
    public Response checkOwner(@Parameter(description = "The table's id (the invite)") @PathParam("table") String id,
            @Parameter(hidden = true) @HeaderParam(OWNER_KEY) String ownerKey) {
        if (!tables.ownerKeyHolds(id, ownerKey)) {
            throw io.dicehall.web.platform.Refusal.of(io.dicehall.web.platform.Refusal.Kind.NOT_ALLOWED,
                    "owner-key-wrong", "Owner key needed", "This is not the table's owner key.");
        }
        return Response.noContent().header("Cache-Control", "no-store").build();
    }

    @POST
    @Path("{table}/close")
    @APIResponseSchema(value = TableView.class,
            responseDescription = "The closed table; a verifiable one with its seed")
    @APIResponse(responseCode = "403", ref = ApiContract.FORBIDDEN)
    @APIResponse(responseCode = "404", ref = ApiContract.NOT_FOUND)
    @APIResponse(responseCode = "500", ref = ApiContract.SERVER_ERROR)
    @APIResponse(responseCode = "503", ref = ApiContract.UNAVAILABLE)
    @SecurityRequirementsSet(@SecurityRequirement(name = ApiContract.OWNER_KEY))
    @Operation(operationId = "closeTable",
            summary = "Close a table (owner only): no more rolls; a verifiable table reveals its seed")
    public TableView close(@Parameter(description = "The table's id (the invite)") @PathParam("table") String id,
            @Parameter(hidden = true) @HeaderParam(OWNER_KEY) String ownerKey) {
        GameTable table = tables.close(id, ownerKey);
        return TableView.of(table, tableMembers.members(table), null);
    }

    @POST
    @Path("{table}/members")
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponse(responseCode = "201", description = "The member, with their memberKey (shown this once)",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = MemberView.class)))
    @APIResponse(responseCode = "400", ref = ApiContract.BAD_REQUEST)
    @APIResponse(responseCode = "403", ref = ApiContract.FORBIDDEN)
    @APIResponse(responseCode = "404", ref = ApiContract.NOT_FOUND)
    @APIResponse(responseCode = "409", ref = ApiContract.CONFLICT)
    @APIResponse(responseCode = "413", ref = ApiContract.TOO_LARGE)
    @APIResponse(responseCode = "415", ref = ApiContract.UNSUPPORTED)
    @APIResponse(responseCode = "429", ref = ApiContract.TOO_MANY)
    @APIResponse(responseCode = "500", ref = ApiContract.SERVER_ERROR)
    @APIResponse(responseCode = "503", ref = ApiContract.UNAVAILABLE)
    @SecurityRequirementsSet
    @SecurityRequirementsSet(@SecurityRequirement(name = ApiContract.OWNER_KEY))
    @Operation(operationId = "joinTable", summary = "Join a table with a display name",
            description = "Answers 201 with a memberKey (once). Joining with the Owner-Key seats the member as the table's GM")
    public Response join(@Parameter(description = "The table's id (the invite)") @PathParam("table") String id,
            @Parameter(hidden = true) @HeaderParam(OWNER_KEY) String ownerKey,
            @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = TableRequests.MemberRequest.class))) InputStream body) {
        tables.table(id);
        JsonBody json = JsonBody.read(body).allowOnly(TableRequests.MemberRequest.class);
        String name = json.text("name", true, TableRequests.MEMBER_NAME_MAX);
        json.refuseIfInvalid();
        Members.Joined joined = tableMembers.join(id, name, ownerKey);
        return Response.status(201).entity(MemberView.of(joined.member(), joined.memberKey())).build();
    }

    @PATCH
    @Path("{table}/members/me")
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponseSchema(value = MemberView.class, responseDescription = "The member, renamed")
    @APIResponse(responseCode = "400", ref = ApiContract.BAD_REQUEST)
    @APIResponse(responseCode = "403", ref = ApiContract.FORBIDDEN)
    @APIResponse(responseCode = "404", ref = ApiContract.NOT_FOUND)
    @APIResponse(responseCode = "409", ref = ApiContract.CONFLICT)
    @APIResponse(responseCode = "413", ref = ApiContract.TOO_LARGE)
    @APIResponse(responseCode = "415", ref = ApiContract.UNSUPPORTED)
    @APIResponse(responseCode = "500", ref = ApiContract.SERVER_ERROR)
    @APIResponse(responseCode = "503", ref = ApiContract.UNAVAILABLE)
    @SecurityRequirementsSet(@SecurityRequirement(name = ApiContract.MEMBER_KEY))
    @Operation(operationId = "renameMember", summary = "Change your display name at the table, with your Member-Key")
    public MemberView renameMember(@Parameter(description = "The table's id (the invite)") @PathParam("table") String id, @Parameter(hidden = true) @HeaderParam(MEMBER_KEY) String memberKey,
            @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = TableRequests.MemberRequest.class))) InputStream body) {
        tables.table(id);
        JsonBody json = JsonBody.read(body).allowOnly(TableRequests.MemberRequest.class);
        String name = json.text("name", true, TableRequests.MEMBER_NAME_MAX);
        json.refuseIfInvalid();
        return MemberView.of(tableMembers.renameMember(id, memberKey, name), null);
    }

    @DELETE
    @Path("{table}/members/me")
    @APIResponse(responseCode = "204", description = "Left")
    @APIResponse(responseCode = "403", ref = ApiContract.FORBIDDEN)
    @APIResponse(responseCode = "404", ref = ApiContract.NOT_FOUND)
    @APIResponse(responseCode = "500", ref = ApiContract.SERVER_ERROR)
    @APIResponse(responseCode = "503", ref = ApiContract.UNAVAILABLE)
    @SecurityRequirementsSet(@SecurityRequirement(name = ApiContract.MEMBER_KEY))
    @Operation(operationId = "leaveTable", summary = "Leave the table, with your Member-Key",
            description = "Your seat and key are gone, your rolls stay in the log")
    public Response leave(@Parameter(description = "The table's id (the invite)") @PathParam("table") String id,
            @Parameter(hidden = true) @HeaderParam(MEMBER_KEY) String memberKey) {
        tableMembers.leave(id, memberKey);
        return Response.noContent().build();
    }

    @POST
    @Path("{table}/rolls")
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponse(responseCode = "201",
            description = "The roll, with its seq in the log and its rollerKey (shown this once)",
            headers = @Header(name = "Location", description = "The roll's address",
                    schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = TableRollView.class)))
    @APIResponse(responseCode = "400", ref = ApiContract.BAD_REQUEST)
    @APIResponse(responseCode = "403", ref = ApiContract.FORBIDDEN)
    @APIResponse(responseCode = "404", ref = ApiContract.NOT_FOUND)
    @APIResponse(responseCode = "409", ref = ApiContract.CONFLICT)
    @APIResponse(responseCode = "413", ref = ApiContract.TOO_LARGE)
    @APIResponse(responseCode = "415", ref = ApiContract.UNSUPPORTED)
    @APIResponse(responseCode = "429", ref = ApiContract.TOO_MANY)
    @APIResponse(responseCode = "500", ref = ApiContract.SERVER_ERROR)
    @APIResponse(responseCode = "502", ref = ApiContract.SYSTEM_FAILED)
    @APIResponse(responseCode = "503", ref = ApiContract.UNAVAILABLE)
    @APIResponse(responseCode = "504", ref = ApiContract.TIMED_OUT)
    @SecurityRequirementsSet
    @SecurityRequirementsSet(@SecurityRequirement(name = ApiContract.MEMBER_KEY))
    @Operation(operationId = "rollAtTable", summary = "Roll at the table",
            description = "As POST /api/rolls, plus who rolls, who sees it, the character it is for and, where the "
                    + "table allows dice thrown by hand, their faces. With a Member-Key the roll is that member's: it "
                    + "carries their seat (its name, whatever roller says: another name is refused), their key plays it "
                    + "and shows it to them when it is secret. Without one it is a guest's roll (guest: true), where the "
                    + "table allows guests, under a name no seat has. A new roll by a member ends the open moves of their "
                    + "earlier roll for the same character (or, for none, of the same procedure): ended superseded")
    public Response roll(@Parameter(description = "The table's id (the invite)") @PathParam("table") String id,
            @Parameter(hidden = true) @HeaderParam(MEMBER_KEY) String memberKey,
            @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = TableRequests.TableRollRequest.class))) InputStream body,
                            @Context UriInfo uri) {
        Viewer viewer = tableMembers.roller(id, memberKey);
        JsonBody json = JsonBody.read(body).allowOnly(TableRequests.TableRollRequest.class);
        String system = json.text("system", true, RollRequests.ID_MAX);
        String procedure = json.text("procedure", true, RollRequests.ID_MAX);
        String note = json.text("note", false, RollRequests.NOTE_MAX);
        String roller = json.text("roller", false, TableRequests.MEMBER_NAME_MAX);
        String visibility = json.text("visibility", false, TableRequests.VISIBILITY_MAX);
        Visibility seen = visibility == null ? Visibility.PUBLIC : visibility(visibility, json);
        java.util.List<String> faces = json.faces("faces", TableRolls.MAX_FACES);
        String character = json.text("character", false, TableRequests.CHARACTER_ID_MAX);
        json.refuseIfInvalid();
        TableRolls.Tag tag = character == null || system == null ? null
                : characters.rollingFor(id, viewer, character, system);
        TableLog.Roll made = tableRolls.rollFor(id, viewer, system, procedure, json.raw("inputs"), note, roller, seen,
                faces, tag);
        return Response.created(uri.getBaseUriBuilder().path("tables").path(id).path("rolls").path(made.roll().id()).build())
                .entity(TableRollView.of(made)).build();
    }

    private static Visibility visibility(String text, JsonBody json) {
        for (Visibility v : Visibility.values()) {
            if (v.name().toLowerCase(Locale.ROOT).equals(text)) {
                return v;
            }
        }
        json.violation(new io.dicehall.api.form.Violation("visibility", "must be one of: public, gm, roller"));
        return Visibility.PUBLIC;
    }

    @GET
    @Path("{table}/rolls")
    @APIResponseSchema(value = LogView.class, responseDescription = "A page of the log")
    @APIResponse(responseCode = "400", ref = ApiContract.BAD_REQUEST)
    @APIResponse(responseCode = "403", ref = ApiContract.FORBIDDEN)
    @APIResponse(responseCode = "404", ref = ApiContract.NOT_FOUND)
    @APIResponse(responseCode = "500", ref = ApiContract.SERVER_ERROR)
    @APIResponse(responseCode = "503", ref = ApiContract.UNAVAILABLE)
    @SecurityRequirementsSet
    @SecurityRequirementsSet(@SecurityRequirement(name = ApiContract.OWNER_KEY))
    @SecurityRequirementsSet(@SecurityRequirement(name = ApiContract.MEMBER_KEY))
    @SecurityRequirementsSet({@SecurityRequirement(name = ApiContract.OWNER_KEY),
            @SecurityRequirement(name = ApiContract.MEMBER_KEY)})
    @Operation(operationId = "tableLog", summary = "The log, newest first, a page at a time",
            description = "Rolls the keys may not see are listed in hidden: their number, roller and visibility, nothing more")
    public LogView log(@Parameter(description = "The table's id (the invite)") @PathParam("table") String id,
            @Parameter(description = "The cursor: next of the page before", schema = @Schema(type = SchemaType.INTEGER,
                    format = "int64", minimum = "1")) @QueryParam("before") String before,
            @Parameter(description = "How many rolls a page holds", schema = @Schema(type = SchemaType.INTEGER,
                    minimum = "1", maximum = "100", defaultValue = "20")) @QueryParam("limit") String limit,
            @Parameter(hidden = true) @HeaderParam(OWNER_KEY) String ownerKey,
            @Parameter(hidden = true) @HeaderParam(MEMBER_KEY) String memberKey) {
        GameTable table = tables.table(id);
        Long cursor = number(before, "before", 1, Long.MAX_VALUE);
        Long size = number(limit, "limit", 1, 100);
        Viewer viewer = tableMembers.viewer(table, ownerKey, memberKey, null);
        TableLog.Page page = tableLog.log(table, viewer, cursor, size == null ? 20 : size.intValue());
        long to = cursor == null ? Long.MAX_VALUE : cursor - 1;
        long from = page.next() == null ? 1 : page.next();
        return new LogView(page.rolls().stream().map(TableRollView::of).toList(),
                tableLog.secrets(table, viewer, from, to).stream().map(HiddenView::of).toList(),
                page.next() == null ? null : page.next().toString());
    }

    private static Long number(String text, String name, long min, long max) {
        if (text == null) {
            return null;
        }
        try {
            long value = Long.parseLong(text);
            if (value >= min && value <= max) {
                return value;
            }
        } catch (NumberFormatException notANumber) {
            // answered below
        }
        throw Problem.invalid(400, "invalid-input", "Invalid input", "A query parameter is out of range.", "",
                List.of(new io.dicehall.api.form.Violation(name, "must be a whole number from " + min + " to " + max)))
                .exception();
    }

    @GET
    @Path("{table}/rolls/{roll}")
    @APIResponseSchema(value = TableRollView.class, responseDescription = "The roll")
    @APIResponse(responseCode = "403", ref = ApiContract.FORBIDDEN)
    @APIResponse(responseCode = "404", ref = ApiContract.NOT_FOUND)
    @APIResponse(responseCode = "500", ref = ApiContract.SERVER_ERROR)
    @APIResponse(responseCode = "503", ref = ApiContract.UNAVAILABLE)
    @SecurityRequirementsSet
    @SecurityRequirementsSet(@SecurityRequirement(name = ApiContract.OWNER_KEY))
    @SecurityRequirementsSet(@SecurityRequirement(name = ApiContract.MEMBER_KEY))
    @SecurityRequirementsSet(@SecurityRequirement(name = ApiContract.ROLLER_KEY))
    @Operation(operationId = "getTableRoll", summary = "One roll at the table, if the keys shown may see it")
    public TableRollView read(@Parameter(description = "The table's id (the invite)") @PathParam("table") String id,
            @Parameter(description = "The roll's id") @PathParam("roll") String rollId,
            @Parameter(hidden = true) @HeaderParam(OWNER_KEY) String ownerKey,
            @Parameter(hidden = true) @HeaderParam(MEMBER_KEY) String memberKey,
            @Parameter(hidden = true) @HeaderParam(ROLLER_KEY) String rollerKey) {
        GameTable table = tables.table(id);
        return TableRollView.of(tableLog.read(id, rollId, tableMembers.viewer(table, ownerKey, memberKey, rollerKey)));
    }

    @POST
    @Path("{table}/rolls/{roll}/moves")
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponseSchema(value = TableRollView.class, responseDescription = "The roll after the move")
    @APIResponse(responseCode = "400", ref = ApiContract.BAD_REQUEST)
    @APIResponse(responseCode = "403", ref = ApiContract.FORBIDDEN)
    @APIResponse(responseCode = "404", ref = ApiContract.NOT_FOUND)
    @APIResponse(responseCode = "409", ref = ApiContract.CONFLICT)
    @APIResponse(responseCode = "413", ref = ApiContract.TOO_LARGE)
    @APIResponse(responseCode = "415", ref = ApiContract.UNSUPPORTED)
    @APIResponse(responseCode = "500", ref = ApiContract.SERVER_ERROR)
    @APIResponse(responseCode = "502", ref = ApiContract.SYSTEM_FAILED)
    @APIResponse(responseCode = "503", ref = ApiContract.UNAVAILABLE)
    @APIResponse(responseCode = "504", ref = ApiContract.TIMED_OUT)
    @SecurityRequirementsSet(@SecurityRequirement(name = ApiContract.ROLLER_KEY))
    @SecurityRequirementsSet(@SecurityRequirement(name = ApiContract.MEMBER_KEY))
    @Operation(operationId = "moveTableRoll", summary = "Make a move on a roll at the table",
            description = "By its roller only: with its Roller-Key, or the Member-Key of the member who made it. A roll thrown "
                    + "by hand takes the faces of the dice the move throws")
    public TableRollView move(@Parameter(description = "The table's id (the invite)") @PathParam("table") String id,
            @Parameter(description = "The roll's id") @PathParam("roll") String rollId,
            @Parameter(hidden = true) @HeaderParam(ROLLER_KEY) String rollerKey,
            @Parameter(hidden = true) @HeaderParam(MEMBER_KEY) String memberKey,
            @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = TableRequests.TableMoveRequest.class))) InputStream body) {
        GameTable table = tables.table(id);
        tableLog.rollAt(table, rollId, tableMembers.viewer(table, null, memberKey, rollerKey));
        JsonBody json = JsonBody.read(body).allowOnly(TableRequests.TableMoveRequest.class);
        String move = json.text("move", true, RollRequests.ID_MAX);
        java.util.List<String> faces = json.faces("faces", TableRolls.MAX_FACES);
        json.refuseIfInvalid();
        return TableRollView.of(rollMoves.move(id, rollId, rollerKey, memberKey, move, json.raw("inputs"), faces));
    }

    @POST
    @Path("{table}/rolls/{roll}/end")
    @APIResponseSchema(value = TableRollView.class, responseDescription = "The roll, its moves ended")
    @APIResponse(responseCode = "403", ref = ApiContract.FORBIDDEN)
    @APIResponse(responseCode = "404", ref = ApiContract.NOT_FOUND)
    @APIResponse(responseCode = "409", ref = ApiContract.CONFLICT)
    @APIResponse(responseCode = "500", ref = ApiContract.SERVER_ERROR)
    @APIResponse(responseCode = "503", ref = ApiContract.UNAVAILABLE)
    @SecurityRequirementsSet(@SecurityRequirement(name = ApiContract.OWNER_KEY))
    @Operation(operationId = "endTableRoll", summary = "End a roll's open moves (the GM, with the Owner-Key)",
            description = "The roll stands as it is, as if its roller had stopped: ended gm, no open move; the table "
                    + "hears a move event. A roll with no open move is answered as it is")
    public TableRollView end(@Parameter(description = "The table's id (the invite)") @PathParam("table") String id,
            @Parameter(description = "The roll's id") @PathParam("roll") String rollId,
            @Parameter(hidden = true) @HeaderParam(OWNER_KEY) String ownerKey) {
        rollEndings.end(id, rollId, ownerKey);
        GameTable table = tables.table(id);
        return TableRollView.of(tableLog.read(id, rollId, tableMembers.viewer(table, ownerKey, null, null)));
    }

    @PATCH
    @Path("{table}/rolls/{roll}")
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponseSchema(value = TableRollView.class, responseDescription = "The roll")
    @APIResponse(responseCode = "400", ref = ApiContract.BAD_REQUEST)
    @APIResponse(responseCode = "403", ref = ApiContract.FORBIDDEN)
    @APIResponse(responseCode = "404", ref = ApiContract.NOT_FOUND)
    @APIResponse(responseCode = "409", ref = ApiContract.CONFLICT)
    @APIResponse(responseCode = "413", ref = ApiContract.TOO_LARGE)
    @APIResponse(responseCode = "415", ref = ApiContract.UNSUPPORTED)
    @APIResponse(responseCode = "500", ref = ApiContract.SERVER_ERROR)
    @APIResponse(responseCode = "503", ref = ApiContract.UNAVAILABLE)
    @SecurityRequirementsSet(@SecurityRequirement(name = ApiContract.ROLLER_KEY))
    @SecurityRequirementsSet(@SecurityRequirement(name = ApiContract.MEMBER_KEY))
    @SecurityRequirementsSet(@SecurityRequirement(name = ApiContract.OWNER_KEY))
    @Operation(operationId = "changeRollVisibility", summary = "Change who sees a roll",
            description = "By its roller (Roller-Key or Member-Key) or the GM (Owner-Key); not once the table is closed")
    public TableRollView changeVisibility(@Parameter(description = "The table's id (the invite)") @PathParam("table") String id, @Parameter(description = "The roll's id") @PathParam("roll") String rollId,
            @Parameter(hidden = true) @HeaderParam(OWNER_KEY) String ownerKey,
            @Parameter(hidden = true) @HeaderParam(MEMBER_KEY) String memberKey,
            @Parameter(hidden = true) @HeaderParam(ROLLER_KEY) String rollerKey, @RequestBody(required = true,
                    content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = TableRequests.VisibilityChange.class))) InputStream body) {
        GameTable table = tables.table(id);
        Viewer viewer = tableMembers.viewer(table, ownerKey, memberKey, rollerKey);
        tableLog.rollAt(table, rollId, viewer);
        JsonBody json = JsonBody.read(body).allowOnly(TableRequests.VisibilityChange.class);
        String text = json.text("visibility", true, TableRequests.VISIBILITY_MAX);
        Visibility visibility = text == null ? Visibility.PUBLIC : visibility(text, json);
        json.refuseIfInvalid();
        rollMoves.changeVisibility(id, rollId, viewer, visibility);
        return TableRollView.of(tableLog.read(id, rollId, viewer));
    }

    @POST
    @Path("{table}/rolls/{roll}/odds")
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponseSchema(value = OddsView.class, responseDescription = "The odds if the move is made now, with best play")
    @APIResponse(responseCode = "400", ref = ApiContract.BAD_REQUEST)
    @APIResponse(responseCode = "403", ref = ApiContract.FORBIDDEN)
    @APIResponse(responseCode = "404", ref = ApiContract.NOT_FOUND)
    @APIResponse(responseCode = "409", ref = ApiContract.CONFLICT)
    @APIResponse(responseCode = "413", ref = ApiContract.TOO_LARGE)
    @APIResponse(responseCode = "415", ref = ApiContract.UNSUPPORTED)
    @APIResponse(responseCode = "500", ref = ApiContract.SERVER_ERROR)
    @APIResponse(responseCode = "502", ref = ApiContract.SYSTEM_FAILED)
    @APIResponse(responseCode = "503", ref = ApiContract.UNAVAILABLE)
    @APIResponse(responseCode = "504", ref = ApiContract.TIMED_OUT)
    @SecurityRequirementsSet
    @SecurityRequirementsSet(@SecurityRequirement(name = ApiContract.OWNER_KEY))
    @SecurityRequirementsSet(@SecurityRequirement(name = ApiContract.MEMBER_KEY))
    @SecurityRequirementsSet(@SecurityRequirement(name = ApiContract.ROLLER_KEY))
    @Operation(operationId = "tableRollDecisionOdds", summary = "Decision odds of a move on a roll at the table")
    public OddsView odds(@Parameter(description = "The table's id (the invite)") @PathParam("table") String id,
            @Parameter(description = "The roll's id") @PathParam("roll") String rollId,
            @Parameter(hidden = true) @HeaderParam(OWNER_KEY) String ownerKey,
            @Parameter(hidden = true) @HeaderParam(MEMBER_KEY) String memberKey,
            @Parameter(hidden = true) @HeaderParam(ROLLER_KEY) String rollerKey, @RequestBody(required = true,
                    content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = RollRequests.DecisionRequest.class))) InputStream body) {
        GameTable table = tables.table(id);
        Viewer viewer = tableMembers.viewer(table, ownerKey, memberKey, rollerKey);
        tableLog.rollAt(table, rollId, viewer);
        JsonBody json = JsonBody.read(body).allowOnly(RollRequests.DecisionRequest.class);
        String move = json.text("move", true, RollRequests.ID_MAX);
        String goal = json.text("goal", false, RollRequests.ID_MAX);
        json.refuseIfInvalid();
        return OddsView.of(rollMoves.judge(id, rollId, viewer, move, json.raw("inputs"), goal));
    }

    @POST
    @Path("{table}/rolls/{roll}/best-play")
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponseSchema(value = BestPlayView.Answer.class, responseDescription = "Best play now")
    @APIResponse(responseCode = "400", ref = ApiContract.BAD_REQUEST)
    @APIResponse(responseCode = "403", ref = ApiContract.FORBIDDEN)
    @APIResponse(responseCode = "404", ref = ApiContract.NOT_FOUND)
    @APIResponse(responseCode = "413", ref = ApiContract.TOO_LARGE)
    @APIResponse(responseCode = "415", ref = ApiContract.UNSUPPORTED)
    @APIResponse(responseCode = "500", ref = ApiContract.SERVER_ERROR)
    @APIResponse(responseCode = "502", ref = ApiContract.SYSTEM_FAILED)
    @APIResponse(responseCode = "503", ref = ApiContract.UNAVAILABLE)
    @APIResponse(responseCode = "504", ref = ApiContract.TIMED_OUT)
    @SecurityRequirementsSet
    @SecurityRequirementsSet(@SecurityRequirement(name = ApiContract.OWNER_KEY))
    @SecurityRequirementsSet(@SecurityRequirement(name = ApiContract.MEMBER_KEY))
    @SecurityRequirementsSet(@SecurityRequirement(name = ApiContract.ROLLER_KEY))
    @Operation(operationId = "tableRollBestPlay", summary = "Best play now on a roll at the table toward a goal")
    public BestPlayView.Answer bestPlay(@Parameter(description = "The table's id (the invite)") @PathParam("table") String id,
            @Parameter(description = "The roll's id") @PathParam("roll") String rollId,
            @Parameter(hidden = true) @HeaderParam(OWNER_KEY) String ownerKey,
            @Parameter(hidden = true) @HeaderParam(MEMBER_KEY) String memberKey,
            @Parameter(hidden = true) @HeaderParam(ROLLER_KEY) String rollerKey,
            @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = RollRequests.GoalRequest.class))) InputStream body) {
        GameTable table = tables.table(id);
        Viewer viewer = tableMembers.viewer(table, ownerKey, memberKey, rollerKey);
        JsonBody json = JsonBody.read(body).allowOnly(RollRequests.GoalRequest.class);
        String goal = json.text("goal", false, RollRequests.ID_MAX);
        json.refuseIfInvalid();
        return new BestPlayView.Answer(
                OddsView.best(rollMoves.judge(id, rollId, viewer, null, null, goal)));
    }

    /** The most rolls one reconnecting subscriber is sent to catch up; older ones are in the log. */
    static final int CATCH_UP_LIMIT = 1000;

    @GET
    @Path("{table}/events")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    @APIResponse(responseCode = "200", description = "The stream of server-sent events",
            content = @Content(mediaType = MediaType.SERVER_SENT_EVENTS, schema = @Schema(type = SchemaType.STRING,
                    description = "Events named ready ({\"table\", \"instance\"}), roll and move (a TableRollView, the "
                            + "event id its seq), visibility (a TableRollView), hidden (a HiddenView), table (a "
                            + "TableView) and characters ({\"table\"}: re-read the table's characters), each with its "
                            + "data as JSON")))
    @APIResponse(responseCode = "400", ref = ApiContract.BAD_REQUEST)
    @APIResponse(responseCode = "403", ref = ApiContract.FORBIDDEN)
    @APIResponse(responseCode = "404", ref = ApiContract.NOT_FOUND)
    @APIResponse(responseCode = "429", ref = ApiContract.TOO_MANY)
    @APIResponse(responseCode = "500", ref = ApiContract.SERVER_ERROR)
    @APIResponse(responseCode = "503", ref = ApiContract.UNAVAILABLE)
    @SecurityRequirementsSet
    @SecurityRequirementsSet(@SecurityRequirement(name = ApiContract.OWNER_KEY))
    @SecurityRequirementsSet(@SecurityRequirement(name = ApiContract.MEMBER_KEY))
    @SecurityRequirementsSet({@SecurityRequirement(name = ApiContract.OWNER_KEY),
            @SecurityRequirement(name = ApiContract.MEMBER_KEY)})
    @Operation(operationId = "tableEvents", summary = "Live events of a table, as server-sent events",
            description = "Each roll and move as it is stored (events roll, move; the event id is the roll's sequence "
                    + "number), for what the keys may see; move also when a roll's open moves ended (its ended says "
                    + "why); visibility when who sees a roll changed (the roll, or hidden "
                    + "with its number when it is no longer for these keys); table when members, the name or closing "
                    + "changed. Keys only as headers (Owner-Key, Member-Key), never in the address. A client "
                    + "that reconnects with Last-Event-ID (or ?after=) is first sent every roll after that number it "
                    + "missed, up to 1000, as roll events")
    public void events(@Parameter(description = "The table's id (the invite)") @PathParam("table") String id,
            @Parameter(hidden = true) @HeaderParam(OWNER_KEY) String ownerHeader,
            @Parameter(hidden = true) @HeaderParam(MEMBER_KEY) String memberHeader,
            @Parameter(description = "The last event id seen: the rolls after it are sent first",
                    schema = @Schema(type = SchemaType.INTEGER, format = "int64", minimum = "0"))
            @HeaderParam(HttpHeaders.LAST_EVENT_ID_HEADER) String lastEventId,
            @Parameter(description = "As Last-Event-ID, for clients that cannot set headers",
                    schema = @Schema(type = SchemaType.INTEGER, format = "int64", minimum = "0"))
            @QueryParam("after") String afterQuery, @Context SseEventSink sink, @Context Sse sse,
            @Context jakarta.servlet.http.HttpServletRequest client, @Context UriInfo address) {
        refuseKeysInAddress(address);
        GameTable table = tables.table(id);
        Viewer viewer = tableMembers.viewer(table, ownerHeader, memberHeader, null);
        Long after = lastEventId != null ? number(lastEventId.strip(), "Last-Event-ID", 0, Long.MAX_VALUE)
                : number(afterQuery, "after", 0, Long.MAX_VALUE);
        Runnable[] stop = new Runnable[1];
        stop[0] = push.listen(table.id(), (TableEvent event) -> {
            if (sink.isClosed()) {
                stop[0].run();
                return;
            }
            if (TableEvent.CHARACTERS.equals(event.kind())) {
                send(sink, sse.newEventBuilder().name(TableEvent.CHARACTERS).mediaType(MediaType.APPLICATION_JSON_TYPE)
                        .data(EVENTS.toJson(Map.of("table", event.tableId()))).build(), stop[0]);
                return;
            }
            if (!event.aboutRoll()) {
                sendTable(sink, sse, event.tableId(), stop[0]);
                return;
            }
            try {
                send(sink, sse, event.kind(), tableLog.read(event.tableId(), event.rollId(), viewer), stop[0]);
            } catch (io.dicehall.web.platform.Refusal hidden) {
                // not for this viewer's eyes; a roll that was visible and now is not is named as hidden
                if (TableEvent.VISIBILITY.equals(event.kind())) {
                    sendHidden(sink, sse, tableLog.secret(event.tableId(), event.rollId()), stop[0]);
                }
            }
        });
        sink.send(sse.newEventBuilder().name("ready").data(EVENTS.toJson(Map.of("table", table.id(),
                "instance", instanceName.shown()))).build());
        streams.opened(sink, sse, stop[0], client.getRemoteAddr());
        if (after != null) {
            missed(table, viewer, after).forEach(roll -> send(sink, sse, "roll", roll, stop[0]));
        }
    }

    /** @return the rolls after a sequence number that the viewer may see, oldest first,
            the newest {@link #CATCH_UP_LIMIT} */
    private List<TableLog.Roll> missed(GameTable table, Viewer viewer, long after) {
        var oldestFirst = new java.util.ArrayList<>(tableLog.log(table, viewer, null, after, CATCH_UP_LIMIT).rolls());
        java.util.Collections.reverse(oldestFirst);
        return oldestFirst;
    }

    private static void send(SseEventSink sink, Sse sse, String kind, TableLog.Roll roll, Runnable stop) {
        send(sink, sse.newEventBuilder().name(kind).id(Long.toString(roll.roll().seq()))
                .mediaType(MediaType.APPLICATION_JSON_TYPE).data(EVENTS.toJson(TableRollView.of(roll))).build(), stop);
    }

    private static void sendHidden(SseEventSink sink, Sse sse, TableLog.Secret secret, Runnable stop) {
        send(sink, sse.newEventBuilder().name("hidden").mediaType(MediaType.APPLICATION_JSON_TYPE)
                .data(EVENTS.toJson(HiddenView.of(secret))).build(), stop);
    }

    private void sendTable(SseEventSink sink, Sse sse, String tableId, Runnable stop) {
        GameTable table = tables.table(tableId);
        send(sink, sse.newEventBuilder().name("table").mediaType(MediaType.APPLICATION_JSON_TYPE)
                .data(EVENTS.toJson(TableView.of(table, tableMembers.members(table), null))).build(), stop);
    }

    private static void send(SseEventSink sink, jakarta.ws.rs.sse.OutboundSseEvent event, Runnable stop) {
        sink.send(event).whenComplete((done, failure) -> {
            if (failure != null) {
                stop.run();
                sink.close();
            }
        });
    }

    @Inject
    io.dicehall.web.platform.InstanceName instanceName;

    @Inject
    io.dicehall.web.platform.EventStreams streams;

    @Inject
    LogExport export;

    @GET
    @Path("{table}/export")
    @Produces({"application/json", "text/csv", "text/markdown"})
    @APIResponse(responseCode = "200", description = "The log, oldest first, streamed",
            headers = {
                @Header(name = "X-Dicehall-Rolls", description = "How many rolls the export holds",
                        schema = @Schema(type = SchemaType.INTEGER)),
                @Header(name = "Content-Disposition", description = "attachment, with a file name",
                        schema = @Schema(type = SchemaType.STRING))},
            content = {
                @Content(mediaType = MediaType.APPLICATION_JSON,
                        schema = @Schema(implementation = TableViews.ExportView.class)),
                @Content(mediaType = "text/csv", schema = @Schema(type = SchemaType.STRING, description = "RFC 4180: a "
                        + "header row (number, time, roller, character, system, procedure, outcome, dice, note, by_hand, "
                        + "visibility, seat, guest, character_id, ended), then one row per roll; a roll the keys may not "
                        + "see keeps its row with its number, time, roller, seat, guest and visibility, its outcome "
                        + "reading hidden, so numbers never jump")),
                @Content(mediaType = "text/markdown", schema = @Schema(type = SchemaType.STRING,
                        description = "A readable session journal; a roll the keys may not see is a line of its own "
                                + "(\"5. hidden (GM only)\"), so numbers never jump"))})
    @APIResponse(responseCode = "400", ref = ApiContract.BAD_REQUEST)
    @APIResponse(responseCode = "403", ref = ApiContract.FORBIDDEN)
    @APIResponse(responseCode = "404", ref = ApiContract.NOT_FOUND)
    @APIResponse(responseCode = "500", ref = ApiContract.SERVER_ERROR)
    @APIResponse(responseCode = "503", ref = ApiContract.UNAVAILABLE)
    @SecurityRequirementsSet
    @SecurityRequirementsSet(@SecurityRequirement(name = ApiContract.OWNER_KEY))
    @SecurityRequirementsSet(@SecurityRequirement(name = ApiContract.MEMBER_KEY))
    @SecurityRequirementsSet({@SecurityRequirement(name = ApiContract.OWNER_KEY),
            @SecurityRequirement(name = ApiContract.MEMBER_KEY)})
    @Operation(operationId = "exportTableLog", summary = "The log taken home, streamed",
            description = "As JSON (every state and step), CSV (a row per roll) or Markdown (a session journal), "
                    + "optionally only some roll numbers or times; holds exactly what the keys may see, and names each roll "
                    + "they may not see by its number as hidden")
    public Response export(@Parameter(description = "The table's id (the invite)") @PathParam("table") String id,
            @Parameter(description = "json (default), csv or markdown (md)", schema = @Schema(type = SchemaType.STRING,
                    enumeration = {"json", "csv", "markdown", "md"},
                            defaultValue = "json")) @QueryParam("format") String format,
            @Parameter(description = "The first roll number", schema = @Schema(type = SchemaType.INTEGER,
                    format = "int64",
                    minimum = "1")) @QueryParam("from") String from,
            @Parameter(description = "The last roll number", schema = @Schema(type = SchemaType.INTEGER,
                    format = "int64",
                    minimum = "1")) @QueryParam("to") String to,
            @Parameter(description = "From this date (2026-11-24) or UTC time on") @QueryParam("since") String since,
            @Parameter(description = "Up to this date or UTC time") @QueryParam("until") String until,
            @Parameter(hidden = true) @HeaderParam(OWNER_KEY) String ownerKey,
            @Parameter(hidden = true) @HeaderParam(MEMBER_KEY) String memberKey, @Context UriInfo address) {
        refuseKeysInAddress(address);
        GameTable table = tables.table(id);
        LogExport.Format chosen = format(format);
        LogExport.Range range = LogExport.range(from, to, since, until);
        Viewer viewer = tableMembers.viewer(table, ownerKey, memberKey, null);
        long count = export.count(table, viewer, range);
        jakarta.ws.rs.core.StreamingOutput body = out -> export.write(table, viewer, range, chosen, out);
        return Response.ok(body, chosen.mediaType() + "; charset=utf-8")
                .header("Content-Disposition",
                        "attachment; filename=\"dicehall-" + table.id() + "." + chosen.extension() + "\"")
                .header("X-Dicehall-Rolls", count)
                .header("Cache-Control", "no-store")
                .build();
    }

    /**
     * Refuses a key sent in the address ({@code ?owner=}, {@code ?member=}, as this API once took them), where it
     * would land in proxy logs and browser history: 400 naming the parameter, so the client moves it to its header.
     */
    private static void refuseKeysInAddress(UriInfo address) {
        var query = address.getQueryParameters();
        var violations = new java.util.ArrayList<io.dicehall.api.form.Violation>();
        if (query.containsKey("owner")) {
            violations.add(new io.dicehall.api.form.Violation("owner",
                    "is not accepted in the address: send the owner key in the " + OWNER_KEY + " header"));
        }
        if (query.containsKey("member")) {
            violations.add(new io.dicehall.api.form.Violation("member",
                    "is not accepted in the address: send the member key in the " + MEMBER_KEY + " header"));
        }
        if (!violations.isEmpty()) {
            throw Problem.invalid(400, "invalid-input", "Invalid input",
                    "Keys go in headers, never in the address.", "", violations).exception();
        }
    }

    private static LogExport.Format format(String text) {
        String t = text == null ? "json" : text.toLowerCase(Locale.ROOT);
        return switch (t) {
            case "json" -> LogExport.Format.JSON;
            case "csv" -> LogExport.Format.CSV;
            case "markdown", "md" -> LogExport.Format.MARKDOWN;
            default -> throw Problem.invalid(400, "invalid-input", "Invalid input", "Unknown export format.", "",
                    List.of(new io.dicehall.api.form.Violation("format",
                            "must be one of: json, csv, markdown"))).exception();
        };
    }

    @GET
    @Path("{table}/verification")
    @APIResponseSchema(value = VerificationView.class,
            responseDescription = "Each roll replayed, and whether the commitment holds")
    @APIResponse(responseCode = "404", ref = ApiContract.NOT_FOUND)
    @APIResponse(responseCode = "409", ref = ApiContract.CONFLICT)
    @APIResponse(responseCode = "500", ref = ApiContract.SERVER_ERROR)
    @APIResponse(responseCode = "503", ref = ApiContract.UNAVAILABLE)
    @SecurityRequirementsSet
    @Operation(operationId = "verifyTable",
            summary = "Replay a closed verifiable table from its revealed seed and check every revealed roll",
            description = "Computed once per closed table and kept; callers asking meanwhile share it. A roll still "
                    + "hidden at closing whose dice derive from its own secret (scheme 2) is not replayed and not named "
                    + "by id: it is listed by number under unverifiable")
    public VerificationView verify(@Parameter(description = "The table's id (the invite)") @PathParam("table") String id) {
        return VerificationView.of(verifications.of(tables.table(id)));
    }

    @Inject
    io.dicehall.web.tables.control.Verifications verifications;

}
