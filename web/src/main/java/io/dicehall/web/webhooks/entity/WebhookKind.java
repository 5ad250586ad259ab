package io.dicehall.web.webhooks.entity;

import java.util.Locale;
import java.util.Optional;

/** What a webhook's receiver expects: the shape of each post. */
public enum WebhookKind {
    /** Discord's execute-webhook: a username and one embed. */
    DISCORD,
    /** Slack's incoming webhook: text and blocks. */
    SLACK,
    /** Any receiver: the roll as the API shows it, signed with HMAC-SHA256. */
    JSON;

    /** @return its name in the API, lower case */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @return the kind of that name in the API, if any */
    public static Optional<WebhookKind> of(String word) {
        for (WebhookKind kind : values()) {
            if (kind.word().equals(word)) {
                return Optional.of(kind);
            }
        }
        return Optional.empty();
    }
}
