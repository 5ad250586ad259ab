package io.dicehall.web.tables.control;

import io.dicehall.web.platform.StoreDataSource;
import jakarta.annotation.PostConstruct;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.logging.Logger;
import javax.naming.NamingException;

/**
 * Creates and evolves the schema deliberately, at start-up, before any request: numbered steps of
 * plain SQL that H2 and PostgreSQL both accept, each applied once and recorded in
 * {@code dh_schema}. Nothing is ever dropped. A new version appends a step; it never edits one.
 */
@Singleton
@Startup
@TransactionManagement(TransactionManagementType.BEAN)
public class SchemaMigrations {

    private static final Logger LOG = Logger.getLogger(SchemaMigrations.class.getName());

    /** Step {@code i} brings the schema from version {@code i} to {@code i + 1}. */
    static final List<List<String>> STEPS = List.of(List.of(
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
            // 1 → 2: the member who joined holding the owner's key is the table's GM.
            List.of("ALTER TABLE dh_member ADD COLUMN gm BOOLEAN DEFAULT FALSE NOT NULL"),
            // 2 → 3: characters and saved rolls; dice thrown by hand.
            List.of("CREATE TABLE dh_character (id VARCHAR(32) PRIMARY KEY, table_id VARCHAR(32) NOT NULL REFERENCES dh_table(id),"
                    + " member_id VARCHAR(32) NOT NULL, name VARCHAR(100) NOT NULL, system_id VARCHAR(100) NOT NULL,"
                    + " values_json VARCHAR(65536) NOT NULL, created_at TIMESTAMP NOT NULL, updated_at TIMESTAMP NOT NULL)",
                    "CREATE INDEX dh_character_table ON dh_character (table_id)",
                    "CREATE TABLE dh_saved_roll (id VARCHAR(32) PRIMARY KEY, table_id VARCHAR(32) NOT NULL REFERENCES dh_table(id),"
                    + " member_id VARCHAR(32) NOT NULL, name VARCHAR(100) NOT NULL, system_id VARCHAR(100) NOT NULL,"
                    + " procedure_id VARCHAR(100) NOT NULL, character_id VARCHAR(32), inputs_json VARCHAR(65536) NOT NULL,"
                    + " note VARCHAR(500), created_at TIMESTAMP NOT NULL, updated_at TIMESTAMP NOT NULL)",
                    "CREATE INDEX dh_saved_roll_table ON dh_saved_roll (table_id)",
                    "ALTER TABLE dh_table ADD COLUMN physical_dice BOOLEAN DEFAULT FALSE NOT NULL",
                    "ALTER TABLE dh_roll ADD COLUMN by_hand BOOLEAN DEFAULT FALSE NOT NULL",
                    "ALTER TABLE dh_roll ADD COLUMN character_name VARCHAR(100)"));

    @Inject
    StoreDataSource dataSource;

    @PostConstruct
    void migrate() {
        try (Connection db = dataSource.get().getConnection()) {
            db.setAutoCommit(false);
            int version = currentVersion(db);
            for (int step = version; step < STEPS.size(); step++) {
                try (Statement sql = db.createStatement()) {
                    for (String ddl : STEPS.get(step)) {
                        sql.execute(ddl);
                    }
                    sql.executeUpdate("UPDATE dh_schema SET version = " + (step + 1));
                }
                db.commit();
                int reached = step + 1;
                LOG.info(() -> "Database schema migrated to version " + reached);
            }
        } catch (SQLException | NamingException e) {
            throw new IllegalStateException("The database schema could not be brought up to date: " + e.getMessage(), e);
        }
    }

    private static int currentVersion(Connection db) throws SQLException {
        try (Statement sql = db.createStatement()) {
            try (ResultSet row = sql.executeQuery("SELECT version FROM dh_schema")) {
                return row.next() ? row.getInt(1) : 0;
            } catch (SQLException missing) {
                db.rollback();
                sql.execute("CREATE TABLE dh_schema (version INT NOT NULL)");
                sql.executeUpdate("INSERT INTO dh_schema (version) VALUES (0)");
                db.commit();
                return 0;
            }
        }
    }
}
