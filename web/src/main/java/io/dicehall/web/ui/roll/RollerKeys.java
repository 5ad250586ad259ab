package io.dicehall.web.ui.roll;

import io.dicehall.web.ui.faces.Recent;
import jakarta.enterprise.context.SessionScoped;
import java.io.Serializable;
import java.util.Map;

/**
 * The roller keys of the rolls this browser session made, so that its player (and only they) can make
 * moves on them. Holds the most recent {@value #MAX_HELD}.
 */
@SessionScoped
public class RollerKeys implements Serializable {

    private static final long serialVersionUID = 1L;

    /** How many keys one session keeps. */
    static final int MAX_HELD = 100;

    private final Map<String, String> keys = new Recent<>(MAX_HELD);

    /** Keeps the key of a roll made in this session. */
    public synchronized void remember(String rollId, String key) {
        keys.put(rollId, key);
    }

    /** @return the key of that roll, or null when this session did not make it */
    public synchronized String key(String rollId) {
        return keys.get(rollId);
    }
}
