package io.dicehall.web.ui.table;

import io.dicehall.web.platform.Refusal;
import io.dicehall.web.tables.control.TableEvent;
import io.dicehall.web.tables.control.TablePush;
import io.dicehall.web.tables.control.TableLog;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.faces.event.WebsocketEvent;
import jakarta.faces.push.Push;
import jakarta.faces.push.PushContext;
import jakarta.inject.Inject;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.StringJoiner;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * Live table pages: listens to {@link TablePush} once per table opened on this instance, and on each change tells that
 * table's open pages (the websocket channel {@value #CHANNEL}) what changed: {@value #MEMBERS}, {@value #TABLE} or
 * {@value #CHARACTERS}, or for a roll {@code "roll N"} (new) or {@code "move N"} (a move, a change of who sees it), N
 * being its number at the table, which anyone at the table may know; the rolls' messages of the events one request
 * stored are sent as one, joined by {@code ;}. Each page then re-reads that part (for a roll, that one row) through
 * {@code Tables} with its own viewer, so what it may see is decided on the server. The one exception: a public roll's
 * row as any member but its roller and the GM sees it, drawn by the roller's own request, may follow the rolls'
 * message; those members' pages take it as it is.
 *
 * <p>Each table page has a socket of its own: its channel is scoped to the page's view, and its "user" is the
 * table id and a key drawn for the page ({@link #socketUser}). Faces tells when a socket opens and closes, so this
 * instance knows which pages of a table are listening. A message goes to each of them but the page whose own play
 * stored the events ({@link TableEvent#page()}), whose answer drew all of it already; and to no page of another
 * table, even one open in the same browser (with one channel per browser session, as before, a page heard the
 * messages of every table its browser had open).
 */
@ApplicationScoped
public class TableLive {

    public static final String CHANNEL = "table";

    /** The message, followed by the roll's number, when a roll was made: the page reads that one row. */
    public static final String ROLL = "roll";

    /** The message, followed by the roll's number, when a roll was moved or who sees it changed. */
    public static final String MOVE = "move";

    /** The message when someone joined, left or changed their name: the page re-reads its members. */
    public static final String MEMBERS = "members";

    /** The message when the table was renamed or closed: the page re-reads the table, its members and feed. */
    public static final String TABLE = "table";

    /** The message when a character was kept, changed or deleted: the page re-reads the table's characters. */
    public static final String CHARACTERS = "characters";

    @Inject
    TablePush push;

    @Inject
    TableLog tableLog;

    @Inject
    @Push(channel = CHANNEL)
    PushContext pages;

    private static final SecureRandom KEYS = new SecureRandom();
    private static final Pattern KEY = Pattern.compile("[A-Za-z0-9_-]{16,64}");

    private final Map<String, Runnable> watched = new ConcurrentHashMap<>();
    /**
     * Each table's pages whose socket is open on this instance, by their socket's user ({@link #socketUser}), with
     * how many sockets each has open: a page that connects again may be told of its new socket before its old one
     * closed.
     */
    private final Map<String, Map<String, Integer>> listening = new ConcurrentHashMap<>();

    /** @return a new page's key: unguessable, so that no play can name another's page */
    public static String newPageKey() {
        byte[] key = new byte[16];
        KEYS.nextBytes(key);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(key);
    }

    /** @return the page key a play names, if it is one ({@link #newPageKey()}'s form), else null */
    public static String pageKey(String named) {
        return named != null && KEY.matcher(named).matches() ? named : null;
    }

    /** @return the "user" of a table page's socket: the table and the page */
    public static String socketUser(String tableId, String pageKey) {
        return tableId + "/" + pageKey;
    }

    /** @return the table of a table page's socket user ({@link #socketUser}), or null when it is none */
    private static String tableOf(Object user) {
        int slash = user instanceof String named ? named.indexOf('/') : -1;
        return slash > 0 ? ((String) user).substring(0, slash) : null;
    }

    void opened(@Observes @WebsocketEvent.Opened WebsocketEvent socket) {
        count(socket, 1);
    }

    void closed(@Observes @WebsocketEvent.Closed WebsocketEvent socket) {
        count(socket, -1);
    }

    private void count(WebsocketEvent socket, int by) {
        String tableId = CHANNEL.equals(socket.getChannel()) ? tableOf(socket.getUser()) : null;
        if (tableId == null) {
            return;
        }
        listening.compute(tableId, (table, users) -> {
            Map<String, Integer> now = users == null ? new ConcurrentHashMap<>() : users;
            now.compute((String) socket.getUser(), (u, open) -> {
                int left = (open == null ? 0 : open) + by;
                return left > 0 ? left : null;
            });
            return now.isEmpty() ? null : now;
        });
    }

    /** @return the users of the table's sockets open on this instance, as they are now */
    private Set<String> listening(String tableId) {
        return Set.copyOf(listening.getOrDefault(tableId, Map.of()).keySet());
    }

    /** Makes sure the pages of this table hear of its rolls and moves. */
    public void watch(String tableId) {
        watched.computeIfAbsent(tableId, id -> push.listenTogether(id, events -> send(id, events)));
    }

    /**
     * Tells the pages of the events one request stored: the rolls' in one message ({@code "roll N;move M"}), so that a
     * page asks for their rows in one request, to every page but the one whose play stored them (its answer drew them);
     * each other kind in a message of its own, named as the page's Ajax listeners expect. The rows the roller's request
     * drew for the other members ({@link TableEvent#drawn()}) follow the rolls' message, after a line break: a page
     * that is neither the roller's nor the GM's takes them as they are and asks for nothing.
     */
    void send(String tableId, List<TableEvent> events) {
        Set<String> all = listening(tableId);
        if (all.isEmpty()) {
            return;
        }
        Set<String> others = new HashSet<>(all);
        events.stream().map(TableEvent::page).filter(Objects::nonNull).findFirst()
                .ifPresent(maker -> others.remove(socketUser(tableId, maker)));
        StringJoiner rolls = new StringJoiner(";");
        StringBuilder drawn = new StringBuilder();
        for (TableEvent event : events) {
            String message = message(event);
            if (message.startsWith(ROLL + " ") || message.startsWith(MOVE + " ")) {
                rolls.add(message);
                if (event.drawn() != null) {
                    drawn.append(event.drawn().html());
                }
            } else {
                pages.send(message, all);
            }
        }
        if (rolls.length() > 0 && !others.isEmpty()) {
            pages.send(drawn.isEmpty() ? rolls.toString() : rolls + "\n" + drawn, others);
        }
    }

    private String message(TableEvent event) {
        long seq = 0; // unknown: the page reads its whole feed again
        if (event.drawn() != null) {
            seq = event.drawn().seq(); // known to the request that drew the row: nothing to read
        } else if (event.aboutRoll()) {
            try {
                seq = tableLog.secret(event.tableId(), event.rollId()).seq();
            } catch (Refusal gone) {
                // the roll went with its table meanwhile
            }
        }
        return message(event, seq);
    }

    static String message(TableEvent event, long seq) {
        return switch (event.kind()) {
            case TableEvent.MEMBERS -> MEMBERS;
            case TableEvent.TABLE -> TABLE;
            case TableEvent.CHARACTERS -> CHARACTERS;
            case TableEvent.ROLL -> ROLL + " " + seq;
            default -> MOVE + " " + seq;
        };
    }

    @PreDestroy
    void stop() {
        watched.values().forEach(Runnable::run);
        watched.clear();
    }
}
