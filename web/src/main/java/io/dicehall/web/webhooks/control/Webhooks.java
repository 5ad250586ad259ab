package io.dicehall.web.webhooks.control;

import io.dicehall.api.form.Violation;
import io.dicehall.web.platform.Ids;
import io.dicehall.web.platform.Refusal;
import io.dicehall.web.platform.store.StoreDataSource;
import io.dicehall.web.tables.control.Tables;
import io.dicehall.web.webhooks.entity.Delivery;
import io.dicehall.web.webhooks.entity.Webhook;
import io.dicehall.web.webhooks.entity.WebhookKind;
import io.dicehall.web.webhooks.entity.WebhookStore;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.PersistenceException;
import java.net.UnknownHostException;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * A table's webhooks as its GM manages them: add (checked against {@link Destinations}), list, delete, send a
 * test post, read the latest deliveries. Only the table's owner key may do any of it.
 */
@ApplicationScoped
public class Webhooks {

    /** The most webhooks a table may have. */
    public static final int MAX_PER_TABLE = 5;
    /** The most deliveries shown of one webhook. */
    public static final int MAX_SHOWN = 50;

    @Inject
    Tables tables;

    @Inject
    StoreDataSource dataSource;

    @Inject
    WebhookSettings settings;

    @Inject
    DeliveryWorker worker;

    private WebhookStore store;

    @PostConstruct
    void open() {
        store = new WebhookStore(dataSource.get());
    }

    /**
     * A webhook just added, with its signing secret (the generic kind's; null otherwise), shown this once.
     */
    public record Added(Webhook webhook, String secret) {
    }

    /** A webhook and its latest delivery (or null). */
    public record Listed(Webhook webhook, Delivery last) {
    }

    /**
     * Adds a webhook to a table.
     *
     * @param kind {@code discord}, {@code slack} or {@code json}
     * @param site where the table's pages are reached: links in posts start with it (unless the operator set one)
     * @throws Refusal naming the field and the rule it breaks; 403 without the owner key
     */
    public Added add(String tableId, String ownerKey, String kind, String url, String site) {
        owner(tableId, ownerKey);
        Optional<WebhookKind> known = WebhookKind.of(kind);
        if (known.isEmpty()) {
            throw invalid("kind", "must be one of " + Arrays.stream(WebhookKind.values()).map(WebhookKind::word).toList());
        }
        Destinations destinations = settings.destinations();
        Optional<String> broken;
        try {
            broken = destinations.refuses(url, Destinations.SYSTEM);
        } catch (UnknownHostException unresolved) {
            broken = destinations.refusesForm(url); // checked again, resolved, before every post
        }
        broken.ifPresent(rule -> {
            throw invalid("url", rule);
        });
        try {
            if (store.list(tableId).size() >= MAX_PER_TABLE) {
                throw Refusal.violated(Refusal.Kind.CONFLICT, "too-many-webhooks", "Too many webhooks",
                        "A table has at most " + MAX_PER_TABLE + " webhooks: delete one first.", "",
                        List.of(new Violation("url", "would be this table's webhook number " + (MAX_PER_TABLE + 1)
                                + "; a table has at most " + MAX_PER_TABLE)));
            }
            String secret = known.get() == WebhookKind.JSON ? "whsec_" + Ids.random() + Ids.random() : null;
            Webhook hook = new Webhook(Ids.random(), tableId, known.get(), url, secret,
                    settings.site().orElse(site), now(), null);
            store.add(hook);
            return new Added(hook, secret);
        } catch (SQLException e) {
            throw unavailable(e);
        }
    }

    /** @return the table's webhooks, each with its latest delivery */
    public List<Listed> list(String tableId, String ownerKey) {
        owner(tableId, ownerKey);
        try {
            var listed = new java.util.ArrayList<Listed>();
            for (Webhook hook : store.list(tableId)) {
                listed.add(new Listed(hook, store.deliveries(hook.id(), 1).stream().findFirst().orElse(null)));
            }
            return listed;
        } catch (SQLException e) {
            throw unavailable(e);
        }
    }

    /** Deletes a webhook: nothing more is posted to it, what was waiting is cancelled. */
    public void delete(String tableId, String ownerKey, String webhookId) {
        owner(tableId, ownerKey);
        try {
            if (!Ids.wellFormed(webhookId) || !store.delete(tableId, webhookId, now())) {
                throw unknown();
            }
        } catch (SQLException e) {
            throw unavailable(e);
        }
    }

    /** @return the id of the test post queued (the worker posts it at once) */
    public String test(String tableId, String ownerKey, String webhookId) {
        Webhook hook = webhook(tableId, ownerKey, webhookId);
        String id = hook.id() + ".test-" + Ids.ordered();
        try {
            store.addTest(id, hook, now());
        } catch (SQLException e) {
            throw unavailable(e);
        }
        worker.wake();
        return id;
    }

    /** @return a webhook's latest deliveries, newest first */
    public List<Delivery> deliveries(String tableId, String ownerKey, String webhookId) {
        Webhook hook = webhook(tableId, ownerKey, webhookId);
        try {
            return store.deliveries(hook.id(), MAX_SHOWN);
        } catch (SQLException e) {
            throw unavailable(e);
        }
    }

    private Webhook webhook(String tableId, String ownerKey, String webhookId) {
        owner(tableId, ownerKey);
        try {
            return (Ids.wellFormed(webhookId) ? store.find(tableId, webhookId) : Optional.<Webhook>empty())
                    .orElseThrow(Webhooks::unknown);
        } catch (SQLException e) {
            throw unavailable(e);
        }
    }

    private void owner(String tableId, String ownerKey) {
        if (!tables.ownerKeyHolds(tableId, ownerKey)) {
            throw Refusal.of(Refusal.Kind.NOT_ALLOWED, "owner-key-wrong", "Owner key needed",
                    "Only the table's owner may manage its webhooks: send the ownerKey in the Owner-Key header.");
        }
    }

    private static Refusal invalid(String field, String rule) {
        return Refusal.violated(Refusal.Kind.INVALID, "invalid-input", "Invalid input",
                "The webhook was not added: " + field + " " + rule + ".", "", List.of(new Violation(field, rule)));
    }

    private static Refusal unknown() {
        return Refusal.of(Refusal.Kind.UNKNOWN, "unknown-webhook", "Unknown webhook",
                "This table has no such webhook (it may have been deleted).");
    }

    private static PersistenceException unavailable(SQLException e) {
        return new PersistenceException("Webhooks could not be read or stored: " + e.getMessage(), e);
    }

    private static LocalDateTime now() {
        return Tables.now();
    }
}
