package io.dicehall.web.tables.control;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A roll waiting to be written by {@link RollWriter}, and the answer its request waits for: taken by the one that
 * writes it, unless its request gave up first.
 */
final class PendingRoll {
    static final int WAITING = 0;
    static final int TAKEN = 1;
    static final int ABANDONED = 2;

    final RollWriter.NewRoll roll;
    final CompletableFuture<Long> seq = new CompletableFuture<>();
    /** The earlier rolls it ended, set before {@link #seq} completes. */
    volatile List<String> superseded = List.of();
    /** Whether it queued a webhook post, set before {@link #seq} completes. */
    volatile boolean posted = true;
    final AtomicInteger state = new AtomicInteger(WAITING);

    PendingRoll(RollWriter.NewRoll roll) {
        this.roll = roll;
    }

    /** @return whether the writer may store it (its request still waits) */
    boolean take() {
        return state.compareAndSet(WAITING, TAKEN);
    }
}
