package io.dicehall.web.platform;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThan;

import java.security.SecureRandom;
import java.util.ArrayDeque;
import java.util.Deque;
import org.junit.jupiter.api.Test;

class SecureDiceTest {

    /** A source whose next ints are given, to check what the dice do with each. */
    private static final class Script extends SecureRandom {
        private static final long serialVersionUID = 1L;
        private final Deque<Integer> ints = new ArrayDeque<>();

        Script(int... values) {
            for (int v : values) {
                ints.add(v);
            }
        }

        @Override
        public int nextInt() {
            return ints.removeFirst();
        }
    }

    @Test
    void rejectsTheIncompleteTopBlockSoNoFaceIsFavoured() {
        // The dice use 31 bits (an int >>> 1): 2^31 values. For a d6, 2^31 mod 6 = 2, so the two highest
        // values, 2^31-1 (from -1) and 2^31-2 (from -4), are thrown away; 50 >>> 1 = 25 then reads 1 + 25 mod 6.
        Script source = new Script(-1, -4, 50);
        assertThat(new SecureDice(source).roll(6), is(2));
        assertThat(source.ints.isEmpty(), is(true));
        // The highest accepted value, 2^31-3 (from -6), is kept.
        assertThat(new SecureDice(new Script(-6)).roll(6), is(1 + (Integer.MAX_VALUE - 2) % 6));
    }

    @Test
    void everyFaceOfEveryCommonDieComesUpAboutEquallyOften() {
        SecureDice dice = new SecureDice();
        for (int sides : new int[] {2, 3, 4, 6, 8, 10, 12, 20, 100}) {
            int rolls = 2000 * sides;
            long[] counts = new long[sides];
            for (int i = 0; i < rolls; i++) {
                int face = dice.roll(sides);
                assertThat(face >= 1 && face <= sides, is(true));
                counts[face - 1]++;
            }
            double expected = rolls / (double) sides;
            double chiSquare = 0;
            for (long count : counts) {
                chiSquare += (count - expected) * (count - expected) / expected;
            }
            // A bound above the chi-square critical value at p = 1e-6 for each of these df: a fair die fails
            // it less than once in a million runs, while a die that skips or doubles a face fails at once.
            int df = sides - 1;
            assertThat("d" + sides + " chi-square " + chiSquare, chiSquare, lessThan(df + 7.5 * Math.sqrt(2.0 * df) + 25));
        }
    }
}
