package io.dicehall.web.tables.control;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;

/**
 * Brings a database's schema up to date with Flyway, from versioned SQL files: the runner behind
 * {@link SchemaMigrations}, with no container around it (the tests call it directly).
 *
 * <h2>Adding a migration</h2>
 *
 * <p>Add one file to {@code web/src/main/resources/db/migration/common/}, named
 * {@code V<n>__<what_it_does>.sql} with {@code n} one above the highest there (V3, V4 …), holding
 * plain SQL that H2, Derby and PostgreSQL all accept: {@code VARCHAR(n)}, {@code INT},
 * {@code BIGINT}, {@code BOOLEAN}, {@code TIMESTAMP}, primary and foreign keys, {@code UNIQUE},
 * {@code CREATE INDEX}, {@code ALTER TABLE … ADD COLUMN … DEFAULT … NOT NULL}. For a long text (JSON
 * that may exceed a few KB) write {@code ${long_text}}: it becomes {@code VARCHAR(1000000)} on H2
 * and PostgreSQL and {@code CLOB} on Derby, whose {@code VARCHAR} stops at 32,672. Never edit or
 * rename a file that has been released: Flyway checks every applied file's checksum at start-up and
 * refuses to start when one changed. Only when a statement cannot be written for all three, put
 * that version's file in {@code db/migration/h2/}, {@code db/migration/derby/} and
 * {@code db/migration/postgresql/} instead (one each, the same version number, none in
 * {@code common/}). {@code MigrationsTest} runs every migration on H2 and Derby (and PostgreSQL,
 * when {@code DICEHALL_TEST_PG_URL} names one), so a statement one of them refuses fails the build.
 *
 * <h2>How it runs</h2>
 *
 * <p>Each file runs in a transaction of its own where the database can undo DDL (PostgreSQL, Derby:
 * a step that fails leaves nothing behind); H2 commits each DDL statement by itself. Applied
 * versions are recorded in {@code dh_schema_history}. On PostgreSQL, Flyway holds an advisory lock
 * while it migrates, so instances that start together take turns: the first applies what is
 * pending, the others find nothing left to do.
 *
 * <p>Databases made before Flyway (by the old {@code SchemaMigrations}, whose record was the table
 * {@code dh_schema} with one version number) are baselined at that version, so their data stays and
 * only the later files run. {@code dh_schema} itself is left as it was.
 */
public final class Migrations {

    private static final Logger LOG = Logger.getLogger(Migrations.class.getName());

    /** Where Flyway records what it applied. */
    public static final String HISTORY = "dh_schema_history";
    /** Migrations every database runs. */
    static final String COMMON = "db/migration/common";
    /** Migrations of one kind of database only: {@code db/migration/h2}, {@code …/derby}, {@code …/postgresql}. */
    static final String VENDOR = "db/migration/";

    private Migrations() {
    }

    /** The databases the schema is written for, with their type for long texts. */
    enum Vendor {
        H2("VARCHAR(1000000)"), DERBY("CLOB"), POSTGRESQL("VARCHAR(1000000)");

        final String longText;

        Vendor(String longText) {
            this.longText = longText;
        }

        String folder() {
            return name().toLowerCase(Locale.ROOT);
        }

        static Vendor of(String productName) {
            String name = productName.toLowerCase(Locale.ROOT);
            if (name.contains("h2")) {
                return H2;
            }
            if (name.contains("derby")) {
                return DERBY;
            }
            if (name.contains("postgres")) {
                return POSTGRESQL;
            }
            throw new IllegalStateException("Dicehall's schema is written for H2, Derby and PostgreSQL, not " + productName);
        }
    }

    /**
     * Applies every pending migration.
     *
     * @return what Flyway did
     */
    public static MigrateResult migrate(DataSource dataSource) throws SQLException {
        return migrate(dataSource, java.util.List.of());
    }

    /** As {@link #migrate(DataSource)}, with more locations of migrations (for tests). */
    static MigrateResult migrate(DataSource dataSource, java.util.List<String> moreLocations) throws SQLException {
        Vendor vendor;
        OptionalInt legacy;
        try (Connection db = dataSource.getConnection()) {
            vendor = Vendor.of(db.getMetaData().getDatabaseProductName());
            legacy = legacyVersion(db);
        }
        ClassLoader loader = Migrations.class.getClassLoader();
        var locations = new ArrayList<String>();
        locations.add("classpath:" + COMMON);
        if (loader.getResource(VENDOR + vendor.folder()) != null) {
            locations.add("classpath:" + VENDOR + vendor.folder());
        }
        locations.addAll(moreLocations);
        var configuration = Flyway.configure(loader)
                .dataSource(dataSource)
                .table(HISTORY)
                .locations(locations.toArray(String[]::new))
                .placeholders(Map.of("long_text", vendor.longText))
                .cleanDisabled(true);
        if (legacy.isPresent()) {
            // Only applies while dh_schema_history does not exist yet: the first start after the upgrade.
            configuration.baselineOnMigrate(true)
                    .baselineVersion(Integer.toString(legacy.getAsInt()))
                    .baselineDescription("schema made by SchemaMigrations, dh_schema version " + legacy.getAsInt());
        }
        MigrateResult result = configuration.load().migrate();
        LOG.info(() -> "Database schema (" + vendor.folder() + "): " + result.migrationsExecuted
                + " migration(s) applied, now at version " + (result.targetSchemaVersion != null
                        ? result.targetSchemaVersion : result.initialSchemaVersion));
        return result;
    }

    /** @return the version recorded in {@code dh_schema} by the code before Flyway, if the database has that table */
    static OptionalInt legacyVersion(Connection db) throws SQLException {
        boolean autoCommit = db.getAutoCommit();
        try (Statement sql = db.createStatement(); ResultSet row = sql.executeQuery("SELECT MAX(version) FROM dh_schema")) {
            return row.next() && row.getObject(1) != null ? OptionalInt.of(row.getInt(1)) : OptionalInt.empty();
        } catch (SQLException absent) {
            if (!autoCommit) {
                db.rollback();
            }
            return OptionalInt.empty();
        }
    }
}
