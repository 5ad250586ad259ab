package io.dicehall.web.ui.table;

import io.dicehall.web.ui.faces.Recent;
import jakarta.enterprise.context.SessionScoped;
import java.io.Serializable;
import java.util.Map;

/**
 * The keys this browser session holds at tables: the owner keys of the tables it opened, and the member
 * key (with the display name) of the tables it joined. Never shown on a page. Holds the most recent
 * {@value #MAX_HELD} of each.
 */
@SessionScoped
public class TableKeys implements Serializable {

    private static final long serialVersionUID = 1L;

    /** How many tables one session keeps keys for. */
    static final int MAX_HELD = 50;

    /** A member key and the name it joined with. */
    record Membership(String key, String name) implements Serializable {
    }

    private final Map<String, String> owned = new Recent<>(MAX_HELD);
    private final Map<String, Membership> joined = new Recent<>(MAX_HELD);

    public synchronized void own(String tableId, String ownerKey) {
        owned.put(tableId, ownerKey);
    }

    /** @return the owner key of that table, or null */
    public synchronized String ownerKey(String tableId) {
        return owned.get(tableId);
    }

    public synchronized void join(String tableId, String memberKey, String name) {
        joined.put(tableId, new Membership(memberKey, name));
    }

    /** Forgets this session's seat at a table (it left). */
    public synchronized void leave(String tableId) {
        joined.remove(tableId);
    }

    /** @return the member key at that table, or null */
    public synchronized String memberKey(String tableId) {
        Membership m = joined.get(tableId);
        return m == null ? null : m.key();
    }

    /** @return the name this session joined that table with, or null */
    public synchronized String memberName(String tableId) {
        Membership m = joined.get(tableId);
        return m == null ? null : m.name();
    }
}
