package io.dicehall.web.webhooks.control;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.dicehall.web.tables.control.TableEvent;
import java.lang.reflect.Method;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Which table events wake the webhook worker: a roll or a move whose store may have queued a post, nothing else. And
 * the worker itself observes no event: an enterprise bean that observes one is looked up anew at every event, which
 * every roll's request paid for.
 */
class DeliveryWakeTest {

    /** The worker with its wake counted instead of run (no executor, no store: nothing of a server is needed). */
    static final class CountedWorker extends DeliveryWorker {
        int woken;

        @Override
        public void wake() {
            woken++;
        }
    }

    private final CountedWorker worker = new CountedWorker();
    private final DeliveryWake wake = new DeliveryWake();

    {
        wake.worker = worker;
    }

    @Test
    void aRollOrAMoveThatMayHaveQueuedAPostWakesTheWorker() {
        wake.heard(new TableEvent("t", "r", TableEvent.ROLL));
        wake.heard(new TableEvent("t", "r", TableEvent.MOVE));
        assertThat(worker.woken, is(2));
    }

    @Test
    void aRollKnownToHaveQueuedNothingWakesNothing() {
        wake.heard(new TableEvent("t", "r", TableEvent.ROLL).postingNothing());
        wake.heard(new TableEvent("t", "r", TableEvent.MOVE).postingNothing());
        assertThat(worker.woken, is(0));
    }

    @Test
    void eventsThatQueueNoPostWakeNothing() {
        wake.heard(new TableEvent("t", "r", TableEvent.VISIBILITY));
        wake.heard(TableEvent.aboutMembers("t"));
        wake.heard(TableEvent.aboutTable("t"));
        wake.heard(TableEvent.aboutCharacters("t"));
        assertThat(worker.woken, is(0));
    }

    @Test
    void theWorkerItselfObservesNoEvent() {
        for (Method method : DeliveryWorker.class.getDeclaredMethods()) {
            boolean observes = Arrays.stream(method.getParameterAnnotations()).flatMap(Arrays::stream)
                    .anyMatch(a -> a.annotationType() == jakarta.enterprise.event.Observes.class);
            assertThat(method.getName(), observes, is(false));
        }
        assertThat("the wake is a plain bean", DeliveryWake.class.isAnnotationPresent(
                jakarta.enterprise.context.ApplicationScoped.class), is(true));
        assertThat("not an enterprise bean", DeliveryWake.class.isAnnotationPresent(jakarta.ejb.Singleton.class)
                || DeliveryWake.class.isAnnotationPresent(jakarta.ejb.Stateless.class), is(false));
    }
}
