package io.dicehall.web.tables.control;

import io.dicehall.api.json.ApiJson;
import io.dicehall.api.state.RollState;
import io.dicehall.web.tables.entity.GameTable;
import io.dicehall.web.tables.entity.RollStep;
import io.dicehall.web.tables.entity.TableRoll;
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
import java.util.List;

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

    /** @return the display names of a roll's system and procedure; their ids when not installed here */
    ExportWriter.Names names(TableRoll r) {
        var system = registry == null ? java.util.Optional.<io.dicehall.web.systems.control.InstalledSystem>empty()
                : registry.find(r.systemId());
        return new ExportWriter.Names(system.map(io.dicehall.web.systems.control.InstalledSystem::name).orElse(r.systemId()),
                system.flatMap(s -> s.procedure(r.procedureId())).map(p -> p.name()).orElse(r.procedureId()));
    }

    /** Writes the export to {@code out}, a page of rolls at a time. */
    public void write(GameTable table, Viewer viewer, Range range, Format format, OutputStream out) {
        try {
            Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
            ExportWriter.begin(table, format, w);
            long after = 0;
            boolean first = true;
            while (true) {
                List<Exported> page = pages.after(table.id(), viewer, after, range, PAGE, format == Format.JSON);
                for (Exported e : page) {
                    ExportWriter.write(e, format, first, w, this::names);
                    first = false;
                    after = e.roll().seq();
                }
                w.flush();
                if (page.size() < PAGE) {
                    break;
                }
            }
            ExportWriter.end(format, w);
            w.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * @return a range checked: numbers from 1, times as ISO dates or date-times (UTC)
     * @throws Refusal (invalid) naming each parameter that is not readable
     */
    public static Range range(String from, String to, String since, String until) {
        return ExportRange.of(from, to, since, until);
    }
}
