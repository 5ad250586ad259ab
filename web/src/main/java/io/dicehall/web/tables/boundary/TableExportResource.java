package io.dicehall.web.tables.boundary;

import static io.dicehall.web.tables.boundary.TableParams.refuseKeysInAddress;

import io.dicehall.web.platform.http.ApiContract;
import io.dicehall.web.platform.http.Problem;
import io.dicehall.web.tables.control.LogExport;
import io.dicehall.web.tables.control.Members;
import io.dicehall.web.tables.control.Tables;
import io.dicehall.web.tables.control.Viewer;
import io.dicehall.web.tables.entity.GameTable;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;
import java.util.Locale;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** A table's log taken home: JSON, CSV or Markdown, streamed. */
@Path("tables/{table}/export")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "tables")
public class TableExportResource {

    @Inject
    Members tableMembers;

@Inject
    Tables tables;

    @Inject
    LogExport export;

    @GET
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
    @Extension(name = ApiContract.KEYS, value = "none owner member owner+member")
    @Operation(operationId = "exportTableLog", summary = "The log taken home, streamed",
            description = "As JSON (every state and step), CSV (a row per roll) or Markdown (a session journal), "
                    + "optionally only some roll numbers or times; holds exactly what the keys may see, and names each roll "
                    + "they may not see by its number as hidden")
    public Response export(@BeanParam TableCall call,
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
            @Parameter(description = "Up to this date or UTC time") @QueryParam("until") String until, @Context UriInfo address) {
        refuseKeysInAddress(address);
        GameTable table = tables.table(call.table());
        LogExport.Format chosen = format(format);
        LogExport.Range range = LogExport.range(from, to, since, until);
        Viewer viewer = tableMembers.viewer(table, call.ownerKey(), call.memberKey(), null);
        long count = export.count(table, viewer, range);
        jakarta.ws.rs.core.StreamingOutput body = out -> export.write(table, viewer, range, chosen, out);
        return Response.ok(body, chosen.mediaType() + "; charset=utf-8")
                .header("Content-Disposition",
                        "attachment; filename=\"dicehall-" + table.id() + "." + chosen.extension() + "\"")
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
                    List.of(new io.dicehall.api.form.Violation("format",
                            "must be one of: json, csv, markdown"))).exception();
        };
    }
}
