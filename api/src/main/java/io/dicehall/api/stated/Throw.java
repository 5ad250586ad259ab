package io.dicehall.api.stated;

import io.dicehall.api.odds.Pool;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What a stated roll throws: plain dice, each with its number of sides, in the order they are thrown (and shown).
 * A die of {@code n} sides shows a face from 1 to {@code n}, each equally likely; how the faces count is the
 * {@link Reading}'s business. Immutable; built from the roll's inputs by {@link StatedProcedure#thrown}.
 *
 * <pre>{@code
 * Throw.dice(inputs.integer("rating"), 6)              // a pool of d6s
 * Throw.dice(1, 8).and(2, 6)                           // a d8 and two d6s
 * }</pre>
 *
 * @since 0.3
 */
public final class Throw {

    private static final Throw NONE = new Throw(List.of());

    private final List<Integer> sides;

    private Throw(List<Integer> sides) {
        this.sides = List.copyOf(sides);
    }

    /**
     * @return a throw of no dice (a reading of it sees an empty list of faces)
     * @since 0.3
     */
    public static Throw none() {
        return NONE;
    }

    /**
     * @param count how many dice, at least 0
     * @param sides the sides of each, at least 1
     * @return a throw of {@code count} dice of {@code sides} sides
     * @throws IllegalArgumentException if {@code count} is negative or {@code sides} below 1
     * @since 0.3
     */
    public static Throw dice(int count, int sides) {
        return NONE.and(count, sides);
    }

    /**
     * @param count how many more dice, at least 0
     * @param sides the sides of each, at least 1
     * @return this throw and {@code count} more dice of {@code sides} sides, thrown after these
     * @throws IllegalArgumentException if {@code count} is negative or {@code sides} below 1
     * @since 0.3
     */
    public Throw and(int count, int sides) {
        if (count < 0) {
            throw new IllegalArgumentException("dice must be at least 0: " + count);
        }
        if (sides < 1) {
            throw new IllegalArgumentException("a die needs at least one side: " + sides);
        }
        var more = new ArrayList<>(this.sides);
        for (int i = 0; i < count; i++) {
            more.add(sides);
        }
        return new Throw(more);
    }

    /**
     * @return the sides of each die, in throw order; unmodifiable
     * @since 0.3
     */
    public List<Integer> sides() {
        return sides;
    }

    /**
     * @return the number of dice
     * @since 0.3
     */
    public int size() {
        return sides.size();
    }

    /**
     * @return the same dice as a {@link Pool}, for exact odds
     * @since 0.3
     */
    public Pool pool() {
        Pool pool = Pool.of();
        for (int s : sides) {
            pool = pool.and(1, io.dicehall.api.odds.Dist.die(s));
        }
        return pool;
    }

    /**
     * @return how many ordered combinations of faces the throw has: the product of the sides (1 for no dice)
     * @since 0.3
     */
    public BigInteger combinations() {
        BigInteger product = BigInteger.ONE;
        for (int s : sides) {
            product = product.multiply(BigInteger.valueOf(s));
        }
        return product;
    }

    /**
     * @return how many distinct throws the dice have once each size's faces are sorted (the sorted throws a {@link
     *     Reading#sorted sorted reading} and the game of {@link Rerolls} go through): for each size of die, the
     *     multisets of its count of faces, multiplied together (1 for no dice)
     * @since 0.3
     */
    public BigInteger sortedThrows() {
        var counts = new java.util.TreeMap<Integer, Integer>();
        sides.forEach(s -> counts.merge(s, 1, Integer::sum));
        BigInteger product = BigInteger.ONE;
        for (var entry : counts.entrySet()) {
            // Multisets of k faces out of n: C(n + k - 1, k).
            BigInteger choose = BigInteger.ONE;
            for (int k = 1; k <= entry.getValue(); k++) {
                choose = choose.multiply(BigInteger.valueOf(entry.getKey() - 1L + k)).divide(BigInteger.valueOf(k));
            }
            product = product.multiply(choose);
        }
        return product;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Throw that && sides.equals(that.sides);
    }

    @Override
    public int hashCode() {
        return Objects.hash(sides);
    }

    /** @return the dice as players say it: {@code 3d6}, {@code 1d8 + 2d6}, or {@code no dice} */
    @Override
    public String toString() {
        if (sides.isEmpty()) {
            return "no dice";
        }
        var parts = new ArrayList<String>();
        int i = 0;
        while (i < sides.size()) {
            int j = i;
            while (j < sides.size() && sides.get(j).equals(sides.get(i))) {
                j++;
            }
            parts.add((j - i) + "d" + sides.get(i));
            i = j;
        }
        return String.join(" + ", parts);
    }
}
