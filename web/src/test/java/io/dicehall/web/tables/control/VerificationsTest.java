package io.dicehall.web.tables.control;

import static org.awaitility.Awaitility.await;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.sameInstance;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dicehall.web.platform.Refusal;
import io.dicehall.web.tables.entity.GameTable;
import io.dicehall.web.tables.entity.RollStep;
import io.dicehall.web.tables.entity.TableRoll;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A closed table's verification is computed once; callers that ask meanwhile wait for it and share it. */
class VerificationsTest {

    private static final String SEED = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";

    /** A log of no rolls, read slowly: each read waits until the test lets it go, and is counted. */
    static final class SlowLog extends TableLog {
        final AtomicInteger reads = new AtomicInteger();
        final CountDownLatch release = new CountDownLatch(1);
        volatile boolean fail;

        @Override
        public List<TableRoll> allRolls(GameTable table) {
            reads.incrementAndGet();
            try {
                release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (fail) {
                throw new IllegalStateException("the store went away");
            }
            return List.of();
        }

        @Override
        public Map<String, List<RollStep>> allSteps(GameTable table) {
            return Map.of();
        }
    }

    private static GameTable closed(String id) {
        var table = new GameTable(id, "Closed", "h", LocalDateTime.now(), SEED, FairDice.commitment(SEED));
        table.close();
        return table;
    }

    @Test
    void concurrentCallersShareOneComputation() throws Exception {
        var verifications = new Verifications();
        var log = new SlowLog();
        verifications.tableLog = log;
        GameTable table = closed("t1");
        var callers = new java.util.concurrent.CopyOnWriteArrayList<Thread>();
        ExecutorService pool = Executors.newFixedThreadPool(6, task -> {
            Thread caller = new Thread(task);
            callers.add(caller);
            return caller;
        });
        try {
            var answers = new ArrayList<Future<Verifications.Report>>();
            for (int i = 0; i < 6; i++) {
                answers.add(pool.submit(() -> verifications.of(table)));
            }
            // One caller reads the log; the other five wait for it (none reads the log again).
            await("one caller reading the log, the other five waiting for it").atMost(Duration.ofSeconds(30))
                    .until(() -> log.reads.get() == 1 && callers.size() == 6 && callers.stream()
                            .allMatch(c -> c.getState() == Thread.State.WAITING || c.getState() == Thread.State.TIMED_WAITING));
            log.release.countDown();
            Verifications.Report first = answers.get(0).get(30, TimeUnit.SECONDS);
            for (Future<Verifications.Report> answer : answers) {
                assertThat(answer.get(30, TimeUnit.SECONDS), sameInstance(first));
            }
            assertThat(first.verified(), is(true));
            assertThat(log.reads.get(), is(1));
            assertThat(verifications.computed(), is(1L));
            assertThat("asked again later: kept", verifications.of(table), sameInstance(first));
            assertThat(log.reads.get(), is(1));
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aFailedComputationIsNotKept() {
        var verifications = new Verifications();
        var log = new SlowLog();
        log.release.countDown();
        log.fail = true;
        verifications.tableLog = log;
        GameTable table = closed("t2");
        assertThrows(IllegalStateException.class, () -> verifications.of(table));
        log.fail = false;
        assertThat(verifications.of(table).verified(), is(true));
        assertThat(log.reads.get(), is(2));
    }

    @Test
    void anOpenTableIsNotVerified() {
        var verifications = new Verifications();
        verifications.tableLog = new SlowLog();
        var open = new GameTable("t3", "Open", "h", LocalDateTime.now(), SEED, FairDice.commitment(SEED));
        Refusal refused = assertThrows(Refusal.class, () -> verifications.of(open));
        assertThat(refused.kind(), is(Refusal.Kind.CONFLICT));
        assertThat(refused.code(), is("seed-not-revealed"));
    }
}
