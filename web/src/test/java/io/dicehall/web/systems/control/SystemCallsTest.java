package io.dicehall.web.systems.control;

import static org.awaitility.Awaitility.await;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Plugin calls: a share of the workers per system, a time limit that stops what ignores it, a memory budget. */
class SystemCallsTest {

    private SystemCalls calls;

    /** How many calls are spinning now (started and not yet stopped). */
    private static final java.util.concurrent.atomic.AtomicInteger SPINNING = new java.util.concurrent.atomic.AtomicInteger();

    @BeforeEach
    void start() {
        SPINNING.set(0);
        calls = new SystemCalls();
        calls.threadsPerSystem = 2;
        calls.allocationBudgetMb = 64;
        calls.start();
    }

    @AfterEach
    void stop() {
        calls.stop();
    }

    /** Spins, ignoring interrupts, until stopped. */
    private static int spin() {
        SPINNING.incrementAndGet();
        long x = 0;
        while (x >= 0) {
            x = (x * 31 + 7) & 0x3fff_ffff_ffffL;
        }
        return (int) x;
    }

    @Test
    void aStuckSystemUsesUpItsOwnShareOnlyAndIsStopped() throws Exception {
        var waiting = java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            var stuck = new ArrayList<java.util.concurrent.Future<Exception>>();
            for (int i = 0; i < 2; i++) {
                stuck.add(waiting.submit(() -> assertThrows(SystemCalls.TimedOut.class,
                        () -> calls.call("stuck", "stuck", SystemCallsTest::spin, 1500, null))));
            }
            // Once both its workers spin it is busy, while another system answers at once. Probing only then: a probe
            // made while the stuck calls start could take a worker from one of them.
            await("both stuck calls started").atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(5))
                    .until(SPINNING::get, is(2));
            await("a third call refused: the stuck system is busy").atMost(Duration.ofSeconds(10))
                    .pollInterval(Duration.ofMillis(10)).until(() -> {
                        try {
                            calls.call("stuck", "stuck", () -> 1, 10, null);
                            return false;
                        } catch (SystemCalls.Busy e) {
                            return true;
                        } catch (SystemCalls.TimedOut e) {
                            // a third call that got a worker before both were taken: it spins too until stopped
                            return false;
                        }
                    });
            assertThat(calls.call("other", "other", () -> 42, 1000, null), is(42));
            for (var call : stuck) {
                assertThat(call.get(5, TimeUnit.SECONDS).getMessage(), containsString("took longer than 1500 ms"));
            }
        } finally {
            waiting.shutdownNow();
        }
        // Past twice their time limit the watchdog stops the threads that ignored the interrupt, freeing the share.
        await("the watchdog stopped both stuck threads").atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(20))
                .until(calls::stoppedThreads, greaterThanOrEqualTo(2L));
        assertThat(calls.call("stuck", "stuck", () -> 7, 1000, null), is(7));
    }

    @Test
    void aCallThatAllocatesBeyondTheBudgetIsStoppedAndReported() throws Exception {
        var reported = new CountDownLatch(1);
        var kept = new ArrayList<byte[]>();
        var e = assertThrows(SystemCalls.OverBudget.class, () -> calls.call("greedy", "Greedy system", () -> {
            for (int i = 0; i < 1_000_000; i++) {
                kept.add(new byte[1024 * 1024]);
                kept.remove(0);
                kept.add(new byte[16]);
            }
            return kept.size();
        }, 10_000, reported::countDown));
        assertThat(e.getMessage(), containsString("Greedy system allocated more than 64 MB"));
        assertThat(reported.await(5, TimeUnit.SECONDS), is(true));
        assertThat(calls.overBudgetCalls(), is(1L));
    }

    @Test
    void aCallWithinTheBudgetAndTimeAnswers() throws Exception {
        var done = new AtomicBoolean();
        List<Integer> list = calls.call("fine", "fine", () -> {
            done.set(true);
            return List.of(1, 2, 3);
        }, 1000, null);
        assertThat(list.size(), is(3));
        assertThat(done.get(), is(true));
        var failed = assertThrows(java.util.concurrent.ExecutionException.class,
                () -> calls.call("fine", "fine", () -> {
                    throw new IllegalStateException("a bug");
                }, 1000, null));
        assertThat(failed.getCause().getMessage(), is("a bug"));
    }
}
