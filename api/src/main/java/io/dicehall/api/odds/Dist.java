package io.dicehall.api.odds;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.function.IntPredicate;
import java.util.function.IntUnaryOperator;

/**
 * An exact probability distribution over whole numbers: a die's face, a pool's successes, a sum.
 * Immutable; every operation returns a new distribution.
 *
 * <p>Held as integer weights over a common total, so convolution and mapping need no fractions
 * until a probability is read: {@code P(v) = weight(v) / total}. Values span
 * {@code min()..max()}; impossible values in between have weight 0.
 *
 * <p>This is how systems compute odds in microseconds instead of enumerating every face
 * combination: a pool of {@code n} dice is {@link #times(int) n-fold convolution} or a
 * {@link #binomial binomial}, a transform is {@link #map}, a condition {@link #where}.
 */
public final class Dist {

    private final int min;
    private final BigInteger[] weights;
    private final BigInteger total;

    private Dist(int min, BigInteger[] weights, BigInteger total) {
        int lo = 0;
        int hi = weights.length - 1;
        while (lo < hi && weights[lo].signum() == 0) {
            lo++;
        }
        while (hi > lo && weights[hi].signum() == 0) {
            hi--;
        }
        this.min = min + lo;
        this.weights = Arrays.copyOfRange(weights, lo, hi + 1);
        this.total = total;
        if (total.signum() <= 0) {
            throw new IllegalArgumentException("a distribution needs a positive total weight");
        }
    }

    /** @return the certain value {@code v} */
    public static Dist constant(int v) {
        return new Dist(v, new BigInteger[] {BigInteger.ONE}, BigInteger.ONE);
    }

    /** @return a fair die: {@code 1..sides}, each with probability {@code 1/sides} */
    public static Dist die(int sides) {
        if (sides < 1) {
            throw new IllegalArgumentException("sides must be at least 1: " + sides);
        }
        BigInteger[] w = new BigInteger[sides];
        Arrays.fill(w, BigInteger.ONE);
        return new Dist(1, w, BigInteger.valueOf(sides));
    }

    /** @return a Fudge die: −1, 0, +1 each with probability 1/3 */
    public static Dist fudge() {
        return die(3).map(f -> f - 2);
    }

    /** @return 1 with probability {@code p}, else 0 */
    public static Dist bernoulli(Fraction p) {
        BigInteger d = p.denominator();
        BigInteger n = p.numerator();
        if (n.compareTo(d) > 0) {
            throw new IllegalArgumentException("not a probability: " + p);
        }
        return new Dist(0, new BigInteger[] {d.subtract(n), n}, d);
    }

    /**
     * @return the number of successes among {@code n} independent trials that each succeed with
     *     probability {@code p} (e.g. a pool of {@code n} dice that succeed on a face ≥ rank)
     */
    public static Dist binomial(int n, Fraction p) {
        if (n < 0) {
            throw new IllegalArgumentException("trials must be at least 0: " + n);
        }
        BigInteger d = p.denominator();
        BigInteger s = p.numerator();
        BigInteger f = d.subtract(s);
        if (f.signum() < 0) {
            throw new IllegalArgumentException("not a probability: " + p);
        }
        BigInteger[] w = new BigInteger[n + 1];
        BigInteger choose = BigInteger.ONE;
        for (int k = 0; k <= n; k++) {
            w[k] = choose.multiply(s.pow(k)).multiply(f.pow(n - k));
            choose = choose.multiply(BigInteger.valueOf(n - k)).divide(BigInteger.valueOf(k + 1));
        }
        return new Dist(0, w, d.pow(n));
    }

    /**
     * @param weights the weight of each value from {@code min} on; non-negative, not all zero
     * @return the distribution with those relative weights
     */
    public static Dist ofWeights(int min, long... weights) {
        BigInteger[] w = new BigInteger[weights.length];
        BigInteger sum = BigInteger.ZERO;
        for (int i = 0; i < weights.length; i++) {
            if (weights[i] < 0) {
                throw new IllegalArgumentException("negative weight");
            }
            w[i] = BigInteger.valueOf(weights[i]);
            sum = sum.add(w[i]);
        }
        return new Dist(min, w, sum);
    }

    /** @return the smallest possible value */
    public int min() {
        return min;
    }

    /** @return the largest possible value */
    public int max() {
        return min + weights.length - 1;
    }

    /** @return the exact probability of {@code value} */
    public Fraction p(int value) {
        if (value < min || value > max()) {
            return Fraction.ZERO;
        }
        return Fraction.of(weights[value - min], total);
    }

    /** @return the exact probability that the value satisfies {@code test} */
    public Fraction p(IntPredicate test) {
        return Fraction.of(weight(test), total);
    }

    /** @return the probability of {@code value} as a double, for speed */
    public double pDouble(int value) {
        return p(value).toDouble();
    }

    /** @return the exact probability that the value is at least {@code value} */
    public Fraction atLeast(int value) {
        return p(v -> v >= value);
    }

    /** @return the expected value, exactly; for distributions over non-negative values */
    public Fraction mean() {
        BigInteger sum = BigInteger.ZERO;
        for (int i = 0; i < weights.length; i++) {
            sum = sum.add(weights[i].multiply(BigInteger.valueOf((long) min + i)));
        }
        if (sum.signum() < 0) {
            throw new ArithmeticException("mean of a distribution with a negative mean");
        }
        return Fraction.of(sum, total);
    }

    /** @return the sum of this and an independent {@code other} (convolution) */
    public Dist plus(Dist other) {
        BigInteger[] w = new BigInteger[weights.length + other.weights.length - 1];
        Arrays.fill(w, BigInteger.ZERO);
        for (int i = 0; i < weights.length; i++) {
            if (weights[i].signum() == 0) {
                continue;
            }
            for (int j = 0; j < other.weights.length; j++) {
                if (other.weights[j].signum() != 0) {
                    w[i + j] = w[i + j].add(weights[i].multiply(other.weights[j]));
                }
            }
        }
        return new Dist(min + other.min, w, total.multiply(other.total));
    }

    /** @return the sum of {@code n} independent copies of this; {@code n = 0} is the constant 0 */
    public Dist times(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("copies must be at least 0: " + n);
        }
        Dist result = constant(0);
        Dist power = this;
        for (int k = n; k > 0; k >>= 1) {
            if ((k & 1) == 1) {
                result = result.plus(power);
            }
            if (k > 1) {
                power = power.plus(power);
            }
        }
        return result;
    }

    /** @return the distribution of {@code f(value)} */
    public Dist map(IntUnaryOperator f) {
        int lo = Integer.MAX_VALUE;
        int hi = Integer.MIN_VALUE;
        int[] mapped = new int[weights.length];
        for (int i = 0; i < weights.length; i++) {
            mapped[i] = f.applyAsInt(min + i);
            if (weights[i].signum() != 0) {
                lo = Math.min(lo, mapped[i]);
                hi = Math.max(hi, mapped[i]);
            }
        }
        BigInteger[] w = new BigInteger[hi - lo + 1];
        Arrays.fill(w, BigInteger.ZERO);
        for (int i = 0; i < weights.length; i++) {
            if (weights[i].signum() != 0) {
                w[mapped[i] - lo] = w[mapped[i] - lo].add(weights[i]);
            }
        }
        return new Dist(lo, w, total);
    }

    /**
     * @return this distribution given that {@code test} holds (conditioning)
     * @throws IllegalArgumentException if {@code test} can never hold
     */
    public Dist where(IntPredicate test) {
        BigInteger[] w = weights.clone();
        BigInteger sum = BigInteger.ZERO;
        for (int i = 0; i < w.length; i++) {
            if (!test.test(min + i)) {
                w[i] = BigInteger.ZERO;
            }
            sum = sum.add(w[i]);
        }
        if (sum.signum() == 0) {
            throw new IllegalArgumentException("condition can never hold");
        }
        return new Dist(min, w, sum);
    }

    /**
     * @return the mixture that is {@code a} with probability {@code p} and {@code b} otherwise
     */
    public static Dist mix(Fraction p, Dist a, Dist b) {
        if (p.compareTo(Fraction.ONE) > 0) {
            throw new IllegalArgumentException("not a probability: " + p);
        }
        int lo = Math.min(a.min, b.min);
        int hi = Math.max(a.max(), b.max());
        BigInteger[] w = new BigInteger[hi - lo + 1];
        // weight_a * p.num * b.total + weight_b * (p.den - p.num) * a.total, over a.total * b.total * p.den
        BigInteger fa = p.numerator().multiply(b.total);
        BigInteger fb = p.denominator().subtract(p.numerator()).multiply(a.total);
        for (int v = lo; v <= hi; v++) {
            w[v - lo] = a.weightOf(v).multiply(fa).add(b.weightOf(v).multiply(fb));
        }
        return new Dist(lo, w, a.total.multiply(b.total).multiply(p.denominator()));
    }

    private BigInteger weightOf(int value) {
        return value < min || value > max() ? BigInteger.ZERO : weights[value - min];
    }

    private BigInteger weight(IntPredicate test) {
        BigInteger sum = BigInteger.ZERO;
        for (int i = 0; i < weights.length; i++) {
            if (test.test(min + i)) {
                sum = sum.add(weights[i]);
            }
        }
        return sum;
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof Dist that) || that.min != min || that.weights.length != weights.length) {
            return false;
        }
        for (int i = 0; i < weights.length; i++) {
            if (!p(min + i).equals(that.p(min + i))) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        int h = min;
        for (int i = 0; i < weights.length; i++) {
            h = 31 * h + p(min + i).hashCode();
        }
        return h;
    }

    @Override
    public String toString() {
        var text = new StringBuilder("{");
        for (int i = 0; i < weights.length; i++) {
            text.append(i == 0 ? "" : ", ").append(min + i).append(": ").append(p(min + i));
        }
        return text.append('}').toString();
    }
}
