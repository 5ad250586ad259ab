package io.dicehall.web.platform.store;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.sql.Connection;
import java.util.Optional;

/**
 * The one piece of the embedded store's upkeep that H2 offers no SQL for: rewriting sparse chunks of
 * its file ({@code MVStore.compact}), reached through H2's public Java API by reflection, since the
 * application does not link against the server's H2. Everything else the upkeep does is H2's SQL
 * ({@link EmbeddedStoreUpkeep}).
 *
 * <p>Why it is needed: H2's own background compaction rewrites chunks only while the store is idle,
 * and a store forced to disk at every commit never is. Measured with the roll writer's load (8
 * clients, 100 tables, group commit, a forced checkpoint a batch), the file grew to 34 times its live
 * data after 60,000 rolls without this, and settled at 1.8 times with it (docs/performance.md,
 * "Embedded store"). Each turn holds H2's store, and the checkpoints that make commits durable wait
 * behind it, so a turn is kept short (at most {@link #WRITE_BYTES_PER_TURN}) and rewrites nothing while
 * the chunks are at least {@link #TARGET_FILL_PERCENT}% live.
 */
final class H2Compaction {

    /** Chunks whose live share is under this percentage are rewritten. */
    static final int TARGET_FILL_PERCENT = 60;
    /** At most this much is rewritten per turn, so that a turn holds commits up briefly. */
    static final int WRITE_BYTES_PER_TURN = 1 << 20;

    private static final String H2_CONNECTION = "org.h2.jdbc.JdbcConnection";

    private H2Compaction() {
    }

    /**
     * Rewrites a little of the sparsest chunks of the store behind this connection. The store is looked up
     * through the connection every time: a store found once may have been closed and opened again since
     * (H2 closes a database with its last connection).
     *
     * @return whether the connection leads to an embedded H2 store (else nothing was done)
     */
    static boolean compact(Connection pooled) throws ReflectiveOperationException {
        Optional<Object> store = mvStore(pooled);
        if (store.isEmpty()) {
            return false;
        }
        store.get().getClass().getMethod("compact", int.class, int.class)
                .invoke(store.get(), TARGET_FILL_PERCENT, WRITE_BYTES_PER_TURN);
        return true;
    }

    /**
     * Finds H2's {@code MVStore} behind a pooled connection: the pool's wrapper is peeled through
     * {@code getConnection()} (Payara's connection holder has one), then H2's own public path,
     * {@code JdbcConnection.getSession().getDatabase().getStore().getMvStore()}.
     */
    private static Optional<Object> mvStore(Connection pooled) throws ReflectiveOperationException {
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
            if (Modifier.isPublic(c.getModifiers())) {
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
