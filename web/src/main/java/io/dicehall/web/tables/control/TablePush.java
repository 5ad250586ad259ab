package io.dicehall.web.tables.control;

import io.dicehall.web.platform.cluster.Cluster;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.ContextNotActiveException;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/**
 * Live pushes: whoever subscribes to a table (the JSON event stream, a browser page) hears of each
 * roll, move, change of visibility, of members and of the table there once it is stored — on whichever
 * instance it was made: every stored event is published on the {@link Cluster}'s topic
 * {@code dicehall-table-events} (Payara's Hazelcast, or this instance alone on a server without it)
 * and each instance delivers it to its own listeners. Each listener decides what its viewer may see,
 * on the receiving side.
 *
 * <p>A table's events reach its listeners in the order they were stored: each table has one queue, drained by
 * one managed task at a time, so a roll's own event is never overtaken by the event that ends its moves (the
 * executor alone would run the two deliveries side by side). Different tables are delivered in parallel.
 *
 * <p>A request may hold its events back for a while ({@link HeldPushes}): a roll made on the table page is pushed
 * with its row as the other members see it, or once the roller's card has been sent.
 */
@ApplicationScoped
public class TablePush {

    private static final Logger LOG = Logger.getLogger(TablePush.class.getName());
    private static final String TOPIC = "dicehall-table-events";

    private final Map<String, List<Consumer<List<TableEvent>>>> listeners = new ConcurrentHashMap<>();
    /** Each table's events not yet delivered, as they were published together; present while a task drains it. */
    private final Map<String, Queue<List<TableEvent>>> pending = new ConcurrentHashMap<>();

    @Inject
    Cluster cluster;

    @Resource
    ManagedExecutorService executor;

    @Inject
    HeldPushes held;

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

    /** Adds a listener to a table, told of each event on its own; returns what removes it again. */
    public Runnable listen(String tableId, Consumer<TableEvent> listener) {
        return listenTogether(tableId, events -> {
            for (TableEvent event : events) {
                try {
                    listener.accept(event);
                } catch (RuntimeException e) {
                    LOG.log(Level.FINE, "a listener of table " + tableId + " failed", e);
                }
            }
        });
    }

    /**
     * Adds a listener to a table, told at once of the events published together (one request's: a roll and the
     * earlier roll it ended), in their order; returns what removes it again.
     */
    public Runnable listenTogether(String tableId, Consumer<List<TableEvent>> listener) {
        listeners.computeIfAbsent(tableId, id -> new CopyOnWriteArrayList<>()).add(listener);
        return () -> {
            List<Consumer<List<TableEvent>>> list = listeners.get(tableId);
            if (list != null) {
                list.remove(listener);
                listeners.computeIfPresent(tableId, (id, l) -> l.isEmpty() ? null : l);
            }
        };
    }

    void stored(@Observes(during = TransactionPhase.AFTER_SUCCESS) TableEvent event) {
        if (!heldBack(event)) {
            publish(List.of(event));
        }
    }

    /** @return whether the request that stored the event holds it back for a while ({@link HeldPushes}) */
    private boolean heldBack(TableEvent event) {
        try {
            return held.keep(event);
        } catch (ContextNotActiveException noRequest) {
            return false; // stored outside a request: nothing holds it
        }
    }

    /**
     * Tells every instance of stored events, in one message, so that each delivers them to its own listeners
     * together ({@link #listenTogether}).
     */
    void publish(List<TableEvent> events) {
        if (events.isEmpty()) {
            return;
        }
        if (topic != null) {
            try {
                topic.publish(events.stream().map(TablePush::message).collect(Collectors.joining("\n")));
                return;
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "Could not publish to the cluster; pushing on this instance only", e);
            }
        }
        deliverLater(events);
    }

    /**
     * @return one event as a line of the cluster's message: the table, the roll, the kind, the page that made it;
     *     the row drawn for it, when there is one, ends the line: the roll's number and the row in Base64
     */
    static String message(TableEvent event) {
        TableEvent.Row row = event.drawn();
        return event.tableId() + " " + (event.aboutRoll() ? event.rollId() : "-") + " " + event.kind() + " "
                + (event.page() == null ? "-" : event.page())
                + (row == null ? "" : " " + row.seq() + " "
                        + Base64.getEncoder().encodeToString(row.html().getBytes(StandardCharsets.UTF_8)));
    }

    /** @return the events of a cluster's message, one a line ({@link #message(TableEvent)}) */
    static List<TableEvent> parse(String message) {
        return message.lines().map(line -> {
            String[] parts = line.split(" ", 6);
            return new TableEvent(parts[0], "-".equals(parts[1]) ? null : parts[1], parts[2], parts.length < 6 ? null
                    : new TableEvent.Row(Long.parseLong(parts[4]),
                            new String(Base64.getDecoder().decode(parts[5]), StandardCharsets.UTF_8)), true,
                    "-".equals(parts[3]) ? null : parts[3]);
        }).toList();
    }

    /**
     * Delivers on a managed thread, where listeners may read the database, after each table's earlier events; the
     * events given together wait in their table's queue together.
     */
    private void deliverLater(List<TableEvent> events) {
        Map<String, List<TableEvent>> byTable = new LinkedHashMap<>();
        events.forEach(event -> byTable.computeIfAbsent(event.tableId(), id -> new ArrayList<>()).add(event));
        byTable.forEach(this::deliverLater);
    }

    private void deliverLater(String tableId, List<TableEvent> events) {
        if (listeners.getOrDefault(tableId, List.of()).isEmpty()) {
            return;
        }
        boolean[] first = new boolean[1];
        pending.compute(tableId, (id, queue) -> {
            Queue<List<TableEvent>> waiting = queue;
            if (waiting == null) {
                waiting = new ArrayDeque<>();
                first[0] = true;
            }
            waiting.add(List.copyOf(events));
            return waiting;
        });
        if (!first[0]) {
            return; // the task draining this table's queue delivers them in its turn
        }
        Runnable drain = () -> drain(tableId);
        if (executor == null) {
            drain.run();
            return;
        }
        try {
            executor.execute(drain);
        } catch (RuntimeException refused) { // shutting down: drop the queue, or the table would never hear again
            pending.remove(tableId);
            LOG.log(Level.FINE, "could not deliver the events of table " + tableId, refused);
        }
    }

    /**
     * Delivers a table's queued events in order until none is left, then lets the queue go; the events published
     * together (one request's) are delivered together, and only they.
     */
    private void drain(String tableId) {
        while (true) {
            List<List<TableEvent>> next = new ArrayList<>(1);
            pending.computeIfPresent(tableId, (id, queue) -> {
                List<TableEvent> batch = queue.poll();
                if (batch == null) {
                    return null;
                }
                next.add(batch);
                return queue;
            });
            if (next.isEmpty()) {
                return;
            }
            deliver(tableId, next.get(0));
        }
    }

    private void deliver(String tableId, List<TableEvent> events) {
        for (Consumer<List<TableEvent>> listener : listeners.getOrDefault(tableId, List.of())) {
            try {
                listener.accept(events);
            } catch (RuntimeException e) {
                LOG.log(Level.FINE, "a listener of table " + tableId + " failed", e);
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
