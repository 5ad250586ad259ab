package io.dicehall.api.odds;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThan;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.ToIntFunction;
import org.junit.jupiter.api.Test;

/**
 * Every pool operation against brute force: every combination of faces listed, weighted and read, on pools
 * small enough to list (dice of mixed sizes, Fudge dice, dice with gaps and uneven weights); and large pools
 * that could never be listed, checked by identities and for time.
 */
class PoolTest {

    /** The distribution of {@code reading} over every combination of the dice's values, weighted. */
    static Dist brute(List<Dist> dice, ToIntFunction<int[]> reading) {
        var weights = new HashMap<Integer, BigInteger>();
        BigInteger total = BigInteger.ONE;
        for (Dist die : dice) {
            total = total.multiply(die.totalWeight());
        }
        enumerate(dice, new int[dice.size()], 0, BigInteger.ONE, reading, weights);
        return Dist.ofSparse(weights, total);
    }

    private static void enumerate(List<Dist> dice, int[] faces, int at, BigInteger weight, ToIntFunction<int[]> reading,
            Map<Integer, BigInteger> weights) {
        if (at == dice.size()) {
            weights.merge(reading.applyAsInt(faces), weight, BigInteger::add);
            return;
        }
        Dist die = dice.get(at);
        for (int v = die.min(); v <= die.max(); v++) {
            BigInteger w = die.weightOf(v);
            if (w.signum() != 0) {
                faces[at] = v;
                enumerate(dice, faces, at + 1, weight.multiply(w), reading, weights);
            }
        }
    }

    static int keepHighest(int[] faces, int keep) {
        int[] sorted = faces.clone();
        Arrays.sort(sorted);
        return Arrays.stream(sorted, sorted.length - keep, sorted.length).sum();
    }

    static int keepLowest(int[] faces, int keep) {
        int[] sorted = faces.clone();
        Arrays.sort(sorted);
        return Arrays.stream(sorted, 0, keep).sum();
    }

    /** Small pools of mixed dice, each kept every way, against brute force. */
    private static List<List<Dist>> smallPools() {
        Dist d4 = Dist.die(4);
        Dist d6 = Dist.die(6);
        Dist d8 = Dist.die(8);
        Dist d10zero = Dist.die(10).map(f -> f % 10);
        Dist fudge = Dist.fudge();
        Dist gaps = Dist.ofWeights(-2, 3, 0, 0, 1, 5, 0, 2);   // −2, 1, 2, 4: uneven, with gaps
        Dist loaded = Dist.ofWeights(1, 1, 1, 1, 1, 1, 5);
        return List.of(
                List.of(d6),
                List.of(d6, d6),
                List.of(d6, d6, d6),
                List.of(d6, d6, d6, d6, d6),
                List.of(d20(), d20()),
                List.of(d8, d6, d6),
                List.of(d4, d6, d8, d10zero),
                List.of(d4, d4, d6, d6, d8),
                List.of(fudge, fudge, fudge, fudge),
                List.of(gaps, gaps, d4),
                List.of(loaded, d6, loaded, d6),
                List.of(gaps, fudge, d10zero, loaded));
    }

    private static Dist d20() {
        return Dist.die(20);
    }

    @Test
    void keepHighestAndLowestAgreeWithBruteForce() {
        for (List<Dist> dice : smallPools()) {
            Pool pool = Pool.of(dice);
            for (int keep = 0; keep <= dice.size(); keep++) {
                int k = keep;
                assertThat(dice + " keep highest " + k, pool.keepHighest(k), is(brute(dice, f -> keepHighest(f, k))));
                assertThat(dice + " keep lowest " + k, pool.keepLowest(k), is(brute(dice, f -> keepLowest(f, k))));
            }
        }
    }

    @Test
    void highestLowestSumAndCountsAgreeWithBruteForce() {
        for (List<Dist> dice : smallPools()) {
            Pool pool = Pool.of(dice);
            assertThat(pool.highest(), is(brute(dice, f -> Arrays.stream(f).max().orElseThrow())));
            assertThat(pool.lowest(), is(brute(dice, f -> Arrays.stream(f).min().orElseThrow())));
            assertThat(pool.sum(), is(brute(dice, f -> Arrays.stream(f).sum())));
            for (int threshold = -2; threshold <= 9; threshold++) {
                int t = threshold;
                assertThat(pool.countAtLeast(t), is(brute(dice, f -> (int) Arrays.stream(f).filter(v -> v >= t).count())));
                assertThat(pool.countAtMost(t), is(brute(dice, f -> (int) Arrays.stream(f).filter(v -> v <= t).count())));
            }
            assertThat(pool.count(v -> v % 2 == 0),
                    is(brute(dice, f -> (int) Arrays.stream(f).filter(v -> v % 2 == 0).count())));
            assertThat(pool.sumOf(v -> v >= 5 ? 1 : v <= 1 ? -1 : 0),
                    is(brute(dice, f -> Arrays.stream(f).map(v -> v >= 5 ? 1 : v <= 1 ? -1 : 0).sum())));
        }
    }

    @Test
    void foldAgreesWithBruteForce() {
        for (List<Dist> dice : smallPools()) {
            Pool pool = Pool.of(dice);
            // Successes (5+) and trouble (1 or less), encoded as one number.
            assertThat(pool.fold(0, (v, f) -> v + (f >= 5 ? 100 : 0) + (f <= 1 ? 1 : 0)),
                    is(brute(dice, f -> Arrays.stream(f).map(v -> (v >= 5 ? 100 : 0) + (v <= 1 ? 1 : 0)).sum())));
            assertThat(pool.fold(Integer.MIN_VALUE, Math::max), is(pool.highest()));
            // A count capped at 2: few running values.
            assertThat(pool.fold(0, (v, f) -> Math.min(2, v + (f >= 4 ? 1 : 0))),
                    is(brute(dice, f -> (int) Math.min(2, Arrays.stream(f).filter(v -> v >= 4).count()))));
        }
    }

    @Test
    void randomMixedPoolsAgreeWithBruteForce() {
        Random random = new Random(20250611);
        for (int round = 0; round < 60; round++) {
            int size = 1 + random.nextInt(5);
            var kinds = new ArrayList<Dist>();
            for (int i = 0; i < 1 + random.nextInt(3); i++) {
                long[] w = new long[1 + random.nextInt(6)];
                for (int j = 0; j < w.length; j++) {
                    w[j] = random.nextInt(4);
                }
                w[random.nextInt(w.length)] += 1;
                kinds.add(Dist.ofWeights(random.nextInt(9) - 4, w));
            }
            var dice = new ArrayList<Dist>();
            for (int i = 0; i < size; i++) {
                dice.add(kinds.get(random.nextInt(kinds.size())));
            }
            Pool pool = Pool.of(dice);
            int k = random.nextInt(size + 1);
            assertThat(dice + " keep highest " + k, pool.keepHighest(k), is(brute(dice, f -> keepHighest(f, k))));
            assertThat(dice + " keep lowest " + k, pool.keepLowest(k), is(brute(dice, f -> keepLowest(f, k))));
        }
    }

    @Test
    void knownValues() {
        // 2d20 with advantage: P(20) = 39/400; 3d6 keep the best two: P(12) = 16/216.
        assertThat(Pool.dice(2, 20).highest().p(20), is(Fraction.of(39, 400)));
        assertThat(Pool.dice(3, 6).keepHighest(2).p(12), is(Fraction.of(16, 216)));
        // 4d6 drop the lowest: the mean is 15869/1296 (≈ 12.24).
        assertThat(Pool.dice(4, 6).keepHighest(3).mean(), is(Fraction.of(15869, 1296)));
        // A pool that is all one kind counts as a binomial.
        assertThat(Pool.dice(9, 10).countAtLeast(8), is(Dist.binomial(9, Fraction.of(3, 10))));
        assertThat(Pool.dice(5, 6).sum(), is(Dist.die(6).times(5)));
    }

    @Test
    void poolsAreBuiltUpAndCompared() {
        Pool mixed = Pool.of(Dist.die(8), Dist.die(6), Dist.die(6));
        assertThat(mixed.size(), is(3));
        assertThat(mixed, is(Pool.dice(2, 6).and(1, Dist.die(8))));
        assertThat(mixed, is(Pool.of(Dist.die(6)).and(Pool.of(Dist.die(8), Dist.die(6)))));
        assertThat(mixed.hashCode(), is(Pool.dice(2, 6).and(1, Dist.die(8)).hashCode()));
        assertThat(Pool.of().size(), is(0));
        assertThat(Pool.of().sum(), is(Dist.constant(0)));
        assertThat(Pool.of().keepHighest(0), is(Dist.constant(0)));
        assertThat(Pool.dice(0, 6).countAtLeast(4), is(Dist.constant(0)));
    }

    @Test
    void refusesWhatCannotBeKept() {
        assertThrows(IllegalArgumentException.class, () -> Pool.dice(3, 6).keepHighest(4));
        assertThrows(IllegalArgumentException.class, () -> Pool.dice(3, 6).keepLowest(-1));
        assertThrows(IllegalArgumentException.class, () -> Pool.of().highest());
        assertThrows(IllegalArgumentException.class, () -> Pool.dice(-1, 6));
        assertThrows(IllegalArgumentException.class, () -> Pool.dice(2, 6).fold(0, (v, f) -> v * 4096 + f * 1024));
    }

    @Test
    void largePoolsAreExactAndFast() {
        // 10^20 and more combinations of faces: never listed.
        long started = System.nanoTime();
        Dist best3 = Pool.dice(20, 10).keepHighest(3);
        Dist drop1 = Pool.dice(20, 10).keepHighest(19);
        Dist half = Pool.dice(24, 6).keepHighest(12);
        Dist mixed = Pool.dice(8, 6).and(8, Dist.die(8)).and(8, Dist.die(10)).keepHighest(5);
        Dist worst = Pool.dice(30, 12).keepLowest(4);
        long millis = (System.nanoTime() - started) / 1_000_000;
        assertThat("milliseconds for five large pools", millis, lessThan(3_000L));
        // The best of 20d10 is 10 unless none shows 10.
        assertThat(best3.p(30), is(Fraction.ONE.minus(Fraction.of(9, 10).times(pow(Fraction.of(9, 10), 19)))
                .minus(Fraction.of(20, 1).times(Fraction.of(1, 10)).times(pow(Fraction.of(9, 10), 19)))
                .minus(Fraction.of(190, 1).times(pow(Fraction.of(1, 10), 2)).times(pow(Fraction.of(9, 10), 18)))));
        assertThat(best3.min(), is(3));
        assertThat(drop1.max(), is(190));
        assertThat(drop1.p(19), is(pow(Fraction.of(1, 10), 20)));
        assertThat(half.min(), is(12));
        assertThat(half.max(), is(72));
        assertThat(mixed.max(), is(50));
        assertThat(worst.p(4), is(Fraction.ONE.minus(pow(Fraction.of(11, 12), 30))
                .minus(Fraction.of(30, 1).times(Fraction.of(1, 12)).times(pow(Fraction.of(11, 12), 29)))
                .minus(Fraction.of(435, 1).times(pow(Fraction.of(1, 12), 2)).times(pow(Fraction.of(11, 12), 28)))
                .minus(Fraction.of(4060, 1).times(pow(Fraction.of(1, 12), 3)).times(pow(Fraction.of(11, 12), 27)))));
        // Keeping everything is the sum; the highest of a pool is its fold by max.
        assertThat(Pool.dice(12, 8).keepHighest(12), is(Dist.die(8).times(12)));
        assertThat(Pool.dice(12, 8).highest(), is(Pool.dice(12, 8).fold(0, Math::max)));
    }

    private static Fraction pow(Fraction f, int n) {
        Fraction p = Fraction.ONE;
        for (int i = 0; i < n; i++) {
            p = p.times(f);
        }
        return p;
    }
}
