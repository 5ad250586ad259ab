package io.dicehall.web.tables.control;

import io.dicehall.api.json.ApiJson;
import io.dicehall.api.state.Die;
import io.dicehall.api.state.RollState;
import io.dicehall.web.platform.Refusal;
import io.dicehall.web.tables.entity.GameTable;
import io.dicehall.web.tables.entity.RollStep;
import io.dicehall.web.tables.entity.TableRoll;
import io.dicehall.web.tables.entity.Visibility;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.bind.Jsonb;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A table's log taken home: JSON (every state and step), CSV (a row per roll) or Markdown (a readable
 * session journal), of all of it or a range of numbers or times, holding exactly what the requester may see.
 * A roll they may not see keeps its place, by its number, with what the log tells of it (when, who, for
 * whose eyes) and nothing of its content: "5. Ada — hidden (GM only)". Numbers never jump.
 * Rolls are read and written a page at a time, each page in its own short transaction, so an export of any
 * size streams with flat memory.
 */
@ApplicationScoped
public class LogExport {

    /** The formats, by the name a request gives. */
    public enum Format {
        JSON("application/json", "json"), CSV("text/csv", "csv"), MARKDOWN("text/markdown", "md");

        private final String mediaType;
        private final String extension;

        Format(String mediaType, String extension) {
            this.mediaType = mediaType;
            this.extension = extension;
        }

        public String mediaType() {
            return mediaType;
        }

        public String extension() {
            return extension;
        }
    }

    /** Which rolls: numbers {@code from}..{@code to} and times {@code since}..{@code until}, each end optional. */
    public record Range(long from, long to, LocalDateTime since, LocalDateTime until) {
        public static final Range ALL = new Range(1, Long.MAX_VALUE, null, null);
    }

    /** How many rolls one page reads. */
    static final int PAGE = 200;

    private static final Jsonb JSON = ApiJson.create();
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT);

    @Inject
    Pages pages;

    /** One roll with every step, as read for an export; a roll the viewer may not see has no steps. */
    public record Exported(TableRoll roll, List<RollStep> steps, boolean seen) {
        RollState state() {
            return JSON.fromJson(steps.get(steps.size() - 1).stateJson(), RollState.class);
        }
    }

    /** Reads a page in its own transaction: the next rolls after {@code after} the viewer may see, oldest first. */
    @ApplicationScoped
    @Transactional
    public static class Pages {

        @PersistenceContext(unitName = "dicehall")
        EntityManager em;

        /** @param everyStep all steps of each roll (JSON), or only the last (CSV, Markdown) */
        public List<Exported> after(String tableId, Viewer viewer, long after, Range range, int limit,
                boolean everyStep) {
            List<TableRoll> rolls = query("SELECT r", " AND r.seq > :after ORDER BY r.seq", TableRoll.class,
                    tableId, viewer, range).setParameter("after", after).setMaxResults(limit).getResultList();
            if (rolls.isEmpty()) {
                return List.of();
            }
            List<String> seen = rolls.stream().filter(viewer::canSee).map(TableRoll::id).toList();
            if (seen.isEmpty()) {
                return rolls.stream().map(r -> new Exported(r, List.of(), false)).toList();
            }
            // One query for the page's steps, not one a roll.
            var steps = new java.util.HashMap<String, List<RollStep>>();
            em.createQuery("SELECT s FROM RollStep s, TableRoll r WHERE s.rollId = r.id AND r.id IN :ids"
                    + (everyStep ? "" : " AND s.index = r.steps - 1") + " ORDER BY s.rollId, s.index", RollStep.class)
                    .setParameter("ids", seen).getResultStream()
                    .forEach(s -> steps.computeIfAbsent(s.rollId(), k -> new java.util.ArrayList<>()).add(s));
            return rolls.stream().map(r -> new Exported(r, steps.getOrDefault(r.id(), List.of()), viewer.canSee(r)))
                    .toList();
        }

        public long count(String tableId, Viewer viewer, Range range) {
            return query("SELECT COUNT(r)", "", Long.class, tableId, viewer, range).getSingleResult();
        }

        /**
         * The rolls of a table in a range, those the viewer may not see included (the export names them as hidden):
         * {@code select}, the conditions, then {@code tail}.
         */
        private <T> jakarta.persistence.TypedQuery<T> query(String select, String tail, Class<T> type, String tableId,
                Viewer viewer, Range range) {
            var query = em.createQuery(select + " FROM TableRoll r WHERE r.tableId = :t"
                    + " AND r.seq >= :from AND r.seq <= :to"
                    + (range.since() == null ? "" : " AND r.createdAt >= :since")
                    + (range.until() == null ? "" : " AND r.createdAt <= :until") + tail, type)
                    .setParameter("t", tableId)
                    .setParameter("from", range.from())
                    .setParameter("to", range.to());
            if (range.since() != null) {
                query.setParameter("since", range.since());
            }
            if (range.until() != null) {
                query.setParameter("until", range.until());
            }
            return query;
        }
    }

    @Inject
    io.dicehall.web.systems.control.SystemRegistry registry;

    /** @return how many rolls an export of this range holds for this viewer, those shown as hidden included */
    public long count(GameTable table, Viewer viewer, Range range) {
        return pages.count(table.id(), viewer, range);
    }

    /** Writes the export to {@code out}, a page of rolls at a time. */
    public void write(GameTable table, Viewer viewer, Range range, Format format, OutputStream out) {
        try {
            Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
            begin(table, format, w);
            long after = 0;
            boolean first = true;
            while (true) {
                List<Exported> page = pages.after(table.id(), viewer, after, range, PAGE, format == Format.JSON);
                for (Exported e : page) {
                    write(e, format, first, w, this::names);
                    first = false;
                    after = e.roll().seq();
                }
                w.flush();
                if (page.size() < PAGE) {
                    break;
                }
            }
            end(format, w);
            w.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The CSV's columns, in order (the first ten as before version 4, the others after them). */
    public static final List<String> CSV_COLUMNS = List.of("number", "time", "roller", "character", "system",
            "procedure", "outcome", "dice", "note", "by_hand", "visibility", "seat", "guest", "character_id", "ended");

    /** A system's and a procedure's display names, as the page shows them. */
    record Names(String system, String procedure) {
    }

    /** @return the display names of a roll's system and procedure; their ids when not installed here */
    Names names(TableRoll r) {
        var system = registry == null ? java.util.Optional.<io.dicehall.web.systems.control.InstalledSystem>empty()
                : registry.find(r.systemId());
        return new Names(system.map(io.dicehall.web.systems.control.InstalledSystem::name).orElse(r.systemId()),
                system.flatMap(s -> s.procedure(r.procedureId())).map(p -> p.name()).orElse(r.procedureId()));
    }

    /** @return for whose eyes a hidden roll is, in words: "GM only", "roller only" */
    static String hiddenFor(Visibility visibility) {
        return visibility == Visibility.GM ? "GM only" : visibility == Visibility.ROLLER ? "roller only" : "public";
    }

    private static void begin(GameTable table, Format format, Writer w) throws IOException {
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

    private static void end(Format format, Writer w) throws IOException {
        if (format == Format.JSON) {
            w.write("]}\n");
        }
    }

    static void write(Exported e, Format format, boolean first, Writer w,
            java.util.function.Function<TableRoll, Names> naming) throws IOException {
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
        return state.groups().stream().map(g -> g.label() + ": " + g.dice().stream().map(LogExport::reading)
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

    /** @return a range checked: numbers from 1, times as ISO dates or date-times (UTC) */
    public static Range range(String from, String to, String since, String until) {
        var violations = new java.util.ArrayList<io.dicehall.api.form.Violation>();
        long f = number(from, "from", violations, 1);
        long t = number(to, "to", violations, Long.MAX_VALUE);
        LocalDateTime s = time(since, "since", violations, false);
        LocalDateTime u = time(until, "until", violations, true);
        if (!violations.isEmpty()) {
            throw Refusal.violated(Refusal.Kind.INVALID, "invalid-input", "Invalid input", "The export's range is not readable.", "",
                    violations);
        }
        return new Range(f, t, s, u);
    }

    private static long number(String text, String name, List<io.dicehall.api.form.Violation> violations, long absent) {
        if (text == null || text.isEmpty()) {
            return absent;
        }
        try {
            long n = Long.parseLong(text);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException notANumber) {
            // named below
        }
        violations.add(new io.dicehall.api.form.Violation(name, "must be a roll number, a whole number from 1"));
        return absent;
    }

    /** The earliest and latest times a range may name: what the store keeps, with room either side. */
    static final LocalDateTime EARLIEST = LocalDateTime.of(1, 1, 1, 0, 0);
    static final LocalDateTime LATEST = LocalDateTime.of(9999, 12, 31, 23, 59, 59, 999_999_999);

    private static LocalDateTime time(String text, String name, List<io.dicehall.api.form.Violation> violations,
            boolean endOfDay) {
        if (text == null || text.isEmpty()) {
            return null;
        }
        LocalDateTime time = parsed(text, endOfDay);
        if (time == null) {
            violations.add(new io.dicehall.api.form.Violation(name,
                    "must be a date (2026-11-24) or a date and time (2026-11-24T20:00:00Z)"));
        } else if (time.isBefore(EARLIEST) || time.isAfter(LATEST)) {
            violations.add(new io.dicehall.api.form.Violation(name, "must lie between the years 1 and 9999"));
            return null;
        }
        return time;
    }

    /** @return a date or date-time read as UTC, or null when it is not one (or lies beyond what a time can hold) */
    private static LocalDateTime parsed(String text, boolean endOfDay) {
        try {
            if (text.length() == 10) {
                var day = java.time.LocalDate.parse(text);
                return endOfDay ? day.atTime(23, 59, 59, 999_999_999) : day.atStartOfDay();
            }
            return java.time.OffsetDateTime.parse(text).withOffsetSameInstant(java.time.ZoneOffset.UTC).toLocalDateTime();
        } catch (java.time.format.DateTimeParseException notATime) {
            try {
                return LocalDateTime.parse(text);
            } catch (java.time.format.DateTimeParseException stillNot) {
                return null;
            }
        } catch (java.time.DateTimeException beyond) {
            // +999999999-12-31T23:59:59-18:00 is read, but lies past the last instant a time can hold
            return LocalDateTime.MAX;
        }
    }
}
