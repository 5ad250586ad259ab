package io.dicehall.web.tables.control;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The table events a request holds back until its answer has drawn what goes with them. A member's public roll
 * made on the table page is pushed once the request has drawn its row as the other members see it, which goes
 * with the push ({@link #release(Map)}): their pages take it and ask the server for nothing. Any other roll made
 * there is pushed once the roller's card and rows are sent: the other pages then fetch and draw the row as they may
 * see it, and that work no longer competes with drawing the card. Whatever a request still holds when it ends is pushed
 * then. A request that holds nothing (the JSON API, every other page) pushes as soon as its transaction commits.
 */
@RequestScoped
public class HeldPushes {

    @Inject
    TablePush push;

    private List<TableEvent> held;
    /** What must happen before anything held is pushed: a roll's wait for the disk and its events; run once. */
    private Runnable first;
    /** The key of the table page whose play this request is: its answer draws what changed, so it hears none of it. */
    private String page;

    /** From now on, this request's stored events wait for {@link #release()}. */
    public void hold() {
        if (held == null) {
            held = new ArrayList<>();
        }
    }

    /**
     * Names the table page whose play this request is ({@code TableLive}'s page key): what this request pushes goes
     * to every other page of the table, not to that one, whose answer draws it all.
     */
    public void from(String pageKey) {
        page = pageKey;
    }

    /** Pushes what this request held, together and in the order it was stored, and holds nothing more. */
    public void release() {
        release(Map.of());
    }

    /**
     * Pushes what this request held, as {@link #release()} does, each roll's and move's event with how its row reads
     * to the other members when {@code drawn} has it (by roll id: {@link TableEvent#drawn()}).
     */
    public void release(Map<String, TableEvent.Row> drawn) {
        runFirst();
        List<TableEvent> now = held;
        held = null;
        if (now != null) {
            push.publish(now.stream().map(event -> withRow(event, drawn)).toList());
        }
    }

    /**
     * Pushes the roll and move events this request held whose rows {@code drawn} has (by roll id), with them, and
     * holds the others until {@link #release(Map)}: the other members hear of the roll at once, and of what else it
     * changed (the roll it ended) once that is drawn too.
     */
    public void releaseDrawn(Map<String, TableEvent.Row> drawn) {
        runFirst();
        if (held == null) {
            return;
        }
        List<TableEvent> now = held.stream().filter(event -> rowOf(event, drawn) != null).toList();
        if (!now.isEmpty()) {
            held.removeAll(now);
            push.publish(now.stream().map(event -> withRow(event, drawn)).toList());
        }
    }

    /**
     * Holds this request's events until {@code told} has run, which tells the table of a roll once it is on disk
     * ({@code TableRolls.Made#told}): it runs before anything is released, at the latest when the request ends.
     */
    public void tellFirst(Runnable told) {
        hold();
        first = told;
    }

    private void runFirst() {
        Runnable told = first;
        first = null;
        if (told != null) {
            told.run();
        }
    }

    /** @return the event as pushed: with its row when {@code drawn} has it, and the page that made it, if any */
    private TableEvent withRow(TableEvent event, Map<String, TableEvent.Row> drawn) {
        TableEvent.Row row = rowOf(event, drawn);
        TableEvent told = page == null ? event : event.fromPage(page);
        return row == null ? told : told.drawn(row);
    }

    private static TableEvent.Row rowOf(TableEvent event, Map<String, TableEvent.Row> drawn) {
        boolean rowChanged = TableEvent.ROLL.equals(event.kind()) || TableEvent.MOVE.equals(event.kind());
        return rowChanged && event.aboutRoll() ? drawn.get(event.rollId()) : null;
    }

    /** @return whether the event is held until {@link #release()}; false when this request holds nothing */
    boolean keep(TableEvent event) {
        if (held == null) {
            return false;
        }
        held.add(event);
        return true;
    }

    @PreDestroy
    void ended() {
        release();
    }
}
