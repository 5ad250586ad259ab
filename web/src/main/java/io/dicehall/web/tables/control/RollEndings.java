package io.dicehall.web.tables.control;

import io.dicehall.api.state.RollState;
import io.dicehall.web.platform.store.Durable;
import io.dicehall.web.tables.entity.Ending;
import io.dicehall.web.tables.entity.GameTable;
import io.dicehall.web.tables.entity.TableRoll;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;

/**
 * How a roll's open moves end without its roller: a newer roll of theirs takes over, the GM ends it, or it lies
 * idle for its table's idle time. Each roll is locked and checked again before it ends, so instances that race
 * end it once, and a move made meanwhile keeps it open.
 */
@ApplicationScoped
@Transactional
public class RollEndings {

    @PersistenceContext(unitName = "dicehall")
    EntityManager em;

    @Inject
    Event<TableEvent> events;

    @Inject
    Tables tables;

    @Inject
    TableLog log;

    /**
     * @return the ids of its roller's earlier rolls at the table, still open, that this new roll takes over: those
     *     for the same character, or, when it is for none, those of the same procedure for no character
     */
    @Transactional(TxType.SUPPORTS) // a read: no transaction of its own
    public List<String> supersededBy(TableRoll newer) {
        boolean forCharacter = newer.characterId() != null;
        var query = em.createQuery("SELECT r.id FROM TableRoll r WHERE r.tableId = :t AND r.memberId = :m"
                + " AND r.openMoves = TRUE AND r.seq < :seq"
                + (forCharacter ? " AND r.characterId = :c"
                        : " AND r.characterId IS NULL AND r.systemId = :s AND r.procedureId = :p")
                + " ORDER BY r.id", String.class)
                .setParameter("t", newer.tableId()).setParameter("m", newer.memberId())
                .setParameter("seq", newer.seq());
        if (forCharacter) {
            query.setParameter("c", newer.characterId());
        } else {
            query.setParameter("s", newer.systemId()).setParameter("p", newer.procedureId());
        }
        return query.setMaxResults(RollBatch.MAX_SUPERSEDED).getResultList();
    }

    /**
     * Ends each roll that still has open moves, for a reason, in a transaction of its own. Each roll is locked
     * and checked again, so instances that race end each one once.
     *
     * @return the ids of the rolls it ended
     */
    @Transactional(TxType.REQUIRES_NEW)
    @Durable
    public List<String> endRolls(List<String> ids, Ending why) {
        var ended = new ArrayList<String>();
        for (String id : ids) {
            TableRoll roll = em.find(TableRoll.class, id, LockModeType.PESSIMISTIC_WRITE);
            if (roll != null && roll.openMoves()) {
                roll.end(why);
                ended.add(id);
            }
        }
        return ended;
    }

    /**
     * The GM ends a roll's open moves (the Owner-Key); the roll reads "ended" with its last state, as if its
     * roller had stopped. A roll without open moves is left as it is.
     */
    @Durable
    public TableRoll end(String tableId, String rollId, String ownerKey) {
        GameTable table = tables.owned(tableId, ownerKey);
        TableRoll roll = log.rollAt(table, rollId, new Viewer(true, null, null));
        table.requireOpen();
        roll = em.find(TableRoll.class, roll.id(), LockModeType.PESSIMISTIC_WRITE);
        RollState state = log.state(roll);
        if (roll.ended() == null && !state.moves().isEmpty()) {
            roll.end(Ending.GM);
            events.fire(new TableEvent(table.id(), roll.id(), TableEvent.MOVE));
        }
        return roll;
    }

    /**
     * Ends the open moves of every roll on which no move was made for its table's idle time; run by
     * {@link IdleRollSweep} on each instance. Idempotent: each roll is locked and checked again before it ends,
     * so two instances sweeping at once end it once, and a move made meanwhile keeps it open.
     *
     * @return how many rolls it ended
     */
    @Durable
    public int endIdleRolls(LocalDateTime now, int most) {
        var due = new ArrayList<String>();
        var perTable = new HashMap<String, String>();
        em.createQuery("SELECT r.id, r.tableId, r.activeAt, t.idleSeconds FROM TableRoll r, GameTable t"
                + " WHERE r.openMoves = TRUE AND t.id = r.tableId ORDER BY r.id", Object[].class)
                .setMaxResults(10 * most).getResultStream().forEach(row -> {
                    LocalDateTime active = (LocalDateTime) row[2];
                    if (due.size() < most && Endings.idle(active, ((Number) row[3]).intValue(), now)) {
                        due.add((String) row[0]);
                        perTable.put((String) row[0], (String) row[1]);
                    }
                });
        int ended = 0;
        for (String id : due) {
            TableRoll roll = em.find(TableRoll.class, id, LockModeType.PESSIMISTIC_WRITE);
            GameTable table = roll == null ? null : em.find(GameTable.class, roll.tableId());
            if (roll != null && table != null && roll.openMoves()
                    && Endings.idle(roll.activeAt(), table.idleSeconds(), now)) {
                roll.end(Ending.IDLE);
                events.fire(new TableEvent(perTable.get(id), id, TableEvent.MOVE));
                ended++;
            }
        }
        return ended;
    }
}
