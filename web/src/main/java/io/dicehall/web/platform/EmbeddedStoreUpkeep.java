package io.dicehall.web.platform;

import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Keeps the embedded H2 store compact while every commit is durable.
 *
 * <p>The embedded store runs with {@code WRITE_DELAY=0}, so that an acknowledged roll survives
 * {@code kill -9}. H2 then writes each commit as a new chunk of its file and starts none of its
 * background housekeeping: chunks that still hold a few live pages are never rewritten, and the
 * file grew by about 40 KB per roll, without bound (docs/performance.md, "Embedded store"). This
 * bean does that housekeeping itself, ten times a second: it rewrites the emptiest chunks
 * ({@code MVStore.compact}), and it forces the file to disk ({@code MVStore.sync}). Because the
 * file is forced at least every second, the store may reuse the space of dead chunks after
 * {@link #RETENTION_MILLIS} rather than H2's default 45 s, which assumes nobody syncs; that
 * retention is what otherwise made the file a multiple of the data.
 *
 * <p>H2 offers no SQL for this, so the store is reached through H2's public Java API, by
 * reflection: the application does not link against the server's H2. Anything unexpected (another
 * database, another H2 version, a connection that cannot be unwrapped) turns the upkeep off with
 * one warning and leaves H2's own defaults in place, which are safe, only larger.
 */
@ApplicationScoped
public class EmbeddedStoreUpkeep {

    private static final Logger LOG = Logger.getLogger(EmbeddedStoreUpkeep.class.getName());

    /** How often the store is compacted a little and forced to disk. */
    static final long EVERY_MILLIS = 100;
    /** Chunks whose live share is under this percentage are rewritten. */
    static final int TARGET_FILL_PERCENT = 60;
    /** At most this much is rewritten per turn, so a turn never holds commits up for long. */
    static final int WRITE_BYTES_PER_TURN = 4 << 20;
    /** How long a dead chunk's space is kept before reuse: several turns, each of which syncs. */
    static final int RETENTION_MILLIS = 2_000;

    private static final String H2_CONNECTION = "org.h2.jdbc.JdbcConnection";

    @Inject
    StoreDataSource dataSource;

    @Resource
    ManagedScheduledExecutorService scheduler;

    private volatile Store store;
    private ScheduledFuture<?> turns;

    /** The few calls on H2's {@code MVStore} this needs, bound once. */
    record Store(Object mvStore, Method compact, Method sync) {

        static Store of(Object mvStore) throws ReflectiveOperationException {
            Class<?> type = mvStore.getClass();
            return new Store(mvStore, type.getMethod("compact", int.class, int.class), type.getMethod("sync"));
        }

        void turn() throws ReflectiveOperationException {
            compact.invoke(mvStore, TARGET_FILL_PERCENT, WRITE_BYTES_PER_TURN);
            sync.invoke(mvStore);
        }
    }

    void start(@Observes @Initialized(ApplicationScoped.class) Object started) {
        if (scheduler == null || turns != null) {
            return;
        }
        try (Connection db = dataSource.get().getConnection()) {
            if (!"H2".equals(db.getMetaData().getDatabaseProductName())) {
                return; // PostgreSQL and others keep their own files
            }
            Optional<Object> mvStore = mvStore(db);
            if (mvStore.isEmpty()) {
                LOG.warning("The embedded H2 store could not be reached; it keeps H2's own defaults"
                        + " and its file grows faster under load (docs/performance.md)");
                return;
            }
            Store found = Store.of(mvStore.get());
            mvStore.get().getClass().getMethod("setRetentionTime", int.class).invoke(mvStore.get(), RETENTION_MILLIS);
            found.turn();
            store = found;
            turns = scheduler.scheduleWithFixedDelay(this::turn, EVERY_MILLIS, EVERY_MILLIS, TimeUnit.MILLISECONDS);
            LOG.info(() -> "Embedded H2 store: compacted and synced every " + EVERY_MILLIS + " ms");
        } catch (SQLException | ReflectiveOperationException | RuntimeException e) {
            LOG.log(Level.WARNING, "The embedded H2 store keeps H2's own defaults: " + e, e);
        }
    }

    @PreDestroy
    void stop() {
        if (turns != null) {
            turns.cancel(false);
        }
        store = null;
    }

    private void turn() {
        Store current = store;
        if (current == null) {
            return;
        }
        try {
            current.turn();
        } catch (ReflectiveOperationException | RuntimeException e) {
            // A closed store (shutting down) or a full disk: stop rather than log every turn.
            store = null;
            turns.cancel(false);
            LOG.log(Level.WARNING, "Embedded H2 store upkeep stopped: " + e, e);
        }
    }

    /**
     * Finds H2's {@code MVStore} behind a pooled connection: the pool's wrapper is peeled through
     * {@code getConnection()} (Payara's connection holder has one), then H2's own public path,
     * {@code JdbcConnection.getSession().getDatabase().getStore().getMvStore()}.
     */
    static Optional<Object> mvStore(Connection pooled) throws ReflectiveOperationException {
        Object connection = pooled;
        for (int depth = 0; depth < 4 && !H2_CONNECTION.equals(connection.getClass().getName()); depth++) {
            Method inner = publicMethod(connection.getClass(), "getConnection");
            if (inner == null || !Connection.class.isAssignableFrom(inner.getReturnType())) {
                return Optional.empty();
            }
            connection = inner.invoke(connection);
            if (connection == null) {
                return Optional.empty();
            }
        }
        if (!H2_CONNECTION.equals(connection.getClass().getName())) {
            return Optional.empty();
        }
        Object session = call(connection, "getSession");
        if (!"org.h2.engine.SessionLocal".equals(session.getClass().getName())) {
            return Optional.empty(); // a server-mode H2: its store is in another process
        }
        return Optional.ofNullable(call(call(call(session, "getDatabase"), "getStore"), "getMvStore"));
    }

    private static Object call(Object target, String name) throws ReflectiveOperationException {
        Method method = publicMethod(target.getClass(), name);
        if (method == null) {
            throw new NoSuchMethodException(target.getClass().getName() + "." + name + "()");
        }
        return method.invoke(target);
    }

    /** A public no-argument method, looked up on public types only (the classes may be package-private). */
    private static Method publicMethod(Class<?> type, String name) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            if (java.lang.reflect.Modifier.isPublic(c.getModifiers())) {
                try {
                    return c.getMethod(name);
                } catch (NoSuchMethodException absent) {
                    return null;
                }
            }
            for (Class<?> i : c.getInterfaces()) {
                try {
                    return i.getMethod(name);
                } catch (NoSuchMethodException notHere) {
                    // try the next
                }
            }
        }
        return null;
    }
}
