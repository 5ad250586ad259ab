package io.dicehall.api.odds;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;

/**
 * The operations a dice notation needs (re-rolls, dropping from either end, arithmetic, large sums), each against
 * an enumeration of every face written out here, or against a figure worked out by hand.
 */
class DiceNotationOpsTest {

    /** Every value of a die of {@code sides} re-rolled while {@code on} holds, up to {@code cap} times, by recursion. */
    private static Map<Integer, Fraction> rerolledByHand(int sides, IntPredicate on, int cap) {
        var out = new HashMap<Integer, Fraction>();
        for (int face = 1; face <= sides; face++) {
            Fraction p = Fraction.of(1, sides);
            if (on.test(face) && cap > 0) {
                rerolledByHand(sides, on, cap - 1).forEach((v, q) -> out.merge(v, p.times(q), Fraction::plus));
            } else {
                out.merge(face, p, Fraction::plus);
            }
        }
        return out;
    }

    private static Map<Integer, Fraction> asMap(Dist dist) {
        var out = new HashMap<Integer, Fraction>();
        dist.forEach(e -> out.put(e.value(), e.p()));
        return out;
    }

    @Test
    void rerollOnceAndUntilMatchEveryFaceSequence() {
        for (int cap = 0; cap <= 4; cap++) {
            assertThat(asMap(Dist.die(6).reroll(v -> v == 1, cap)), equalTo(rerolledByHand(6, v -> v == 1, cap)));
            assertThat(asMap(Dist.die(4).reroll(v -> v <= 2, cap)), equalTo(rerolledByHand(4, v -> v <= 2, cap)));
        }
        // Once on a 1: a 1 stays only if rolled twice.
        assertThat(Dist.die(6).reroll(v -> v == 1, 1).p(1), equalTo(Fraction.of(1, 36)));
        assertThat(Dist.die(6).reroll(v -> v == 1, 1).p(6), equalTo(Fraction.of(7, 36)));
    }

    @Test
    void rerollThatAlwaysOrNeverHoldsChangesNothing() {
        assertThat(Dist.die(6).reroll(v -> true, 10), equalTo(Dist.die(6)));
        assertThat(Dist.die(6).reroll(v -> v > 6, 10), equalTo(Dist.die(6)));
        assertThrows(IllegalArgumentException.class, () -> Dist.die(6).reroll(v -> v == 1, -1));
    }

    @Test
    void dropFromEitherEndIsKeepFromTheOther() {
        Pool pool = Pool.dice(4, 6);
        assertThat(pool.dropLowest(1), equalTo(pool.keepHighest(3)));
        assertThat(pool.dropHighest(1), equalTo(pool.keepLowest(3)));
        assertThat(pool.dropHighest(0), equalTo(pool.sum()));
        assertThat(pool.dropLowest(4), equalTo(Dist.constant(0)));
        assertThrows(IllegalArgumentException.class, () -> pool.dropLowest(5));
        assertThrows(IllegalArgumentException.class, () -> pool.dropHighest(-1));
        // 3d6 drop the highest, every face: the two lowest.
        var byHand = new HashMap<Integer, Fraction>();
        for (int a = 1; a <= 6; a++) {
            for (int b = 1; b <= 6; b++) {
                for (int c = 1; c <= 6; c++) {
                    int sum = a + b + c - Math.max(a, Math.max(b, c));
                    byHand.merge(sum, Fraction.of(1, 216), Fraction::plus);
                }
            }
        }
        assertThat(asMap(Pool.dice(3, 6).dropHighest(1)), equalTo(byHand));
    }

    @Test
    void arithmeticOnIndependentValues() {
        Dist d4 = Dist.die(4);
        Dist d3 = Dist.die(3);
        var product = new HashMap<Integer, Fraction>();
        var quotient = new HashMap<Integer, Fraction>();
        var difference = new HashMap<Integer, Fraction>();
        for (int a = 1; a <= 4; a++) {
            for (int b = 1; b <= 3; b++) {
                product.merge(a * b, Fraction.of(1, 12), Fraction::plus);
                quotient.merge(Math.floorDiv(-a, b), Fraction.of(1, 12), Fraction::plus);
                difference.merge(a - b, Fraction.of(1, 12), Fraction::plus);
            }
        }
        assertThat(asMap(d4.multiply(d3)), equalTo(product));
        assertThat(asMap(d4.negate().divideFloor(d3)), equalTo(quotient));
        assertThat(asMap(d4.minus(d3)), equalTo(difference));
        assertThat(Dist.constant(-7).divideFloor(Dist.constant(2)), equalTo(Dist.constant(-4)));
        assertThat(Dist.constant(7).divideFloor(Dist.constant(2)), equalTo(Dist.constant(3)));
        assertThrows(IllegalArgumentException.class, () -> d4.divideFloor(d3.map(v -> v - 2)));
    }

    /** Repeated squaring, the way sums were taken before the power recurrence: the two must agree exactly. */
    private static Dist bySquaring(Dist die, int n) {
        Dist result = Dist.constant(0);
        for (int i = 0; i < n; i++) {
            result = result.plus(die);
        }
        return result;
    }

    @Test
    void sumsOfManyCopiesAgreeWithRepeatedAddition() {
        for (Dist die : List.of(Dist.die(6), Dist.die(20), Dist.fudge(), Dist.exploding(6, 3),
                Dist.die(10).reroll(v -> v == 1, 1), Dist.ofWeights(-2, 3, 0, 0, 5, 1), Dist.die(8).map(v -> v * 3))) {
            for (int n : new int[] {0, 1, 2, 3, 7, 12}) {
                assertThat(die + " times " + n, die.times(n), equalTo(bySquaring(die, n)));
            }
        }
        assertThat(Dist.die(6).times(3).p(10), equalTo(Fraction.of(27, 216)));
        assertThat(Dist.die(6).times(100).p(350), equalTo(bySquaring(Dist.die(6), 100).p(350)));
        assertThat(Dist.die(6).times(100).p(100), equalTo(Fraction.of(BigInteger.ONE, BigInteger.valueOf(6).pow(100))));
    }

    @Test
    void advantageAndTheBestThreeOfFourD6() {
        assertThat(Pool.dice(2, 20).keepHighest(1).p(20), equalTo(Fraction.of(39, 400)));
        assertThat(Pool.dice(4, 6).keepHighest(3).mean(), equalTo(Fraction.of(15869, 1296)));
    }
}
