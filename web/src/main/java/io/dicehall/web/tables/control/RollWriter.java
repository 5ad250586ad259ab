package io.dicehall.web.tables.control;

import io.dicehall.web.platform.EmbeddedStoreUpkeep;
import io.dicehall.web.platform.Refusal;
import io.dicehall.web.platform.StoreDataSource;
import io.dicehall.web.tables.entity.TableRoll;
import io.dicehall.web.tables.entity.Visibility;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.PersistenceException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Group commit of the rolls at tables: one writer per instance takes every roll that arrived while it
 * stored the last ones and stores them together, in one transaction and one sync, and each request is
 * answered once the batch that holds it is on disk.
 *
 * <p>The rolls come with their dice thrown (at a fair table the dice do not depend on the roll's
 * number), so all the writer does is number and insert them. In its transaction it locks each table
 * of the batch (in the order of their ids, so that writers of several instances never wait on each
 * other in a circle) by counting the batch's rolls into its {@code next_seq} at once, reads the new
 * value back, and gives that table's rolls the numbers just taken, in the order they arrived. A roll
 * at a table that was closed meanwhile is refused; the others are stored. Sequence numbers stay
 * unique and gapless per table, across instances too: the row lock orders the writers, and a batch
 * that fails gives back every number it took.
 *
 * <p>On failure the batch is tried again roll by roll, so that one bad roll cannot sink the others;
 * what still fails is answered as a storage failure (the API's 503), never acknowledged. A request
 * that waited {@link #WAIT_MILLIS} without an answer gives up the same way (if the writer had not
 * taken its roll yet, the roll is never stored).
 */
@ApplicationScoped
public class RollWriter {

    private static final Logger LOG = Logger.getLogger(RollWriter.class.getName());

    /** The most rolls in one transaction. */
    static final int MAX_BATCH = 256;
    /** The most table ids in one query. */
    static final int MAX_IDS = 64;
    /** The longest a request waits for its roll to be stored. */
    static final long WAIT_MILLIS = 30_000;

    static final String TAKE_NUMBERS = "UPDATE dh_table SET next_seq = next_seq + ?, version = version + 1"
            + " WHERE id = ? AND closed = FALSE";
    static final String INSERT_ROLL = "INSERT INTO dh_roll (id, table_id, seq, system_id, procedure_id, inputs_json,"
            + " note, roller, member_id, visibility, roller_key_hash, created_at, steps, by_hand, character_name,"
            + " character_id, open_moves, active_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?)";
    static final String INSERT_STEP = "INSERT INTO dh_roll_step (roll_id, idx, move_id, move_inputs_json, state_json,"
            + " dice_drawn, created_at) VALUES (?, 0, 'start', NULL, ?, 0, ?)";

    @Inject
    StoreDataSource dataSource;

    @Inject
    EmbeddedStoreUpkeep store;

    @Resource
    ManagedThreadFactory threadFactory;

    private final BlockingQueue<Pending> queue = new LinkedBlockingQueue<>();
    private volatile boolean stopping;
    private Thread writer;

    /**
     * A roll ready to be stored: everything but its number.
     *
     * @param stateJson the first state, as stored
     * @param characterId the character it is rolled for, or null
     * @param openMoves whether its first state leaves moves open
     */
    public record NewRoll(String id, String tableId, String systemId, String procedureId, String inputsJson, String note,
            String roller, String memberId, Visibility visibility, String rollerKeyHash, LocalDateTime createdAt,
            boolean byHand, String characterName, String stateJson, String characterId, boolean openMoves) {

        /** @return the stored roll as the entity that describes it (detached), numbered {@code seq} */
        public TableRoll entity(long seq) {
            TableRoll roll = new TableRoll(id, tableId, seq, systemId, procedureId, inputsJson, note, roller, memberId,
                    visibility, rollerKeyHash, createdAt).rolled(byHand, null).forCharacter(characterId, characterName)
                    .active(openMoves, createdAt);
            roll.addStep();
            return roll;
        }
    }

    /** One batch's transaction, seen in a flight recording (JFR): how many rolls, at how many tables, for how long. */
    @jdk.jfr.Name("io.dicehall.RollBatch")
    @jdk.jfr.Label("Roll batch stored")
    @jdk.jfr.Category("Dicehall")
    static final class BatchEvent extends jdk.jfr.Event {
        @jdk.jfr.Label("Rolls")
        int rolls;
        @jdk.jfr.Label("Tables")
        int tables;
        @jdk.jfr.Label("Waiting in the queue")
        int waiting;
    }

    /** A roll waiting in the queue, and the answer its request waits for. */
    static final class Pending {
        static final int WAITING = 0;
        static final int TAKEN = 1;
        static final int ABANDONED = 2;

        final NewRoll roll;
        final CompletableFuture<Long> seq = new CompletableFuture<>();
        final AtomicInteger state = new AtomicInteger(WAITING);

        Pending(NewRoll roll) {
            this.roll = roll;
        }

        /** @return whether the writer may store it (its request still waits) */
        boolean take() {
            return state.compareAndSet(WAITING, TAKEN);
        }
    }

    @PostConstruct
    void start() {
        ThreadFactory threads = threadFactory != null ? threadFactory : Executors.defaultThreadFactory();
        writer = threads.newThread(this::run);
        writer.setName("dicehall-roll-writer");
        writer.setDaemon(true);
        writer.start();
    }

    @PreDestroy
    void stop() {
        stopping = true;
        if (writer != null) {
            writer.interrupt();
            try {
                writer.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        for (Pending left; (left = queue.poll()) != null;) {
            left.seq.completeExceptionally(new SQLException("the server is stopping"));
        }
    }

    /**
     * Stores a roll with the next number of its table, together with the rolls that arrive meanwhile.
     *
     * @return its sequence number, once it is on disk
     * @throws Refusal when its table was closed meanwhile
     * @throws PersistenceException when it could not be stored (or not within {@link #WAIT_MILLIS}): it was not
     *     acknowledged, and the API answers 503
     */
    public long store(NewRoll roll) {
        Pending pending = new Pending(roll);
        if (stopping) {
            throw unavailable(new SQLException("the server is stopping"));
        }
        queue.add(pending);
        long seq;
        try {
            seq = pending.seq.get(WAIT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Refusal refusal) {
                throw refusal;
            }
            throw unavailable(e.getCause() instanceof SQLException sql ? sql : new SQLException(e.getCause()));
        } catch (TimeoutException e) {
            pending.state.compareAndSet(Pending.WAITING, Pending.ABANDONED);
            throw unavailable(new SQLTimeoutException("not stored within " + WAIT_MILLIS + " ms"));
        } catch (InterruptedException e) {
            pending.state.compareAndSet(Pending.WAITING, Pending.ABANDONED);
            Thread.currentThread().interrupt();
            throw unavailable(new SQLTimeoutException("interrupted while waiting to be stored"));
        }
        // Committed. On disk once a checkpoint that began after the commit is done: the requests of a batch, and
        // of the batches committed meanwhile, share one (the writer goes on with the next batch meanwhile).
        store.awaitDurable();
        return seq;
    }

    private static PersistenceException unavailable(SQLException cause) {
        return new PersistenceException("The roll could not be stored: " + cause.getMessage(), cause);
    }

    private void run() {
        var batch = new ArrayList<Pending>();
        var drained = new ArrayList<Pending>();
        while (!stopping) {
            try {
                Pending first = queue.poll(1, TimeUnit.SECONDS);
                if (first == null) {
                    continue;
                }
                batch.clear();
                drained.clear();
                drained.add(first);
                queue.drainTo(drained, MAX_BATCH - 1);
                for (Pending p : drained) {
                    if (p.take()) {
                        batch.add(p);
                    }
                }
                if (!batch.isEmpty()) {
                    write(batch);
                }
            } catch (InterruptedException e) {
                if (stopping) {
                    return;
                }
            } catch (RuntimeException | Error e) {
                LOG.log(Level.SEVERE, "the roll writer failed", e);
                for (Pending p : batch) {
                    p.seq.completeExceptionally(new SQLException(e.toString(), e));
                }
            }
        }
    }

    /** Stores a batch in one transaction; if that fails, each roll alone, so that only what cannot be stored fails. */
    private void write(List<Pending> batch) {
        try {
            commit(batch);
            return;
        } catch (SQLException | RuntimeException e) {
            if (batch.size() == 1) {
                fail(batch.get(0), e);
                return;
            }
            LOG.log(Level.FINE, "a batch of " + batch.size() + " rolls failed; storing them one by one", e);
        }
        for (Pending p : batch) {
            if (p.seq.isDone()) {
                continue;
            }
            try {
                commit(List.of(p));
            } catch (SQLException | RuntimeException e) {
                fail(p, e);
            }
        }
    }

    private static void fail(Pending p, Exception e) {
        LOG.log(Level.WARNING, "a roll at table " + p.roll.tableId() + " could not be stored: " + e, e);
        p.seq.completeExceptionally(e instanceof SQLException sql ? sql : new SQLException(e.toString(), e));
    }

    /**
     * One transaction: numbers taken, rolls and their first steps inserted, committed; then each request is told
     * its number (and waits for the disk itself: {@link #store}).
     *
     * @throws SQLException when the transaction did not commit (nothing of it is stored)
     */
    private void commit(List<Pending> batch) throws SQLException {
        var byTable = new TreeMap<String, List<Pending>>();
        for (Pending p : batch) {
            byTable.computeIfAbsent(p.roll.tableId(), t -> new ArrayList<>()).add(p);
        }
        var numbered = new HashMap<Pending, Long>();
        var closed = new ArrayList<Pending>();
        var event = new BatchEvent();
        event.begin();
        try (Connection db = dataSource.get().getConnection()) {
            boolean autoCommit = db.getAutoCommit();
            db.setAutoCommit(false);
            try {
                try (PreparedStatement take = db.prepareStatement(TAKE_NUMBERS)) {
                    for (Map.Entry<String, List<Pending>> table : byTable.entrySet()) {
                        take.setInt(1, table.getValue().size());
                        take.setString(2, table.getKey());
                        take.addBatch();
                    }
                    take.executeBatch();
                }
                Map<String, Long> next = nextNumbers(db, new ArrayList<>(byTable.keySet()));
                for (Map.Entry<String, List<Pending>> table : byTable.entrySet()) {
                    Long after = next.get(table.getKey());
                    if (after == null) { // closed (or gone): the update took nothing
                        closed.addAll(table.getValue());
                        continue;
                    }
                    long seq = after - table.getValue().size();
                    for (Pending p : table.getValue()) {
                        numbered.put(p, seq++);
                    }
                }
                if (!numbered.isEmpty()) {
                    insert(db, batch, numbered);
                }
                db.commit();
            } catch (SQLException | RuntimeException e) {
                try {
                    db.rollback();
                } catch (SQLException rollback) {
                    e.addSuppressed(rollback);
                }
                throw e;
            } finally {
                try {
                    db.setAutoCommit(autoCommit);
                } catch (SQLException ignored) {
                    // the connection goes back to the pool, which checks it
                }
            }
        }
        event.end();
        if (event.shouldCommit()) {
            event.rolls = batch.size();
            event.tables = byTable.size();
            event.waiting = queue.size();
            event.commit();
        }
        for (Pending p : closed) {
            p.seq.completeExceptionally(Refusal.of(Refusal.Kind.CONFLICT, "table-closed", "Table closed",
                    "This table is closed; its log can still be read."));
        }
        numbered.forEach((p, seq) -> p.seq.complete(seq));
    }

    /** @return each open table's next number, after the numbers this transaction took; closed tables are absent */
    private static Map<String, Long> nextNumbers(Connection db, List<String> ids) throws SQLException {
        var next = new HashMap<String, Long>();
        for (int from = 0; from < ids.size(); from += MAX_IDS) {
            List<String> part = ids.subList(from, Math.min(ids.size(), from + MAX_IDS));
            String sql = "SELECT id, next_seq, closed FROM dh_table WHERE id IN (" + "?, ".repeat(part.size() - 1) + "?)";
            try (PreparedStatement read = db.prepareStatement(sql)) {
                for (int i = 0; i < part.size(); i++) {
                    read.setString(i + 1, part.get(i));
                }
                try (ResultSet rows = read.executeQuery()) {
                    while (rows.next()) {
                        if (!rows.getBoolean(3)) {
                            next.put(rows.getString(1), rows.getLong(2));
                        }
                    }
                }
            }
        }
        return next;
    }

    private static void insert(Connection db, List<Pending> batch, Map<Pending, Long> numbered) throws SQLException {
        try (PreparedStatement rolls = db.prepareStatement(INSERT_ROLL)) {
            for (Pending p : batch) {
                Long seq = numbered.get(p);
                if (seq == null) {
                    continue;
                }
                NewRoll r = p.roll;
                rolls.setString(1, r.id());
                rolls.setString(2, r.tableId());
                rolls.setLong(3, seq);
                rolls.setString(4, r.systemId());
                rolls.setString(5, r.procedureId());
                rolls.setString(6, r.inputsJson());
                rolls.setString(7, r.note());
                rolls.setString(8, r.roller());
                rolls.setString(9, r.memberId());
                rolls.setString(10, r.visibility().name());
                rolls.setString(11, r.rollerKeyHash());
                rolls.setTimestamp(12, Timestamp.valueOf(r.createdAt()));
                rolls.setBoolean(13, r.byHand());
                rolls.setString(14, r.characterName());
                rolls.setString(15, r.characterId());
                rolls.setBoolean(16, r.openMoves());
                rolls.setTimestamp(17, Timestamp.valueOf(r.createdAt()));
                rolls.addBatch();
            }
            rolls.executeBatch();
        }
        try (PreparedStatement steps = db.prepareStatement(INSERT_STEP)) {
            for (Pending p : batch) {
                if (!numbered.containsKey(p)) {
                    continue;
                }
                NewRoll r = p.roll;
                steps.setString(1, r.id());
                steps.setString(2, r.stateJson());
                steps.setTimestamp(3, Timestamp.valueOf(r.createdAt()));
                steps.addBatch();
            }
            steps.executeBatch();
        }
        // In the same transaction: each roll's posts to its table's webhooks (none for a table without).
        io.dicehall.web.webhooks.control.Outbox.add(db, batch.stream().filter(numbered::containsKey)
                .map(p -> io.dicehall.web.webhooks.control.Outbox.Stored.thrown(p.roll.tableId(), p.roll.id(),
                        p.roll.createdAt())).toList());
    }
}
