package io.dicehall.web.tables.control;

import io.dicehall.api.state.RollState;
import io.dicehall.web.tables.entity.Ending;
import java.time.LocalDateTime;

/**
 * When a roll's open moves end by themselves, and what the API says of a roll's end. A roll is <em>open</em>
 * while its rules leave a move; it ends when its roller plays it to the end (the rules leave no move:
 * {@code stopped}), or without them: after the table's idle time with no move ({@code idle}), when its roller
 * starts another roll for the same character, or of the same procedure for no character ({@code superseded}),
 * or when the GM ends it ({@code gm}).
 */
public final class Endings {

    /** The word for a roll whose rules left no move open. */
    public static final String STOPPED = "stopped";

    private Endings() {
    }

    /** @return whether a roll last moved at {@code active} has been idle for {@code seconds} by {@code now} */
    public static boolean idle(LocalDateTime active, int seconds, LocalDateTime now) {
        return active != null && !active.plusSeconds(seconds).isAfter(now);
    }

    /**
     * @param ended why its moves ended without its roller, or null
     * @param state its last state as stored
     * @return null while moves are open; else {@code stopped}, {@code idle}, {@code superseded} or {@code gm}
     */
    public static String word(Ending ended, RollState state) {
        if (ended != null) {
            return ended.word();
        }
        return state.moves().isEmpty() ? STOPPED : null;
    }

    /** @return the state as it is shown: as stored, but with no open move once its moves ended */
    public static RollState shown(Ending ended, RollState state) {
        return ended == null || state.moves().isEmpty() ? state : state.toBuilder().moves(java.util.List.of()).complete().build();
    }
}
