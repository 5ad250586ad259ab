package io.dicehall.web.tables.control;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.flywaydb.core.api.FlywayException;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The schema's migrations on each database Dicehall runs on: Payara Micro's H2 and GlassFish's Derby
 * (embedded, the versions those servers ship), and PostgreSQL when {@code DICEHALL_TEST_PG_URL} names
 * one (as {@code .ci/run} does). A database file made by the code before Flyway upgrades in place;
 * instances starting together on one PostgreSQL take turns.
 */
class MigrationsTest {

    /** The steps the code before Flyway ran (its {@code SchemaMigrations.STEPS}), to make its databases here. */
    private static final List<List<String>> OLD_STEPS = List.of(List.of(
            "CREATE TABLE dh_table (id VARCHAR(32) PRIMARY KEY, name VARCHAR(200) NOT NULL,"
                    + " owner_key_hash VARCHAR(64) NOT NULL, created_at TIMESTAMP NOT NULL, closed BOOLEAN NOT NULL,"
                    + " verifiable BOOLEAN NOT NULL, seed VARCHAR(64), seed_commitment VARCHAR(64),"
                    + " next_seq BIGINT NOT NULL, version BIGINT NOT NULL)",
            "CREATE TABLE dh_member (id VARCHAR(32) PRIMARY KEY, table_id VARCHAR(32) NOT NULL REFERENCES dh_table(id),"
                    + " name VARCHAR(200) NOT NULL, key_hash VARCHAR(64) NOT NULL, joined_at TIMESTAMP NOT NULL)",
            "CREATE TABLE dh_roll (id VARCHAR(32) PRIMARY KEY, table_id VARCHAR(32) NOT NULL REFERENCES dh_table(id),"
                    + " seq BIGINT NOT NULL, system_id VARCHAR(100) NOT NULL, procedure_id VARCHAR(100) NOT NULL,"
                    + " inputs_json VARCHAR(1000000) NOT NULL, note VARCHAR(2000), roller VARCHAR(200) NOT NULL,"
                    + " member_id VARCHAR(32), visibility VARCHAR(16) NOT NULL, roller_key_hash VARCHAR(64) NOT NULL,"
                    + " created_at TIMESTAMP NOT NULL, steps INT NOT NULL, CONSTRAINT dh_roll_seq UNIQUE (table_id, seq))",
            "CREATE TABLE dh_roll_step (roll_id VARCHAR(32) NOT NULL REFERENCES dh_roll(id), idx INT NOT NULL,"
                    + " move_id VARCHAR(100) NOT NULL, move_inputs_json VARCHAR(1000000), state_json VARCHAR(1000000) NOT NULL,"
                    + " dice_drawn BIGINT NOT NULL, created_at TIMESTAMP NOT NULL, PRIMARY KEY (roll_id, idx))",
            "CREATE INDEX dh_member_table ON dh_member (table_id)"),
            List.of("ALTER TABLE dh_member ADD COLUMN gm BOOLEAN DEFAULT FALSE NOT NULL"));

    private static final Path FIXTURES = Path.of(System.getProperty("dicehall.fixtures", "src/test/fixtures"));

    /** @return the versions of every migration the WAR ships (db/migration/common), in order, e.g. {@code ["1", "2", "3"]} */
    static List<String> shipped() throws Exception {
        var url = Migrations.class.getClassLoader().getResource(Migrations.COMMON);
        try (var files = Files.list(Path.of(url.toURI()))) {
            return files.map(f -> f.getFileName().toString()).filter(n -> n.matches("V\\d+__.*\\.sql"))
                    .map(n -> n.substring(1, n.indexOf("__"))).sorted(java.util.Comparator.comparingInt(Integer::parseInt))
                    .toList();
        }
    }

    /** @return what {@link #applied} shows once the shipped migrations from {@code after} on ran over a baseline at {@code after} */
    private static List<String> appliedAfter(int after) throws Exception {
        var expected = new ArrayList<String>();
        if (after > 0) {
            expected.add(after + " BASELINE");
        }
        shipped().stream().filter(v -> Integer.parseInt(v) > after).forEach(v -> expected.add(v + " SQL"));
        return expected;
    }

    private static int pendingAfter(int after) throws Exception {
        return (int) shipped().stream().filter(v -> Integer.parseInt(v) > after).count();
    }

    /** A data source straight from the driver, as the server's pool would hand out. */
    record Plain(String url, String user, String password) implements DataSource {
        @Override
        public Connection getConnection() throws SQLException {
            return DriverManager.getConnection(url, user, password);
        }

        @Override
        public Connection getConnection(String u, String p) throws SQLException {
            return DriverManager.getConnection(url, u, p);
        }

        @Override
        public PrintWriter getLogWriter() {
            return null;
        }

        @Override
        public void setLogWriter(PrintWriter out) {
        }

        @Override
        public void setLoginTimeout(int seconds) {
        }

        @Override
        public int getLoginTimeout() {
            return 0;
        }

        @Override
        public Logger getParentLogger() {
            return Logger.getGlobal();
        }

        @Override
        public <T> T unwrap(Class<T> type) throws SQLException {
            throw new SQLException("not a wrapper");
        }

        @Override
        public boolean isWrapperFor(Class<?> type) {
            return false;
        }
    }

    private static List<String> applied(DataSource db) throws SQLException {
        var versions = new ArrayList<String>();
        try (Connection c = db.getConnection(); Statement sql = c.createStatement();
                ResultSet rows = sql.executeQuery("SELECT \"version\", \"type\", \"success\" FROM \"" + Migrations.HISTORY
                        + "\" ORDER BY \"installed_rank\"")) {
            while (rows.next()) {
                if (rows.getString(1) == null) {
                    continue; // Flyway's own notes: that it created the schema, or the table
                }
                versions.add(rows.getString(1) + " " + rows.getString(2) + (rows.getBoolean(3) ? "" : " FAILED"));
            }
        }
        return versions;
    }

    private static long count(DataSource db, String query) throws SQLException {
        try (Connection c = db.getConnection(); Statement sql = c.createStatement(); ResultSet row = sql.executeQuery(query)) {
            row.next();
            return row.getLong(1);
        }
    }

    private static boolean tableExists(DataSource db, String table) {
        try {
            count(db, "SELECT COUNT(*) FROM " + table);
            return true;
        } catch (SQLException missing) {
            return false;
        }
    }

    /** Stores a table, a member who is GM and a roll whose JSON is far longer than a VARCHAR of most databases. */
    private static void storeAndReadLongRoll(DataSource db) throws SQLException {
        String json = "{\"note\":\"" + "x".repeat(100_000) + "\"}";
        try (Connection c = db.getConnection()) {
            try (Statement sql = c.createStatement()) {
                sql.executeUpdate("INSERT INTO dh_table (id, name, owner_key_hash, created_at, closed, verifiable, next_seq,"
                        + " version) VALUES ('t1', 'T', 'h', CURRENT_TIMESTAMP, FALSE, FALSE, 2, 1)");
                sql.executeUpdate("INSERT INTO dh_member (id, table_id, name, key_hash, joined_at, gm)"
                        + " VALUES ('m1', 't1', 'Gail', 'k', CURRENT_TIMESTAMP, TRUE)");
            }
            try (PreparedStatement roll = c.prepareStatement("INSERT INTO dh_roll (id, table_id, seq, system_id,"
                    + " procedure_id, inputs_json, roller, visibility, roller_key_hash, created_at, steps)"
                    + " VALUES ('r1', 't1', 1, 's', 'p', ?, 'Gail', 'PUBLIC', 'k', CURRENT_TIMESTAMP, 1)")) {
                roll.setString(1, json);
                roll.executeUpdate();
            }
            try (PreparedStatement step = c.prepareStatement("INSERT INTO dh_roll_step (roll_id, idx, move_id,"
                    + " state_json, dice_drawn, created_at) VALUES ('r1', 0, 'start', ?, 3, CURRENT_TIMESTAMP)")) {
                step.setString(1, json);
                step.executeUpdate();
            }
            try (Statement sql = c.createStatement();
                    ResultSet row = sql.executeQuery("SELECT r.inputs_json, s.state_json, m.gm FROM dh_roll r"
                            + " JOIN dh_roll_step s ON s.roll_id = r.id JOIN dh_member m ON m.table_id = r.table_id")) {
                assertThat(row.next(), is(true));
                assertThat(row.getString(1), equalTo(json));
                assertThat(row.getString(2), equalTo(json));
                assertThat(row.getBoolean(3), is(true));
            }
        }
    }

    private static void runOld(DataSource db, int steps) throws SQLException {
        try (Connection c = db.getConnection(); Statement sql = c.createStatement()) {
            sql.execute("CREATE TABLE dh_schema (version INT NOT NULL)");
            for (int step = 0; step < steps; step++) {
                for (String ddl : OLD_STEPS.get(step)) {
                    sql.execute(ddl);
                }
            }
            sql.executeUpdate("INSERT INTO dh_schema (version) VALUES (" + steps + ")");
            sql.executeUpdate("INSERT INTO dh_table (id, name, owner_key_hash, created_at, closed, verifiable, next_seq,"
                    + " version) VALUES ('old', 'Old', 'h', CURRENT_TIMESTAMP, FALSE, FALSE, 1, 1)");
            sql.executeUpdate("INSERT INTO dh_member (id, table_id, name, key_hash, joined_at)"
                    + " VALUES ('om', 'old', 'Olga', 'k', CURRENT_TIMESTAMP)");
        }
    }

    // --- H2, Payara Micro's default database

    @Test
    void aFreshH2GetsEveryMigration(@TempDir Path dir) throws Exception {
        DataSource db = new Plain("jdbc:h2:" + dir.resolve("fresh") + ";WRITE_DELAY=0", "sa", "");
        assertThat(Migrations.migrate(db).migrationsExecuted, is(pendingAfter(0)));
        assertThat(applied(db), equalTo(appliedAfter(0)));
        storeAndReadLongRoll(db);
        assertThat("a second start finds nothing to do", Migrations.migrate(db).migrationsExecuted, is(0));
    }

    /**
     * A new roll looks for the earlier open rolls of its member that it takes over ({@link RollBatch}): H2 reads them
     * through the index of open rolls by member, so each roll reads those alone, not every roll its member made at the
     * table (a cost that grew with each roll).
     */
    @Test
    void aMembersOpenRollsAreReadThroughTheirOwnIndex(@TempDir Path dir) throws Exception {
        DataSource db = new Plain("jdbc:h2:" + dir.resolve("plans") + ";WRITE_DELAY=0", "sa", "");
        Migrations.migrate(db);
        try (Connection c = db.getConnection()) {
            for (String query : List.of(RollBatch.SUPERSEDED_FOR_CHARACTER, RollBatch.SUPERSEDED_FOR_PROCEDURE)) {
                try (PreparedStatement explain = c.prepareStatement("EXPLAIN " + query)) {
                    for (int p = 1; p <= explain.getParameterMetaData().getParameterCount(); p++) {
                        explain.setString(p, "x");
                    }
                    try (ResultSet rows = explain.executeQuery()) {
                        rows.next();
                        // H2 names the index it reads through, and the conditions it reads by, in a comment
                        String plan = rows.getString(1);
                        String read = plan.substring(plan.indexOf("/*") + 2, plan.indexOf("*/"));
                        assertThat(plan, read, allOf(containsString("DH_ROLL_MEMBER_OPEN:"),
                                containsString("TABLE_ID = ?1"), containsString("MEMBER_ID = ?2"),
                                containsString("OPEN_MOVES = TRUE")));
                    }
                }
            }
        }
    }

    /** {@code fixtures/h2-schema-v2}: the file the code before Flyway left after a table, rolls and a move (see its README). */
    @Test
    void anH2FileMadeBeforeFlywayIsBaselinedAndKeepsItsData(@TempDir Path dir) throws Exception {
        Files.copy(FIXTURES.resolve("h2-schema-v2/dicehall.mv.db"), dir.resolve("dicehall.mv.db"));
        DataSource db = new Plain("jdbc:h2:" + dir.resolve("dicehall") + ";WRITE_DELAY=0", "", "");
        long rolls = count(db, "SELECT COUNT(*) FROM dh_roll");
        long steps = count(db, "SELECT COUNT(*) FROM dh_roll_step");
        assertThat(rolls, is(4L));

        assertThat("only the migrations after version 2 run", Migrations.migrate(db).migrationsExecuted, is(pendingAfter(2)));
        assertThat(applied(db), equalTo(appliedAfter(2)));
        assertThat(count(db, "SELECT COUNT(*) FROM dh_roll"), is(rolls));
        assertThat(count(db, "SELECT COUNT(*) FROM dh_roll_step"), is(steps));
        assertThat(count(db, "SELECT COUNT(*) FROM dh_member WHERE gm = TRUE"), is(1L));
        assertThat("the old record stays as it was", count(db, "SELECT version FROM dh_schema"), is(2L));
        assertThat(Migrations.migrate(db).migrationsExecuted, is(0));
    }

    @Test
    void anH2MadeBeforeTheGmColumnGetsOnlyThatStep(@TempDir Path dir) throws Exception {
        DataSource db = new Plain("jdbc:h2:" + dir.resolve("v1"), "sa", "");
        runOld(db, 1);
        assertThat(Migrations.migrate(db).migrationsExecuted, is(pendingAfter(1)));
        assertThat(applied(db), equalTo(appliedAfter(1)));
        assertThat(count(db, "SELECT COUNT(*) FROM dh_member WHERE gm = FALSE AND name = 'Olga'"), is(1L));
    }

    // --- Derby, GlassFish's default database

    @Test
    void aFreshDerbyGetsEveryMigrationWithLongTextsAsClobs() throws Exception {
        DataSource db = new Plain("jdbc:derby:memory:fresh-" + UUID.randomUUID() + ";create=true", "APP", "APP");
        assertThat(Migrations.migrate(db).migrationsExecuted, is(pendingAfter(0)));
        assertThat(applied(db), equalTo(appliedAfter(0)));
        storeAndReadLongRoll(db);
        assertThat(Migrations.migrate(db).migrationsExecuted, is(0));
    }

    @Test
    void onDerbyAMigrationThatFailsHalfwayLeavesNothingBehind() throws Exception {
        failHalfway(new Plain("jdbc:derby:memory:half-" + UUID.randomUUID() + ";create=true", "APP", "APP"));
    }

    private static void failHalfway(DataSource db) throws Exception {
        Migrations.migrate(db);
        FlywayException failed = Assertions.assertThrows(FlywayException.class,
                () -> Migrations.migrate(db, List.of("classpath:io/dicehall/web/tables/control/failing")));
        assertThat(failed.getMessage(), containsString("V999__fails_halfway.sql"));
        assertThat("the first statement was undone with the second", tableExists(db, "dh_half"), is(false));
        assertThat(applied(db), equalTo(appliedAfter(0)));
    }

    // --- PostgreSQL

    private static String pgUrl() {
        return io.dicehall.web.NeededTools.postgresUrl();
    }

    private static DataSource pgAdmin() {
        return new Plain(pgUrl(), System.getenv().getOrDefault("DICEHALL_TEST_PG_USER", "dicehall"),
                System.getenv().getOrDefault("DICEHALL_TEST_PG_PASSWORD", "dicehall"));
    }

    /** A schema of its own, empty, as a database of its own would be; dropped by {@link #dropSchema}. */
    private static DataSource pgSchema(String schema) throws SQLException {
        try (Connection c = pgAdmin().getConnection(); Statement sql = c.createStatement()) {
            sql.execute("CREATE SCHEMA " + schema);
        }
        String url = pgUrl();
        return new Plain(url + (url.contains("?") ? "&" : "?") + "currentSchema=" + schema,
                System.getenv().getOrDefault("DICEHALL_TEST_PG_USER", "dicehall"),
                System.getenv().getOrDefault("DICEHALL_TEST_PG_PASSWORD", "dicehall"));
    }

    private static void dropSchema(String schema) throws SQLException {
        try (Connection c = pgAdmin().getConnection(); Statement sql = c.createStatement()) {
            sql.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        }
    }

    /** Starts {@code instances} migrations on the same database at the same moment, each on its own connections. */
    private static List<Integer> together(DataSource db, int instances) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(instances);
        try {
            var barrier = new CyclicBarrier(instances);
            var runs = new ArrayList<Future<Integer>>();
            for (int i = 0; i < instances; i++) {
                runs.add(pool.submit(() -> {
                    barrier.await(30, TimeUnit.SECONDS);
                    return Migrations.migrate(db).migrationsExecuted;
                }));
            }
            var executed = new ArrayList<Integer>();
            for (Future<Integer> run : runs) {
                executed.add(run.get(120, TimeUnit.SECONDS));
            }
            return executed;
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void instancesStartingTogetherOnAnEmptyPostgresqlTakeTurns() throws Exception {
        for (int round = 0; round < 3; round++) {
            String schema = "dh_migrations_it_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
            try {
                DataSource db = pgSchema(schema);
                List<Integer> executed = together(db, 3);
                assertThat("one instance applies every migration, the others none: " + executed,
                        executed.stream().mapToInt(Integer::intValue).sum(), is(pendingAfter(0)));
                assertThat(applied(db), equalTo(appliedAfter(0)));
                storeAndReadLongRoll(db);
            } finally {
                dropSchema(schema);
            }
        }
    }

    @Test
    void instancesStartingTogetherOnAPostgresqlMadeBeforeFlywayBaselineItOnce() throws Exception {
        String schema = "dh_migrations_it_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        try {
            DataSource db = pgSchema(schema);
            runOld(db, 1);
            List<Integer> executed = together(db, 2);
            assertThat(executed.toString(), executed.stream().mapToInt(Integer::intValue).sum(), is(pendingAfter(1)));
            assertThat(applied(db), equalTo(appliedAfter(1)));
            assertThat(count(db, "SELECT COUNT(*) FROM dh_member WHERE gm = FALSE AND name = 'Olga'"), is(1L));
        } finally {
            dropSchema(schema);
        }
    }

    @Test
    void onPostgresqlAMigrationThatFailsHalfwayLeavesNothingBehind() throws Exception {
        String schema = "dh_migrations_it_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        try {
            DataSource db = pgSchema(schema);
            Migrations.migrate(db);
            FlywayException failed = Assertions.assertThrows(FlywayException.class,
                    () -> Migrations.migrate(db, List.of("classpath:io/dicehall/web/tables/control/failing")));
            assertThat(failed.getMessage(), containsString("V999__fails_halfway.sql"));
            assertThat(tableExists(db, "dh_half"), is(false));
            assertThat(applied(db), equalTo(appliedAfter(0)));
        } finally {
            dropSchema(schema);
        }
    }
}
