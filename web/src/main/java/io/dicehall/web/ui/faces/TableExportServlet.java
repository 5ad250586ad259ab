package io.dicehall.web.ui.faces;

import io.dicehall.web.platform.Refusal;
import io.dicehall.web.tables.control.LogExport;
import io.dicehall.web.tables.control.Members;
import io.dicehall.web.tables.control.Tables;
import io.dicehall.web.tables.control.Viewer;
import io.dicehall.web.tables.entity.GameTable;
import io.dicehall.web.ui.table.TableKeys;
import jakarta.inject.Inject;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Locale;

/**
 * The table page's export links ({@code /export/{table}?format=csv&from=…}): the same streamed export as
 * {@code GET /api/tables/{table}/export}, seen with the keys this browser session holds at the table (which
 * never appear in an address), so a member's export holds their own hidden rolls and the GM's everyone's.
 */
@WebServlet("/export/*")
public class TableExportServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    @Inject
    Tables tables;

    @Inject
    Members tableMembers;

    @Inject
    TableKeys keys;

    @Inject
    LogExport export;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String path = request.getPathInfo() == null ? "" : request.getPathInfo().substring(1);
        GameTable table;
        LogExport.Range range;
        try {
            table = tables.table(path);
            range = LogExport.range(request.getParameter("from"), request.getParameter("to"),
                    request.getParameter("since"), request.getParameter("until"));
        } catch (Refusal e) {
            response.sendError(io.dicehall.web.platform.http.Problem.status(e.kind()), e.detail());
            return;
        }
        String asked = request.getParameter("format") == null ? "json" : request.getParameter("format").toLowerCase(Locale.ROOT);
        LogExport.Format format = switch (asked) {
            case "csv" -> LogExport.Format.CSV;
            case "markdown", "md" -> LogExport.Format.MARKDOWN;
            case "json" -> LogExport.Format.JSON;
            default -> null;
        };
        if (format == null) {
            response.sendError(400, "format must be one of: json, csv, markdown");
            return;
        }
        Viewer viewer = tableMembers.viewer(table, keys.ownerKey(table.id()), keys.memberKey(table.id()), null);
        response.setContentType(format.mediaType() + "; charset=utf-8");
        response.setHeader("Content-Disposition", "attachment; filename=\"dicehall-" + table.id() + "." + format.extension() + "\"");
        response.setHeader("X-Dicehall-Rolls", Long.toString(export.count(table, viewer, range)));
        response.setHeader("Cache-Control", "no-store");
        export.write(table, viewer, range, format, response.getOutputStream());
    }
}
