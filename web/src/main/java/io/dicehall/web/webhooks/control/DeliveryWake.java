package io.dicehall.web.webhooks.control;

import io.dicehall.web.tables.control.TableEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;

/**
 * Wakes the {@link DeliveryWorker} when a roll stored or moved here may have queued a webhook post. A bean of its
 * own rather than an observer on the worker: an enterprise bean that observes an event is looked up and given a
 * fresh reference at every event, which cost every roll's request about a third of its processor time before its
 * card could be drawn, even when the roll queued nothing.
 */
@ApplicationScoped
public class DeliveryWake {

    @Inject
    DeliveryWorker worker;

    /**
     * A roll was stored or moved here: its posts may be due. Not when its store knows it queued none (a table
     * without webhooks): then waking would cost the roll's request a task and the outbox a look for nothing.
     */
    void heard(@Observes(during = TransactionPhase.AFTER_SUCCESS) TableEvent event) {
        if (event.posts() && (TableEvent.ROLL.equals(event.kind()) || TableEvent.MOVE.equals(event.kind()))) {
            worker.wake();
        }
    }
}
