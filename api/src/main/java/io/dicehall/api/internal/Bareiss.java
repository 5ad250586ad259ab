package io.dicehall.api.internal;

import java.math.BigInteger;

/**
 * Exact solution of a non-singular system of whole-number equations, by fraction-free elimination (Bareiss), for
 * the best-play solver's groups of positions that lead back to one another. Not API: used by {@code
 * io.dicehall.api.play}.
 */
public final class Bareiss {
    private Bareiss() {
    }

    /**
     * @param m {@code n} rows of {@code n + 1} whole numbers: the coefficients, then the right-hand side;
     *     overwritten
     * @return the solution
     */
    public static Rational[] solve(BigInteger[][] m) {
        int n = m.length;
        BigInteger previous = BigInteger.ONE;
        for (int k = 0; k < n; k++) {
            if (m[k][k].signum() == 0) {
                int swap = k + 1;
                while (swap < n && m[swap][k].signum() == 0) {
                    swap++;
                }
                if (swap == n) {
                    throw new IllegalStateException("singular equations in best play");
                }
                BigInteger[] t = m[k];
                m[k] = m[swap];
                m[swap] = t;
            }
            for (int i = k + 1; i < n; i++) {
                for (int j = k + 1; j <= n; j++) {
                    m[i][j] = m[i][j].multiply(m[k][k]).subtract(m[i][k].multiply(m[k][j])).divide(previous);
                }
                m[i][k] = BigInteger.ZERO;
            }
            previous = m[k][k];
        }
        var x = new Rational[n];
        for (int i = n - 1; i >= 0; i--) {
            Rational sum = Rational.of(m[i][n], BigInteger.ONE);
            for (int j = i + 1; j < n; j++) {
                if (m[i][j].signum() != 0) {
                    sum = sum.plus(x[j].times(m[i][j].negate()));
                }
            }
            x[i] = sum.dividedBy(m[i][i]);
        }
        return x;
    }
}
