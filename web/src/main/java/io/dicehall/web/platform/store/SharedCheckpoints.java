package io.dicehall.web.platform.store;

import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.util.concurrent.TimeUnit;

/**
 * Group commit for the embedded store: writers share checkpoints. Each writer takes a ticket after its commit and
 * returns once a checkpoint that began after the ticket has held. When no checkpoint is running, the writer runs the
 * next one itself, for every ticket taken so far; writers that arrive meanwhile wait for the one after and share
 * it, so under load one checkpoint covers many commits. A checkpoint that fails fails the tickets it covered (not
 * later ones, which a later checkpoint may hold); a writer waits at most a set time.
 *
 * <p>Thread-safe. Knows nothing of SQL: what a checkpoint does is {@link Checkpoint}'s
 * ({@link EmbeddedStoreUpkeep}).
 */
final class SharedCheckpoints {

    /** What makes every commit so far durable. */
    @FunctionalInterface
    interface Checkpoint {
        /**
         * @param commits how many writers' commits it covers, for the record
         * @throws SQLException when it failed: none of the commits it covers may be acknowledged
         */
        void run(long commits) throws SQLException;
    }

    private final Checkpoint checkpoint;
    private final long waitMillis;
    private final Object lock = new Object();
    /** Tickets handed to writers so far: each asks for a checkpoint after its commit. */
    private long requested;
    /** Every ticket up to this one is durable. */
    private long synced;
    /** Every ticket up to this one was in a checkpoint that failed (and not in a later one that held). */
    private long failedThrough;
    private SQLException failure;
    private boolean checkpointing;

    /**
     * @param checkpoint what a checkpoint does
     * @param waitMillis the longest a writer waits for its checkpoint
     */
    SharedCheckpoints(Checkpoint checkpoint, long waitMillis) {
        this.checkpoint = checkpoint;
        this.waitMillis = waitMillis;
    }

    /**
     * Returns once everything committed before the call is durable: after a checkpoint that began after the call.
     *
     * @throws SQLException when that checkpoint failed, none came within the wait, or the wait was interrupted
     */
    void await() throws SQLException {
        await(ticket());
    }

    /**
     * A ticket for everything committed before the call, for {@link #await(long)}: taken now, waited for later (the
     * writer does something else meanwhile).
     */
    long ticket() {
        synchronized (lock) {
            return ++requested;
        }
    }

    /**
     * Returns once a ticket is durable: after a checkpoint that began after the ticket was taken, run by this caller
     * when none is running.
     *
     * @throws SQLException when that checkpoint failed, none came within the wait, or the wait was interrupted
     */
    void await(long ticket) throws SQLException {
        long covers;
        long commits;
        synchronized (lock) {
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMillis);
            while (true) {
                if (synced >= ticket) {
                    return;
                }
                if (failedThrough >= ticket) {
                    throw failure;
                }
                if (!checkpointing) {
                    break; // no checkpoint running: this caller runs the next one, for everyone waiting
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new SQLTimeoutException("no checkpoint within " + waitMillis + " ms");
                }
                try {
                    TimeUnit.NANOSECONDS.timedWait(lock, left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new SQLTimeoutException("interrupted while waiting for a checkpoint");
                }
            }
            checkpointing = true;
            covers = requested; // every ticket so far was taken after its commit, so this checkpoint holds it
            commits = covers - synced;
        }
        SQLException error = null;
        try {
            checkpoint.run(commits);
        } catch (SQLException e) {
            error = e;
        } catch (RuntimeException e) {
            error = new SQLException(e.toString(), e);
        }
        synchronized (lock) {
            checkpointing = false;
            if (error == null) {
                synced = Math.max(synced, covers);
            } else {
                failedThrough = Math.max(failedThrough, covers);
                failure = error;
            }
            lock.notifyAll();
        }
        if (error != null) {
            throw error;
        }
    }

    /** @return how many tickets writers have taken so far */
    long requested() {
        synchronized (lock) {
            return requested;
        }
    }
}
