package io.dicehall.web.webhooks.entity;

import java.time.LocalDateTime;

/**
 * A table's outgoing webhook, as stored.
 *
 * @param secret the generic kind's signing key; null for Discord and Slack
 * @param site the address the table's pages are reached at (links in posts start with it), no trailing slash
 * @param pausedUntil until when the receiver asked to hear nothing (a 429), or null
 */
public record Webhook(String id, String tableId, WebhookKind kind, String url, String secret, String site,
        LocalDateTime createdAt, LocalDateTime pausedUntil) {
}
