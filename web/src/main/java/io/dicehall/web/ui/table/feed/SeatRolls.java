package io.dicehall.web.ui.table.feed;

import io.dicehall.web.ui.faces.Recent;
import jakarta.enterprise.context.SessionScoped;
import java.io.Serializable;
import java.util.Map;

/**
 * The roll this browser session made last at each table: the one its table page shows beside the form, where its
 * moves are played. Kept for the session rather than the page's view, because a roll is made without the view
 * ({@link TablePlay}) and the view draws the same card when it draws that part again. Holds the most recent
 * {@value #MAX_HELD} tables.
 */
@SessionScoped
public class SeatRolls implements Serializable {

    private static final long serialVersionUID = 1L;

    /** How many tables one session keeps its last roll for. */
    static final int MAX_HELD = 50;

    private final Map<String, String> latest = new Recent<>(MAX_HELD);

    /**
     * Notes the roll this session just made at a table.
     *
     * @return the roll it made there before, or null
     */
    public synchronized String rolled(String tableId, String rollId) {
        return latest.put(tableId, rollId);
    }

    /** @return the id of the roll this session made last at that table, or null */
    public synchronized String latest(String tableId) {
        return tableId == null ? null : latest.get(tableId);
    }
}
