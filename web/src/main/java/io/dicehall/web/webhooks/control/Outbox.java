package io.dicehall.web.webhooks.control;

import jakarta.persistence.EntityManager;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The outbox's one write on a roll's path: in the transaction that stores a roll (and in that of the move that
 * plays it out), one pending delivery per webhook of its table, and nothing else (no post, no read of the roll, no payload built): for a table with
 * no webhook it inserts nothing. Stored with the roll or not at all, so a roll acknowledged is a roll
 * posted, even after a crash; {@link DeliveryWorker} posts it later. The delivery's id is the webhook's,
 * the roll's and the step's, so a step is never queued twice for one webhook.
 */
public final class Outbox {

    /**
     * A stored roll, to be posted to its table's webhooks as it stands at one step.
     *
     * @param step 0 for the throw, else the move that played the roll out
     */
    public record Stored(String tableId, String rollId, LocalDateTime at, int step) {

        /** @return the throw of a roll just stored */
        public static Stored thrown(String tableId, String rollId, LocalDateTime at) {
            return new Stored(tableId, rollId, at, 0);
        }

        String suffix() {
            return "." + rollId + (step == 0 ? "" : "." + step);
        }
    }

    static final String INSERT = "INSERT INTO dh_webhook_delivery (id, webhook_id, table_id, roll_id, step, state,"
            + " attempts, next_at, created_at, version) SELECT w.id || CAST(? AS VARCHAR(40)), w.id, w.table_id,"
            + " CAST(? AS VARCHAR(32)), CAST(? AS INT), 'pending', 0, CAST(? AS TIMESTAMP), CAST(? AS TIMESTAMP), 0"
            + " FROM dh_webhook w WHERE w.table_id = ? AND w.deleted = FALSE";

    private Outbox() {
    }

    /**
     * Queues the rolls' posts in the caller's JDBC transaction (the group commit's).
     *
     * @return the ids of the rolls that queued a post (those whose table has a webhook), so that only they wake
     *     the {@link DeliveryWorker}; a driver that does not count the rows it inserted counts as "queued"
     */
    public static Set<String> add(Connection db, List<Stored> rolls) throws SQLException {
        if (rolls.isEmpty()) {
            return Set.of();
        }
        try (PreparedStatement insert = db.prepareStatement(INSERT)) {
            for (Stored roll : rolls) {
                Timestamp at = Timestamp.valueOf(roll.at());
                insert.setString(1, roll.suffix());
                insert.setString(2, roll.rollId());
                insert.setInt(3, roll.step());
                insert.setTimestamp(4, at);
                insert.setTimestamp(5, at);
                insert.setString(6, roll.tableId());
                insert.addBatch();
            }
            int[] counts = insert.executeBatch();
            var queued = new HashSet<String>();
            for (int i = 0; i < rolls.size(); i++) {
                if (i >= counts.length || counts[i] != 0) {
                    queued.add(rolls.get(i).rollId());
                }
            }
            return queued;
        }
    }

    /** Queues a roll's posts in the caller's Jakarta Persistence transaction (a roll stored under its table's lock). */
    public static void add(EntityManager em, Stored roll) {
        Timestamp at = Timestamp.valueOf(roll.at());
        em.createNativeQuery(INSERT).setParameter(1, roll.suffix()).setParameter(2, roll.rollId())
                .setParameter(3, roll.step()).setParameter(4, at).setParameter(5, at).setParameter(6, roll.tableId())
                .executeUpdate();
    }
}
