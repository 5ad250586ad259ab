package io.dicehall.systems.fatewalker;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.closeTo;
import static org.hamcrest.Matchers.equalTo;

import io.dicehall.api.odds.Fraction;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The chain solver against a plain, independent reference: the same absorbing chain written as a dense
 * target × target system over Fractions and solved by textbook Gaussian elimination.
 */
class ExtendedChainTest {

    @Test
    void agreesWithDenseEliminationOnManySmallChains() {
        var random = new SplittableRandom(7);
        for (int run = 0; run < 150; run++) {
            int dice = 1 + random.nextInt(12);
            int tn = random.nextInt(9);
            int difficulty = random.nextInt(5);
            int target = 8 + 2 * random.nextInt(6);
            var chain = new ExtendedChain(target, difficulty);
            ExtendedChain.Values values = chain.rollOn(ExtendedChain.Pool.of(dice, tn));
            Fraction[][] reference = dense(dice, tn, difficulty, target);
            for (int t = 0; t < target; t++) {
                String what = dice + " dice, TN " + tn + ", difficulty " + difficulty + ", target " + target
                        + ", total " + t;
                assertThat(what, values.at(t).completeChance(), equalTo(reference[0][t]));
                assertThat(what, values.at(t).expectedRolls(), closeTo(reference[1][t].toDouble(), 1e-9));
            }
        }
    }

    @Test
    void rollsThenAgreesWithTheReferenceAfterAFirstRoll() {
        // Four dice at TN 4 first, then two dice each roll, difficulty 2, target 8.
        var chain = new ExtendedChain(8, 2);
        ExtendedChain.Values plain = chain.rollOn(ExtendedChain.Pool.of(2, 4));
        ExtendedChain.Point first = chain.rollsThen(List.of(ExtendedChain.Pool.of(4, 4)), plain, 0);
        Fraction[][] reference = dense(2, 4, 2, 8);
        Fraction expected = Fraction.ZERO;
        BigInteger[] w = PoolOdds.successWeights(4, 4);
        for (int s = 0; s <= 4; s++) {
            int to = s - 2;
            Fraction p = Fraction.of(w[s], PoolOdds.total(4));
            if (to >= 8) {
                expected = expected.plus(p);
            } else if (to >= 0) {
                expected = expected.plus(p.times(reference[0][to]));
            }
        }
        assertThat(first.completeChance(), equalTo(expected));
    }

    @Test
    void rollsThenWithTwoPoolsAgreesWithTheReference() {
        // From total 1: one roll of 3 dice at TN 6, then one of 5 dice, then 3 dice each roll; difficulty 2,
        // target 10. Every path of the two rolls is weighed by hand with the dense reference's values.
        int target = 10;
        int difficulty = 2;
        var chain = new ExtendedChain(target, difficulty);
        ExtendedChain.Values plain = chain.rollOn(ExtendedChain.Pool.of(3, 6));
        ExtendedChain.Point point = chain.rollsThen(
                List.of(ExtendedChain.Pool.of(3, 6), ExtendedChain.Pool.of(5, 6)), plain, 1);
        Fraction[][] reference = dense(3, 6, difficulty, target);
        Fraction complete = Fraction.ZERO;
        Fraction rolls = Fraction.ONE;
        for (int s1 = 0; s1 <= 3; s1++) {
            Fraction p1 = Fraction.of(PoolOdds.successWeights(3, 6)[s1], PoolOdds.total(3));
            int t1 = 1 + s1 - difficulty;
            if (t1 >= target) {
                complete = complete.plus(p1);
            } else if (t1 >= 0) {
                rolls = rolls.plus(p1);
                for (int s2 = 0; s2 <= 5; s2++) {
                    Fraction p = p1.times(Fraction.of(PoolOdds.successWeights(5, 6)[s2], PoolOdds.total(5)));
                    int t2 = t1 + s2 - difficulty;
                    if (t2 >= target) {
                        complete = complete.plus(p);
                    } else if (t2 >= 0) {
                        complete = complete.plus(p.times(reference[0][t2]));
                        rolls = rolls.plus(p.times(reference[1][t2]));
                    }
                }
            }
        }
        assertThat(point.completeChance(), equalTo(complete));
        assertThat(point.expectedRolls(), closeTo(rolls.toDouble(), 1e-12));
    }

    @Test
    void aPoolIsTheThrowOverTenToTheNInLowestCommonTerms() {
        for (int dice = 1; dice <= 55; dice++) {
            for (int tn = 0; tn <= 8; tn++) {
                BigInteger[] weights = PoolOdds.successWeights(dice, tn);
                BigInteger common = PoolOdds.total(dice);
                for (BigInteger w : weights) {
                    common = common.gcd(w);
                }
                ExtendedChain.Pool pool = ExtendedChain.Pool.of(dice, tn);
                String what = dice + " dice at TN " + tn;
                assertThat(what, pool.total(), equalTo(PoolOdds.total(dice).divide(common)));
                BigInteger tail = BigInteger.ZERO;
                for (int s = dice; s >= 0; s--) {
                    tail = tail.add(pool.weight(s));
                    assertThat(what + ", " + s + " successes", pool.weight(s), equalTo(weights[s].divide(common)));
                    assertThat(what + ", " + s + " or more", pool.atLeast(s), equalTo(tail));
                }
            }
        }
    }

    @Test
    void cramersRuleSolvesSmallIntegerSystems() {
        var random = new SplittableRandom(11);
        for (int run = 0; run < 200; run++) {
            int d = 1 + random.nextInt(4);
            BigInteger[][] m = new BigInteger[d][d + 2];
            for (BigInteger[] row : m) {
                for (int j = 0; j < d + 2; j++) {
                    // Many zeros, as in the chain's sparse corners; large entries, as in its long numbers.
                    row[j] = random.nextInt(3) == 0 ? BigInteger.ZERO
                            : BigInteger.valueOf(random.nextLong()).multiply(BigInteger.valueOf(random.nextInt()));
                }
            }
            BigInteger[][] copy = Arrays.stream(m).map(BigInteger[]::clone).toArray(BigInteger[][]::new);
            ExtendedChain.Solution solution = ExtendedChain.solve(m, d, 2);
            assertThat(solution.det(), equalTo(leibniz(copy, d)));
            for (int c = 0; c < 2; c++) {
                for (int r = 0; r < d; r++) {
                    // A·X = det·B, row by row.
                    BigInteger sum = BigInteger.ZERO;
                    for (int k = 0; k < d; k++) {
                        sum = sum.add(copy[r][k].multiply(solution.numerators()[c][k]));
                    }
                    assertThat(sum, equalTo(solution.det().multiply(copy[r][d + c])));
                }
            }
        }
    }

    /** The determinant of the first d columns as a sum over permutations. */
    private static BigInteger leibniz(BigInteger[][] m, int d) {
        return leibniz(m, d, 0, new boolean[d]);
    }

    private static BigInteger leibniz(BigInteger[][] m, int d, int row, boolean[] used) {
        if (row == d) {
            return BigInteger.ONE;
        }
        BigInteger sum = BigInteger.ZERO;
        int free = 0;
        for (int j = 0; j < d; j++) {
            if (used[j]) {
                continue;
            }
            used[j] = true;
            BigInteger term = m[row][j].multiply(leibniz(m, d, row + 1, used));
            used[j] = false;
            // Choosing the free column with `free` free columns before it takes `free` transpositions.
            sum = free % 2 == 0 ? sum.add(term) : sum.subtract(term);
            free++;
        }
        return sum;
    }

    @Test
    void agreesWithDenseEliminationOnLargePools() {
        int[][] cases = {{30, 0, 4, 18}, {40, 2, 3, 18}, {25, 8, 4, 14}, {35, 6, 2, 16}};
        for (int[] c : cases) {
            ExtendedChain.Values values = new ExtendedChain(c[3], c[2]).rollOn(ExtendedChain.Pool.of(c[0], c[1]));
            Fraction[][] reference = dense(c[0], c[1], c[2], c[3]);
            for (int t : new int[] {0, c[3] / 2, c[3] - 1}) {
                assertThat(Arrays.toString(c) + " at " + t, values.at(t).completeChance(),
                        equalTo(reference[0][t]));
            }
        }
    }

    /** {completion chances, expected rolls} per total, by dense Gaussian elimination over Fractions. */
    static Fraction[][] dense(int dice, int tn, int difficulty, int target) {
        Fraction[] p = new Fraction[dice + 1];
        BigInteger[] w = PoolOdds.successWeights(dice, tn);
        for (int s = 0; s <= dice; s++) {
            p[s] = Fraction.of(w[s], PoolOdds.total(dice));
        }
        // (I − Q)·x = b, signed entries kept as numerator/denominator pairs via a signed helper.
        Signed[][] a = new Signed[target][target + 2];
        for (int t = 0; t < target; t++) {
            for (int j = 0; j < target + 2; j++) {
                a[t][j] = Signed.ZERO;
            }
            a[t][t] = Signed.ONE;
            a[t][target + 1] = Signed.ONE; // one roll each time
            for (int s = 0; s <= dice; s++) {
                int to = t + s - difficulty;
                if (to >= target) {
                    a[t][target] = a[t][target].plus(Signed.of(p[s]));
                } else if (to >= 0) {
                    a[t][to] = a[t][to].minus(Signed.of(p[s]));
                }
            }
        }
        for (int k = 0; k < target; k++) {
            int pivot = k;
            while (a[pivot][k].isZero()) {
                pivot++;
            }
            Signed[] swap = a[k];
            a[k] = a[pivot];
            a[pivot] = swap;
            for (int i = 0; i < target; i++) {
                if (i != k && !a[i][k].isZero()) {
                    Signed factor = a[i][k].dividedBy(a[k][k]);
                    for (int j = k; j < target + 2; j++) {
                        a[i][j] = a[i][j].minus(factor.times(a[k][j]));
                    }
                }
            }
        }
        Fraction[][] result = new Fraction[2][target];
        for (int t = 0; t < target; t++) {
            result[0][t] = a[t][target].dividedBy(a[t][t]).toFraction();
            result[1][t] = a[t][target + 1].dividedBy(a[t][t]).toFraction();
        }
        return result;
    }

    /** A signed rational, since {@link Fraction} is non-negative. */
    record Signed(boolean negative, Fraction magnitude) {
        static final Signed ZERO = new Signed(false, Fraction.ZERO);
        static final Signed ONE = new Signed(false, Fraction.ONE);

        static Signed of(Fraction f) {
            return new Signed(false, f);
        }

        boolean isZero() {
            return magnitude.isZero();
        }

        Signed negate() {
            return isZero() ? this : new Signed(!negative, magnitude);
        }

        Signed plus(Signed that) {
            if (negative == that.negative) {
                return new Signed(negative, magnitude.plus(that.magnitude));
            }
            int cmp = magnitude.compareTo(that.magnitude);
            if (cmp == 0) {
                return ZERO;
            }
            return cmp > 0 ? new Signed(negative, magnitude.minus(that.magnitude))
                    : new Signed(that.negative, that.magnitude.minus(magnitude));
        }

        Signed minus(Signed that) {
            return plus(that.negate());
        }

        Signed times(Signed that) {
            Fraction m = magnitude.times(that.magnitude);
            return m.isZero() ? ZERO : new Signed(negative != that.negative, m);
        }

        Signed dividedBy(Signed that) {
            Fraction m = magnitude.dividedBy(that.magnitude);
            return m.isZero() ? ZERO : new Signed(negative != that.negative, m);
        }

        Fraction toFraction() {
            if (negative && !isZero()) {
                throw new AssertionError("negative value " + magnitude);
            }
            return magnitude;
        }
    }
}
