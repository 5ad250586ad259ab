package io.dicehall.web.platform;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThan;

import io.dicehall.api.Dice;
import io.dicehall.web.tables.control.StreamDice;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HexFormat;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Fairness of the server's dice: the live ones ({@link SecureDice}, here on a seeded generator so
 * the run repeats) and a verifiable table's ({@link StreamDice}). Chi-square goodness of fit over
 * 600,000 throws of each die at α = 0.001, a test of consecutive pairs for independence, and an
 * exhaustive proof that the way raw bits become faces favours no face for any die size.
 */
class SecureDiceTest {

    private static final int THROWS = 600_000;

    /** Chi-square critical values at α = 0.001 by degrees of freedom. */
    private static final Map<Integer, Double> CRITICAL = Map.of(2, 13.816, 3, 16.266, 5, 20.515, 7, 24.322,
            9, 27.877, 11, 31.264, 35, 66.619);

    private static SecureRandom seeded() {
        try {
            SecureRandom random = SecureRandom.getInstance("SHA1PRNG");
            random.setSeed(20_261_122L);
            return random;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static final Map<String, Supplier<Dice>> SOURCES = Map.of(
            "live dice", () -> new SecureDice(seeded()),
            "verifiable dice", () -> new StreamDice(HexFormat.of().parseHex("0f".repeat(32)), 7, 0));

    private static double chiSquare(long[] counts, double expected) {
        double sum = 0;
        for (long count : counts) {
            sum += (count - expected) * (count - expected) / expected;
        }
        return sum;
    }

    @Test
    void everyFaceComesUpAsOftenAsAFairDieWould() {
        SOURCES.forEach((name, source) -> {
            Dice dice = source.get();
            // d4, d6, d8, d10, d12 and a Fudge die (three faces).
            for (int sides : new int[] {4, 6, 8, 10, 12, 3}) {
                long[] counts = new long[sides];
                for (int i = 0; i < THROWS; i++) {
                    counts[dice.roll(sides) - 1]++;
                }
                double chi = chiSquare(counts, THROWS / (double) sides);
                assertThat(name + " d" + sides + " chi-square", chi, lessThan(CRITICAL.get(sides - 1)));
            }
        });
    }

    @Test
    void consecutiveThrowsAreIndependent() {
        SOURCES.forEach((name, source) -> {
            Dice dice = source.get();
            long[] pairs = new long[36];
            int previous = dice.roll(6);
            for (int i = 0; i < THROWS; i++) {
                int next = dice.roll(6);
                pairs[(previous - 1) * 6 + next - 1]++;
                previous = next;
            }
            assertThat(name + " pairs chi-square", chiSquare(pairs, THROWS / 36.0), lessThan(CRITICAL.get(35)));
        });
    }

    @Test
    void theMappingFromBitsToFacesFavoursNoFaceForAnyDieSize() {
        // Of the 2^31 values a throw draws, the dice keep 0 .. 2^31 - (2^31 mod n) - 1: a whole number of
        // blocks of n, so each face gets exactly the same count of values. Checked for every n up to 10,000.
        long values = 1L << 31;
        for (int n = 1; n <= 10_000; n++) {
            long kept = values - values % n;
            assertThat("d" + n, kept % n, is(0L));
            assertThat("d" + n + " keeps most values", kept > values / 2, is(true));
        }
    }

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
    void rejectsTheIncompleteTopBlock() {
        // The dice use 31 bits (an int >>> 1): 2^31 values. For a d6, 2^31 mod 6 = 2, so the two highest
        // values, 2^31-1 (from -1) and 2^31-2 (from -4), are thrown away; 50 >>> 1 = 25 then reads 1 + 25 mod 6.
        Script source = new Script(-1, -4, 50);
        assertThat(new SecureDice(source).roll(6), is(2));
        assertThat(source.ints.isEmpty(), is(true));
        // The highest accepted value, 2^31-3 (from -6), is kept.
        assertThat(new SecureDice(new Script(-6)).roll(6), is(1 + (Integer.MAX_VALUE - 2) % 6));
    }
}
