package io.dicehall.api;

import io.dicehall.api.form.Form;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.play.Game;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import java.util.List;
import java.util.Optional;

/**
 * A procedure whose every roll ends at the first throw: {@link #start} returns a complete state, and there is
 * no move to make. A subclass writes two methods, {@link #start} and {@link #odds(Inputs)}; everything else is
 * given or derived:
 * <ul>
 *   <li>the declarations, from the constructor (see {@link BasicProcedure});</li>
 *   <li>{@link #apply}: refuses, since no state offers a move;</li>
 *   <li>{@link #game(Inputs)}: best play is simply the pre-roll odds of the outcomes that reach the goal, {@link
 *       Game#withoutMoves(io.dicehall.api.odds.Odds)};</li>
 *   <li>the outcome order, the rules' checks and the decision odds: {@link Procedure}'s defaults.</li>
 * </ul>
 * The contract kit checks that every state {@code start} returns is complete, as the game assumes.
 *
 * <pre>{@code
 * final class Flip extends SingleThrowProcedure {
 *     Flip() {
 *         super("flip", "Flip", "Heads or tails.", Form.EMPTY, OUTCOMES);
 *     }
 *
 *     public RollState start(Inputs inputs, Dice dice) {
 *         int face = dice.roll(2);
 *         return RollState.builder().step("start", "Flipped").outcome(OUTCOMES.get(face - 1)).complete().build();
 *     }
 *
 *     public Odds odds(Inputs inputs) {
 *         return Odds.over(OUTCOMES).add("tails", Fraction.of(1, 2)).add("heads", Fraction.of(1, 2)).build();
 *     }
 * }
 * }</pre>
 *
 * @since 0.2
 */
public abstract class SingleThrowProcedure extends BasicProcedure {

    /**
     * @param id the permanent id, lower-kebab-case, unique within the system
     * @param name the name players see, not blank
     * @param summary one or two sentences on when to use it, not blank
     * @param form the inputs a player fills in; {@link Form#EMPTY} for none
     * @param outcomes every outcome a roll can end with, worst to best, at least one, with distinct ids
     * @throws IllegalArgumentException if a declaration breaks the rules of {@link BasicProcedure}
     */
    protected SingleThrowProcedure(String id, String name, String summary, Form form, List<Outcome> outcomes) {
        super(id, name, summary, form, outcomes);
    }

    /**
     * Makes the one throw.
     *
     * @param inputs checked inputs that broke no rule
     * @param dice the only source of randomness to use
     * @return the state, complete (no open moves), never null
     */
    @Override
    public abstract RollState start(Inputs inputs, Dice dice);

    /**
     * Refuses: a roll of this procedure offers no move, so the server never asks for one.
     *
     * @throws UnsupportedOperationException always
     */
    @Override
    public final RollState apply(Inputs inputs, RollState state, Move move, Dice dice) {
        throw new UnsupportedOperationException("the procedure " + id() + " ends at the first throw, so it cannot"
                + " make " + (move == null ? "a move" : "the move " + move.id()));
    }

    /**
     * @return the game of a roll without moves, from {@link #odds(Inputs)}: best play is the probability of the
     *     outcomes that reach the goal
     */
    @Override
    public Optional<Game<?>> game(Inputs inputs) {
        return Optional.of(Game.withoutMoves(odds(inputs)));
    }
}
