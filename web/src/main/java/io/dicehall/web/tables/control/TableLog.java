package io.dicehall.web.tables.control;

import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.json.ApiJson;
import io.dicehall.api.state.RollState;
import io.dicehall.web.platform.Ids;
import io.dicehall.web.platform.Refusal;
import io.dicehall.web.systems.control.InstalledSystem.InstalledProcedure;
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
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A table's log as a viewer may read it: one roll, a page of rolls newest first, the placeholders of rolls the
 * viewer may not see (that they exist, by whom, for whom), and every roll with its steps for verification.
 */
@ApplicationScoped
@Transactional
public class TableLog {

    static final Jsonb JSON = ApiJson.create();

    @PersistenceContext(unitName = "dicehall")
    EntityManager em;

    @Inject
    Tables tables;

    /** A roll at a table with its current state, and its key when it was just made. */
    public record Roll(TableRoll roll, RollState state, String rollerKey) {
    }

    /** A page of a table's log, newest first, and the cursor of the next page (null at the end). */
    public record Page(List<Roll> rolls, Long next) {
    }

    /** A roll the viewer may not see: its number, who rolled it and for whom, nothing of its content. */
    public record Secret(long seq, String roller, Visibility visibility, LocalDateTime at, boolean guest) {
    }

    /** @return the roll if it is at that table and the viewer may see it; unknown otherwise, hidden or not */
    public TableRoll rollAt(GameTable table, String rollId, Viewer viewer) {
        TableRoll roll = Ids.wellFormed(rollId) ? em.find(TableRoll.class, rollId) : null;
        if (roll == null || !roll.tableId().equals(table.id()) || !viewer.canSee(roll)) {
            throw unknownRoll();
        }
        return roll;
    }

    public Roll read(String tableId, String rollId, Viewer viewer) {
        TableRoll roll = rollAt(tables.table(tableId), rollId, viewer);
        return new Roll(roll, state(roll), null);
    }

    /** The log, newest first, holding only what the viewer may see. */
    public Page log(GameTable table, Viewer viewer, Long before, int limit) {
        return log(table, viewer, before, 0, limit);
    }

    /** The log, newest first, holding only what the viewer may see, of the rolls numbered after {@code after}. */
    public Page log(GameTable table, Viewer viewer, Long before, long after, int limit) {
        List<TableRoll> rolls = em.createQuery("SELECT r FROM TableRoll r WHERE r.tableId = :t AND r.seq < :before"
                + " AND r.seq > :after"
                + " AND (r.visibility = :public OR (r.visibility = :gm AND :owner = TRUE)"
                + " OR (r.memberId IS NOT NULL AND r.memberId = :member)) ORDER BY r.seq DESC", TableRoll.class)
                .setParameter("t", table.id())
                .setParameter("before", before == null ? Long.MAX_VALUE : before)
                .setParameter("after", after)
                .setParameter("public", Visibility.PUBLIC)
                .setParameter("gm", Visibility.GM)
                .setParameter("owner", viewer.owner())
                .setParameter("member", viewer.memberId() == null ? "" : viewer.memberId())
                .setMaxResults(limit + 1).getResultList();
        boolean more = rolls.size() > limit;
        List<Roll> page = rolls.stream().limit(limit).map(r -> new Roll(r, state(r), null)).toList();
        return new Page(page, more ? page.get(page.size() - 1).roll().seq() : null);
    }

    /** @return the rolls numbered {@code from} to {@code to} that the viewer may not see, newest first */
    public List<Secret> secrets(GameTable table, Viewer viewer, long from, long to) {
        return em.createQuery("SELECT r.seq, r.roller, r.visibility, r.createdAt, r.memberId FROM TableRoll r"
                + " WHERE r.tableId = :t"
                + " AND r.seq >= :from AND r.seq <= :to AND r.visibility <> :public"
                + " AND NOT (r.visibility = :gm AND :owner = TRUE)"
                + " AND (r.memberId IS NULL OR r.memberId <> :member) ORDER BY r.seq DESC", Object[].class)
                .setParameter("t", table.id())
                .setParameter("from", from)
                .setParameter("to", to)
                .setParameter("public", Visibility.PUBLIC)
                .setParameter("gm", Visibility.GM)
                .setParameter("owner", viewer.owner())
                .setParameter("member", viewer.memberId() == null ? "" : viewer.memberId())
                .getResultStream()
                .map(row -> new Secret((Long) row[0], (String) row[1], (Visibility) row[2], (LocalDateTime) row[3],
                        row[4] == null))
                .toList();
    }

    /** @return what anyone at the table may know of a roll: that it exists, by whom, for whom */
    public Secret secret(String tableId, String rollId) {
        TableRoll roll = Ids.wellFormed(rollId) ? em.find(TableRoll.class, rollId) : null;
        if (roll == null || !roll.tableId().equals(tableId)) {
            throw unknownRoll();
        }
        return new Secret(roll.seq(), roll.roller(), roll.visibility(), roll.createdAt(), roll.guest());
    }

    /** Every roll of a table in order with all its steps: for verification. */
    public List<TableRoll> allRolls(GameTable table) {
        return em.createQuery("SELECT r FROM TableRoll r WHERE r.tableId = :t ORDER BY r.seq", TableRoll.class)
                .setParameter("t", table.id()).getResultList();
    }

    /** @return every step of every roll of a table, by roll id, each roll's in order: one query for verification */
    public Map<String, List<RollStep>> allSteps(GameTable table) {
        var byRoll = new HashMap<String, List<RollStep>>();
        em.createQuery("SELECT s FROM RollStep s WHERE s.rollId IN (SELECT r.id FROM TableRoll r WHERE r.tableId = :t)"
                + " ORDER BY s.rollId, s.index", RollStep.class).setParameter("t", table.id()).getResultStream()
                .forEach(s -> byRoll.computeIfAbsent(s.rollId(), r -> new ArrayList<>()).add(s));
        return byRoll;
    }

    public List<RollStep> steps(TableRoll roll) {
        return em.createQuery("SELECT s FROM RollStep s WHERE s.rollId = :r ORDER BY s.index", RollStep.class)
                .setParameter("r", roll.id()).getResultList();
    }

    /** @return the roll's latest step */
    public RollStep lastStep(TableRoll roll) {
        return em.find(RollStep.class, new RollStep.Key(roll.id(), roll.steps() - 1));
    }

    /** @return the roll's state as it stands, after its latest step */
    public RollState state(TableRoll roll) {
        return JSON.fromJson(lastStep(roll).stateJson(), RollState.class);
    }

    @SuppressWarnings("unchecked")
    static Inputs storedInputs(InstalledProcedure procedure, TableRoll roll) {
        return InputChecker.check(procedure.form(), JSON.fromJson(roll.inputsJson(), Map.class)).orThrow();
    }

    private static Refusal unknownRoll() {
        return Refusal.of(Refusal.Kind.UNKNOWN, "unknown-roll", "Unknown roll", "There is no such roll at this table.");
    }
}
