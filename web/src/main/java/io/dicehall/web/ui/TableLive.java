package io.dicehall.web.ui;

import io.dicehall.web.tables.control.TablePush;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.faces.push.Push;
import jakarta.faces.push.PushContext;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Live table pages: listens to {@link TablePush} once per table opened on this instance, and on each roll
 * or move tells that table's open pages (the websocket channel {@value #CHANNEL}, whose "user" is the
 * table id) that something changed. The message carries nothing else: each page then re-reads the log
 * through {@code TableService.log} with its own viewer, so what it may see is decided on the server.
 */
@ApplicationScoped
public class TableLive {

    public static final String CHANNEL = "table";

    /** The only message sent. */
    public static final String CHANGED = "changed";

    @Inject
    TablePush push;

    @Inject
    @Push(channel = CHANNEL)
    PushContext pages;

    private final Map<String, Runnable> watched = new ConcurrentHashMap<>();

    /** Makes sure the pages of this table hear of its rolls and moves. */
    public void watch(String tableId) {
        watched.computeIfAbsent(tableId, id -> push.listen(id, event -> pages.send(CHANGED, id)));
    }

    @PreDestroy
    void stop() {
        watched.values().forEach(Runnable::run);
        watched.clear();
    }
}
