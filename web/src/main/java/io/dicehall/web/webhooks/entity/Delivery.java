package io.dicehall.web.webhooks.entity;

import java.time.LocalDateTime;

/**
 * One post to one webhook, from the outbox: a roll's, or a test post (no roll).
 *
 * @param id the delivery id the receiver is told (the same on every attempt)
 * @param rollId the roll posted, or null for a test post
 * @param step the roll's step posted: 0 its throw, else the move that played it out; 0 for a test post
 * @param state {@code pending}, {@code sending}, {@code delivered}, {@code failed} or {@code cancelled}
 * @param attempts how many posts were tried
 * @param lastStatus the receiver's last HTTP status, or null (none yet, or no answer)
 * @param lastError why the last attempt failed, or null
 * @param version changes with each claim
 */
public record Delivery(String id, String webhookId, String tableId, String rollId, int step, String state, int attempts,
        LocalDateTime nextAt, LocalDateTime createdAt, LocalDateTime firstTryAt, Integer lastStatus, String lastError,
        LocalDateTime doneAt, long version) {

    public static final String PENDING = "pending";
    public static final String SENDING = "sending";
    public static final String DELIVERED = "delivered";
    public static final String FAILED = "failed";
    public static final String CANCELLED = "cancelled";

    /** @return whether it is a test post */
    public boolean test() {
        return rollId == null;
    }
}
