package io.dicehall.api;

import io.dicehall.api.form.Form;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.Violation;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.play.Game;
import io.dicehall.api.play.OutcomeOrder;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import java.util.List;
import java.util.Optional;

/**
 * One kind of roll in a system: a Check, a Task, an Overcome, an Action Roll. A pure, stateless
 * function of its inputs and its {@link Dice}: the same inputs and the same faces give the same
 * states. Implementations must be immutable and thread-safe, must draw every random value from the
 * {@code Dice} they are given, and must not keep anything between calls.
 *
 * <p>The server calls, in order:
 * <ol>
 *   <li>{@link #form()}, to check raw inputs with {@link io.dicehall.api.form.InputChecker};</li>
 *   <li>{@link #check(Inputs)}, for the rules' own limits (e.g. no Slow Check at 2 stress);</li>
 *   <li>{@link #start(Inputs, Dice)}, only with inputs that passed both;</li>
 *   <li>for a move: the move must be one of the state's open moves; its inputs are checked against
 *       that move's form, then {@link #checkMove}, and only then {@link #apply}.</li>
 * </ol>
 * So {@code start} and {@code apply} never see bad input and should not throw. Anything they do
 * throw is reported as a fault of the system, never as the player's mistake.
 *
 * <p>For best play (since 0.2) the server reads {@link #outcomeOrder()} for the goals a player may name, and
 * {@link #game(Inputs)} for the rules as a game; a procedure that gives no game simply has no best play.
 *
 * <p>What a procedure must write: {@link #id()}, {@link #name()}, {@link #summary()}, {@link #form()}, {@link
 * #outcomes()}, {@link #start} and {@link #odds(Inputs)}; everything else has a default. {@link BasicProcedure}
 * takes the five declarations in its constructor, and {@link SingleThrowProcedure}, for a roll that ends at
 * the first throw, derives its best play from its odds as well: such a procedure writes {@code start} and
 * {@code odds} and nothing else.
 *
 * <p>This interface grows only by {@code default} methods, so a procedure built against an older version keeps
 * compiling and its compiled class keeps working.
 *
 * @since 0.1
 */
public interface Procedure {

    /** @return the id, lower-kebab-case, unique within the system, permanent (e.g. {@code check}) */
    String id();

    /** @return the name players see, never blank */
    String name();

    /** @return one or two sentences on when to use it, never blank */
    String summary();

    /** @return the inputs a player fills in before the roll; never null, the same every time */
    Form form();

    /**
     * @return every outcome a roll of this procedure can end with, in order from worst to best (or
     *     as players read them), with distinct ids and generic descriptions; never empty
     */
    List<Outcome> outcomes();

    /**
     * The rules' own limits on inputs that the form alone cannot express.
     *
     * @param inputs inputs that passed the form
     * @return every rule the inputs break, with field paths; empty if none; never null
     */
    default List<Violation> check(Inputs inputs) {
        return List.of();
    }

    /**
     * Makes the first throw.
     *
     * @param inputs checked inputs that broke no rule
     * @param dice the only source of randomness to use
     * @return the first state, never null
     */
    RollState start(Inputs inputs, Dice dice);

    /**
     * The rules' limits on a move that its form alone cannot express (e.g. more dice picked than
     * KISSes available).
     *
     * @param inputs the roll's inputs
     * @param state the current state, not complete
     * @param move one of the state's open moves, its inputs checked against the move's form
     * @return every rule the move breaks, with field paths relative to the move's inputs; empty if
     *     none; never null
     */
    default List<Violation> checkMove(Inputs inputs, RollState state, Move move) {
        return List.of();
    }

    /**
     * Makes a move. The server calls it only with one of the state's open moves, so a procedure whose states
     * never offer a move need not implement it: the default refuses, naming the procedure and the move.
     *
     * @param inputs the roll's inputs, as given to {@link #start}
     * @param state the current state, not complete
     * @param move an open move whose inputs passed its form and {@link #checkMove}
     * @param dice the only source of randomness to use
     * @return the next state, never null
     * @throws UnsupportedOperationException by default: this procedure offers no moves
     * @since 0.1 (a default since 0.2)
     */
    default RollState apply(Inputs inputs, RollState state, Move move, Dice dice) {
        throw new UnsupportedOperationException("the procedure " + id() + " offers no moves, so it cannot make "
                + (move == null ? "a move" : "the move " + move.id()));
    }

    /**
     * The exact odds before rolling. {@link Odds#outcomes()} is the distribution if the player takes
     * no move after the throw; {@link Odds#plans()} may add the distribution of stated plans (e.g.
     * every KISS spent on failed dice).
     *
     * @param inputs checked inputs that broke no rule
     * @return the odds over {@link #outcomes()}, summing to exactly 1; never null
     */
    Odds odds(Inputs inputs);

    /**
     * The exact odds of the outcome if the player makes {@code move} now: the decision aid ("is this
     * KISS worth it?"). What is assumed after the move (no further move, or a plan such as rolling on
     * until done) is stated in {@link Odds#note()}. Called only for moves whose {@link io.dicehall.api.state.MoveOption#hasOdds()} is true.
     *
     * @param inputs the roll's inputs
     * @param state the current state, not complete
     * @param move an open move whose inputs passed its form and {@link #checkMove}
     * @return the odds, or empty if this procedure gives none for the move; never null
     */
    default Optional<Odds> odds(Inputs inputs, RollState state, Move move) {
        return Optional.empty();
    }

    /**
     * How good the outcomes are, worst to best: what a goal such as "at least a Partial Pass" means. The default
     * is the order of {@link #outcomes()}, each outcome a rank of its own, with the worst outcome of good tone
     * as the default goal. A procedure overrides this when that order is not worst to best, when outcomes are
     * equally good (an Automatic Pass and a Pass), to name another default goal, or to say that its outcomes
     * have no order ({@link OutcomeOrder#UNORDERED}: then it has no goals and no best play).
     *
     * @return the order, ranking each of {@link #outcomes()} exactly once unless unordered; never null; the
     *     same every time
     * @since 0.2
     */
    default OutcomeOrder outcomeOrder() {
        return OutcomeOrder.worstToBest(outcomes());
    }

    /**
     * The rules of a roll with these inputs as a game of chance and choice, from which {@link
     * io.dicehall.api.play.Solver} works out best play: the exact probability of reaching a goal if every choice
     * is made well, and the best move now. See {@link Game} for what it must do. The default gives none: a
     * procedure without a game has no best play. A procedure whose rolls never offer a move can answer {@code
     * Optional.of(Game.withoutMoves(odds(inputs)))}.
     *
     * @param inputs checked inputs that broke no rule
     * @return the game, new or immutable, for this one roll; or empty if this procedure gives none for these
     *     inputs; never null
     * @since 0.2
     */
    default Optional<Game<?>> game(Inputs inputs) {
        return Optional.empty();
    }
}
