package io.dicehall.web.platform;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

/** The retired switch dicehall.ds stops the start instead of letting the log go to another database. */
class StoreDataSourceTest {

    @AfterEach
    void clear() {
        System.clearProperty("dicehall.ds");
    }

    @Test
    void aRetiredSwitchNamingAnotherDataSourceRefusesToStart() {
        System.setProperty("dicehall.ds", "java:app/jdbc/dicehall-postgres");
        IllegalStateException refused = Assertions.assertThrows(IllegalStateException.class, StoreDataSource::refuseRetiredSwitch);
        assertThat(refused.getMessage(), containsString("postgres.asadmin"));
    }

    @Test
    void theDefaultOrNothingStarts() {
        System.setProperty("dicehall.ds", "java:comp/DefaultDataSource");
        StoreDataSource.refuseRetiredSwitch();
        System.clearProperty("dicehall.ds");
        if (System.getenv("DICEHALL_DS") == null) {
            StoreDataSource.refuseRetiredSwitch();
        }
    }
}
