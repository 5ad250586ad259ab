package io.dicehall.web.tables.control;

/**
 * Something that changed at a table, fired once its transaction has committed, for live pushes.
 *
 * @param tableId the table
 * @param rollId the roll it is about, or null for the table itself or its members
 * @param kind {@value #ROLL} for a new roll, {@value #MOVE} for a move on one or when its open moves ended
 *     (idle, superseded by a newer roll, ended by the GM), {@value #VISIBILITY} when who
 *     sees a roll changed, {@value #MEMBERS} when someone joined, left or changed their name, {@value #TABLE}
 *     when the table was renamed or closed, {@value #CHARACTERS} when a character was kept, changed or deleted
 * @param drawn for a roll or a move on one, how its row reads to a member who neither made the roll nor runs the
 *     table, drawn by the request that stored it (for the table's pages: they need not ask for it); else null
 * @param posts whether storing it may have queued webhook posts: false only when the store knows it queued none
 *     (the table has no webhook), so that nothing wakes the webhook worker for it
 * @param page the table page whose own play stored it ({@link io.dicehall.web.ui.table.TableLive}'s page key),
 *     which its answer drew already and which therefore hears nothing of it; null when no page made it
 */
public record TableEvent(String tableId, String rollId, String kind, Row drawn, boolean posts, String page) {

    /** An event made by no page in particular. */
    public TableEvent(String tableId, String rollId, String kind, Row drawn, boolean posts) {
        this(tableId, rollId, kind, drawn, posts, null);
    }

    /** An event as stored: nothing drawn for it yet, and maybe posts queued. */
    public TableEvent(String tableId, String rollId, String kind) {
        this(tableId, rollId, kind, null, true);
    }

    /** An event as another instance told it (whose own webhook worker is woken there). */
    public TableEvent(String tableId, String rollId, String kind, Row drawn) {
        this(tableId, rollId, kind, drawn, true);
    }

    /**
     * A roll's row as drawn for the table's pages.
     *
     * @param seq the roll's number at the table
     * @param html the row (an HTML list item)
     */
    public record Row(long seq, String html) {
    }

    public static final String ROLL = "roll";
    public static final String MOVE = "move";
    public static final String VISIBILITY = "visibility";
    public static final String MEMBERS = "members";
    public static final String TABLE = "table";
    public static final String CHARACTERS = "characters";

    /** @return an event about the table's members */
    public static TableEvent aboutMembers(String tableId) {
        return new TableEvent(tableId, null, MEMBERS);
    }

    /** @return an event about the table itself (its name, whether it is closed) */
    public static TableEvent aboutTable(String tableId) {
        return new TableEvent(tableId, null, TABLE);
    }

    /** @return an event about the table's characters */
    public static TableEvent aboutCharacters(String tableId) {
        return new TableEvent(tableId, null, CHARACTERS);
    }

    /** @return this event with how its roll's row reads to the other members, as {@code drawn} says */
    public TableEvent drawn(Row row) {
        return new TableEvent(tableId, rollId, kind, row, posts, page);
    }

    /** @return this event, made by the play of the page with that key (null: none), which hears nothing of it */
    public TableEvent fromPage(String key) {
        return new TableEvent(tableId, rollId, kind, drawn, posts, key);
    }

    /** @return this event, known to have queued no webhook post */
    public TableEvent postingNothing() {
        return new TableEvent(tableId, rollId, kind, drawn, false, page);
    }

    /** @return whether it is about one roll */
    public boolean aboutRoll() {
        return rollId != null;
    }
}
