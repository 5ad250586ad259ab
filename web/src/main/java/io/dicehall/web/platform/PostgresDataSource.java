package io.dicehall.web.platform;

import jakarta.annotation.sql.DataSourceDefinition;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * A PostgreSQL data source, used only when {@code dicehall.ds} names it
 * ({@code -Ddicehall.ds=java:app/jdbc/dicehall-postgres} or {@code DICEHALL_DS=…}); otherwise the
 * embedded H2 of {@code java:comp/DefaultDataSource} serves. Its URL, user and password come from
 * MicroProfile Config ({@code dicehall.db.url}, {@code dicehall.db.user},
 * {@code dicehall.db.password}), read by Payara when the data source is created.
 *
 * <p>Connections are validated as they leave the pool, and one that fails takes the whole pool with
 * it: after PostgreSQL restarts, requests answer 503 while it is down and the pool reconnects by
 * itself when it is back, instead of handing out connections to the server that went away.
 */
@ApplicationScoped
@DataSourceDefinition(
        name = "java:app/jdbc/dicehall-postgres",
        className = "org.postgresql.ds.PGSimpleDataSource",
        url = "${MPCONFIG=dicehall.db.url:jdbc:postgresql://127.0.0.1:5432/dicehall}",
        user = "${MPCONFIG=dicehall.db.user:dicehall}",
        password = "${MPCONFIG=dicehall.db.password:dicehall}",
        minPoolSize = 1,
        maxPoolSize = 32,
        properties = {
            "fish.payara.is-connection-validation-required=true",
            "fish.payara.connection-validation-method=custom-validation",
            "fish.payara.validation-classname=org.glassfish.api.jdbc.validation.PostgresConnectionValidation",
            "fish.payara.fail-all-connections=true"
        })
public class PostgresDataSource {
}
