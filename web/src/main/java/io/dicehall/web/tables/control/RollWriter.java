package io.dicehall.web.tables.control;

import io.dicehall.web.platform.store.EmbeddedStoreUpkeep;
import io.dicehall.web.platform.Refusal;
import io.dicehall.web.platform.store.StoreDataSource;
import io.dicehall.web.tables.entity.TableRoll;
import io.dicehall.web.tables.entity.Visibility;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.PersistenceException;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.ReentrantLock;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Group commit of the rolls at tables: one writer per instance takes every roll that arrived while it
 * stored the last ones and stores them together, in one transaction and one sync, and each request is
 * answered once the batch that holds it is on disk.
 *
 * <p>The rolls come with their dice thrown (at a fair table the dice do not depend on the roll's
 * number), so all the writer does is number and insert them ({@link RollBatch}). A roll at a table that was
 * closed meanwhile is refused; the others are stored. Sequence numbers stay unique and gapless per table, across
 * instances too: the table's row lock orders the writers, and a batch that fails gives back every number it took.
 *
 * <p>A request that finds no batch being written writes its own at once, on its own thread, with whatever else is
 * waiting: handing the roll to the writer and being woken again cost two thread switches, which on a busy machine
 * may each wait for a processor. The writer takes the rolls that arrive while a batch is written, by it or by a
 * request; only one batch is written at a time ({@link #writing}).
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
    /** The longest a request waits for its roll to be stored. */
    static final long WAIT_MILLIS = 30_000;

    @Inject
    StoreDataSource dataSource;

    @Inject
    EmbeddedStoreUpkeep store;

    @Resource
    ManagedThreadFactory threadFactory;

    private final BlockingQueue<PendingRoll> queue = new LinkedBlockingQueue<>();
    /** Held while a batch is written, by the writer or by a request that found none being written. */
    private final ReentrantLock writing = new ReentrantLock();
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
        for (PendingRoll left; (left = queue.poll()) != null;) {
            left.seq.completeExceptionally(new SQLException("the server is stopping"));
        }
    }

    /**
     * A roll as stored.
     *
     * @param seq its number at the table
     * @param superseded the member's earlier rolls it took over, whose open moves ended with it (superseded)
     * @param posted whether it queued a webhook post (its table has a webhook): when not, nothing stored with it
     *     is for the {@code DeliveryWorker}, which need not be woken
     */
    public record Stored(long seq, List<String> superseded, boolean posted) {
    }

    /**
     * Stores a roll with the next number of its table, together with the rolls that arrive meanwhile, and ends the
     * open moves of its member's earlier rolls it takes over, in the same transaction.
     *
     * @return its sequence number and the rolls it ended, once it is on disk
     * @throws Refusal when its table was closed meanwhile
     * @throws PersistenceException when it could not be stored (or not within {@link #WAIT_MILLIS}): it was not
     *     acknowledged, and the API answers 503
     */
    public Stored store(NewRoll roll) {
        Stored stored = committed(roll);
        // Committed. On disk once a checkpoint that began after the commit is done: the requests of a batch, and
        // of the batches committed meanwhile, share one (the writer goes on with the next batch meanwhile).
        store.awaitDurable();
        return stored;
    }

    /**
     * {@link #store}, with the wait for the disk left to the caller: the checkpoint starts at once, on a thread of
     * its own, while the caller draws what it will answer; {@code durable} waits for it, and must have returned
     * before anything of the roll is told to anyone.
     */
    public Later storeLater(NewRoll roll) {
        return new Later(committed(roll), store.durableLater());
    }

    /** A roll committed, and the wait that makes it durable ({@link #storeLater}). */
    public record Later(Stored stored, Runnable durable) {
    }

    private Stored committed(NewRoll roll) {
        PendingRoll pending = new PendingRoll(roll);
        if (stopping) {
            throw unavailable(new SQLException("the server is stopping"));
        }
        if (writing.tryLock()) { // no batch being written: this one, with what waits, on this thread
            try {
                writeWith(pending);
            } finally {
                writing.unlock();
            }
        } else {
            queue.add(pending);
        }
        long seq;
        try {
            seq = pending.seq.get(WAIT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Refusal refusal) {
                throw refusal;
            }
            throw unavailable(e.getCause() instanceof SQLException sql ? sql : new SQLException(e.getCause()));
        } catch (TimeoutException e) {
            pending.state.compareAndSet(PendingRoll.WAITING, PendingRoll.ABANDONED);
            throw unavailable(new SQLTimeoutException("not stored within " + WAIT_MILLIS + " ms"));
        } catch (InterruptedException e) {
            pending.state.compareAndSet(PendingRoll.WAITING, PendingRoll.ABANDONED);
            Thread.currentThread().interrupt();
            throw unavailable(new SQLTimeoutException("interrupted while waiting to be stored"));
        }
        return new Stored(seq, pending.superseded, pending.posted);
    }

    /** @return whether a roll waits for the writer, in the queue or taken and waiting for the batch before (tests) */
    boolean waiting() {
        return !queue.isEmpty() || writing.hasQueuedThreads();
    }

    private static PersistenceException unavailable(SQLException cause) {
        return new PersistenceException("The roll could not be stored: " + cause.getMessage(), cause);
    }

    private void run() {
        while (!stopping) {
            PendingRoll first;
            try {
                first = queue.poll(1, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                continue; // stopping, or not: the loop says
            }
            if (first != null) {
                writing.lock(); // not interruptible: the roll taken from the queue is written
                try {
                    writeWith(first);
                } finally {
                    writing.unlock();
                }
            }
        }
    }

    /**
     * Writes {@code first} (unless its request gave up) with the rolls that wait in the queue, in one batch; called
     * holding {@link #writing}. Whatever happens, every roll of the batch is answered.
     */
    private void writeWith(PendingRoll first) {
        var batch = new ArrayList<PendingRoll>();
        var drained = new ArrayList<PendingRoll>();
        drained.add(first);
        queue.drainTo(drained, MAX_BATCH - 1);
        for (PendingRoll p : drained) {
            if (p.take()) {
                batch.add(p);
            }
        }
        try {
            if (!batch.isEmpty()) {
                write(batch);
            }
        } catch (RuntimeException | Error e) {
            LOG.log(Level.SEVERE, "the roll writer failed", e);
            for (PendingRoll p : batch) {
                p.seq.completeExceptionally(new SQLException(e.toString(), e));
            }
        }
    }

    /** Stores a batch in one transaction; if that fails, each roll alone, so that only what cannot be stored fails. */
    private void write(List<PendingRoll> batch) {
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
        for (PendingRoll p : batch) {
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

    private static void fail(PendingRoll p, Exception e) {
        LOG.log(Level.WARNING, "a roll at table " + p.roll.tableId() + " could not be stored: " + e, e);
        p.seq.completeExceptionally(e instanceof SQLException sql ? sql : new SQLException(e.toString(), e));
    }

    /**
     * One transaction ({@link RollBatch}): numbers taken, rolls and their first steps inserted, committed; then
     * each request is told its number (and waits for the disk itself: {@link #store}), or that its table closed.
     *
     * @throws SQLException when the transaction did not commit (nothing of it is stored)
     */
    private void commit(List<PendingRoll> batch) throws SQLException {
        var event = new RollBatch.BatchEvent();
        event.begin();
        RollBatch.Stored stored = RollBatch.commit(dataSource.get(), batch.stream().map(p -> p.roll).toList());
        Map<String, Long> numbers = stored.numbers();
        event.end();
        if (event.shouldCommit()) {
            event.rolls = batch.size();
            event.tables = (int) batch.stream().map(p -> p.roll.tableId()).distinct().count();
            event.waiting = queue.size();
            event.commit();
        }
        for (PendingRoll p : batch) {
            Long seq = numbers.get(p.roll.id());
            if (seq != null) {
                p.superseded = stored.superseded().getOrDefault(p.roll.id(), List.of());
                p.posted = stored.posted().contains(p.roll.id());
                p.seq.complete(seq);
            } else { // closed (or gone): nothing of it was stored
                p.seq.completeExceptionally(Refusal.of(Refusal.Kind.CONFLICT, "table-closed", "Table closed",
                        "This table is closed; its log can still be read."));
            }
        }
    }
}
