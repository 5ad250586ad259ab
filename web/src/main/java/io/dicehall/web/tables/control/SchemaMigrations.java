package io.dicehall.web.tables.control;

import io.dicehall.web.platform.store.StoreDataSource;
import jakarta.annotation.PostConstruct;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import jakarta.inject.Inject;
import java.sql.SQLException;
import org.flywaydb.core.api.FlywayException;

/**
 * Brings the schema up to date at start-up, before any request, with {@link Migrations} (Flyway,
 * versioned SQL files under {@code db/migration/}: how to add one is told there). Runs outside any
 * transaction of the container's, so that Flyway commits each migration itself. A database that
 * cannot be brought up to date fails the deployment: nothing is served from a schema the code does
 * not expect.
 */
@Singleton
@Startup
@TransactionManagement(TransactionManagementType.BEAN)
public class SchemaMigrations {

    @Inject
    StoreDataSource dataSource;

    @PostConstruct
    void migrate() {
        StoreDataSource.refuseRetiredSwitch();
        try {
            Migrations.migrate(dataSource.get());
        } catch (SQLException | FlywayException e) {
            throw new IllegalStateException("The database schema could not be brought up to date: " + e.getMessage(), e);
        }
    }
}
