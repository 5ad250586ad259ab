package io.dicehall.api.play;

import io.dicehall.api.Move;
import io.dicehall.api.odds.Fraction;
import java.util.Objects;

/**
 * A move and the exact probability of reaching the goal if it is made now and every later choice is made well.
 *
 * @param move the move, with its inputs; never null
 * @param probability the exact probability, at most 1
 * @since 0.2
 */
public record MoveChance(Move move, Fraction probability) {

    /** Checks the parts. */
    public MoveChance {
        Objects.requireNonNull(move, "move");
        Objects.requireNonNull(probability, "probability");
        if (probability.compareTo(Fraction.ONE) > 0) {
            throw new IllegalArgumentException(move.id() + ": a probability above 1: " + probability);
        }
    }
}
