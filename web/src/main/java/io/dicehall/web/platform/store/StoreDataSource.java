package io.dicehall.web.platform.store;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import javax.sql.DataSource;

/**
 * The data source everything is stored in, for the code that needs plain JDBC beside JPA: the
 * server's default data source, {@value #NAME}, as in {@code persistence.xml}. Which database that is
 * the server decides: out of the box Payara Micro's embedded H2 or GlassFish's Derby; pointed at
 * PostgreSQL by the server's configuration (README, "PostgreSQL"), never by the application.
 */
@ApplicationScoped
public class StoreDataSource {

    /** The JNDI name of the Jakarta EE platform's default data source. */
    public static final String NAME = "java:comp/DefaultDataSource";

    @Resource(lookup = NAME)
    DataSource dataSource;

    /** @return the data source */
    public DataSource get() {
        return dataSource;
    }

    /**
     * Refuses to start when the retired switch {@code dicehall.ds} (or {@code DICEHALL_DS}) names
     * another data source: it is no longer read, and ignoring it would quietly store everything in
     * the server's default database instead of the one the operator meant.
     */
    public static void refuseRetiredSwitch() {
        String named = System.getProperty("dicehall.ds", System.getenv("DICEHALL_DS"));
        if (named != null && !named.isBlank() && !NAME.equals(named.strip())) {
            throw new IllegalStateException("dicehall.ds (DICEHALL_DS) is no longer read; Dicehall stores in the server's"
                    + " default data source (" + NAME + "). For PostgreSQL point that at it: on Payara Micro with"
                    + " --postbootcommandfile postgres.asadmin and -Ddicehall.db.url/user/password, on GlassFish with"
                    + " asadmin (README, \"PostgreSQL\"). Remove dicehall.ds=" + named.strip());
        }
    }
}
