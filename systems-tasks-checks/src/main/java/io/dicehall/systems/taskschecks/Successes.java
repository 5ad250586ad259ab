package io.dicehall.systems.taskschecks;

import io.dicehall.api.odds.Fraction;
import java.math.BigInteger;
import java.util.Arrays;

/**
 * The exact distribution of a success count that may be unbounded: a finite head, and beyond it a
 * tail {@code P(v) = t(v) / (d · 6^v)} for a whole-number polynomial {@code t}. Every unbounded count
 * in this system is a finite count plus some exploding rank-6 dice, each adding the 6s it throws in
 * a row (a geometric count); such a sum always has this shape, so the Die of Fortune is exact with
 * no truncation.
 *
 * <p>Numbers are whole numerators over one denominator per part, so sums and convolutions never
 * reduce a fraction. Each part is stored in lowest terms, so counts with the same values and the
 * same head length are {@link #equals equal}. Immutable. May also hold a sub-probability (a weighted
 * part of a mixture).
 */
final class Successes {

    static final BigInteger SIX = BigInteger.valueOf(6);
    private static final BigInteger FIVE = BigInteger.valueOf(5);
    private static final BigInteger[] NONE = new BigInteger[0];

    /** P(v) = head[v] / headDen for 0 ≤ v < head.length */
    private final BigInteger[] head;
    private final BigInteger headDen;
    /** P(v) = tail(v) / (tailDen · 6^v) for v ≥ head.length; empty when bounded */
    private final BigInteger[] tail;
    private final BigInteger tailDen;

    private Successes(BigInteger[] head, BigInteger headDen, BigInteger[] tail, BigInteger tailDen) {
        BigInteger headGcd = common(headDen, head);
        BigInteger tailGcd = common(tailDen, tail);
        this.head = divide(head, headGcd);
        this.headDen = headDen.divide(headGcd);
        this.tail = divide(tail, tailGcd);
        this.tailDen = tailDen.divide(tailGcd);
    }

    private static BigInteger common(BigInteger den, BigInteger[] weights) {
        BigInteger gcd = den;
        for (int i = 0; i < weights.length && !gcd.equals(BigInteger.ONE); i++) {
            // a remainder is one division; a gcd, needed only when it is not 0, is many
            if (weights[i].mod(gcd).signum() != 0) {
                gcd = gcd.gcd(weights[i]);
            }
        }
        return gcd;
    }

    private static BigInteger[] divide(BigInteger[] weights, BigInteger by) {
        if (by.equals(BigInteger.ONE)) {
            return weights;
        }
        BigInteger[] out = new BigInteger[weights.length];
        for (int i = 0; i < weights.length; i++) {
            out[i] = weights[i].divide(by);
        }
        return out;
    }

    /** @return a bounded count with these weights of 0, 1, 2 … over {@code den} */
    static Successes finite(BigInteger[] weights, BigInteger den) {
        int length = weights.length;
        while (length > 1 && weights[length - 1].signum() == 0) {
            length--;
        }
        return new Successes(Arrays.copyOf(weights, length), den, NONE, BigInteger.ONE);
    }

    static Successes finite(long den, long... weights) {
        return finite(Arrays.stream(weights).mapToObj(BigInteger::valueOf).toArray(BigInteger[]::new),
                BigInteger.valueOf(den));
    }

    static Successes constant(int value) {
        BigInteger[] head = new BigInteger[value + 1];
        Arrays.fill(head, BigInteger.ZERO);
        head[value] = BigInteger.ONE;
        return new Successes(head, BigInteger.ONE, NONE, BigInteger.ONE);
    }

    /**
     * @return the successes of {@code m} exploding rank-6 dice: the 6s each throws in a row, summed
     *     (a negative binomial: {@code C(v+m−1, m−1) 5^m / 6^(m+v)})
     */
    static Successes exploding(int m) {
        if (m == 0) {
            return constant(0);
        }
        BigInteger[] t = {BigInteger.ONE};
        BigInteger factorial = BigInteger.ONE;
        for (int i = 1; i < m; i++) {
            t = IntPoly.times(t, new BigInteger[] {BigInteger.valueOf(i), BigInteger.ONE});
            factorial = factorial.multiply(BigInteger.valueOf(i));
        }
        t = IntPoly.scale(t, FIVE.pow(m));
        return new Successes(NONE, BigInteger.ONE, t, factorial.multiply(SIX.pow(m)));
    }

    /**
     * The successes of exploding dice at these ranks, thrown together: a die counts a success on a face at least
     * its rank, and each 6 adds another die at the same rank, until a die shows something else (the Exploding
     * Dice page). One die's count has the generating function {@code ((r − 1) + (6 − r) x) / (6 − x)}, so the sum
     * of {@code m} of them is {@code N(x) / (6 − x)^m} with {@code N} the product of the numerators:
     * {@code P(v) = Σ_j N_j C(v − j + m − 1, m − 1) / 6^(v − j + m)}. For {@code v ≥ m} that is a polynomial in
     * {@code v} over {@code 6^v}, the tail; below it, the head. Rank 6 gives {@link #exploding(int)}.
     *
     * @param ranks the rank of each die, 1–6
     */
    static Successes explodingAt(int... ranks) {
        int m = ranks.length;
        if (m == 0) {
            return constant(0);
        }
        BigInteger[] numerator = {BigInteger.ONE};
        for (int rank : ranks) {
            numerator = IntPoly.times(numerator,
                    new BigInteger[] {BigInteger.valueOf(rank - 1), BigInteger.valueOf(6 - rank)});
        }
        // head: P(v) · 6^(2m − 1) for v < m
        BigInteger[] head = new BigInteger[m];
        for (int v = 0; v < m; v++) {
            BigInteger sum = BigInteger.ZERO;
            for (int j = 0; j <= v; j++) {
                sum = sum.add(numerator[j].multiply(IntPoly.binomial(v - j + m - 1, m - 1))
                        .multiply(SIX.pow(m - 1 - v + j)));
            }
            head[v] = sum;
        }
        // tail: t(v) = Σ_j N_j 6^j Π_{i=1}^{m−1} (v − j + i), over 6^m (m − 1)!
        BigInteger[] tail = {BigInteger.ZERO};
        BigInteger factorial = BigInteger.ONE;
        for (int i = 1; i < m; i++) {
            factorial = factorial.multiply(BigInteger.valueOf(i));
        }
        for (int j = 0; j <= m; j++) {
            if (numerator[j].signum() == 0) {
                continue;
            }
            BigInteger[] term = {numerator[j].multiply(SIX.pow(j))};
            for (int i = 1; i < m; i++) {
                term = IntPoly.times(term, new BigInteger[] {BigInteger.valueOf(i - j), BigInteger.ONE});
            }
            tail = IntPoly.plus(tail, term);
        }
        return new Successes(head, SIX.pow(2 * m - 1), tail, factorial.multiply(SIX.pow(m)));
    }

    boolean bounded() {
        return tail.length == 0;
    }

    /** @return where the tail formula starts; for a bounded count, one past its largest value */
    int start() {
        return head.length;
    }

    /**
     * @return a common denominator of P(v) for every v ≤ upTo: P(v) · it is whole. The least common
     *     multiple of the head's and the tail's, so that sums over it stay as short as they can.
     */
    BigInteger denominator(int upTo) {
        if (bounded()) {
            return headDen;
        }
        BigInteger tailUpTo = tailDen.multiply(SIX.pow(Math.max(0, upTo)));
        return headDen.divide(headDen.gcd(tailUpTo)).multiply(tailUpTo);
    }

    /**
     * @return P(v) · {@code den} for every {@code 0 ≤ v ≤ upTo}, where {@code den} is a multiple of
     *     {@link #denominator(int)} of {@code upTo}: one division for the head and one for the tail
     */
    BigInteger[] weights(int upTo, BigInteger den) {
        BigInteger[] weights = IntPoly.zeros(upTo + 1);
        BigInteger headScale = den.divide(headDen);
        for (int v = 0; v < Math.min(head.length, upTo + 1); v++) {
            weights[v] = head[v].multiply(headScale);
        }
        if (!bounded() && upTo >= head.length) {
            // P(v) · den = t(v) · 6^(upTo − v) · den / (tailDen · 6^upTo)
            BigInteger scale = den.divide(tailDen.multiply(SIX.pow(upTo)));
            for (int v = upTo; v >= head.length; v--) {
                weights[v] = IntPoly.eval(tail, v).multiply(scale);
                scale = scale.multiply(SIX);
            }
        }
        return weights;
    }

    Q pmf(int v) {
        if (v < head.length) {
            return v < 0 ? Q.ZERO : Q.of(head[v], headDen);
        }
        return bounded() ? Q.ZERO : Q.of(IntPoly.eval(tail, v), tailDen.multiply(SIX.pow(v)));
    }

    /** @return P(value < k) */
    Q below(int k) {
        if (k <= 0) {
            return Q.ZERO;
        }
        BigInteger den = denominator(k - 1);
        BigInteger sum = BigInteger.ZERO;
        for (BigInteger weight : weights(k - 1, den)) {
            sum = sum.add(weight);
        }
        return Q.of(sum, den);
    }

    /** @return the total weight: 1 for a distribution */
    Q mass() {
        Q sum = below(head.length);
        if (bounded()) {
            return sum;
        }
        Above above = above();
        // P(X > start − 1) = A(start − 1) / (d · 6^(start − 1))
        int at = head.length - 1;
        Q rest = Q.of(IntPoly.eval(above.poly(), at), above.den());
        rest = at >= 0 ? rest.dividedBy(Q.of(SIX.pow(at), BigInteger.ONE)) : rest.times(6);
        return sum.plus(rest);
    }

    /** @return P(value ≥ k), for a distribution (total weight 1) */
    Fraction atLeast(int k) {
        return Q.ONE.minus(below(k)).toFraction();
    }

    Fraction exactly(int v) {
        return pmf(v).toFraction();
    }

    /** @return this count plus an independent one; at most one of the two may be unbounded */
    Successes plus(Successes that) {
        if (!bounded() && !that.bounded()) {
            throw new IllegalStateException("two unbounded counts are added as one exploding pool instead");
        }
        if (!bounded()) {
            return that.plus(this);
        }
        if (that.bounded()) {
            return finite(Plans.convolve(head, that.head, Integer.MAX_VALUE), headDen.multiply(that.headDen));
        }
        // this is finite F (0..m), that is tailed X: P(v) = Σ_f F(f) X(v − f); the tail starts m later.
        int m = head.length - 1;
        int start = that.head.length + m;
        BigInteger xDen = that.denominator(start);
        BigInteger[] x = that.weights(start, xDen);
        BigInteger[] newHead = new BigInteger[start];
        for (int v = 0; v < start; v++) {
            BigInteger sum = BigInteger.ZERO;
            for (int f = 0; f <= Math.min(m, v); f++) {
                if (head[f].signum() != 0) {
                    sum = sum.add(head[f].multiply(x[v - f]));
                }
            }
            newHead[v] = sum;
        }
        // Σ_f F(f) 6^f t(v − f): with μ_s = Σ_f F(f) 6^f f^s, coefficient j is Σ_k t_k C(k,j) (−1)^(k−j) μ_(k−j).
        int length = that.tail.length;
        BigInteger[] moments = new BigInteger[length];
        Arrays.fill(moments, BigInteger.ZERO);
        for (int f = 0; f <= m; f++) {
            if (head[f].signum() == 0) {
                continue;
            }
            BigInteger weight = head[f].multiply(SIX.pow(f));
            BigInteger power = BigInteger.ONE;
            for (int s = 0; s < length; s++) {
                moments[s] = moments[s].add(weight.multiply(power));
                power = power.multiply(BigInteger.valueOf(f));
            }
        }
        BigInteger[] newTail = new BigInteger[length];
        Arrays.fill(newTail, BigInteger.ZERO);
        for (int k = 0; k < length; k++) {
            for (int j = 0; j <= k; j++) {
                BigInteger term = that.tail[k].multiply(moments[k - j]).multiply(IntPoly.binomial(k, j));
                newTail[j] = (k - j) % 2 == 0 ? newTail[j].add(term) : newTail[j].subtract(term);
            }
        }
        return new Successes(newHead, headDen.multiply(xDen), newTail, headDen.multiply(that.tailDen));
    }

    /** @return the sum of the two weighted parts of a mixture */
    Successes add(Successes that) {
        int start = Math.max(head.length, that.head.length);
        BigInteger a = denominator(start);
        BigInteger b = that.denominator(start);
        BigInteger[] mine = weights(start, a);
        BigInteger[] theirs = that.weights(start, b);
        BigInteger[] newHead = new BigInteger[start];
        for (int v = 0; v < start; v++) {
            newHead[v] = mine[v].multiply(b).add(theirs[v].multiply(a));
        }
        BigInteger headDen = a.multiply(b);
        if (bounded() && that.bounded()) {
            return finite(newHead, headDen);
        }
        BigInteger[] newTail = IntPoly.plus(IntPoly.scale(tail, that.tailDen), IntPoly.scale(that.tail, tailDen));
        return new Successes(newHead, headDen, newTail, tailDen.multiply(that.tailDen));
    }

    /** @return the tail: {@code P(v) = tail(v) / (tailDen · 6^v)} for {@code v ≥ start()}; empty if bounded */
    BigInteger[] tail() {
        return tail.clone();
    }

    BigInteger tailDen() {
        return tailDen;
    }

    /**
     * {@code P(value > v) = poly(v) / (den · 6^v)} for {@code v ≥ start() − 1}.
     *
     * @param poly whole-number coefficients
     * @param den the denominator
     */
    record Above(BigInteger[] poly, BigInteger den) {
    }

    /**
     * From {@code Σ_{n≥1} 6^−n t(v+n)} with {@code t(v+n) = Σ_i v^i Σ_{k≥i} t_k C(k,i) n^(k−i)} and the
     * sums {@code Σ_{n≥1} n^j 6^−n = σ_j / 5^(j+1)}.
     */
    Above above() {
        if (bounded()) {
            return new Above(NONE, BigInteger.ONE);
        }
        int degree = tail.length - 1;
        BigInteger[] sigma = IntPoly.powerSums(1, degree + 1);
        sigma = sigma.clone();
        sigma[0] = BigInteger.ONE; // Σ_{n≥1} 6^−n = 1/5: the n = 0 term left out
        BigInteger[] poly = new BigInteger[tail.length];
        for (int i = 0; i <= degree; i++) {
            BigInteger sum = BigInteger.ZERO;
            for (int k = i; k <= degree; k++) {
                sum = sum.add(tail[k].multiply(IntPoly.binomial(k, i)).multiply(sigma[k - i])
                        .multiply(FIVE.pow(degree - (k - i))));
            }
            poly[i] = sum;
        }
        return new Above(poly, tailDen.multiply(FIVE.pow(degree + 1)));
    }

    @Override
    public boolean equals(Object other) {
        return other == this || other instanceof Successes that && headDen.equals(that.headDen)
                && tailDen.equals(that.tailDen) && Arrays.equals(head, that.head) && Arrays.equals(tail, that.tail);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(head) + Arrays.hashCode(tail);
    }

    @Override
    public String toString() {
        return "Successes" + Arrays.toString(head) + "/" + headDen
                + (bounded() ? "" : " + " + Arrays.toString(tail) + "/(" + tailDen + "·6^v)");
    }
}
