package io.dicehall.web.tables.control;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.instanceOf;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dicehall.web.platform.store.EmbeddedStoreUpkeep;
import io.dicehall.web.platform.Refusal;
import io.dicehall.web.platform.store.StoreDataSource;
import io.dicehall.web.tables.entity.Visibility;
import jakarta.persistence.PersistenceException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The group-commit writer on H2 (Payara Micro's database) and Derby (GlassFish's), with the schema the
 * migrations make: rolls from many threads at a few tables are numbered without gaps or repeats, each
 * batch is made durable before anyone is answered, a closed table refuses its rolls and only them, and
 * a roll the database refuses fails alone.
 */
class RollWriterTest {

    @TempDir
    Path dir;

    private RollWriter writer;
    private DataSource h2;
    private final AtomicInteger checkpoints = new AtomicInteger();

    private DataSource database(String kind) throws SQLException {
        DataSource db = kind.equals("h2") ? new MigrationsTest.Plain("jdbc:h2:" + dir.resolve("w") + ";DB_CLOSE_DELAY=-1", "sa", "")
                : new MigrationsTest.Plain("jdbc:derby:memory:w-" + UUID.randomUUID() + ";create=true", "APP", "APP");
        Migrations.migrate(db);
        h2 = kind.equals("h2") ? db : null;
        writer = new RollWriter();
        writer.dataSource = new StoreDataSource() {
            @Override
            public DataSource get() {
                return db;
            }
        };
        writer.store = new EmbeddedStoreUpkeep() {
            @Override
            public void awaitDurable() {
                checkpoints.incrementAndGet();
            }
        };
        writer.start();
        return db;
    }

    @AfterEach
    void stop() throws SQLException {
        if (writer != null) {
            writer.stop();
        }
        if (h2 != null) { // kept open between connections (DB_CLOSE_DELAY=-1) until here
            try (Connection c = h2.getConnection(); Statement sql = c.createStatement()) {
                sql.execute("SHUTDOWN");
            }
        }
    }

    private static void update(DataSource db, String statement) throws SQLException {
        try (Connection c = db.getConnection(); Statement sql = c.createStatement()) {
            sql.executeUpdate(statement);
        }
    }

    private static void openTable(DataSource db, String id) throws SQLException {
        update(db, "INSERT INTO dh_table (id, name, owner_key_hash, created_at, closed, verifiable, next_seq, version)"
                + " VALUES ('" + id + "', 'T', 'h', CURRENT_TIMESTAMP, FALSE, FALSE, 1, 1)");
    }

    private static RollWriter.NewRoll roll(String table, String note) {
        return new RollWriter.NewRoll(UUID.randomUUID().toString().replace("-", ""), table, "tasks-checks", "check",
                "{\"rank\":3}", note, "Kim", null, Visibility.PUBLIC, "hash", LocalDateTime.of(2026, 1, 2, 3, 4, 5), false,
                null, "{\"dice\":[]}", null, true);
    }

    private static Map<String, List<Long>> numbers(DataSource db) throws SQLException {
        var byTable = new TreeMap<String, List<Long>>();
        try (Connection c = db.getConnection(); Statement sql = c.createStatement();
                ResultSet rows = sql.executeQuery("SELECT r.table_id, r.seq, r.steps, s.move_id FROM dh_roll r"
                        + " JOIN dh_roll_step s ON s.roll_id = r.id AND s.idx = 0 ORDER BY r.table_id, r.seq")) {
            while (rows.next()) {
                assertThat(rows.getInt(3), is(1));
                assertThat(rows.getString(4), is("start"));
                byTable.computeIfAbsent(rows.getString(1), t -> new ArrayList<>()).add(rows.getLong(2));
            }
        }
        return byTable;
    }

    private static List<Long> oneTo(long n) {
        var list = new ArrayList<Long>();
        for (long i = 1; i <= n; i++) {
            list.add(i);
        }
        return list;
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "derby"})
    void concurrentRollsAreNumberedWithoutGapsAndMadeDurable(String kind) throws Exception {
        DataSource db = database(kind);
        for (String t : List.of("ta", "tb", "tc")) {
            openTable(db, t);
        }
        var answered = new ConcurrentHashMap<String, List<Long>>();
        ExecutorService clients = Executors.newFixedThreadPool(12);
        try {
            var done = new ArrayList<Future<?>>();
            for (int i = 0; i < 300; i++) {
                String table = List.of("ta", "tb", "tc").get(i % 3);
                done.add(clients.submit(() -> answered.computeIfAbsent(table, t -> java.util.Collections
                        .synchronizedList(new ArrayList<>())).add(writer.store(roll(table, null)).seq())));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            clients.shutdownNow();
        }
        Map<String, List<Long>> stored = numbers(db);
        for (String t : List.of("ta", "tb", "tc")) {
            assertThat(t, stored.get(t), equalTo(oneTo(100)));
            assertThat(t, new java.util.TreeSet<>(answered.get(t)), equalTo(new java.util.TreeSet<>(oneTo(100))));
        }
        try (Connection c = db.getConnection(); Statement sql = c.createStatement();
                ResultSet rows = sql.executeQuery("SELECT next_seq, version FROM dh_table WHERE id = 'ta'")) {
            rows.next();
            assertThat(rows.getLong(1), is(101L));
            assertThat("every batch counts as a change of the table's row", rows.getLong(2), greaterThan(1L));
        }
        assertThat("fewer checkpoints than rolls, at least one", checkpoints.get(), greaterThan(0));
    }

    /** A member's roll, for a character or none, of a procedure, with moves open. */
    private static RollWriter.NewRoll byMember(String member, String character, String procedure) {
        return new RollWriter.NewRoll(UUID.randomUUID().toString().replace("-", ""), "t", "tasks-checks", procedure,
                "{\"rank\":3}", null, "Kim", member, Visibility.PUBLIC, "hash", LocalDateTime.of(2026, 1, 2, 3, 4, 5),
                false, character == null ? null : "Finn", "{\"dice\":[]}", character, true);
    }

    private static String ended(DataSource db, String rollId) throws SQLException {
        try (Connection c = db.getConnection();
                PreparedStatement sql = c.prepareStatement("SELECT open_moves, ended FROM dh_roll WHERE id = ?")) {
            sql.setString(1, rollId);
            try (ResultSet rows = sql.executeQuery()) {
                rows.next();
                return rows.getBoolean(1) + " " + rows.getString(2);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "derby"})
    void aMembersNewRollEndsTheEarlierOneItTakesOverInTheSameTransaction(String kind) throws Exception {
        DataSource db = database(kind);
        openTable(db, "t");
        RollWriter.NewRoll first = byMember("m1", null, "check");
        RollWriter.NewRoll otherProcedure = byMember("m1", null, "task");
        RollWriter.NewRoll forFinn = byMember("m1", "c1", "check");
        RollWriter.NewRoll someoneElse = byMember("m2", null, "check");
        RollWriter.NewRoll guest = byMember(null, null, "check");
        for (RollWriter.NewRoll r : List.of(first, otherProcedure, forFinn, someoneElse, guest)) {
            assertThat(writer.store(r).superseded(), empty());
        }
        RollWriter.NewRoll again = byMember("m1", null, "check");
        assertThat(writer.store(again).superseded(), contains(first.id()));
        assertThat(ended(db, first.id()), is("false SUPERSEDED"));
        for (RollWriter.NewRoll untouched : List.of(otherProcedure, forFinn, someoneElse, guest, again)) {
            assertThat(ended(db, untouched.id()), is("true null"));
        }
        RollWriter.NewRoll finnAgain = byMember("m1", "c1", "task");
        assertThat("a roll for a character takes over that character's, whatever its procedure",
                writer.store(finnAgain).superseded(), contains(forFinn.id()));
        assertThat("and nothing is ended twice", writer.store(byMember("m1", null, "check")).superseded(),
                contains(again.id()));
        assertThat(writer.store(byMember(null, null, "check")).superseded(), empty());
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "derby"})
    void aRollSaysWhetherItQueuedAWebhookPostSoThatOnlyThoseWakeTheWorker(String kind) throws Exception {
        DataSource db = database(kind);
        openTable(db, "hooked");
        openTable(db, "plain");
        update(db, "INSERT INTO dh_webhook (id, table_id, kind, url, secret, site, created_at, deleted) VALUES ('w1',"
                + " 'hooked', 'JSON', 'https://hooks.example/x', 's', 'https://dice.example', CURRENT_TIMESTAMP, FALSE)");
        RollWriter.NewRoll hooked = roll("hooked", null);
        assertThat(writer.store(hooked).posted(), is(true));
        assertThat(writer.store(roll("plain", null)).posted(), is(false));
        try (Connection c = db.getConnection(); Statement sql = c.createStatement();
                ResultSet rows = sql.executeQuery("SELECT roll_id FROM dh_webhook_delivery")) {
            var queued = new ArrayList<String>();
            while (rows.next()) {
                queued.add(rows.getString(1));
            }
            assertThat("what it said is what the outbox holds", queued, contains(hooked.id()));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "derby"})
    void aClosedTableRefusesItsRollsAndOnlyThem(String kind) throws Exception {
        DataSource db = database(kind);
        openTable(db, "open");
        openTable(db, "shut");
        update(db, "UPDATE dh_table SET closed = TRUE WHERE id = 'shut'");
        Refusal refused = assertThrows(Refusal.class, () -> writer.store(roll("shut", null)));
        assertThat(refused.code(), is("table-closed"));
        assertThat(writer.store(roll("open", null)).seq(), is(1L));
        assertThat(numbers(db).containsKey("shut"), is(false));
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "derby"})
    void aRollTheDatabaseRefusesFailsAloneAndTakesNoNumber(String kind) throws Exception {
        DataSource db = database(kind);
        openTable(db, "t");
        ExecutorService clients = Executors.newFixedThreadPool(8);
        var failures = new AtomicInteger();
        try {
            var done = new ArrayList<Future<?>>();
            for (int i = 0; i < 80; i++) {
                String note = i % 20 == 7 ? "x".repeat(5_000) : null; // longer than dh_roll.note allows
                done.add(clients.submit(() -> {
                    try {
                        writer.store(roll("t", note));
                    } catch (PersistenceException e) {
                        assertThat(e.getCause(), instanceOf(SQLException.class));
                        failures.incrementAndGet();
                    }
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            clients.shutdownNow();
        }
        assertThat(failures.get(), is(4));
        assertThat(numbers(db).get("t"), equalTo(oneTo(76)));
        try (Connection c = db.getConnection();
                PreparedStatement sql = c.prepareStatement("SELECT next_seq FROM dh_table WHERE id = ?")) {
            sql.setString(1, "t");
            try (ResultSet rows = sql.executeQuery()) {
                rows.next();
                assertThat(rows.getLong(1), is(77L));
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "derby"})
    void aRollFindingNoBatchWrittenIsWrittenOnItsOwnThreadAndOneFindingOneWaitsForTheWriter(String kind)
            throws Exception {
        DataSource db = database(kind);
        openTable(db, "t");
        var writtenBy = java.util.Collections.synchronizedList(new ArrayList<String>());
        var holding = new java.util.concurrent.CountDownLatch(1);
        var release = new java.util.concurrent.CountDownLatch(1);
        writer.dataSource = new StoreDataSource() {
            @Override
            public DataSource get() {
                writtenBy.add(Thread.currentThread().getName());
                if (writtenBy.size() == 1) { // the first batch stays in its transaction until released
                    holding.countDown();
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                return db;
            }
        };
        ExecutorService clients = Executors.newFixedThreadPool(2, r -> new Thread(r, "client"));
        try {
            Future<Long> first = clients.submit(() -> writer.store(roll("t", null)).seq());
            holding.await();
            Future<Long> second = clients.submit(() -> writer.store(roll("t", null)).seq());
            while (!writer.waiting() && !second.isDone()) {
                Thread.onSpinWait(); // until the second roll waits in the queue
            }
            release.countDown();
            assertThat(first.get(), is(1L));
            assertThat(second.get(), is(2L));
        } finally {
            clients.shutdownNow();
        }
        assertThat("the first on its request's thread, the second by the writer once the first was done", writtenBy,
                contains("client", "dicehall-roll-writer"));
        assertThat(numbers(db).get("t"), equalTo(oneTo(2)));
    }
}
