package io.dicehall.web.webhooks.entity;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Webhooks and their deliveries in the database, with plain JDBC: every statement is one atomic step of its
 * own (auto-commit), the same SQL on H2, Derby and PostgreSQL.
 *
 * <p>A delivery is claimed by one conditional update that names the version it read: whichever instance's update
 * comes first changes the version, and every other's matches no row. A claim holds until its lease ends; a
 * claim whose instance died (kill -9 mid-post) lapses then and the delivery is claimed again.
 */
public class WebhookStore {

    private static final String WEBHOOK = "SELECT id, table_id, kind, url, secret, site, created_at, paused_until"
            + " FROM dh_webhook";
    private static final String DELIVERY = "SELECT d.id, d.webhook_id, d.table_id, d.roll_id, d.state, d.attempts,"
            + " d.next_at, d.created_at, d.first_try_at, d.last_status, d.last_error, d.done_at, d.version, d.step"
            + " FROM dh_webhook_delivery d";

    private final DataSource dataSource;

    public WebhookStore(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** Stores a new webhook. */
    public void add(Webhook hook) throws SQLException {
        update("INSERT INTO dh_webhook (id, table_id, kind, url, secret, site, created_at, deleted)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, FALSE)", hook.id(), hook.tableId(), hook.kind().name(), hook.url(),
                hook.secret(), hook.site(), hook.createdAt());
    }

    /** @return a table's webhooks, oldest first (deleted ones left out) */
    public List<Webhook> list(String tableId) throws SQLException {
        return webhooks(WEBHOOK + " WHERE table_id = ? AND deleted = FALSE ORDER BY created_at, id", tableId);
    }

    /** @return a table's webhook, unless deleted */
    public Optional<Webhook> find(String tableId, String id) throws SQLException {
        return webhooks(WEBHOOK + " WHERE id = ? AND table_id = ? AND deleted = FALSE", id, tableId).stream().findFirst();
    }

    /** @return a webhook, deleted or not */
    public Optional<Webhook> webhook(String id) throws SQLException {
        return webhooks(WEBHOOK + " WHERE id = ? AND deleted = FALSE", id).stream().findFirst();
    }

    /**
     * Deletes a webhook: marked deleted, its secret forgotten, its unsent deliveries cancelled.
     *
     * @return whether there was one
     */
    public boolean delete(String tableId, String id, LocalDateTime now) throws SQLException {
        int changed = update("UPDATE dh_webhook SET deleted = TRUE, secret = NULL WHERE id = ? AND table_id = ?"
                + " AND deleted = FALSE", id, tableId);
        update("UPDATE dh_webhook_delivery SET state = 'cancelled', done_at = ?, version = version + 1"
                + " WHERE webhook_id = ? AND state IN ('pending', 'sending')", now, id);
        return changed == 1;
    }

    /** Holds every delivery of a webhook until then (its receiver asked to wait). */
    public void pause(String id, LocalDateTime until) throws SQLException {
        update("UPDATE dh_webhook SET paused_until = ? WHERE id = ?", until, id);
    }

    /** Queues a delivery with no roll: a test post. */
    public void addTest(String deliveryId, Webhook hook, LocalDateTime now) throws SQLException {
        update("INSERT INTO dh_webhook_delivery (id, webhook_id, table_id, roll_id, state, attempts, next_at,"
                + " created_at, version) VALUES (?, ?, ?, NULL, 'pending', 0, ?, ?, 0)", deliveryId, hook.id(),
                hook.tableId(), now, now);
    }

    /** @return a webhook's latest deliveries, newest first */
    public List<Delivery> deliveries(String webhookId, int most) throws SQLException {
        return deliveries(DELIVERY + " WHERE d.webhook_id = ? ORDER BY d.created_at DESC, d.id DESC", most, webhookId);
    }

    /** @return a delivery */
    public Optional<Delivery> delivery(String id) throws SQLException {
        return deliveries(DELIVERY + " WHERE d.id = ?", 1, id).stream().findFirst();
    }

    /** @return deliveries due now (pending and due, or claimed by a lapsed lease), of webhooks not paused, oldest first */
    public List<Delivery> due(LocalDateTime now, int most) throws SQLException {
        return deliveries(DELIVERY + " JOIN dh_webhook w ON w.id = d.webhook_id"
                + " WHERE ((d.state = 'pending' AND d.next_at <= ?) OR (d.state = 'sending' AND d.lease_until < ?))"
                + " AND (w.paused_until IS NULL OR w.paused_until <= ?) ORDER BY d.created_at, d.id", most, now, now, now);
    }

    /**
     * Claims a delivery read as {@code seen}, for one instance, until {@code leaseUntil}.
     *
     * @return whether this caller holds it now (no other caller can, until the lease ends)
     */
    public boolean claim(Delivery seen, String claim, LocalDateTime leaseUntil, LocalDateTime now) throws SQLException {
        return update("UPDATE dh_webhook_delivery SET state = 'sending', claim = ?, lease_until = ?,"
                + " first_try_at = COALESCE(first_try_at, CAST(? AS TIMESTAMP)), version = version + 1 WHERE id = ? AND version = ?"
                + " AND (state = 'pending' OR (state = 'sending' AND lease_until < ?))", claim, leaseUntil, now,
                seen.id(), seen.version(), now) == 1;
    }

    /** Ends a claimed delivery: {@code delivered}, {@code failed} or {@code cancelled}, after an attempt or none. */
    public void finish(String id, String claim, String state, boolean attempted, Integer status, String error,
            LocalDateTime now) throws SQLException {
        update("UPDATE dh_webhook_delivery SET state = ?, attempts = attempts + ?, last_status = ?, last_error = ?,"
                + " done_at = ?, claim = NULL, lease_until = NULL, version = version + 1 WHERE id = ? AND claim = ?",
                state, attempted ? 1 : 0, status == null ? NO_STATUS : status, text(error), now, id, claim);
    }

    /** Gives a claimed delivery back after a failed attempt, to be tried again at {@code nextAt}. */
    public void retry(String id, String claim, LocalDateTime nextAt, Integer status, String error) throws SQLException {
        update("UPDATE dh_webhook_delivery SET state = 'pending', attempts = attempts + 1, next_at = ?,"
                + " last_status = ?, last_error = ?, claim = NULL, lease_until = NULL, version = version + 1"
                + " WHERE id = ? AND claim = ?", nextAt, status == null ? NO_STATUS : status, text(error), id, claim);
    }

    /** A null bound as an SQL type: PostgreSQL wants a null's type to fit its column. */
    private record Null(int type) {
    }

    private static final Null NO_STATUS = new Null(Types.INTEGER);
    private static final Null NO_TEXT = new Null(Types.VARCHAR);

    private static Object text(String error) {
        return error == null ? NO_TEXT : error.length() <= 500 ? error : error.substring(0, 499) + "…";
    }

    private int update(String sql, Object... values) throws SQLException {
        try (Connection db = dataSource.getConnection(); PreparedStatement statement = db.prepareStatement(sql)) {
            bind(statement, values);
            return statement.executeUpdate();
        }
    }

    private static void bind(PreparedStatement statement, Object... values) throws SQLException {
        for (int i = 0; i < values.length; i++) {
            Object value = values[i];
            if (value instanceof LocalDateTime at) {
                statement.setTimestamp(i + 1, Timestamp.valueOf(at));
            } else if (value instanceof Integer n) {
                statement.setInt(i + 1, n);
            } else if (value instanceof Long n) {
                statement.setLong(i + 1, n);
            } else if (value instanceof String text) {
                statement.setString(i + 1, text);
            } else if (value instanceof Null none) {
                statement.setNull(i + 1, none.type());
            } else if (value == null) {
                statement.setNull(i + 1, Types.VARCHAR);
            } else {
                throw new IllegalArgumentException("no binding for " + value.getClass());
            }
        }
    }

    private List<Webhook> webhooks(String sql, Object... values) throws SQLException {
        var found = new ArrayList<Webhook>();
        try (Connection db = dataSource.getConnection(); PreparedStatement query = db.prepareStatement(sql)) {
            bind(query, values);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    found.add(new Webhook(rows.getString(1), rows.getString(2), WebhookKind.valueOf(rows.getString(3)),
                            rows.getString(4), rows.getString(5), rows.getString(6), time(rows, 7), time(rows, 8)));
                }
            }
        }
        return found;
    }

    private List<Delivery> deliveries(String sql, int most, Object... values) throws SQLException {
        var found = new ArrayList<Delivery>();
        try (Connection db = dataSource.getConnection(); PreparedStatement query = db.prepareStatement(sql)) {
            bind(query, values);
            query.setMaxRows(most);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    int status = rows.getInt(10);
                    Integer lastStatus = rows.wasNull() ? null : status;
                    found.add(new Delivery(rows.getString(1), rows.getString(2), rows.getString(3), rows.getString(4),
                            rows.getInt(14), rows.getString(5), rows.getInt(6), time(rows, 7), time(rows, 8), time(rows, 9), lastStatus,
                            rows.getString(11), time(rows, 12), rows.getLong(13)));
                }
            }
        }
        return found;
    }

    private static LocalDateTime time(ResultSet rows, int column) throws SQLException {
        Timestamp at = rows.getTimestamp(column);
        return at == null ? null : at.toLocalDateTime();
    }
}
