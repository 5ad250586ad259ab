package io.dicehall.web.platform;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The data source everything is stored in, for the code that needs plain JDBC beside JPA: the one
 * {@code dicehall.ds} names (as {@code persistence.xml} does), by default the embedded H2 of
 * {@code java:comp/DefaultDataSource}.
 */
@ApplicationScoped
public class StoreDataSource {

    @Inject
    @ConfigProperty(name = "dicehall.ds", defaultValue = "java:comp/DefaultDataSource")
    String name;

    /** @return the data source, looked up by its JNDI name */
    public DataSource get() throws NamingException {
        return (DataSource) new InitialContext().lookup(name);
    }
}
