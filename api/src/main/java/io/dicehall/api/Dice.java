package io.dicehall.api;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The only source of randomness a rules system may use.
 *
 * <p>A system receives a {@code Dice} in {@link Procedure#start} and {@link Procedure#apply} and
 * must draw every random value from it, so that a roll is deterministic given its dice: tests pass
 * a {@linkplain #scripted scripted} instance, the server an unbiased one backed by
 * {@code SecureRandom}, and a verifiable table one derived from a published seed.
 *
 * <p>Systems map faces themselves: a d10 read 0–9 is {@code roll(10) % 10}; a Fudge die is
 * {@code roll(3) - 2}.
 *
 * <p>Implementations need not be thread-safe: one instance serves one roll or move at a time.
 */
@FunctionalInterface
public interface Dice {

    /**
     * Rolls one die.
     *
     * @param sides the number of sides, at least 1
     * @return a face uniformly distributed in {@code 1..sides}
     * @throws IllegalArgumentException if {@code sides < 1}
     * @throws IllegalStateException if a scripted instance has no faces left, or is handed a face that
     *     does not fit the die
     */
    int roll(int sides);

    /**
     * Dice that return the given faces in order, for tests and worked examples.
     *
     * @param faces the faces to return; each must fit the die it is used for
     * @return dice that fail with {@link IllegalStateException} when the script runs out or a face does
     *     not fit the die asked for
     */
    static Dice scripted(int... faces) {
        int[] script = faces.clone();
        return new Dice() {
            private int next;

            @Override
            public int roll(int sides) {
                if (sides < 1) {
                    throw new IllegalArgumentException("a die needs at least one side: " + sides);
                }
                if (next >= script.length) {
                    throw new IllegalStateException("scripted dice ran out after " + script.length
                            + " faces " + Arrays.toString(script));
                }
                int face = script[next++];
                if (face < 1 || face > sides) {
                    throw new IllegalStateException("scripted face " + face + " does not fit a d" + sides);
                }
                return face;
            }
        };
    }

    /**
     * Deterministic pseudo-random dice from a seed: the same seed gives the same faces. Unbiased (no
     * modulo bias). For tests and seeded samples; not for rolls that must be unpredictable.
     *
     * @param seed any value
     * @return dice whose sequence depends only on {@code seed}
     */
    static Dice seeded(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        return sides -> {
            if (sides < 1) {
                throw new IllegalArgumentException("a die needs at least one side: " + sides);
            }
            return 1 + random.nextInt(sides);
        };
    }
}
