package io.dicehall.web.ui.faces;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a browser session keeps for the tables and rolls it used last (keys, its last roll at each table): a map
 * of at most so many entries, the least recently used dropped first, that a session can carry (serializable).
 * Not thread-safe: its holders synchronize.
 */
public final class Recent<K, V> extends LinkedHashMap<K, V> {

    private static final long serialVersionUID = 1L;

    private final int most;

    /** @param most how many entries it keeps */
    public Recent(int most) {
        super(16, 0.75f, true);
        this.most = most;
    }

    @Override
    protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
        return size() > most;
    }
}
