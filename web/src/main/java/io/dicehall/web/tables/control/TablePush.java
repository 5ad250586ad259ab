package io.dicehall.web.tables.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Live pushes: whoever subscribes to a table (the JSON event stream, a browser page) hears of each
 * roll and move there once it is stored. Each listener decides what its viewer may see.
 */
@ApplicationScoped
public class TablePush {

    private static final Logger LOG = Logger.getLogger(TablePush.class.getName());

    private final Map<String, List<Consumer<TableEvent>>> listeners = new ConcurrentHashMap<>();

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
        for (Consumer<TableEvent> listener : listeners.getOrDefault(event.tableId(), List.of())) {
            try {
                listener.accept(event);
            } catch (RuntimeException e) {
                LOG.log(Level.FINE, "a listener of table " + event.tableId() + " failed", e);
            }
        }
    }

    /** @return how many listeners a table has */
    public int listeners(String tableId) {
        return listeners.getOrDefault(tableId, List.of()).size();
    }
}
