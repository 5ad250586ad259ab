package io.dicehall.api.play;

import io.dicehall.api.Move;
import io.dicehall.api.Procedure;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.state.RollState;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Works out best play from a {@link Game}: the exact probability of reaching a goal when every choice is made to
 * reach it as often as possible, before the roll and in any state, with the value of every move open there.
 *
 * <p>Dynamic programming over the game's positions, each valued once (memoised on the position) after every
 * position it leads to: {@code value = max over moves of Σ p · value(next)}, 1 or 0 where the roll is over.
 * Positions that can come round again (a running total that falls back) are solved exactly as a group. The
 * work is linear in the number of (position, move, next position) triples the game has, with one fraction
 * reduced per position; see {@code docs/best-play.md}. A {@linkplain #standard() standard} solver takes the
 * game's own values ({@link Game#value}, {@link Game#valueBeforeRoll}) wherever it gives them; a {@linkplain
 * #generic() generic} one searches everything, and is what the contract kit checks those values against.
 *
 * <p>Immutable and thread-safe; each answer is worked out afresh, nothing is kept between calls.
 *
 * @since 0.2
 */
public final class Solver {

    /** How many positions a search may visit unless told otherwise. */
    public static final int DEFAULT_LIMIT = 200_000;

    private final boolean shortcuts;
    private final int limit;

    private Solver(boolean shortcuts, int limit) {
        this.shortcuts = shortcuts;
        this.limit = limit;
    }

    /** @return a solver that takes the game's own values where it gives them: what a server uses */
    public static Solver standard() {
        return new Solver(true, DEFAULT_LIMIT);
    }

    /** @return a solver that ignores the game's own values and searches every position */
    public static Solver generic() {
        return new Solver(false, DEFAULT_LIMIT);
    }

    /**
     * @param positions the most positions one answer may visit, at least 1
     * @return this solver with that limit; beyond it an answer throws {@link SearchLimitException}
     */
    public Solver limit(int positions) {
        if (positions < 1) {
            throw new IllegalArgumentException("the limit must be at least 1: " + positions);
        }
        return new Solver(shortcuts, positions);
    }

    /**
     * Best play before the roll, for a server.
     *
     * @param procedure the procedure
     * @param inputs its checked inputs, which broke no rule
     * @param goal a goal of the procedure's {@linkplain Procedure#outcomeOrder() order}
     * @return best play before the roll (no moves), or empty if the procedure's outcomes have no order or it
     *     gives no game for these inputs
     * @throws IllegalArgumentException if the goal does not fit the procedure's order
     * @throws SearchLimitException if the search would visit more positions than the limit
     */
    public Optional<BestPlay> beforeRoll(Procedure procedure, Inputs inputs, Goal goal) {
        if (!fits(procedure, goal)) {
            return Optional.empty();
        }
        return procedure.game(inputs).map(game -> beforeRoll(game, goal));
    }

    /**
     * Best play in a state of a roll, for a server: the probability under best play from now, and every move
     * open with its own, best first.
     *
     * @param procedure the procedure
     * @param inputs the roll's inputs
     * @param state a state of the roll
     * @param goal a goal of the procedure's {@linkplain Procedure#outcomeOrder() order}
     * @return best play, or empty if the procedure's outcomes have no order or it gives no game for the inputs
     * @throws IllegalArgumentException if the goal does not fit the procedure's order
     * @throws SearchLimitException if the search would visit more positions than the limit
     */
    public Optional<BestPlay> at(Procedure procedure, Inputs inputs, RollState state, Goal goal) {
        if (!fits(procedure, goal)) {
            return Optional.empty();
        }
        return procedure.game(inputs).map(game -> at(game, state, goal));
    }

    /**
     * What one move is worth in a state of a roll, for a server answering the decision odds of the move a player
     * has filled in (which may be any legal input, not only one the game lists).
     *
     * @param procedure the procedure
     * @param inputs the roll's inputs
     * @param state a state of the roll, not complete
     * @param move an open move whose inputs passed its form and {@link Procedure#checkMove}
     * @param goal a goal of the procedure's {@linkplain Procedure#outcomeOrder() order}
     * @return the move with the probability of reaching the goal if it is made now and best play follows; or
     *     empty if the procedure's outcomes have no order or it gives no game for the inputs
     * @throws IllegalArgumentException if the goal does not fit the procedure's order
     * @throws SearchLimitException if the search would visit more positions than the limit
     */
    public Optional<MoveChance> move(Procedure procedure, Inputs inputs, RollState state, Move move,
            Goal goal) {
        if (!fits(procedure, goal)) {
            return Optional.empty();
        }
        return procedure.game(inputs).map(game -> move(game, state, move, goal));
    }

    private static boolean fits(Procedure procedure, Goal goal) {
        OutcomeOrder order = procedure.outcomeOrder();
        if (!order.ordered()) {
            return false;
        }
        if (!order.goal(goal.atLeast()).equals(goal)) {
            throw new IllegalArgumentException("the goal " + goal + " does not fit the order " + order.tiers());
        }
        return true;
    }

    /**
     * @param game a game
     * @param goal the goal
     * @return best play before the roll: its probability over the first throw, no moves
     */
    public <P> BestPlay beforeRoll(Game<P> game, Goal goal) {
        Objects.requireNonNull(goal, "goal");
        if (shortcuts) {
            Optional<Fraction> known = Objects.requireNonNull(game.valueBeforeRoll(goal), "valueBeforeRoll");
            if (known.isPresent()) {
                return new BestPlay(goal, known.get(), List.of());
            }
        }
        Fraction p = new Search<>(game, goal, shortcuts, limit).beforeRoll(game.start());
        return new BestPlay(goal, p, List.of());
    }

    /**
     * @param game the game of the roll's inputs
     * @param state a real state of the roll
     * @param goal the goal
     * @return best play in that state, with every move the game lists there ({@link Game#moves(RollState)})
     */
    public <P> BestPlay at(Game<P> game, RollState state, Goal goal) {
        Objects.requireNonNull(goal, "goal");
        return new Search<>(game, goal, shortcuts, limit).at(game.moves(state), move -> game.next(state, move),
                () -> game.outcome(game.position(state)));
    }

    /**
     * @param game the game of the roll's inputs
     * @param state a real state of the roll, not complete
     * @param move any legal move of the state, listed by the game or not
     * @param goal the goal
     * @return the move with the probability of reaching the goal if it is made now and best play follows
     */
    public <P> MoveChance move(Game<P> game, RollState state, Move move, Goal goal) {
        Objects.requireNonNull(goal, "goal");
        Objects.requireNonNull(move, "move");
        return new Search<>(game, goal, shortcuts, limit).at(List.of(move), m -> game.next(state, m), () -> "")
                .moves().get(0);
    }

    /**
     * @param game a game
     * @param position one of its positions
     * @param goal the goal
     * @return best play at that position, with every move the game lists there; its moves are always valued,
     *     even where the game gives its own value of the position
     */
    public <P> BestPlay atPosition(Game<P> game, P position, Goal goal) {
        Objects.requireNonNull(goal, "goal");
        return new Search<>(game, goal, shortcuts, limit).at(game.moves(position), move -> game.next(position, move),
                () -> game.outcome(position));
    }
}
