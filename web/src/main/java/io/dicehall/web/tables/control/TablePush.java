package io.dicehall.web.tables.control;

import io.dicehall.web.platform.Cluster;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Live pushes: whoever subscribes to a table (the JSON event stream, a browser page) hears of each
 * roll, move, change of visibility, of members and of the table there once it is stored — on whichever
 * instance it was made: every stored event is published on the {@link Cluster}'s topic
 * {@code dicehall-table-events} (Payara's Hazelcast, or this instance alone on a server without it)
 * and each instance delivers it to its own listeners. Each listener decides what its viewer may see,
 * on the receiving side.
 */
@ApplicationScoped
public class TablePush {

    private static final Logger LOG = Logger.getLogger(TablePush.class.getName());
    private static final String TOPIC = "dicehall-table-events";

    private final Map<String, List<Consumer<TableEvent>>> listeners = new ConcurrentHashMap<>();

    @Inject
    Cluster cluster;

    @Resource
    ManagedExecutorService executor;

    private Cluster.Topic topic;
    private Runnable subscription;

    @PostConstruct
    void join() {
        try {
            topic = cluster.topic(TOPIC);
            subscription = topic.subscribe(message -> deliverLater(parse(message)));
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "No topic " + TOPIC + ": pushing on this instance only", e);
            topic = null;
        }
    }

    @PreDestroy
    void leave() {
        if (subscription != null) {
            try {
                subscription.run();
            } catch (RuntimeException leaving) {
                LOG.log(Level.FINE, "could not unsubscribe from " + TOPIC, leaving);
            }
        }
    }

    /** Adds a listener to a table; returns what removes it again. */
    public Runnable listen(String tableId, Consumer<TableEvent> listener) {
        listeners.computeIfAbsent(tableId, id -> new CopyOnWriteArrayList<>()).add(listener);
        return () -> {
            List<Consumer<TableEvent>> list = listeners.get(tableId);
            if (list != null) {
                list.remove(listener);
                listeners.computeIfPresent(tableId, (id, l) -> l.isEmpty() ? null : l);
            }
        };
    }

    void stored(@Observes(during = TransactionPhase.AFTER_SUCCESS) TableEvent event) {
        if (topic != null) {
            try {
                topic.publish(event.tableId() + " " + (event.aboutRoll() ? event.rollId() : "-") + " " + event.kind());
                return;
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "Could not publish to the cluster; pushing on this instance only", e);
            }
        }
        deliverLater(event);
    }

    private static TableEvent parse(String message) {
        String[] parts = message.split(" ", 3);
        return new TableEvent(parts[0], "-".equals(parts[1]) ? null : parts[1], parts[2]);
    }

    /** Delivers on a managed thread, where listeners may read the database. */
    private void deliverLater(TableEvent event) {
        if (listeners.getOrDefault(event.tableId(), List.of()).isEmpty()) {
            return;
        }
        Runnable delivery = () -> deliver(event);
        if (executor != null) {
            executor.execute(delivery);
        } else {
            delivery.run();
        }
    }

    private void deliver(TableEvent event) {
        for (Consumer<TableEvent> listener : listeners.getOrDefault(event.tableId(), List.of())) {
            try {
                listener.accept(event);
            } catch (RuntimeException e) {
                LOG.log(Level.FINE, "a listener of table " + event.tableId() + " failed", e);
            }
        }
    }

    /** @return how many listeners all tables have on this instance */
    public int listeners() {
        return listeners.values().stream().mapToInt(List::size).sum();
    }

    /** @return how many listeners a table has on this instance */
    public int listeners(String tableId) {
        return listeners.getOrDefault(tableId, List.of()).size();
    }
}
