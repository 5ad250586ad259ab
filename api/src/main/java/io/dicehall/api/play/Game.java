package io.dicehall.api.play;

import io.dicehall.api.Move;
import io.dicehall.api.odds.Chance;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.state.RollState;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A procedure's rules, for one roll's inputs, seen as a game of chance and choice: what best play needs to
 * know, and nothing else. A procedure offers one through {@link io.dicehall.api.Procedure#game}; {@link
 * Solver} works out best play from it.
 *
 * <h2>Positions</h2>
 * A position ({@code P}) is the system's own small immutable value (a record) holding everything that matters
 * for the rest of the roll and nothing more: successes so far, how many failed dice of each kind could be
 * picked up, KISSes left, whether Ego is spent. Two positions that are {@code equals} must play out alike; the
 * fewer distinct positions, the more merge and the faster the solver is. Positions should not hold the dice,
 * their ids, the history or any text: {@link #start()} and {@link #next} must give the exact distribution of
 * {@link #position(RollState)} over every throw, so whatever a position holds must be worth telling apart.
 *
 * <h2>Moves and stopping</h2>
 * {@link #moves(Object)} lists what the player may do in a position, each move with concrete inputs (how many
 * dice, which aspect, whether to add the bonus). A position with no moves is over: its {@link #outcome} is
 * final. A position with moves is not: the player must make one of them, and the solver adds no move of its
 * own. Stopping is a move like the others: where the rules let the player end the roll (an {@code accept}
 * move), the game lists that move, and it leads to a position that is over. Play that never ends reaches no
 * goal. In positions the solver reaches by itself, a move's inputs only need to mean something to {@link
 * #next(Object, Move)} (picks may name dice {@code d1}, {@code d2} … standing for "two failed dice").
 *
 * <h2>The state at hand</h2>
 * The moves of a real state are shown to a player and may be sent back to the server, so they must name its
 * dice: {@link #moves(RollState)} lists them, and {@link #next(RollState, Move)} says where they lead. By
 * default they are {@code moves(position(state))} and {@code next(position(state), move)}; a game whose
 * positions leave out what a move names (die ids) overrides both, usually in a few lines (pick the first
 * {@code k} failed dice of the state; count the picks).
 *
 * <h2>Chance</h2>
 * {@link #start()} and {@link #next} give the exact {@link Lottery} of the positions a throw leads to. They
 * should come from the procedure's exact-odds code, not from enumerating faces: re-throwing {@code k} failed
 * dice leads to {@code Lottery.of(Dist.binomial(k, hit), h -> new Position(hits + h, ...))}.
 *
 * <h2>Contract</h2>
 * For every real state {@code s} of the roll, with {@code p = position(s)}:
 * <ul>
 *   <li>{@code outcome(p)} is {@code s.outcome().id()}, and {@code moves(s)} is empty exactly when {@code s} is
 *       complete;</li>
 *   <li>every move in {@code moves(s)} is one of {@code s}'s open moves, with inputs that pass that move's form
 *       and {@link io.dicehall.api.Procedure#checkMove checkMove}, so that it can be sent to the server as it
 *       is; every open move the {@linkplain #playerChooses player chooses} is listed at least once;</li>
 *   <li>{@code next(s, m)} is the exact distribution of {@code position(apply(s, m, dice))} over the dice,
 *       for every legal move {@code m} of {@code s} (listed or not), and {@code start()} that of {@code
 *       position(start(dice))};</li>
 *   <li>the moves of {@code s} are worth what the moves of {@code p} are worth (the same best play).</li>
 * </ul>
 *
 * <p>A move's inputs may be listed up to symmetry: where several inputs are sure to play out alike (picking up
 * any two of three equal failed dice), one of them is enough, and in a real state it should be the one a player
 * would pick (the first dice). Where they are all listed, they show as {@linkplain BestPlay#tied() ties}.
 *
 * <p>The contract kit ({@code io.dicehall.api.contract.GameSystemContract}, in {@code dicehall-api-testkit})
 * checks all of this on small inputs against the procedure's {@code start} and {@code apply}. Methods must be
 * pure functions of the game and their arguments, never return null, and may be called many times in any
 * order; a game need not be thread-safe (the solver uses one game on one thread), but a procedure hands out a
 * new or an immutable one on every call.
 *
 * @param <P> the type of the positions: immutable, with value-based {@code equals} and {@code hashCode}
 * @since 0.2
 */
public interface Game<P> {

    /**
     * The first throw.
     *
     * @return the exact distribution of the first positions; never null
     */
    Lottery<P> start();

    /**
     * @param state a real state of this roll (from {@code start} or {@code apply} with these inputs)
     * @return its position; never null
     */
    P position(RollState state);

    /**
     * @param position a position of this game
     * @return the moves the player may make there, each with concrete inputs, in the order a player would
     *     consider them; empty exactly when the position is over; never null
     */
    List<Move> moves(P position);

    /**
     * @param position a position that is not over
     * @param move one of {@code moves(position)}
     * @return the exact distribution of the positions the move leads to; never null
     */
    Lottery<P> next(P position, Move move);

    /**
     * The moves of a real state, as a player would make them there: each an open move of the state with inputs
     * that name its dice and pass the move's form and {@code checkMove}. The default is {@code
     * moves(position(state))}, right when positions hold whatever moves name; override it when they do not.
     *
     * @param state a real state of this roll
     * @return the moves, in the order a player would consider them; empty exactly when the state is complete
     */
    default List<Move> moves(RollState state) {
        return moves(position(state));
    }

    /**
     * Where a move of a real state leads. The default is {@code next(position(state), move)}; override it with
     * {@link #moves(RollState)}. It must take any legal move of the state, not only those {@code moves(state)}
     * lists, since a player may fill in other inputs and ask what they are worth.
     *
     * @param state a real state of this roll, not complete
     * @param move any open move of the state whose inputs pass its form and {@code checkMove}
     * @return the exact distribution of {@code position(apply(state, move, dice))} over the dice
     */
    default Lottery<P> next(RollState state, Move move) {
        return next(position(state), move);
    }

    /**
     * @param position a position of this game
     * @return the id of the outcome as it stands there: final when the position is over; one of the
     *     procedure's declared outcomes
     */
    String outcome(P position);

    /**
     * Whether best play chooses a move. A move that someone else decides (the opposition's invoke) is left out
     * of {@link #moves}; best play then assumes it is not made, and gives no advice on it.
     *
     * @param moveId the id of a move the procedure may offer
     * @return true unless the player does not choose that move
     */
    default boolean playerChooses(String moveId) {
        return true;
    }

    /**
     * The game's own exact best-play probability of a position, when it can work it out faster than the
     * solver's search (by symmetry, by counting dice instead of listing them, in closed form). The solver then
     * takes this value and searches no further from that position. It still lists and values the moves of the
     * state or position it is asked about, so a game can answer every position this way and still show the
     * best move. The contract kit checks it against the search on small inputs.
     *
     * @param position a position of this game
     * @param goal the goal
     * @return the probability of reaching the goal from there under best play, exactly; or empty to let the
     *     solver search
     */
    default Optional<Fraction> value(P position, Goal goal) {
        return Optional.empty();
    }

    /**
     * The game's own exact best-play probability before the roll, like {@link #value}.
     *
     * @param goal the goal
     * @return the probability of reaching the goal under best play, over the first throw; or empty to let the
     *     solver work it out from {@link #start()}
     */
    default Optional<Fraction> valueBeforeRoll(Goal goal) {
        return Optional.empty();
    }

    /**
     * The game of a roll that offers no move: every state is complete at the first throw, so best play is the
     * probability of the outcomes that reach the goal. Its positions are outcome ids.
     *
     * @param odds the procedure's pre-roll odds for the roll's inputs
     * @return the game
     */
    static Game<String> withoutMoves(Odds odds) {
        Lottery.Builder<String> first = Lottery.builder();
        for (Chance chance : odds.outcomes()) {
            first.add(chance.id(), chance.probability());
        }
        Lottery<String> start = first.build();
        return new Game<>() {
            @Override
            public Lottery<String> start() {
                return start;
            }

            @Override
            public String position(RollState state) {
                return state.outcome().id();
            }

            @Override
            public List<Move> moves(String position) {
                return List.of();
            }

            @Override
            public Lottery<String> next(String position, Move move) {
                throw new IllegalStateException("a roll without moves has no next position");
            }

            @Override
            public String outcome(String position) {
                return Objects.requireNonNull(position, "position");
            }
        };
    }
}
