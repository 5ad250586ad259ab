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

    private static final Map<Integer, BigInteger[]> POWER_SUMS = new ConcurrentHashMap<>();

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

    static BigInteger binomial(int n, int k) {
        if (k < 0 || k > n) {
            return BigInteger.ZERO;
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
     * {@code Σ_{v ≥ from} 6^(−t·v) v^k = tau[k] / den} for {@code k < count} and {@code from ≥ 1}: the
     * whole sum less its first {@code from} terms.
     */
    record TailSums(BigInteger[] tau, BigInteger den) {

        static TailSums of(int t, int from, int count) {
            BigInteger six = BigInteger.valueOf(6).pow(t);
            BigInteger q = six.subtract(BigInteger.ONE);
            BigInteger[] sigma = powerSums(t, count);
            int top = count - 1;
            BigInteger scale = six.pow(from - 1);
            BigInteger den = q.pow(top + 1).multiply(scale);
            // head[k] = Σ_{v<from} v^k 6^(t(from−1−v)), over 6^(t(from−1))
            BigInteger[] head = zeros(count);
            BigInteger[] power = new BigInteger[from];
            BigInteger sixPower = BigInteger.ONE;
            for (int v = from - 1; v >= 0; v--) {
                power[v] = sixPower;
                sixPower = sixPower.multiply(six);
            }
            for (int k = 0; k < count; k++) {
                BigInteger sum = BigInteger.ZERO;
                for (int v = 0; v < from; v++) {
                    sum = sum.add(power[v]);
                    power[v] = power[v].multiply(BigInteger.valueOf(v));
                }
                head[k] = sum;
            }
            BigInteger[] qPowers = new BigInteger[top + 2];
            qPowers[0] = BigInteger.ONE;
            for (int e = 1; e <= top + 1; e++) {
                qPowers[e] = qPowers[e - 1].multiply(q);
            }
            BigInteger[] tau = new BigInteger[count];
            for (int k = 0; k < count; k++) {
                tau[k] = sigma[k].multiply(qPowers[top - k]).multiply(scale).subtract(head[k].multiply(qPowers[top + 1]));
            }
            return new TailSums(tau, den);
        }

        /** @return {@code Σ_{v ≥ from} 6^(−t·v) p(v)} as numerator over {@link #den()} */
        BigInteger dot(BigInteger[] p) {
            BigInteger sum = BigInteger.ZERO;
            for (int k = 0; k < p.length; k++) {
                sum = sum.add(p[k].multiply(tau[k]));
            }
            return sum;
        }
    }
}
