package io.dicehall.systems.fatewalker;

import io.dicehall.api.odds.Dist;
import io.dicehall.api.odds.Fraction;
import java.math.BigInteger;
import java.util.Arrays;

/**
 * Exact odds of one throw of {@code n} Fatewalker dice at a target number, as integer weights over
 * {@code 10^n}: a die reads each of 0–9 with weight 1, so every event of a throw has a whole-number
 * weight out of {@code 10^n}. Callers that mix several throws keep the weights whole and divide once.
 */
final class PoolOdds {

    private PoolOdds() {
    }

    /** @return {@code 10^n}, the total weight of a throw of {@code n} dice */
    static BigInteger total(int n) {
        return BigInteger.TEN.pow(n);
    }

    /** @return the chance that one die succeeds: it reads 0..tn, so (tn + 1)/10 */
    static Fraction perDie(int tn) {
        return Fraction.of(tn + 1, 10);
    }

    /** @return the distribution of successes in a throw of {@code n} dice */
    static Dist successes(int n, int tn) {
        return Dist.binomial(n, perDie(tn));
    }

    /** @return w[s] = weight of exactly s successes: C(n,s)·(tn+1)^s·(9−tn)^(n−s), for s = 0..n */
    static BigInteger[] successWeights(int n, int tn) {
        return successWeights(n, tn, n);
    }

    /** @return the weights of 0 to {@code most} successes (fewer when the pool is smaller) */
    static BigInteger[] successWeights(int n, int tn, int most) {
        BigInteger hit = BigInteger.valueOf(tn + 1);
        BigInteger miss = BigInteger.valueOf(9 - tn);
        BigInteger[] w = new BigInteger[Math.min(n, most) + 1];
        BigInteger choose = BigInteger.ONE;
        for (int s = 0; s < w.length; s++) {
            w[s] = choose.multiply(hit.pow(s)).multiply(miss.pow(n - s));
            choose = choose.multiply(BigInteger.valueOf(n - s)).divide(BigInteger.valueOf(s + 1));
        }
        return w;
    }

    /**
     * @return the weight that every die reads {@code m} or more: (10 − m)^n, 0 when m > 9. At
     *     0 successes the lowest reading is at least tn + 1, so this splits failures by degree.
     */
    static BigInteger allAtLeast(int n, int m) {
        return m > 9 ? BigInteger.ZERO : BigInteger.valueOf(10 - m).pow(n);
    }

    /** @return the weight of each {@link Degree}, in declared order, over {@link #total(int) 10^n} */
    static BigInteger[] degreeWeights(int n, int tn) {
        BigInteger dof1 = allAtLeast(n, tn + 1);
        BigInteger dof2 = allAtLeast(n, tn + 2);
        BigInteger dof4 = allAtLeast(n, tn + 4);
        // Only 1, 2 and 3 successes are told apart; 4 or more is what is left.
        BigInteger[] exactly = Arrays.copyOf(successWeights(n, tn, 3), 4);
        for (int s = n + 1; s <= 3; s++) {
            exactly[s] = BigInteger.ZERO;
        }
        return new BigInteger[] {
            dof4,
            dof2.subtract(dof4),
            dof1.subtract(dof2),
            exactly[1],
            exactly[2],
            exactly[3],
            total(n).subtract(dof1).subtract(exactly[1]).subtract(exactly[2]).subtract(exactly[3])};
    }

    /**
     * @return the weight of each signed result r (successes when there are any, else minus the degree
     *     of failure), index {@code r + (9 − tn)}; r runs from −(9 − tn) to n and is never 0
     */
    static BigInteger[] signedResultWeights(int n, int tn) {
        int worst = 9 - tn;
        BigInteger[] w = successWeights(n, tn);
        BigInteger[] r = new BigInteger[worst + n + 1];
        r[worst] = BigInteger.ZERO;
        for (int s = 1; s <= n; s++) {
            r[worst + s] = w[s];
        }
        for (int dof = 1; dof <= worst; dof++) {
            r[worst - dof] = allAtLeast(n, tn + dof).subtract(allAtLeast(n, tn + dof + 1));
        }
        return r;
    }
}
