package io.dicehall.web.tables.boundary;

import static io.dicehall.web.tables.boundary.TableParams.number;
import static io.dicehall.web.tables.boundary.TableParams.refuseKeysInAddress;

import io.dicehall.web.platform.http.ApiContract;
import io.dicehall.web.tables.boundary.LogViews.HiddenView;
import io.dicehall.web.tables.boundary.TableViews.TableRollView;
import io.dicehall.web.tables.boundary.TableViews.TableView;
import io.dicehall.web.tables.control.TableEvent;
import io.dicehall.web.tables.control.TablePush;
import io.dicehall.web.tables.control.Members;
import io.dicehall.web.tables.control.TableLog;
import io.dicehall.web.tables.control.Tables;
import io.dicehall.web.tables.control.Viewer;
import io.dicehall.web.tables.entity.GameTable;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** A table's live events, as server-sent events: each subscriber's stream, and what it is sent as the table changes. */
@Path("tables/{table}/events")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "tables")
public class TableEventsResource {

    private static final Jsonb EVENTS = JsonbBuilder.create(io.dicehall.api.json.ApiJson.config().withNullValues(false));

    @Inject
    Members tableMembers;

@Inject
    TableLog tableLog;

@Inject
    Tables tables;

    @Inject
    TablePush push;

    @Inject
    io.dicehall.web.platform.cluster.InstanceName instanceName;

    @Inject
    io.dicehall.web.platform.http.EventStreams streams;

    /** The most rolls one reconnecting subscriber is sent to catch up; older ones are in the log. */
    static final int CATCH_UP_LIMIT = 1000;

    @GET
    @Produces(MediaType.SERVER_SENT_EVENTS)
    @APIResponse(responseCode = "200", description = "The stream of server-sent events",
            content = @Content(mediaType = MediaType.SERVER_SENT_EVENTS, schema = @Schema(type = SchemaType.STRING,
                    description = "Events named ready ({\"table\", \"instance\"}), roll and move (a TableRollView, the "
                            + "event id its seq), visibility (a TableRollView), hidden (a HiddenView), table (a "
                            + "TableView) and characters ({\"table\"}: re-read the table's characters), each with its "
                            + "data as JSON")))
    @Extension(name = ApiContract.KEYS, value = "none owner member owner+member")
    @Extension(name = ApiContract.ERRORS, value = "429")
    @Operation(operationId = "tableEvents", summary = "Live events of a table, as server-sent events",
            description = "Each roll and move as it is stored (events roll, move; the event id is the roll's sequence "
                    + "number), for what the keys may see; move also when a roll's open moves ended (its ended says "
                    + "why); visibility when who sees a roll changed (the roll, or hidden "
                    + "with its number when it is no longer for these keys); table when members, the name or closing "
                    + "changed. Keys only as headers (Owner-Key, Member-Key), never in the address. A client "
                    + "that reconnects with Last-Event-ID (or ?after=) is first sent every roll after that number it "
                    + "missed, up to 1000, as roll events")
    public void events(@BeanParam TableCall call,
            @Parameter(description = "The last event id seen: the rolls after it are sent first",
                    schema = @Schema(type = SchemaType.INTEGER, format = "int64", minimum = "0"))
            @HeaderParam(HttpHeaders.LAST_EVENT_ID_HEADER) String lastEventId,
            @Parameter(description = "As Last-Event-ID, for clients that cannot set headers",
                    schema = @Schema(type = SchemaType.INTEGER, format = "int64", minimum = "0"))
            @QueryParam("after") String afterQuery, @Context SseEventSink sink, @Context Sse sse,
            @Context jakarta.servlet.http.HttpServletRequest client, @Context UriInfo address) {
        refuseKeysInAddress(address);
        GameTable table = tables.table(call.table());
        Viewer viewer = tableMembers.viewer(table, call.ownerKey(), call.memberKey(), null);
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
}
