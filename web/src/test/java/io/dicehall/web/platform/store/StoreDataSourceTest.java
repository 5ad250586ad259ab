package io.dicehall.web.platform.store;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The retired switch dicehall.ds stops the start instead of letting the log go to another database. */
class StoreDataSourceTest {

    private static final String SWITCH = "dicehall.ds";

    /** What the JVM had before the test: put back afterwards, whether the test passed or not. */
    private String before;

    @BeforeEach
    void remember() {
        before = System.getProperty(SWITCH);
    }

    @AfterEach
    void restore() {
        if (before == null) {
            System.clearProperty(SWITCH);
        } else {
            System.setProperty(SWITCH, before);
        }
    }

    @Test
    void aRetiredSwitchNamingAnotherDataSourceRefusesToStart() {
        System.setProperty(SWITCH, "java:app/jdbc/dicehall-postgres");
        IllegalStateException refused = Assertions.assertThrows(IllegalStateException.class, StoreDataSource::refuseRetiredSwitch);
        assertThat(refused.getMessage(), containsString("postgres.asadmin"));
    }

    @Test
    void theDefaultOrNothingStarts() {
        System.setProperty(SWITCH, "java:comp/DefaultDataSource");
        StoreDataSource.refuseRetiredSwitch();
        System.clearProperty(SWITCH);
        if (System.getenv("DICEHALL_DS") == null) {
            StoreDataSource.refuseRetiredSwitch();
        }
    }
}
