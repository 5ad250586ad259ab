package io.dicehall.web;

import static org.junit.jupiter.api.Assertions.fail;

import org.junit.jupiter.api.Assumptions;

/**
 * What a test does when a tool it needs from the machine (a PostgreSQL server, nginx) is missing: it is
 * skipped, saying which tool and where it comes from; or, in a run that promises every tool ({@code ./test.sh},
 * which sets {@value #PROMISED}), it fails, so a green run of {@code ./test.sh} has skipped nothing for want of a
 * tool.
 */
public final class NeededTools {

    /** The environment variable that promises every tool is there. */
    public static final String PROMISED = "DICEHALL_TESTS_NEED_TOOLS";

    private NeededTools() {
    }

    /**
     * @param present whether the tool is there
     * @param missing what is missing, in words, e.g. "DICEHALL_TEST_PG_URL names no PostgreSQL server"
     */
    public static void need(boolean present, String missing) {
        if (!present && "true".equals(System.getenv(PROMISED))) {
            fail(missing + ", though " + PROMISED + " says every tool is there");
        }
        Assumptions.assumeTrue(present, missing + " (./test.sh provides it)");
    }

    /** @return the PostgreSQL server the tests may use, as DICEHALL_TEST_PG_URL names it; skips or fails without one */
    public static String postgresUrl() {
        String url = System.getenv("DICEHALL_TEST_PG_URL");
        need(url != null && !url.isBlank(), "DICEHALL_TEST_PG_URL names no PostgreSQL server");
        return url;
    }
}
