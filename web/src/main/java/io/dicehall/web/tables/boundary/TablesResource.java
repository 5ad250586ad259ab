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
import io.dicehall.web.tables.boundary.TableViews.RollCheck;
import io.dicehall.web.tables.boundary.TableViews.TableRollView;
import io.dicehall.web.tables.boundary.TableViews.TableView;
import io.dicehall.web.tables.boundary.TableViews.VerificationView;
import io.dicehall.web.tables.control.LogExport;
import io.dicehall.web.tables.control.TableEvent;
import io.dicehall.web.tables.control.TablePush;
import io.dicehall.web.tables.control.TableService;
import io.dicehall.web.tables.control.Verification;
import io.dicehall.web.tables.control.Viewer;
import io.dicehall.web.tables.entity.GameTable;
import io.dicehall.web.tables.entity.TableRoll;
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
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** Tables: shared rooms with a stored log of rolls, pushed live to everyone there. */
@Path("tables")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
public class TablesResource {

    /** The header carrying a table's owner key. */
    public static final String OWNER_KEY = "Owner-Key";
    /** The header carrying a member's key. */
    public static final String MEMBER_KEY = "Member-Key";
    /** The header carrying a roll's key. */
    public static final String ROLLER_KEY = "Roller-Key";

    private static final Jsonb EVENTS = JsonbBuilder.create(io.dicehall.api.json.ApiJson.config().withNullValues(false));

    @Inject
    TableService tables;

    @Inject
    TablePush push;

    @Inject
    SystemRegistry registry;

    @Inject
    ClusterSystems clusterSystems;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Open a table: {\"name\", \"verifiable\"}; answers 201 with its invite and the ownerKey (once)")
    public Response create(InputStream body, @Context UriInfo uri) {
        JsonBody json = JsonBody.read(body).allowOnly(Set.of("name", "verifiable"));
        String name = json.text("name", true, 200);
        boolean verifiable = json.flag("verifiable");
        json.refuseIfInvalid();
        TableService.Created created = tables.create(name, verifiable);
        return Response.created(uri.getBaseUriBuilder().path("tables").path(created.table().id()).build())
                .entity(TableView.of(created.table(), List.of(), created.ownerKey())).build();
    }

    @GET
    @Path("{table}")
    @Operation(summary = "A table: name, members, whether closed, its seed commitment (and seed once closed)")
    public TableView get(@PathParam("table") String id) {
        GameTable table = tables.table(id);
        return TableView.of(table, tables.members(table), null);
    }

    @PATCH
    @Path("{table}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Change a table (owner only): {\"name\", \"physicalDice\"}, each optional: its name, and whether "
            + "members may enter the faces of dice they threw by hand (never on a verifiable table)")
    public TableView rename(@PathParam("table") String id, @HeaderParam(OWNER_KEY) String ownerKey, InputStream body) {
        tables.table(id);
        JsonBody json = JsonBody.read(body).allowOnly(Set.of("name", "physicalDice"));
        String name = json.text("name", false, 200);
        Object physical = json.raw("physicalDice");
        boolean allowPhysical = json.flag("physicalDice");
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
        if (name == null && physical == null) {
            table = tables.rename(id, ownerKey, table.name());
        }
        return TableView.of(table, tables.members(table), null);
    }

    @POST
    @Path("{table}/close")
    @Operation(summary = "Close a table (owner only): no more rolls; a verifiable table reveals its seed")
    public TableView close(@PathParam("table") String id, @HeaderParam(OWNER_KEY) String ownerKey) {
        GameTable table = tables.close(id, ownerKey);
        return TableView.of(table, tables.members(table), null);
    }

    @POST
    @Path("{table}/members")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Join with a display name: {\"name\"}; answers 201 with a memberKey (once). Joining with the "
            + "Owner-Key header seats the member as the table's GM")
    public Response join(@PathParam("table") String id, @HeaderParam(OWNER_KEY) String ownerKey, InputStream body) {
        tables.table(id);
        JsonBody json = JsonBody.read(body).allowOnly(Set.of("name"));
        String name = json.text("name", true, 60);
        json.refuseIfInvalid();
        TableService.Joined joined = tables.join(id, name, ownerKey);
        return Response.status(201).entity(MemberView.of(joined.member(), joined.memberKey())).build();
    }

    @PATCH
    @Path("{table}/members/me")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Change your display name at the table: {\"name\"}, with your Member-Key")
    public MemberView renameMember(@PathParam("table") String id, @HeaderParam(MEMBER_KEY) String memberKey,
            InputStream body) {
        tables.table(id);
        JsonBody json = JsonBody.read(body).allowOnly(Set.of("name"));
        String name = json.text("name", true, 60);
        json.refuseIfInvalid();
        return MemberView.of(tables.renameMember(id, memberKey, name), null);
    }

    @DELETE
    @Path("{table}/members/me")
    @Operation(summary = "Leave the table, with your Member-Key: your seat and key are gone, your rolls stay in the log")
    public Response leave(@PathParam("table") String id, @HeaderParam(MEMBER_KEY) String memberKey) {
        tables.leave(id, memberKey);
        return Response.noContent().build();
    }

    @POST
    @Path("{table}/rolls")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Roll at the table: as POST /api/rolls plus \"roller\", \"visibility\" (public, gm, roller) and, "
            + "where the table allows dice thrown by hand, \"faces\": the faces thrown, in order (e.g. [3, 6, 1] or [\"+\", \"0\"])")
    public Response roll(@PathParam("table") String id, @HeaderParam(MEMBER_KEY) String memberKey, InputStream body,
            @Context UriInfo uri) {
        GameTable table = tables.table(id);
        JsonBody json = JsonBody.read(body)
                .allowOnly(Set.of("system", "procedure", "inputs", "note", "roller", "visibility", "faces"));
        String system = json.text("system", true, 100);
        String procedure = json.text("procedure", true, 100);
        String note = json.text("note", false, 500);
        String roller = json.text("roller", true, 60);
        String visibility = json.text("visibility", false, 20);
        Visibility seen = visibility == null ? Visibility.PUBLIC : visibility(visibility, json);
        java.util.List<String> faces = json.faces("faces", TableService.MAX_FACES);
        json.refuseIfInvalid();
        Viewer viewer = tables.viewer(table, null, memberKey, null);
        TableService.Roll made = tables.roll(id, viewer, system, procedure, json.raw("inputs"), note, roller, seen,
                faces, null);
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
    @Operation(summary = "The log, newest first, paged: ?before=<cursor>&limit=1..100; hidden rolls only for those who may see them")
    public LogView log(@PathParam("table") String id, @QueryParam("before") String before,
            @QueryParam("limit") String limit, @HeaderParam(OWNER_KEY) String ownerKey,
            @HeaderParam(MEMBER_KEY) String memberKey) {
        GameTable table = tables.table(id);
        Long cursor = number(before, "before", 1, Long.MAX_VALUE);
        Long size = number(limit, "limit", 1, 100);
        Viewer viewer = tables.viewer(table, ownerKey, memberKey, null);
        TableService.Page page = tables.log(table, viewer, cursor, size == null ? 20 : size.intValue());
        long to = cursor == null ? Long.MAX_VALUE : cursor - 1;
        long from = page.next() == null ? 1 : page.next();
        return new LogView(page.rolls().stream().map(TableRollView::of).toList(),
                tables.secrets(table, viewer, from, to).stream().map(HiddenView::of).toList(),
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
    @Operation(summary = "One roll at the table, if the keys shown may see it")
    public TableRollView read(@PathParam("table") String id, @PathParam("roll") String rollId,
            @HeaderParam(OWNER_KEY) String ownerKey, @HeaderParam(MEMBER_KEY) String memberKey,
            @HeaderParam(ROLLER_KEY) String rollerKey) {
        GameTable table = tables.table(id);
        return TableRollView.of(tables.read(id, rollId, tables.viewer(table, ownerKey, memberKey, rollerKey)));
    }

    @POST
    @Path("{table}/rolls/{roll}/moves")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Make a move on a roll at the table: {\"move\", \"inputs\"}, with its Roller-Key, or the "
            + "Member-Key of the member who made it; a roll thrown by hand takes \"faces\" for the dice the move throws")
    public TableRollView move(@PathParam("table") String id, @PathParam("roll") String rollId,
            @HeaderParam(ROLLER_KEY) String rollerKey, @HeaderParam(MEMBER_KEY) String memberKey, InputStream body) {
        GameTable table = tables.table(id);
        tables.rollAt(table, rollId, tables.viewer(table, null, memberKey, rollerKey));
        JsonBody json = JsonBody.read(body).allowOnly(Set.of("move", "inputs", "faces"));
        String move = json.text("move", true, 100);
        java.util.List<String> faces = json.faces("faces", TableService.MAX_FACES);
        json.refuseIfInvalid();
        return TableRollView.of(tables.move(id, rollId, rollerKey, memberKey, move, json.raw("inputs"), faces));
    }

    @PATCH
    @Path("{table}/rolls/{roll}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Change who sees a roll: {\"visibility\": \"public\" | \"gm\" | \"roller\"}, by its roller "
            + "(Roller-Key or Member-Key) or the GM (Owner-Key)")
    public TableRollView changeVisibility(@PathParam("table") String id, @PathParam("roll") String rollId,
            @HeaderParam(OWNER_KEY) String ownerKey, @HeaderParam(MEMBER_KEY) String memberKey,
            @HeaderParam(ROLLER_KEY) String rollerKey, InputStream body) {
        GameTable table = tables.table(id);
        Viewer viewer = tables.viewer(table, ownerKey, memberKey, rollerKey);
        tables.rollAt(table, rollId, viewer);
        JsonBody json = JsonBody.read(body).allowOnly(Set.of("visibility"));
        String text = json.text("visibility", true, 20);
        Visibility visibility = text == null ? Visibility.PUBLIC : visibility(text, json);
        json.refuseIfInvalid();
        tables.changeVisibility(id, rollId, viewer, visibility);
        return TableRollView.of(tables.read(id, rollId, viewer));
    }

    @POST
    @Path("{table}/rolls/{roll}/odds")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Decision odds of a move on a roll at the table")
    public OddsView odds(@PathParam("table") String id, @PathParam("roll") String rollId,
            @HeaderParam(OWNER_KEY) String ownerKey, @HeaderParam(MEMBER_KEY) String memberKey,
            @HeaderParam(ROLLER_KEY) String rollerKey, InputStream body) {
        GameTable table = tables.table(id);
        Viewer viewer = tables.viewer(table, ownerKey, memberKey, rollerKey);
        tables.rollAt(table, rollId, viewer);
        JsonBody json = JsonBody.read(body).allowOnly(Set.of("move", "inputs", "goal"));
        String move = json.text("move", true, 100);
        String goal = json.text("goal", false, 100);
        json.refuseIfInvalid();
        return OddsView.of(tables.judge(id, rollId, viewer, move, json.raw("inputs"), goal));
    }

    @POST
    @Path("{table}/rolls/{roll}/best-play")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Best play now on a roll at the table toward a goal: {\"goal\"} (optional)")
    public io.dicehall.web.systems.boundary.BestPlayView.Answer bestPlay(@PathParam("table") String id,
            @PathParam("roll") String rollId, @HeaderParam(OWNER_KEY) String ownerKey,
            @HeaderParam(MEMBER_KEY) String memberKey, @HeaderParam(ROLLER_KEY) String rollerKey, InputStream body) {
        GameTable table = tables.table(id);
        Viewer viewer = tables.viewer(table, ownerKey, memberKey, rollerKey);
        JsonBody json = JsonBody.read(body).allowOnly(Set.of("goal"));
        String goal = json.text("goal", false, 100);
        json.refuseIfInvalid();
        return new io.dicehall.web.systems.boundary.BestPlayView.Answer(
                OddsView.best(tables.judge(id, rollId, viewer, null, null, goal)));
    }

    /** The most rolls one reconnecting subscriber is sent to catch up; older ones are in the log. */
    static final int CATCH_UP_LIMIT = 1000;

    @GET
    @Path("{table}/events")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    @Operation(summary = "Live events: each roll and move as it is stored (event names roll, move; the event id is the "
            + "roll's sequence number), for what the keys may see; visibility when who sees a roll changed (the roll, or "
            + "hidden with its number when it is no longer for these keys); table when members, the name or closing changed. Keys as headers, or as ?owner=…&member=… for clients "
            + "that cannot set headers. A client that reconnects with Last-Event-ID (or ?after=) is first sent every "
            + "roll after that number it missed, up to 1000, as roll events")
    public void events(@PathParam("table") String id, @HeaderParam(OWNER_KEY) String ownerHeader,
            @HeaderParam(MEMBER_KEY) String memberHeader, @QueryParam("owner") String ownerQuery,
            @QueryParam("member") String memberQuery, @HeaderParam(HttpHeaders.LAST_EVENT_ID_HEADER) String lastEventId,
            @QueryParam("after") String afterQuery, @Context SseEventSink sink, @Context Sse sse) {
        GameTable table = tables.table(id);
        Viewer viewer = tables.viewer(table, ownerHeader != null ? ownerHeader : ownerQuery,
                memberHeader != null ? memberHeader : memberQuery, null);
        Long after = lastEventId != null ? number(lastEventId.strip(), "Last-Event-ID", 0, Long.MAX_VALUE)
                : number(afterQuery, "after", 0, Long.MAX_VALUE);
        Runnable[] stop = new Runnable[1];
        stop[0] = push.listen(table.id(), (TableEvent event) -> {
            if (sink.isClosed()) {
                stop[0].run();
                return;
            }
            if (!event.aboutRoll()) {
                sendTable(sink, sse, event.tableId(), stop[0]);
                return;
            }
            try {
                send(sink, sse, event.kind(), tables.read(event.tableId(), event.rollId(), viewer), stop[0]);
            } catch (io.dicehall.web.platform.ProblemException hidden) {
                // not for this viewer's eyes; a roll that was visible and now is not is named as hidden
                if (TableEvent.VISIBILITY.equals(event.kind())) {
                    sendHidden(sink, sse, tables.secret(event.tableId(), event.rollId()), stop[0]);
                }
            }
        });
        sink.send(sse.newEventBuilder().name("ready").data(EVENTS.toJson(Map.of("table", table.id(),
                "instance", clusterSystems.name()))).build());
        if (after != null) {
            missed(table, viewer, after).forEach(roll -> send(sink, sse, "roll", roll, stop[0]));
        }
    }

    /** @return the rolls after a sequence number that the viewer may see, oldest first, the newest {@link #CATCH_UP_LIMIT} */
    private List<TableService.Roll> missed(GameTable table, Viewer viewer, long after) {
        var oldestFirst = new java.util.ArrayList<>(tables.log(table, viewer, null, after, CATCH_UP_LIMIT).rolls());
        java.util.Collections.reverse(oldestFirst);
        return oldestFirst;
    }

    private static void send(SseEventSink sink, Sse sse, String kind, TableService.Roll roll, Runnable stop) {
        send(sink, sse.newEventBuilder().name(kind).id(Long.toString(roll.roll().seq()))
                .mediaType(MediaType.APPLICATION_JSON_TYPE).data(EVENTS.toJson(TableRollView.of(roll))).build(), stop);
    }

    private static void sendHidden(SseEventSink sink, Sse sse, TableService.Secret secret, Runnable stop) {
        send(sink, sse.newEventBuilder().name("hidden").mediaType(MediaType.APPLICATION_JSON_TYPE)
                .data(EVENTS.toJson(HiddenView.of(secret))).build(), stop);
    }

    private void sendTable(SseEventSink sink, Sse sse, String tableId, Runnable stop) {
        GameTable table = tables.table(tableId);
        send(sink, sse.newEventBuilder().name("table").mediaType(MediaType.APPLICATION_JSON_TYPE)
                .data(EVENTS.toJson(TableView.of(table, tables.members(table), null))).build(), stop);
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
    LogExport export;

    @GET
    @Path("{table}/export")
    @Produces({"application/json", "text/csv", "text/markdown"})
    @Operation(summary = "The log taken home, streamed: ?format=json (every state and step) | csv (a row per roll) | "
            + "markdown (a session journal), optionally ?from=&to= (roll numbers) and ?since=&until= (dates or UTC "
            + "date-times); holds exactly what the keys may see. The header X-Dicehall-Rolls says how many rolls it holds")
    public Response export(@PathParam("table") String id, @QueryParam("format") String format,
            @QueryParam("from") String from, @QueryParam("to") String to, @QueryParam("since") String since,
            @QueryParam("until") String until, @HeaderParam(OWNER_KEY) String ownerKey,
            @HeaderParam(MEMBER_KEY) String memberKey, @QueryParam("owner") String ownerQuery,
            @QueryParam("member") String memberQuery) {
        GameTable table = tables.table(id);
        LogExport.Format chosen = format(format);
        LogExport.Range range = LogExport.range(from, to, since, until);
        Viewer viewer = tables.viewer(table, ownerKey != null ? ownerKey : ownerQuery,
                memberKey != null ? memberKey : memberQuery, null);
        long count = export.count(table, viewer, range);
        jakarta.ws.rs.core.StreamingOutput body = out -> export.write(table, viewer, range, chosen, out);
        return Response.ok(body, chosen.mediaType() + "; charset=utf-8")
                .header("Content-Disposition", "attachment; filename=\"dicehall-" + table.id() + "." + chosen.extension() + "\"")
                .header("X-Dicehall-Rolls", count)
                .header("Cache-Control", "no-store")
                .build();
    }

    private static LogExport.Format format(String text) {
        String t = text == null ? "json" : text.toLowerCase(Locale.ROOT);
        return switch (t) {
            case "json" -> LogExport.Format.JSON;
            case "csv" -> LogExport.Format.CSV;
            case "markdown", "md" -> LogExport.Format.MARKDOWN;
            default -> throw Problem.invalid(400, "invalid-input", "Invalid input", "Unknown export format.", "",
                    List.of(new io.dicehall.api.form.Violation("format", "must be one of: json, csv, markdown"))).exception();
        };
    }

    @GET
    @Path("{table}/verification")
    @Operation(summary = "Replay a closed verifiable table from its revealed seed and check every roll")
    public VerificationView verify(@PathParam("table") String id) {
        GameTable table = tables.table(id);
        if (!table.verifiable()) {
            throw Problem.of(409, "not-verifiable", "Not verifiable", "This table was not opened in verifiable mode.")
                    .exception();
        }
        if (!table.closed()) {
            throw Problem.of(409, "seed-not-revealed", "Seed not revealed yet",
                    "The seed is revealed when the owner closes the table; verify then.").exception();
        }
        byte[] seed = HexFormat.of().parseHex(table.seed());
        var checks = new java.util.ArrayList<RollCheck>();
        for (TableRoll roll : tables.allRolls(table)) {
            var procedure = registry.find(roll.systemId()).flatMap(s -> s.procedure(roll.procedureId())).orElse(null);
            var steps = tables.steps(roll).stream()
                    .map(s -> new Verification.StoredStep(s.moveId(), s.moveInputsJson(), s.stateJson())).toList();
            var problem = Verification.check(seed, new Verification.StoredRoll(roll.seq(), procedure, roll.inputsJson(), steps));
            checks.add(new RollCheck(roll.seq(), roll.id(), problem.isEmpty(), problem.orElse(null)));
        }
        boolean holds = Verification.commitmentHolds(table.seed(), table.seedCommitment());
        return new VerificationView(table.seed(), table.seedCommitment(), holds,
                holds && checks.stream().allMatch(RollCheck::reproduced), checks);
    }

}
