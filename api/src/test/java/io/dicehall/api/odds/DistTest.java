package io.dicehall.api.odds;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;
import java.util.function.IntUnaryOperator;
import org.junit.jupiter.api.Test;

/** Dist's combination of independent values and its exploding dice, against brute force. */
class DistTest {

    @Test
    void combineAgreesWithBruteForce() {
        List<Dist> kinds = List.of(Dist.die(6), Dist.die(20), Dist.fudge().times(4), Dist.ofWeights(-3, 2, 0, 1, 0, 7),
                Dist.binomial(5, Fraction.of(1, 3)));
        for (Dist a : kinds) {
            for (Dist b : kinds) {
                assertThat(a.combine(b, Math::max), is(PoolTest.brute(List.of(a, b), f -> Math.max(f[0], f[1]))));
                assertThat(a.combine(b, (x, y) -> x - y), is(PoolTest.brute(List.of(a, b), f -> f[0] - f[1])));
                assertThat(a.combine(b, (x, y) -> x * 100 + y), is(PoolTest.brute(List.of(a, b), f -> f[0] * 100 + f[1])));
                assertThat(a.combine(b, Integer::sum), is(a.plus(b)));
            }
        }
    }

    @Test
    void combiningTwoD20s() {
        Dist advantage = Dist.die(20).combine(Dist.die(20), Math::max);
        assertThat(advantage.p(20), is(Fraction.of(39, 400)));
        assertThat(advantage.p(1), is(Fraction.of(1, 400)));
        assertThat(advantage, is(Pool.dice(2, 20).highest()));
        Dist tie = Dist.die(6).combine(Dist.die(6), (a, b) -> Integer.compare(a, b));
        assertThat(tie.p(0), is(Fraction.of(1, 6)));
        assertThat(tie.p(1), is(Fraction.of(5, 12)));
    }

    /** Every chain of rolls of {@code die}, each extra roll made while the value rolls again and re-rolls are left. */
    private static Dist bruteExplode(Dist die, IntPredicate on, IntUnaryOperator read, int rerolls) {
        var weights = new HashMap<Integer, BigInteger>();
        chains(die, on, read, rerolls, 0, BigInteger.ONE, die.totalWeight().pow(rerolls), weights);
        return Dist.ofSparse(weights, die.totalWeight().pow(rerolls + 1));
    }

    /**
     * Adds each chain's count with its weight, scaled to the common total: a chain that stops with {@code left}
     * re-rolls unused stands for all {@code T^left} ways the unrolled dice could have fallen.
     */
    private static void chains(Dist die, IntPredicate on, IntUnaryOperator read, int left, int sum, BigInteger weight,
            BigInteger scale, Map<Integer, BigInteger> weights) {
        for (int v = die.min(); v <= die.max(); v++) {
            BigInteger w = die.weightOf(v);
            if (w.signum() == 0) {
                continue;
            }
            int now = sum + read.applyAsInt(v);
            if (on.test(v) && left > 0) {
                chains(die, on, read, left - 1, now, weight.multiply(w), scale.divide(die.totalWeight()), weights);
            } else {
                weights.merge(now, weight.multiply(w).multiply(scale), BigInteger::add);
            }
        }
    }

    @Test
    void explodingAgreesWithBruteForce() {
        for (int sides = 2; sides <= 10; sides++) {
            int top = sides;
            for (int rerolls = 0; rerolls <= 4; rerolls++) {
                assertThat("d" + sides + " exploding " + rerolls, Dist.exploding(sides, rerolls),
                        is(bruteExplode(Dist.die(sides), f -> f == top, f -> f, rerolls)));
            }
        }
        Dist d10 = Dist.die(10);
        for (int rerolls = 0; rerolls <= 4; rerolls++) {
            assertThat(d10.explode(f -> f >= 9, rerolls), is(bruteExplode(d10, f -> f >= 9, f -> f, rerolls)));
            assertThat(d10.explode(f -> f == 10, f -> f >= 8 ? 1 : 0, rerolls),
                    is(bruteExplode(d10, f -> f == 10, f -> f >= 8 ? 1 : 0, rerolls)));
            Dist uneven = Dist.ofWeights(-1, 2, 0, 3, 1);
            assertThat(uneven.explode(v -> v >= 1, v -> 2 * v, rerolls),
                    is(bruteExplode(uneven, v -> v >= 1, v -> 2 * v, rerolls)));
            assertThat(uneven.explode(v -> true, rerolls), is(bruteExplode(uneven, v -> true, v -> v, rerolls)));
        }
    }

    @Test
    void explodingKnownValues() {
        Dist d6 = Dist.exploding(6, 2);
        assertThat(d6.p(6), is(Fraction.ZERO));
        assertThat(d6.p(5), is(Fraction.of(1, 6)));
        assertThat(d6.p(7), is(Fraction.of(1, 36)));
        assertThat(d6.p(18), is(Fraction.of(1, 216)));
        assertThat(d6.max(), is(18));
        assertThat(Dist.exploding(6, 0), is(Dist.die(6)));
        // Successes on 8+ of exploding d10s, pooled by convolution.
        Dist one = Dist.die(10).explode(f -> f == 10, f -> f >= 8 ? 1 : 0, 3);
        assertThat(one.p(0), is(Fraction.of(7, 10)));
        // Four successes: three 10s, each rolling again, then an 8, 9 or 10 on the last roll allowed.
        assertThat(one.p(4), is(Fraction.of(3, 10_000)));
        assertThat(Pool.of(3, one).sum(), is(one.times(3)));
    }

    @Test
    void refusesWhatCannotBe() {
        assertThrows(IllegalArgumentException.class, () -> Dist.exploding(1, 3));
        assertThrows(IllegalArgumentException.class, () -> Dist.die(6).explode(f -> f == 6, -1));
        assertThrows(IllegalArgumentException.class,
                () -> Dist.die(100).combine(Dist.die(100), (a, b) -> a * 1_000_000 + b));
    }

    @Test
    void iteratesPossibleValuesInOrderWithTheirProbabilities() {
        // 2d6 read as "is it a double?" leaves 0 and 1; 2d6 summed skips nothing; a gap is skipped.
        Dist gap = Dist.ofWeights(3, 1, 0, 0, 2);
        List<Dist.Entry> entries = gap.stream().toList();
        assertThat(entries, is(List.of(new Dist.Entry(3, Fraction.of(1, 3)), new Dist.Entry(6, Fraction.of(2, 3)))));
        Dist twoD6 = Dist.die(6).times(2);
        Fraction sum = Fraction.ZERO;
        int last = Integer.MIN_VALUE;
        for (Dist.Entry e : twoD6) {
            assertThat(e.value() > last, is(true));
            assertThat(e.p(), is(twoD6.p(e.value())));
            last = e.value();
            sum = sum.plus(e.p());
        }
        assertThat(sum, is(Fraction.ONE));
        assertThat(twoD6.stream().count(), is(11L));
        assertThat(twoD6.atMost(3), is(Fraction.of(3, 36)));
        assertThat(twoD6.atMost(12), is(Fraction.ONE));
    }
}
