package io.dicehall.web.webhooks.control;

import io.dicehall.web.platform.Ids;
import io.dicehall.web.platform.Refusal;
import io.dicehall.web.platform.store.StoreDataSource;
import io.dicehall.web.tables.control.Tables;
import io.dicehall.web.webhooks.entity.Delivery;
import io.dicehall.web.webhooks.entity.Webhook;
import io.dicehall.web.webhooks.entity.WebhookStore;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import java.net.UnknownHostException;
import java.sql.SQLException;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Posts the outbox's deliveries, on every instance, one at a time, oldest first: woken at once when a roll that queued
 * a post is stored or moved here ({@link DeliveryWake}: a task on the server's managed executor), and looking at the
 * outbox every {@link WebhookSettings#poll()} (a timer of the instance's own, which first fires once the application
 * has started) for what other instances stored and for retries. Each delivery is claimed before it is posted
 * ({@link WebhookStore#claim}), so in a cluster it is posted by one instance; a claim left by a killed instance
 * lapses and the delivery is posted after all. A post still in flight when an instance dies may be posted again: the
 * receiver sees the same delivery id both times.
 *
 * <p>A roll is posted as it was thrown, and once more as it stands when its roller's move plays it out; what is
 * posted is {@link DeliveryPosts}'s to write. This class owns when and by whom: the claims, the retries and backoff,
 * and what is recorded of each try. Nothing here runs on a roll's path: a roll only inserts its outbox rows
 * ({@link Outbox}).
 */
@Singleton
@Startup
@DependsOn("SchemaMigrations")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class DeliveryWorker {

    private static final Logger LOG = Logger.getLogger(DeliveryWorker.class.getName());
    /** The most deliveries read at one look. */
    static final int BATCH = 20;

    @Inject
    StoreDataSource dataSource;

    @Inject
    WebhookSettings settings;

    /** Writes what is posted. */
    @Inject
    DeliveryPosts posts;

    @Resource
    TimerService timers;

    @Resource
    ManagedExecutorService executor;

    private final String instance = Ids.random();
    private final AtomicBoolean running = new AtomicBoolean();
    private final AtomicBoolean again = new AtomicBoolean();
    private volatile boolean stopping;
    private WebhookStore store;
    private Sender sender;
    private Backoff backoff;

    @PostConstruct
    void start() {
        store = new WebhookStore(dataSource.get());
        sender = settings.sender();
        backoff = settings.backoff();
        long poll = settings.poll().toMillis();
        // Not persistent: each instance looks for itself. Its first look comes once the application has started.
        timers.createIntervalTimer(poll, poll, new TimerConfig("webhook-deliveries", false));
    }

    @PreDestroy
    void stop() {
        stopping = true;
    }

    /** Looks at the outbox now rather than at the next poll. */
    public void wake() {
        again.set(true);
        if (!running.get() && !stopping) {
            try {
                executor.execute(this::drain);
            } catch (RuntimeException refused) {
                // the next poll looks
            }
        }
    }

    @Timeout
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    void poll() {
        again.set(true);
        drain();
    }

    /** Posts what is due, until nothing is; one caller at a time (another's call meanwhile makes it look again). */
    void drain() {
        if (!running.compareAndSet(false, true)) {
            return;
        }
        try {
            while (again.getAndSet(false) && !stopping) {
                List<Delivery> due;
                do {
                    due = store.due(now(), BATCH);
                    var held = new java.util.HashSet<String>(); // webhooks that asked to wait since this read
                    for (Delivery delivery : due) {
                        if (stopping) {
                            return;
                        }
                        if (!held.contains(delivery.webhookId())
                                && store.claim(delivery, instance, now().plus(settings.lease()), now())
                                && deliver(delivery) == Sender.Answer.Verdict.SLOW_DOWN) {
                            held.add(delivery.webhookId());
                        }
                    }
                } while (due.size() == BATCH && !stopping);
            }
        } catch (SQLException | RuntimeException e) {
            LOG.log(Level.WARNING, "webhook deliveries: " + e + "; the next poll tries again", e);
        } finally {
            running.set(false);
        }
    }

    /**
     * Posts one claimed delivery and records what came of it.
     *
     * @return what the receiver's answer meant, or null when nothing was posted
     */
    Sender.Answer.Verdict deliver(Delivery delivery) throws SQLException {
        Optional<Webhook> found = store.webhook(delivery.webhookId());
        if (found.isEmpty()) {
            store.finish(delivery.id(), instance, Delivery.CANCELLED, false, null, "the webhook was deleted", now());
            return null;
        }
        Webhook hook = found.get();
        Destinations destinations = settings.destinations();
        try {
            Optional<String> refused = destinations.refuses(hook.url(), Destinations.SYSTEM);
            if (refused.isPresent()) {
                store.finish(delivery.id(), instance, Delivery.FAILED, false, null, "not posted: the url " + refused.get(),
                        now());
                return null;
            }
        } catch (UnknownHostException e) {
            failed(delivery, new Sender.Answer(0, null, "the host " + e.getMessage() + " could not be resolved"));
            return null;
        }
        JsonObject post;
        try {
            post = posts.body(hook, delivery);
        } catch (Refusal gone) {
            store.finish(delivery.id(), instance, Delivery.CANCELLED, false, null, "the roll is gone", now());
            return null;
        } catch (RuntimeException unreadable) { // the store failed us for now: given back, counted as a try
            LOG.log(Level.WARNING, "webhook delivery " + delivery.id() + ": its roll could not be read", unreadable);
            failed(delivery, new Sender.Answer(0, null, "the roll could not be read: " + unreadable));
            return null;
        }
        String body = post.toString();
        Map<String, String> headers = Map.of();
        if (hook.secret() != null) {
            long timestamp = System.currentTimeMillis() / 1000;
            headers = Map.of(Signatures.DELIVERY, delivery.id(), Signatures.TIMESTAMP, Long.toString(timestamp),
                    Signatures.SIGNATURE, Signatures.sign(hook.secret(), timestamp, body));
        }
        Sender.Answer answer = sender.post(hook.url(), body, headers);
        switch (answer.verdict()) {
            case DELIVERED -> store.finish(delivery.id(), instance, Delivery.DELIVERED, true, answer.status(), null, now());
            case REFUSED -> store.finish(delivery.id(), instance, Delivery.FAILED, true, answer.status(),
                    answer.describe() + "; not tried again", now());
            case SLOW_DOWN -> {
                Duration wait = Backoff.retryAfter(answer.retryAfter(), now().atZone(ZoneOffset.UTC))
                        .orElse(backoff.after(delivery.attempts() + 1));
                // One instant for both: the webhook's pause and its post's retry end together, so the post asked to
                // wait goes before the ones queued behind it (a later now() let a later roll slip in first).
                LocalDateTime until = now().plus(wait);
                store.pause(hook.id(), until);
                store.retry(delivery.id(), instance, until, answer.status(),
                        answer.describe() + " (rate limited: waits " + wait.toMillis() + " ms)");
            }
            case TRY_AGAIN -> failed(delivery, answer);
        }
        return answer.verdict();
    }

    private void failed(Delivery delivery, Sender.Answer answer) throws SQLException {
        Duration wait = backoff.after(delivery.attempts() + 1);
        LocalDateTime first = delivery.firstTryAt() == null ? now() : delivery.firstTryAt();
        Integer status = answer.status() == 0 ? null : answer.status();
        if (backoff.tryAgain(Duration.between(first, now()), wait)) {
            store.retry(delivery.id(), instance, now().plus(wait), status, answer.describe());
        } else {
            store.finish(delivery.id(), instance, Delivery.FAILED, true, status, answer.describe()
                    + "; given up after " + (delivery.attempts() + 1) + " attempts", now());
        }
    }

    private static LocalDateTime now() {
        return Tables.now();
    }
}
