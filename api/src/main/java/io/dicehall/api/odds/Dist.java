package io.dicehall.api.odds;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.IntBinaryOperator;
import java.util.function.IntPredicate;
import java.util.function.IntUnaryOperator;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

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
 * {@link #binomial binomial}, a transform is {@link #map}, a condition {@link #where}. Two
 * independent values combine by any function with {@link #combine}; a die that is rolled again on
 * its highest face is {@link #exploding}/{@link #explode}; and what a pool of dice gives when some
 * are kept, dropped or counted is {@link Pool}'s.
 *
 * <p>Values must stay within a span of {@value #MAX_SPAN} whole numbers; an operation whose result
 * would span more refuses with {@link IllegalArgumentException} rather than run out of memory.
 */
public final class Dist implements Iterable<Dist.Entry> {

    /**
     * One possible value of a distribution with its exact probability, as {@link Dist#iterator()}
     * gives them.
     *
     * @param value a value the distribution can take
     * @param p its probability, never zero and never null
     * @since 0.3
     */
    public record Entry(int value, Fraction p) {
        /** Checks that {@code p} is given. */
        public Entry {
            if (p == null) {
                throw new IllegalArgumentException("an entry needs its probability");
            }
        }
    }

    /**
     * The widest span of values ({@code max() - min() + 1}) that {@link #combine}, {@link #explode}
     * and {@link Pool} produce: enough for joint counts encoded as {@code a * K + b} with both parts
     * in the thousands.
     *
     * @since 0.2
     */
    public static final int MAX_SPAN = 1 << 22;

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

    /**
     * The possible values in increasing order, each with its exact probability; values of
     * probability zero are left out, so the entries' probabilities add up to exactly 1.
     *
     * @return an iterator over this distribution's entries; it does not support removal
     * @since 0.3
     */
    @Override
    public Iterator<Entry> iterator() {
        return new Iterator<>() {
            private int i = nextPossible(0);

            @Override
            public boolean hasNext() {
                return i < weights.length;
            }

            @Override
            public Entry next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                Entry e = new Entry(min + i, Fraction.of(weights[i], total));
                i = nextPossible(i + 1);
                return e;
            }
        };
    }

    private int nextPossible(int from) {
        int i = from;
        while (i < weights.length && weights[i].signum() == 0) {
            i++;
        }
        return i;
    }

    /**
     * @return the entries of {@link #iterator()} as an ordered stream
     * @since 0.3
     */
    public Stream<Entry> stream() {
        return StreamSupport.stream(
                Spliterators.spliteratorUnknownSize(iterator(), Spliterator.ORDERED | Spliterator.NONNULL), false);
    }

    /**
     * @return the exact probability that the value is at most {@code value}
     * @since 0.3
     */
    public Fraction atMost(int value) {
        return p(v -> v <= value);
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
        if (n == 0) {
            return constant(0);
        }
        if (n > 1 && weights.length > 1) {
            return power(n);
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

    /**
     * The distribution of {@code f(x, y)} where {@code x} follows this distribution and {@code y}
     * follows {@code other}, independently: the general way to combine two rolls, e.g. the higher of
     * two ({@code Math::max}), a difference ({@code (a, b) -> a - b}), or a joint count encoded as
     * {@code a * K + b}. Exact; it takes time in proportion to the number of possible values of each,
     * multiplied, never to the dice behind them.
     *
     * <pre>{@code
     * Dist advantage = Dist.die(20).combine(Dist.die(20), Math::max);   // the better of 2d20
     * Dist margin = Dist.die(6).times(2).combine(Dist.die(6).times(2), (a, b) -> a - b);
     * }</pre>
     *
     * @param other an independent distribution
     * @param f how a value of this and a value of {@code other} combine; called once for each pair of
     *     possible values, and must not depend on anything else
     * @return the distribution of the combined value
     * @throws IllegalArgumentException if the combined values span more than {@link #MAX_SPAN}
     * @since 0.2
     */
    public Dist combine(Dist other, IntBinaryOperator f) {
        var combined = new HashMap<Integer, BigInteger>();
        for (int i = 0; i < weights.length; i++) {
            if (weights[i].signum() == 0) {
                continue;
            }
            for (int j = 0; j < other.weights.length; j++) {
                if (other.weights[j].signum() != 0) {
                    combined.merge(f.applyAsInt(min + i, other.min + j), weights[i].multiply(other.weights[j]),
                            BigInteger::add);
                }
            }
        }
        return ofSparse(combined, total.multiply(other.total));
    }

    /**
     * A die that is rolled again and added whenever it shows its highest face, at most {@code
     * rerolls} extra times (an "exploding" or "open-ended" d{@code sides}). After the last re-roll
     * allowed, the highest face counts as it is and is not rolled again, so the distribution is exact
     * and finite; the chance cut off is {@code (1/sides)^(rerolls + 1)}.
     *
     * <pre>{@code
     * Dist d6 = Dist.exploding(6, 5);   // 1..5, then 7..11, 13..17 … up to 36
     * }</pre>
     *
     * @param sides the die's sides, at least 2 (a d1 would explode on every roll)
     * @param rerolls the most extra rolls one die may make, at least 0
     * @return the total of the die and its extra rolls
     * @since 0.2
     */
    public static Dist exploding(int sides, int rerolls) {
        if (sides < 2) {
            throw new IllegalArgumentException("an exploding die needs at least 2 sides: " + sides);
        }
        return die(sides).explode(face -> face == sides, rerolls);
    }

    /**
     * This die rolled again and added whenever its value satisfies {@code on}, at most {@code
     * rerolls} extra times; see {@link #exploding(int, int)}. Same as {@code explode(on, v -> v,
     * rerolls)}.
     *
     * @param on the values that roll again, e.g. {@code v -> v >= 9} for a d10 that explodes on 9 and
     *     10
     * @param rerolls the most extra rolls, at least 0; with 0 this is the die itself
     * @return the total of the first roll and its extra rolls
     * @since 0.2
     */
    public Dist explode(IntPredicate on, int rerolls) {
        return explode(on, v -> v, rerolls);
    }

    /**
     * This die rolled again whenever a roll's value satisfies {@code on}, at most {@code rerolls}
     * extra times, with each roll counted as {@code read(value)} and the counts added. For pools that
     * count successes on dice that explode, e.g. a d10 that succeeds on 8 or more and rolls again on
     * a 10:
     *
     * <pre>{@code
     * Dist successes = Dist.die(10).explode(f -> f == 10, f -> f >= 8 ? 1 : 0, 5);
     * Dist pool = successes.times(6);   // six such dice
     * }</pre>
     *
     * After the last re-roll allowed, a value that would roll again is read and counted like any
     * other.
     *
     * @param on the values that roll again (as this distribution gives them, before {@code read})
     * @param read how one roll counts
     * @param rerolls the most extra rolls, at least 0; with 0 this is {@code map(read)}
     * @return the distribution of the counts added over the first roll and its extra rolls
     * @throws IllegalArgumentException if {@code rerolls} is negative, or the result spans more than
     *     {@link #MAX_SPAN}
     * @since 0.2
     */
    public Dist explode(IntPredicate on, IntUnaryOperator read, int rerolls) {
        if (rerolls < 0) {
            throw new IllegalArgumentException("re-rolls must be at least 0: " + rerolls);
        }
        // E(0) = read(X); E(k) = read(X) when X does not roll again, read(X) + E(k − 1) when it does.
        // Over the common total T^(k + 1): a stopping value keeps its weight times T^k.
        var stops = new HashMap<Integer, BigInteger>();
        var goesOn = new HashMap<Integer, BigInteger>();
        var all = new HashMap<Integer, BigInteger>();
        for (int i = 0; i < weights.length; i++) {
            if (weights[i].signum() != 0) {
                int read1 = read.applyAsInt(min + i);
                all.merge(read1, weights[i], BigInteger::add);
                (on.test(min + i) ? goesOn : stops).merge(read1, weights[i], BigInteger::add);
            }
        }
        Map<Integer, BigInteger> result = all;
        BigInteger resultTotal = total;
        for (int k = 1; k <= rerolls; k++) {
            var next = new HashMap<Integer, BigInteger>();
            BigInteger scale = resultTotal;
            stops.forEach((v, w) -> next.merge(v, w.multiply(scale), BigInteger::add));
            for (var first : goesOn.entrySet()) {
                for (var rest : result.entrySet()) {
                    next.merge(first.getKey() + rest.getKey(), first.getValue().multiply(rest.getValue()),
                            BigInteger::add);
                }
            }
            result = next;
            resultTotal = resultTotal.multiply(total);
            span(result);
        }
        return ofSparse(result, resultTotal);
    }

    /**
     * This die rolled again while its value satisfies {@code on}, at most {@code rerolls} times, the last roll
     * standing whatever it shows: "reroll 1s" ({@code rerolls = 1} for once, more for "until it is not a 1", with
     * the cap stated so the distribution stays exact and finite). Each re-roll replaces the value; nothing is
     * added. If every value satisfies {@code on}, re-rolling changes nothing and this distribution is returned.
     *
     * <pre>{@code
     * Dist d6 = Dist.die(6).reroll(v -> v == 1, 1);     // a d6 whose first 1 is rolled again once
     * Dist d10 = Dist.die(10).reroll(v -> v <= 2, 10);  // a d10 rolled again on 1 or 2, up to ten times
     * }</pre>
     *
     * @param on the values that are rolled again
     * @param rerolls the most re-rolls, at least 0; with 0 this is the die itself
     * @return the distribution of the value that stands
     * @throws IllegalArgumentException if {@code rerolls} is negative
     * @since 0.3
     */
    public Dist reroll(IntPredicate on, int rerolls) {
        if (rerolls < 0) {
            throw new IllegalArgumentException("re-rolls must be at least 0: " + rerolls);
        }
        Fraction again = p(on);
        if (again.isZero() || again.equals(Fraction.ONE)) {
            return this;
        }
        // R(0) = X; R(k) = X given it does not roll again, or with P(on) a fresh R(k − 1).
        Dist stays = where(on.negate());
        Dist result = this;
        for (int k = 1; k <= rerolls; k++) {
            result = mix(again, result, stays);
        }
        return result;
    }

    /**
     * @return the distribution of {@code -value}
     * @since 0.3
     */
    public Dist negate() {
        return map(v -> -v);
    }

    /**
     * @param other an independent distribution
     * @return the distribution of this value less {@code other}'s
     * @since 0.3
     */
    public Dist minus(Dist other) {
        return plus(other.negate());
    }

    /**
     * The product of this value and an independent {@code other}: {@code 2d6 * 1d4}. For a constant factor,
     * {@code map(v -> v * c)} is the same and cheaper.
     *
     * @param other an independent distribution
     * @return the distribution of the product
     * @throws IllegalArgumentException if the products span more than {@link #MAX_SPAN}
     * @throws ArithmeticException if a product overflows an {@code int}
     * @since 0.3
     */
    public Dist multiply(Dist other) {
        return combine(other, Math::multiplyExact);
    }

    /**
     * The whole-number quotient of this value by an independent {@code other}, rounded down (toward negative
     * infinity, as {@link Math#floorDiv(int, int)}): {@code 7 / 2 = 3}, {@code -7 / 2 = -4}.
     *
     * @param other an independent distribution that is never 0
     * @return the distribution of the quotient
     * @throws IllegalArgumentException if {@code other} can be 0
     * @since 0.3
     */
    public Dist divideFloor(Dist other) {
        if (!other.p(0).isZero()) {
            throw new IllegalArgumentException("the divisor can be 0 (with probability " + other.p(0) + ")");
        }
        return combine(other, Math::floorDiv);
    }

    /**
     * The sum of {@code n} copies as the power of a polynomial (J. C. P. Miller's recurrence): with the weights
     * {@code p} from the lowest value ({@code p[0]} is never 0 once trimmed), the weights {@code q} of the sum
     * satisfy {@code k p[0] q[k] = Σ_{j=1..d} ((n + 1) j − k) p[j] q[k − j]}, each division exact. Dice are made of
     * runs of equal weights (a plain die is one run, an exploding one a run per explosion), and over a run the sum
     * is {@code p (n k Σ q[i] − (n + 1) Σ i q[i])} for {@code i} in a window, read from running sums of {@code q[i]}
     * and {@code i q[i]}: a few long-number operations per run and value, where convolving takes the span squared.
     */
    private Dist power(int n) {
        int d = weights.length - 1;
        long span = (long) n * d + 1;
        if (span > MAX_SPAN) {
            throw new IllegalArgumentException("the sum of " + n + " copies spans " + span + " whole numbers, more than "
                    + MAX_SPAN);
        }
        if (weights[d].bitLength() < weights[0].bitLength()) {
            // Each step divides by p[0]: from the other end it is smaller (an exploding die's highest value has
            // weight 1), and a division by one machine word is the cheap kind.
            return negate().power(n).negate();
        }
        // Runs of equal, non-zero weights among p[1..d]: from[r]..to[r] with weight runWeight[r].
        var from = new java.util.ArrayList<Integer>();
        var to = new java.util.ArrayList<Integer>();
        var runWeight = new java.util.ArrayList<BigInteger>();
        for (int j = 1; j <= d; j++) {
            if (weights[j].signum() == 0) {
                continue;
            }
            int last = to.size() - 1;
            if (last >= 0 && to.get(last) == j - 1 && runWeight.get(last).equals(weights[j])) {
                to.set(last, j);
            } else {
                from.add(j);
                to.add(j);
                runWeight.add(weights[j]);
            }
        }
        BigInteger p0 = weights[0];
        BigInteger bigN = BigInteger.valueOf(n);
        BigInteger bigN1 = BigInteger.valueOf(n + 1L);
        BigInteger[] q = new BigInteger[(int) span];
        // sums[m] = Σ_{i<m} q[i]; moments[m] = Σ_{i<m} i q[i]
        BigInteger[] sums = new BigInteger[q.length + 1];
        BigInteger[] moments = new BigInteger[q.length + 1];
        q[0] = p0.pow(n);
        sums[0] = BigInteger.ZERO;
        moments[0] = BigInteger.ZERO;
        sums[1] = q[0];
        moments[1] = BigInteger.ZERO;
        // A die whose weights read the same from either end (a plain die) has a sum that does too: half is enough.
        boolean symmetric = true;
        for (int j = 0; j <= d / 2 && symmetric; j++) {
            symmetric = weights[j].equals(weights[d - j]);
        }
        int last = symmetric ? (q.length - 1) / 2 : q.length - 1;
        for (int k = 1; k <= last; k++) {
            BigInteger sum = BigInteger.ZERO;
            BigInteger nk = bigN.multiply(BigInteger.valueOf(k));
            for (int r = 0; r < from.size(); r++) {
                int a = from.get(r);
                if (a > k) {
                    break;
                }
                int lo = k - Math.min(to.get(r), k);
                int hi = k - a;
                BigInteger window = sums[hi + 1].subtract(sums[lo]);
                BigInteger moment = moments[hi + 1].subtract(moments[lo]);
                BigInteger term = nk.multiply(window).subtract(bigN1.multiply(moment));
                sum = sum.add(runWeight.get(r).equals(BigInteger.ONE) ? term : term.multiply(runWeight.get(r)));
            }
            q[k] = sum.signum() == 0 ? BigInteger.ZERO : sum.divide(p0.multiply(BigInteger.valueOf(k)));
            sums[k + 1] = sums[k].add(q[k]);
            moments[k + 1] = moments[k].add(q[k].multiply(BigInteger.valueOf(k)));
        }
        for (int k = last + 1; k < q.length; k++) {
            q[k] = q[q.length - 1 - k];
        }
        return new Dist(Math.multiplyExact(min, n), q, total.pow(n));
    }

    /** @return the weight of {@code value} over {@link #totalWeight()}, 0 outside the range */
    BigInteger weightOf(int value) {
        return value < min || value > max() ? BigInteger.ZERO : weights[value - min];
    }

    /** @return the common total of the weights: {@code P(v) = weightOf(v) / totalWeight()} */
    BigInteger totalWeight() {
        return total;
    }

    /**
     * @param weights weights by value, none negative, not all zero (zero weights may be left out)
     * @param total their common total, at least their sum
     * @return the distribution with {@code P(v) = weights(v) / total}
     */
    static Dist ofSparse(Map<Integer, BigInteger> weights, BigInteger total) {
        long[] range = span(weights);
        int lo = (int) range[0];
        BigInteger[] w = new BigInteger[(int) (range[1] - range[0] + 1)];
        Arrays.fill(w, BigInteger.ZERO);
        weights.forEach((v, x) -> w[v - lo] = w[v - lo].add(x));
        return new Dist(lo, w, total);
    }

    /** @return the smallest and largest value of {@code weights}; refuses none, or a span over {@link #MAX_SPAN} */
    private static long[] span(Map<Integer, BigInteger> weights) {
        if (weights.isEmpty()) {
            throw new IllegalArgumentException("a distribution needs at least one possible value");
        }
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        for (int v : weights.keySet()) {
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
        }
        if (hi - lo + 1 > MAX_SPAN) {
            throw new IllegalArgumentException("values from " + lo + " to " + hi + " span more than " + MAX_SPAN
                    + " whole numbers");
        }
        return new long[] {lo, hi};
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

    /**
     * @return whether {@code that} gives every value the same probability, as {@link #equals}, by comparing
     *     cross-multiplied weights instead of reducing fractions
     */
    boolean sameAs(Dist that) {
        if (that == this) {
            return true;
        }
        if (that.min != min || that.weights.length != weights.length) {
            return false;
        }
        for (int i = 0; i < weights.length; i++) {
            if (!weights[i].multiply(that.total).equals(that.weights[i].multiply(total))) {
                return false;
            }
        }
        return true;
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
