package io.dicehall.web.platform.store;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Makes every commit to the embedded H2 store durable before it is acknowledged, with H2's own SQL,
 * and keeps the store's file near the size of its data.
 *
 * <p>H2 (its MVStore) writes committed changes to its file in chunks. Dicehall used to run it with
 * {@code WRITE_DELAY=0}, which wrote a chunk for every commit before answering, one commit a roll.
 * Now H2 keeps its default write delay, and nothing is acknowledged before it is on disk: after every
 * write, {@link #awaitDurable()} runs {@code CHECKPOINT SYNC} (write what is committed, then force the
 * file to disk). Writers that arrive while a checkpoint runs wait for the next one and share it
 * ({@link SharedCheckpoints}), so under load one checkpoint covers many commits; the roll writer brings
 * whole batches ({@code tables.control.RollWriter}), other writes come through {@link Durable}. Because the file is
 * forced at every write and at least every {@link #SYNC_EVERY_MILLIS}, dead chunks may be reused after
 * {@link #RETENTION_MILLIS} ({@code SET RETENTION_TIME}) rather than H2's 45 s, which assumes nobody
 * forces the file.
 *
 * <p>H2 compacts its file in the background only while the store is idle, which a store forced at
 * every commit under load never is; {@link H2Compaction} (the one part without SQL, isolated there)
 * rewrites a little of the sparsest chunks every {@link #COMPACT_EVERY_MILLIS}.
 *
 * <p>On any other database (PostgreSQL, Derby) this does nothing: their commits are durable when they
 * return. H2 needs admin rights for these commands (the user that created the database has them);
 * without them this warns once and commits are as durable as the database URL's write delay makes them.
 */
@ApplicationScoped
public class EmbeddedStoreUpkeep {

    private static final Logger LOG = Logger.getLogger(EmbeddedStoreUpkeep.class.getName());

    /** How often the store is forced to disk when no write did it (H2's housekeeping writes on its own). */
    static final long SYNC_EVERY_MILLIS = 100;
    /** How long a dead chunk's space is kept before reuse: ten forced writes at least. */
    static final int RETENTION_MILLIS = 1_000;
    /** How often a little of the file is compacted. */
    static final long COMPACT_EVERY_MILLIS = 50;
    /** The longest a writer waits for its checkpoint before it is refused as unavailable. */
    static final long WAIT_MILLIS = 30_000;

    @Inject
    StoreDataSource dataSource;

    /**
     * {@code true}: every commit is forced to disk before it is acknowledged ({@code CHECKPOINT SYNC});
     * {@code false}: written to the file ({@code CHECKPOINT}: it survives the server's death) and forced
     * within {@link #SYNC_EVERY_MILLIS}.
     */
    @Inject
    @ConfigProperty(name = "dicehall.store.force-each-commit", defaultValue = "true")
    boolean forceEachCommit = true;

    @Resource
    ManagedScheduledExecutorService scheduler;

    @Resource
    ManagedThreadFactory threadFactory;

    /** Whether this store is an H2 whose commits are forced here. */
    private volatile boolean embedded;
    private ScheduledFuture<?> turns;
    /** Whether the file is compacted here ({@link H2Compaction}): until it fails once. */
    private volatile boolean compaction;
    private ScheduledFuture<?> compactions;

    /** The writers' checkpoints, shared. */
    private final SharedCheckpoints checkpoints = new SharedCheckpoints(this::checkpoint, WAIT_MILLIS);
    /** When the file was last forced to disk ({@link System#nanoTime()}). */
    private volatile long lastForced = System.nanoTime();
    /** Starts the checkpoints a writer asked for ahead of its wait ({@link #durableLater}); made when first asked. */
    private ExecutorService ahead;

    @PostConstruct
    void detect() {
        try (Connection db = dataSource.get().getConnection()) {
            if (!"H2".equals(db.getMetaData().getDatabaseProductName())) {
                return; // PostgreSQL, Derby: durable commits of their own
            }
            try (Statement sql = db.createStatement()) {
                sql.execute("SET RETENTION_TIME " + RETENTION_MILLIS);
                sql.execute("CHECKPOINT SYNC");
            }
            embedded = true;
            compaction = H2Compaction.compact(db);
            if (!compaction) {
                LOG.warning("The embedded H2 store's file cannot be compacted here; H2 compacts it only when idle,"
                        + " so under load it grows faster than its data");
            }
        } catch (ReflectiveOperationException e) {
            LOG.log(Level.WARNING, "The embedded H2 store's file cannot be compacted here (" + e + "); H2 compacts it"
                    + " only when idle, so under load it grows faster than its data", e);
        } catch (SQLException | RuntimeException e) {
            LOG.log(Level.WARNING, "The H2 store cannot be checkpointed (" + e.getMessage() + "); commits are as durable"
                    + " as its URL's WRITE_DELAY makes them", e);
        }
    }

    void start(@Observes @Initialized(ApplicationScoped.class) Object started) {
        if (!embedded || scheduler == null || turns != null) {
            return;
        }
        turns = scheduler.scheduleWithFixedDelay(this::turn, SYNC_EVERY_MILLIS, SYNC_EVERY_MILLIS, TimeUnit.MILLISECONDS);
        if (compaction) {
            compactions = scheduler.scheduleWithFixedDelay(this::compact, COMPACT_EVERY_MILLIS, COMPACT_EVERY_MILLIS,
                    TimeUnit.MILLISECONDS);
        }
        LOG.info(() -> "Embedded H2 store: every commit " + (forceEachCommit ? "forced to disk" : "written to its file")
                + " before it is acknowledged, the file forced at least every " + SYNC_EVERY_MILLIS + " ms"
                + (compaction ? " and compacted every " + COMPACT_EVERY_MILLIS + " ms" : "")
                + " (retention " + RETENTION_MILLIS + " ms)");
    }

    private void compact() {
        if (!compaction) {
            return;
        }
        var event = new CompactionEvent();
        event.begin();
        try (Connection db = dataSource.get().getConnection()) {
            H2Compaction.compact(db);
            event.commit();
        } catch (SQLException | ReflectiveOperationException | RuntimeException e) {
            // A closed store (shutting down) or a full disk: stop rather than log every turn.
            compaction = false;
            compactions.cancel(false);
            LOG.log(Level.WARNING, "Embedded H2 store: compaction stopped: " + e, e);
        }
    }

    @PreDestroy
    void stop() {
        synchronized (this) {
            if (ahead != null) {
                ahead.shutdown(); // no interrupt: an interrupted write would close the store's file
            }
        }
        if (turns != null) {
            turns.cancel(false);
        }
        if (compactions != null) {
            compactions.cancel(false);
        }
        compaction = false;
    }

    private void turn() {
        if (System.nanoTime() - lastForced < TimeUnit.MILLISECONDS.toNanos(SYNC_EVERY_MILLIS)) {
            return; // a writer's checkpoint forced the file just now: under load the writers keep it forced
        }
        try {
            force();
        } catch (SQLException | RuntimeException e) {
            LOG.log(Level.FINE, "periodic checkpoint failed", e);
        }
    }

    /** @return whether commits are made durable here (an embedded H2), rather than by the database itself */
    public boolean embedded() {
        return embedded;
    }

    /**
     * Returns once everything committed before the call is on disk: at once on databases whose commits are
     * durable by themselves; on H2 after a {@code CHECKPOINT SYNC} that began after the call. Callers that
     * arrive while one runs share the next.
     *
     * @throws jakarta.persistence.PersistenceException when the checkpoint failed or took too long: the
     *     commit must not be acknowledged (the API answers 503)
     */
    public void awaitDurable() {
        if (!embedded) {
            return;
        }
        awaitDurable(checkpoints.ticket());
    }

    /** Returns once a ticket of {@link #checkpoints} is durable; a checkpoint that failed is the store unavailable. */
    private void awaitDurable(long ticket) {
        try {
            checkpoints.await(ticket);
        } catch (SQLException e) {
            throw unavailable(e);
        }
    }

    /**
     * {@link #awaitDurable()} in two steps, for a writer with work to do meanwhile (a roll's card to draw, which
     * nobody sees before it is durable): the checkpoint that makes everything committed so far durable starts now, on
     * a thread of its own, and the step returned waits for it. Nothing may be told of the commit before that step has
     * returned.
     *
     * @return the wait: returns once everything committed before this call is on disk; throws as
     *     {@link #awaitDurable()} does
     */
    public Runnable durableLater() {
        if (!embedded) {
            return () -> { };
        }
        long ticket = checkpoints.ticket();
        try {
            ahead().execute(() -> {
                try {
                    checkpoints.await(ticket);
                } catch (SQLException failed) {
                    // the writer's own wait sees it, and refuses the commit
                }
            });
        } catch (RejectedExecutionException stopping) {
            // the writer's own wait runs the checkpoint
        }
        return () -> awaitDurable(ticket);
    }

    private synchronized ExecutorService ahead() {
        if (ahead == null) {
            ThreadFactory threads = threadFactory != null ? threadFactory : Executors.defaultThreadFactory();
            ahead = Executors.newSingleThreadExecutor(threads);
        }
        return ahead;
    }

    /** A turn of the file's compaction, seen in a flight recording (JFR): how long it held the store. */
    @jdk.jfr.Name("io.dicehall.Compaction")
    @jdk.jfr.Label("Store compaction turn")
    @jdk.jfr.Category("Dicehall")
    static final class CompactionEvent extends jdk.jfr.Event {
    }

    /** A checkpoint, seen in a flight recording (JFR): how long it took, and how many commits it made durable. */
    @jdk.jfr.Name("io.dicehall.Checkpoint")
    @jdk.jfr.Label("Store checkpoint")
    @jdk.jfr.Category("Dicehall")
    static final class CheckpointEvent extends jdk.jfr.Event {
        @jdk.jfr.Label("Commits covered")
        long commits;
        @jdk.jfr.Label("Forced to disk")
        boolean forced;
    }

    private void checkpoint(long commits) throws SQLException {
        var event = new CheckpointEvent();
        event.begin();
        execute(forceEachCommit);
        event.end();
        if (event.shouldCommit()) {
            event.commits = commits;
            event.forced = forceEachCommit;
            event.commit();
        }
    }

    private void force() throws SQLException {
        execute(true);
    }

    /** Writes what is committed to the file ({@code CHECKPOINT}) and, when {@code sync}, forces the file to disk. */
    private void execute(boolean sync) throws SQLException {
        try (Connection db = dataSource.get().getConnection(); Statement sql = db.createStatement()) {
            sql.execute(sync ? "CHECKPOINT SYNC" : "CHECKPOINT");
        }
        if (sync) {
            lastForced = System.nanoTime();
        }
    }

    private static RuntimeException unavailable(SQLException cause) {
        return new jakarta.persistence.PersistenceException("The store could not be forced to disk: " + cause.getMessage(),
                cause);
    }
}
