package io.dicehall.api.play;

import io.dicehall.api.odds.Fraction;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Best play toward a goal: the exact probability of reaching it when every choice from here on is made to
 * reach it as often as possible, and what each move open now is worth.
 *
 * <p>Before the roll there is nothing to choose yet ({@code moves} is empty) and {@code probability} is the
 * chance over the first throw. In a state with open moves, {@code moves} lists every move the game offers
 * there, each with its inputs (which dice to pick up …) and its probability under best play afterwards, best
 * first; {@code probability} is the first one's. Moves as good as the best are {@linkplain #best() tied}:
 * nothing tells them apart. Stopping (an {@code accept} move) is listed like any other. In a complete state
 * {@code moves} is empty and {@code probability} is 1 or 0.
 *
 * @param goal the goal aimed at, never null
 * @param probability the exact probability of reaching it under best play, at most 1
 * @param moves the moves open now with their probabilities, best first (moves of equal probability in the
 *     game's order); may be empty, never null
 * @since 0.2
 */
public record BestPlay(Goal goal, Fraction probability, List<MoveChance> moves) {

    /** Copies the moves and checks that they are in order and that the best is the answer. */
    public BestPlay {
        Objects.requireNonNull(goal, "goal");
        Objects.requireNonNull(probability, "probability");
        if (probability.compareTo(Fraction.ONE) > 0) {
            throw new IllegalArgumentException("a probability above 1: " + probability);
        }
        moves = List.copyOf(moves);
        for (int i = 1; i < moves.size(); i++) {
            if (moves.get(i).probability().compareTo(moves.get(i - 1).probability()) > 0) {
                throw new IllegalArgumentException("moves must be listed best first: " + moves);
            }
        }
        if (!moves.isEmpty() && !moves.get(0).probability().equals(probability)) {
            throw new IllegalArgumentException("best play is worth what its best move is: " + probability
                    + " against " + moves.get(0).probability());
        }
    }

    /** @return the best move, the first of several {@linkplain #best() tied}; empty when there is no choice */
    public Optional<MoveChance> bestMove() {
        return moves.isEmpty() ? Optional.empty() : Optional.of(moves.get(0));
    }

    /** @return every move as good as the best one, in the game's order; empty when there is no choice */
    public List<MoveChance> best() {
        return moves.stream().filter(m -> m.probability().equals(probability)).toList();
    }

    /** @return whether several moves are equally best */
    public boolean tied() {
        return best().size() > 1;
    }

    /**
     * @return for each move id, its best entry (the best inputs for that move), best first: what each kind of
     *     move gives at most, e.g. for "stopping gives 18%"
     */
    public List<MoveChance> byMove() {
        var seen = new HashSet<String>();
        var best = new ArrayList<MoveChance>();
        for (MoveChance move : moves) {
            if (seen.add(move.move().id())) {
                best.add(move);
            }
        }
        return List.copyOf(best);
    }

    /**
     * @param move one of {@link #moves()}
     * @return how much less likely the goal is with that move than with the best one: 0 for a best move
     */
    public Fraction givesUp(MoveChance move) {
        return probability.minus(move.probability());
    }
}
