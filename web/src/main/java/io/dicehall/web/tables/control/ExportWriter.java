package io.dicehall.web.tables.control;

import io.dicehall.api.json.ApiJson;
import io.dicehall.api.state.Die;
import io.dicehall.api.state.RollState;
import io.dicehall.web.tables.control.LogExport.Exported;
import io.dicehall.web.tables.control.LogExport.Format;
import io.dicehall.web.tables.entity.GameTable;
import io.dicehall.web.tables.entity.RollStep;
import io.dicehall.web.tables.entity.TableRoll;
import io.dicehall.web.tables.entity.Visibility;
import jakarta.json.bind.Jsonb;
import java.io.IOException;
import java.io.Writer;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * How an export of a table's log reads in each {@link Format}: JSON (every state and step), CSV (a row per roll,
 * safe to open in a spreadsheet) or Markdown (a readable session journal). A roll the reader may not see keeps
 * its place, by its number, with what the log tells of it and nothing of its content.
 */
final class ExportWriter {

    private static final Jsonb JSON = ApiJson.create();
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT);

    private ExportWriter() {
    }

    /** The CSV's columns, in order (the first ten as before version 4, the others after them). */
    public static final List<String> CSV_COLUMNS = List.of("number", "time", "roller", "character", "system",
            "procedure", "outcome", "dice", "note", "by_hand", "visibility", "seat", "guest", "character_id", "ended");

    /** A system's and a procedure's display names, as the page shows them. */
    record Names(String system, String procedure) {
    }

    /** @return for whose eyes a hidden roll is, in words: "GM only", "roller only" */
    static String hiddenFor(Visibility visibility) {
        return visibility == Visibility.GM ? "GM only" : visibility == Visibility.ROLLER ? "roller only" : "public";
    }

    static void begin(GameTable table, Format format, Writer w) throws IOException {
        switch (format) {
            case JSON -> {
                var head = new LinkedHashMap<String, Object>();
                head.put("id", table.id());
                head.put("name", table.name());
                head.put("verifiable", table.verifiable());
                String opened = JSON.toJson(head);
                w.write("{\"table\":" + opened + ",\"rolls\":[");
            }
            case CSV -> w.write(String.join(",", CSV_COLUMNS) + "\r\n");
            case MARKDOWN -> w.write("# " + markdown(table.name()) + "\n\nThe table's log, as exported from Dicehall"
                    + " (times in UTC).\n");
        }
    }

    static void end(Format format, Writer w) throws IOException {
        if (format == Format.JSON) {
            w.write("]}\n");
        }
    }

    static void write(Exported e, Format format, boolean first, Writer w,
            Function<TableRoll, Names> naming) throws IOException {
        TableRoll r = e.roll();
        String visibility = r.visibility().name().toLowerCase(Locale.ROOT);
        if (!e.seen()) {
            hidden(r, visibility, format, first, w);
            return;
        }
        RollState state = e.state();
        String ended = Endings.word(r.ended(), state);
        switch (format) {
            case JSON -> {
                var roll = new LinkedHashMap<String, Object>();
                roll.put("number", r.seq());
                roll.put("id", r.id());
                roll.put("time", r.createdAt() + "Z");
                roll.put("roller", r.roller());
                roll.put("seat", seat(r));
                roll.put("guest", r.guest());
                roll.put("character", r.characterName());
                roll.put("characterId", r.characterId());
                roll.put("system", r.systemId());
                roll.put("procedure", r.procedureId());
                roll.put("visibility", visibility);
                roll.put("hidden", false);
                roll.put("byHand", r.byHand());
                roll.put("note", r.note());
                roll.put("inputs", JSON.fromJson(r.inputsJson(), Map.class));
                roll.put("outcome", state.outcome().id());
                roll.put("ended", ended);
                if (r.diceSecret() != null) { // a verifiable table's roll of scheme 2: what its dice derive from
                    roll.put("diceScheme", r.diceScheme());
                    roll.put("diceCommitment", r.diceCommitment());
                    roll.put("diceSecret", r.diceSecret());
                }
                w.write((first ? "" : ",") + JSON.toJson(roll).replaceFirst("}$", "") + ",\"steps\":[");
                for (int i = 0; i < e.steps().size(); i++) {
                    RollStep s = e.steps().get(i);
                    w.write((i == 0 ? "" : ",") + "{\"index\":" + s.index() + ",\"move\":" + JSON.toJson(s.moveId())
                            + ",\"inputs\":" + (s.moveInputsJson() == null ? "null" : s.moveInputsJson())
                            + ",\"time\":\"" + s.createdAt() + "Z\",\"state\":" + s.stateJson() + "}");
                }
                w.write("]}");
            }
            case CSV -> w.write(String.join(",", List.of(Long.toString(r.seq()), r.createdAt().format(CLOCK),
                    csv(r.roller()), csv(r.characterName()), csv(r.systemId()), csv(r.procedureId()),
                    csv(state.outcome().label()), csv(dice(state)), csv(r.note()), r.byHand() ? "yes" : "no",
                    visibility, csv(r.memberId()), r.guest() ? "yes" : "no", csv(r.characterId()), csv(ended)))
                    + "\r\n");
            case MARKDOWN -> {
                Names names = naming.apply(r);
                w.write("\n## " + r.seq() + ". " + markdown(r.roller()) + (r.guest() ? " (guest)" : "")
                        + (r.characterName() == null ? "" : " for " + markdown(r.characterName()))
                        + " — " + markdown(names.procedure()) + ", " + markdown(names.system()) + "\n\n");
                w.write("*" + r.createdAt().format(CLOCK) + (r.byHand() ? ", dice rolled by hand" : "")
                        + (r.visibility() == Visibility.PUBLIC ? "" : ", seen by " + hiddenFor(r.visibility()))
                        + (ended == null || Endings.STOPPED.equals(ended) ? "" : ", moves ended: " + ended)
                        + "*\n\n");
                if (r.note() != null && !r.note().isBlank()) {
                    w.write("> " + markdown(r.note()) + "\n\n");
                }
                w.write("**" + markdown(state.outcome().label()) + "** — dice: " + markdown(dice(state)) + "\n\n");
                for (var step : state.history()) {
                    w.write("- " + markdown(step.text()) + "\n");
                }
            }
        }
    }

    /** A roll the viewer may not see: its number, time, roller and for whose eyes, nothing of its content. */
    private static void hidden(TableRoll r, String visibility, Format format, boolean first, Writer w)
            throws IOException {
        switch (format) {
            case JSON -> {
                var roll = new LinkedHashMap<String, Object>();
                roll.put("number", r.seq());
                roll.put("time", r.createdAt() + "Z");
                roll.put("roller", r.roller());
                roll.put("seat", seat(r));
                roll.put("guest", r.guest());
                roll.put("visibility", visibility);
                roll.put("hidden", true);
                w.write((first ? "" : ",") + JSON.toJson(roll));
            }
            case CSV -> w.write(String.join(",", List.of(Long.toString(r.seq()), r.createdAt().format(CLOCK),
                    csv(r.roller()), "", "", "", csv("hidden (" + hiddenFor(r.visibility()) + ")"), "", "", "",
                    visibility, csv(r.memberId()), r.guest() ? "yes" : "no", "", "")) + "\r\n");
            case MARKDOWN -> w.write("\n## " + r.seq() + ". " + markdown(r.roller()) + (r.guest() ? " (guest)" : "")
                    + " — hidden (" + hiddenFor(r.visibility()) + ")\n\n*" + r.createdAt().format(CLOCK) + "*\n");
        }
    }

    private static Map<String, Object> seat(TableRoll r) {
        if (r.memberId() == null) {
            return null;
        }
        var seat = new LinkedHashMap<String, Object>();
        seat.put("id", r.memberId());
        seat.put("name", r.roller());
        return seat;
    }

    /** @return the dice as they lie, by group: "First ability 2 (d6): 4 6; Second ability 2 (d6): 3 4" */
    static String dice(RollState state) {
        return state.groups().stream().map(g -> g.label() + ": " + g.dice().stream().map(ExportWriter::reading)
                .collect(Collectors.joining(" "))).collect(Collectors.joining("; "));
    }

    private static String reading(Die d) {
        String reading = d.reading() == null || d.reading().isBlank() ? (d.type().equalsIgnoreCase("dF") ? "0"
                : Integer.toString(d.face())) : d.reading().strip();
        return reading;
    }

    /** The leads a spreadsheet reads as the start of a formula (OWASP's list): equals, plus, minus, at, tab, CR. */
    static final String FORMULA_LEADS = "=+-@\t\r";

    /**
     * A CSV text field (RFC 4180): quoted when it holds a comma, quote or line break. A text that begins with a
     * formula's lead is defused with a leading apostrophe, so a spreadsheet shows it as text, whatever follows:
     * "-2+3" and "+1+WEBSERVICE(…)" alike (a spreadsheet evaluates sign-and-digit text as a formula too). Numbers
     * the server writes (number, time) never pass through here: they stay plain in their own columns.
     */
    static String csv(String text) {
        if (text == null) {
            return "";
        }
        String t = !text.isEmpty() && FORMULA_LEADS.indexOf(text.charAt(0)) >= 0 ? "'" + text : text;
        return t.contains(",") || t.contains("\"") || t.contains("\n") || t.contains("\r")
                ? "\"" + t.replace("\"", "\"\"") + "\"" : t;
    }

    /**
     * Text as Markdown shows it literally, inside a line our own markup begins: only the characters that mark up
     * text within a line are escaped (backslash, emphasis, code, links, HTML, strike-through), so names and
     * procedure names read as they are ("Action Roll", "Ada-Lou"); line breaks stay within the paragraph.
     */
    static String markdown(String text) {
        if (text == null) {
            return "";
        }
        var out = new StringBuilder();
        for (char c : text.toCharArray()) {
            if ("\\`*_[]<>~|".indexOf(c) >= 0) {
                out.append('\\');
            }
            out.append(c == '\n' || c == '\r' ? ' ' : c);
        }
        return out.toString();
    }
}
