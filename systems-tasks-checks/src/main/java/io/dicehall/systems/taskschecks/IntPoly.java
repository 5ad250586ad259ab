package io.dicehall.systems.taskschecks;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Whole-number polynomials (lowest power first), binomial coefficients, and the sums {@code Σ_{n≥0} n^k x^n} for
 * {@code x = 6^−t}, which turn a geometric tail into an exact number.
 */
final class IntPoly {

    /** Pascal's triangle up to this row; beyond it binomials are worked out when asked for. */
    private static final int PASCAL_ROWS = 64;
    private static final BigInteger[][] PASCAL = new BigInteger[PASCAL_ROWS][];
    /** σ of {@link #powerSums} by t, grown on demand: a handful of rates, each a few dozen numbers. */
    private static final Map<Integer, BigInteger[]> POWER_SUMS = new ConcurrentHashMap<>();

    static {
        for (int n = 0; n < PASCAL_ROWS; n++) {
            PASCAL[n] = new BigInteger[n + 1];
            PASCAL[n][0] = BigInteger.ONE;
            PASCAL[n][n] = BigInteger.ONE;
            for (int k = 1; k < n; k++) {
                PASCAL[n][k] = PASCAL[n - 1][k - 1].add(PASCAL[n - 1][k]);
            }
        }
    }

    private IntPoly() {
    }

    static BigInteger[] zeros(int length) {
        BigInteger[] p = new BigInteger[length];
        Arrays.fill(p, BigInteger.ZERO);
        return p;
    }

    static BigInteger[] plus(BigInteger[] a, BigInteger[] b) {
        BigInteger[] sum = zeros(Math.max(a.length, b.length));
        for (int i = 0; i < sum.length; i++) {
            sum[i] = (i < a.length ? a[i] : BigInteger.ZERO).add(i < b.length ? b[i] : BigInteger.ZERO);
        }
        return sum;
    }

    static BigInteger[] minus(BigInteger[] a, BigInteger[] b) {
        BigInteger[] difference = zeros(Math.max(a.length, b.length));
        for (int i = 0; i < difference.length; i++) {
            difference[i] = (i < a.length ? a[i] : BigInteger.ZERO).subtract(i < b.length ? b[i] : BigInteger.ZERO);
        }
        return difference;
    }

    static BigInteger[] times(BigInteger[] a, BigInteger[] b) {
        if (a.length == 0 || b.length == 0) {
            return new BigInteger[0];
        }
        BigInteger[] product = zeros(a.length + b.length - 1);
        for (int i = 0; i < a.length; i++) {
            if (a[i].signum() == 0) {
                continue;
            }
            for (int j = 0; j < b.length; j++) {
                product[i + j] = product[i + j].add(a[i].multiply(b[j]));
            }
        }
        return product;
    }

    static BigInteger[] scale(BigInteger[] p, BigInteger factor) {
        BigInteger[] scaled = new BigInteger[p.length];
        for (int i = 0; i < p.length; i++) {
            scaled[i] = p[i].multiply(factor);
        }
        return scaled;
    }

    /** @return the coefficients of {@code p(u + a)}, by repeated synthetic division (Taylor shift) */
    static BigInteger[] shift(BigInteger[] p, int a) {
        BigInteger[] q = p.clone();
        BigInteger by = BigInteger.valueOf(a);
        for (int i = 0; i < q.length - 1; i++) {
            for (int k = q.length - 2; k >= i; k--) {
                q[k] = q[k].add(q[k + 1].multiply(by));
            }
        }
        return q;
    }

    static BigInteger binomial(int n, int k) {
        if (k < 0 || k > n) {
            return BigInteger.ZERO;
        }
        if (n < PASCAL_ROWS) {
            return PASCAL[n][k];
        }
        BigInteger c = BigInteger.ONE;
        for (int i = 0; i < k; i++) {
            c = c.multiply(BigInteger.valueOf(n - i)).divide(BigInteger.valueOf(i + 1));
        }
        return c;
    }

    static BigInteger eval(BigInteger[] p, long v) {
        BigInteger sum = BigInteger.ZERO;
        BigInteger x = BigInteger.valueOf(v);
        for (int k = p.length - 1; k >= 0; k--) {
            sum = sum.multiply(x).add(p[k]);
        }
        return sum;
    }

    /**
     * @return {@code σ} with {@code Σ_{n≥0} n^k 6^(−t·n) = σ_k / (6^t − 1)^(k+1)} for {@code k < count}:
     *     {@code σ_0 = 6^t}, {@code σ_k = Σ_{i<k} C(k,i) σ_i (6^t − 1)^(k−1−i)}
     */
    static BigInteger[] powerSums(int t, int count) {
        BigInteger[] cached = POWER_SUMS.get(t);
        if (cached != null && cached.length >= count) {
            return cached;
        }
        BigInteger six = BigInteger.valueOf(6).pow(t);
        BigInteger q = six.subtract(BigInteger.ONE);
        BigInteger[] sigma = new BigInteger[Math.max(count, 1)];
        sigma[0] = six;
        for (int k = 1; k < sigma.length; k++) {
            BigInteger sum = BigInteger.ZERO;
            for (int i = 0; i < k; i++) {
                sum = sum.add(IntPoly.binomial(k, i).multiply(sigma[i]).multiply(q.pow(k - 1 - i)));
            }
            sigma[k] = sum;
        }
        POWER_SUMS.put(t, sigma);
        return sigma;
    }

    /**
     * @return {@code Σ_{u≥0} p(u) 6^(−t·u)} times {@code (6^t − 1)^(deg p + 1)}, a whole number: the sums of
     *     {@link #powerSums} brought to the one denominator, {@code Σ_k p_k σ_k (6^t − 1)^(deg p − k)}, by
     *     Horner's rule in {@code 6^t − 1}
     */
    static BigInteger geometricSum(BigInteger[] p, int t) {
        BigInteger[] sigma = powerSums(t, p.length);
        BigInteger q = BigInteger.valueOf(6).pow(t).subtract(BigInteger.ONE);
        BigInteger sum = BigInteger.ZERO;
        for (int k = 0; k < p.length; k++) {
            sum = sum.multiply(q).add(p[k].multiply(sigma[k]));
        }
        return sum;
    }
}
