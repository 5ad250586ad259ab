package io.dicehall.web.platform;

import jakarta.annotation.sql.DataSourceDefinition;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * A PostgreSQL data source, used only when {@code dicehall.ds} names it
 * ({@code -Ddicehall.ds=java:app/jdbc/dicehall-postgres} or {@code DICEHALL_DS=…}); otherwise the
 * embedded H2 of {@code java:comp/DefaultDataSource} serves. Its URL, user and password come from
 * MicroProfile Config ({@code dicehall.db.url}, {@code dicehall.db.user},
 * {@code dicehall.db.password}), read by Payara when the data source is created.
 */
@ApplicationScoped
@DataSourceDefinition(
        name = "java:app/jdbc/dicehall-postgres",
        className = "org.postgresql.ds.PGSimpleDataSource",
        url = "${MPCONFIG=dicehall.db.url:jdbc:postgresql://127.0.0.1:5432/dicehall}",
        user = "${MPCONFIG=dicehall.db.user:dicehall}",
        password = "${MPCONFIG=dicehall.db.password:dicehall}",
        minPoolSize = 1,
        maxPoolSize = 32)
public class PostgresDataSource {
}
