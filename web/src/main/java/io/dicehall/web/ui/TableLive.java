package io.dicehall.web.ui;

import io.dicehall.web.tables.control.TableEvent;
import io.dicehall.web.tables.control.TablePush;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.faces.push.Push;
import jakarta.faces.push.PushContext;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Live table pages: listens to {@link TablePush} once per table opened on this instance, and on each change
 * tells that table's open pages (the websocket channel {@value #CHANNEL}, whose "user" is the table id) what
 * kind of thing changed: {@value #ROLLS}, {@value #MEMBERS}, {@value #TABLE} or {@value #CHARACTERS}. The message carries nothing
 * else: each page then re-reads that part through {@code TableService} with its own viewer, so what it may
 * see is decided on the server.
 */
@ApplicationScoped
public class TableLive {

    public static final String CHANNEL = "table";

    /** The message when a roll was made or moved, or who sees one changed: the page re-reads its feed. */
    public static final String ROLLS = "rolls";

    /** The message when someone joined, left or changed their name: the page re-reads its members. */
    public static final String MEMBERS = "members";

    /** The message when the table was renamed or closed: the page re-reads the table, its members and feed. */
    public static final String TABLE = "table";

    /** The message when a character was kept, changed or deleted: the page re-reads the table's characters. */
    public static final String CHARACTERS = "characters";

    @Inject
    TablePush push;

    @Inject
    @Push(channel = CHANNEL)
    PushContext pages;

    private final Map<String, Runnable> watched = new ConcurrentHashMap<>();

    /** Makes sure the pages of this table hear of its rolls and moves. */
    public void watch(String tableId) {
        watched.computeIfAbsent(tableId, id -> push.listen(id, event -> pages.send(message(event), id)));
    }

    static String message(TableEvent event) {
        return switch (event.kind()) {
            case TableEvent.MEMBERS -> MEMBERS;
            case TableEvent.TABLE -> TABLE;
            case TableEvent.CHARACTERS -> CHARACTERS;
            default -> ROLLS;
        };
    }

    @PreDestroy
    void stop() {
        watched.values().forEach(Runnable::run);
        watched.clear();
    }
}
