package io.dicehall.web.platform.store;

import static org.awaitility.Awaitility.await;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Group commit: writers share checkpoints, and a checkpoint's failure is the failure of the writers it covered. */
class SharedCheckpointsTest {

    /** The commits each checkpoint run covered, in order. */
    private final List<Long> runs = new CopyOnWriteArrayList<>();
    private final ExecutorService writers = Executors.newFixedThreadPool(4);

    @AfterEach
    void stop() {
        writers.shutdownNow();
    }

    @Test
    void aWriterAloneRunsACheckpointOfItsOwn() throws SQLException {
        var checkpoints = new SharedCheckpoints(runs::add, 1000);
        checkpoints.await();
        checkpoints.await();
        assertThat(runs, contains(1L, 1L));
    }

    @Test
    void writersArrivingDuringACheckpointShareTheNextOne() throws Exception {
        var entered = new CountDownLatch(1);
        var release = new CountDownLatch(1);
        var checkpoints = firstHeld(entered, release);
        var done = new ArrayList<Future<?>>();
        done.add(writers.submit(() -> write(checkpoints)));
        assertThat(entered.await(10, TimeUnit.SECONDS), is(true));
        for (int i = 0; i < 3; i++) {
            done.add(writers.submit(() -> write(checkpoints)));
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> checkpoints.requested() == 4);
        release.countDown();
        for (Future<?> writer : done) {
            writer.get(10, TimeUnit.SECONDS);
        }
        assertThat("the three who waited share one checkpoint", runs, contains(1L, 3L));
    }

    @Test
    void aTicketTakenNowIsHeldByTheCheckpointAnotherThreadStartsAndItsWaitRunsNone() throws Exception {
        var checkpoints = new SharedCheckpoints(runs::add, 10_000);
        long ticket = checkpoints.ticket();
        elsewhere(checkpoints, ticket).get(10, TimeUnit.SECONDS); // the thread that starts it
        checkpoints.await(ticket); // the writer's own wait, later: already held
        assertThat("one checkpoint, for the one commit", runs, contains(1L));
    }

    @Test
    void aTicketTakenWhileACheckpointRunsWaitsForTheNextNotTheRunningOne() throws Exception {
        var entered = new CountDownLatch(1);
        var release = new CountDownLatch(1);
        var checkpoints = firstHeld(entered, release);
        Future<?> first = writers.submit(() -> write(checkpoints));
        assertThat(entered.await(10, TimeUnit.SECONDS), is(true));
        long ticket = checkpoints.ticket(); // committed while the first checkpoint runs: not covered by it
        Future<?> later = elsewhere(checkpoints, ticket);
        release.countDown();
        first.get(10, TimeUnit.SECONDS);
        later.get(10, TimeUnit.SECONDS);
        assertThat("a second checkpoint ran for it", runs, contains(1L, 1L));
    }

    @Test
    void aTicketWhoseCheckpointFailedFailsItsOwnWaitToo() {
        var checkpoints = new SharedCheckpoints(commits -> {
            throw new SQLException("disk full");
        }, 1000);
        long ticket = checkpoints.ticket();
        assertThrows(java.util.concurrent.ExecutionException.class,
                () -> elsewhere(checkpoints, ticket).get(10, TimeUnit.SECONDS));
        SQLException failed = assertThrows(SQLException.class, () -> checkpoints.await(ticket));
        assertThat("the writer is refused, not told its roll is on disk", failed.getMessage(), is("disk full"));
    }

    /** Checkpoints whose first run, once it has begun ({@code entered}), holds until {@code release}. */
    private SharedCheckpoints firstHeld(CountDownLatch entered, CountDownLatch release) {
        return new SharedCheckpoints(commits -> {
            runs.add(commits);
            if (runs.size() == 1) {
                entered.countDown();
                awaitQuietly(release);
            }
        }, 30_000);
    }

    /** Waits for a ticket on another thread, as the store's own checkpoint thread does. */
    private Future<Object> elsewhere(SharedCheckpoints checkpoints, long ticket) {
        return writers.submit(() -> {
            checkpoints.await(ticket);
            return null;
        });
    }

    @Test
    void aFailedCheckpointFailsTheWritersItCoveredAndNotTheNext() throws SQLException {
        var checkpoints = new SharedCheckpoints(commits -> {
            runs.add(commits);
            if (runs.size() == 1) {
                throw new SQLException("disk full");
            }
        }, 1000);
        SQLException failed = assertThrows(SQLException.class, checkpoints::await);
        assertThat(failed.getMessage(), is("disk full"));
        checkpoints.await();
        assertThat("the next writer ran a checkpoint of its own", runs.size(), is(2));
    }

    @Test
    void aWriterWaitsNoLongerThanItsTime() throws Exception {
        var entered = new CountDownLatch(1);
        var release = new CountDownLatch(1);
        var checkpoints = new SharedCheckpoints(commits -> {
            entered.countDown();
            awaitQuietly(release);
        }, 50);
        Future<?> first = writers.submit(() -> write(checkpoints));
        assertThat(entered.await(10, TimeUnit.SECONDS), is(true));
        SQLTimeoutException late = assertThrows(SQLTimeoutException.class, checkpoints::await);
        assertThat(late.getMessage(), is("no checkpoint within 50 ms"));
        release.countDown();
        first.get(10, TimeUnit.SECONDS);
    }

    private static Void write(SharedCheckpoints checkpoints) throws SQLException {
        checkpoints.await();
        return null;
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
