package io.dicehall.api.play;

import io.dicehall.api.odds.Dist;
import io.dicehall.api.odds.Fraction;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * An exact, finite probability distribution over positions of a {@link Game}: where a throw leads. Equal
 * positions are merged, so a lottery over small positions (hits so far, KISSes left) stays small however many
 * dice are thrown. Immutable.
 *
 * <p>Like {@link Dist}, held as positive integer weights over one common total, so that the solver can sum over
 * it without reducing fractions; {@link #probability(int)} reduces one on demand.
 *
 * <p>The usual way to make one is from the exact odds a procedure computes already: {@link #of(Dist,
 * IntFunction)} turns a distribution of a count (new hits, successes, a total) into the positions it leads to.
 *
 * @param <P> the type of the positions; they must have value semantics ({@code equals} and {@code hashCode})
 * @since 0.2
 */
public final class Lottery<P> {

    private final Object[] positions;
    private final BigInteger[] weights;
    private final BigInteger total;

    private Lottery(Object[] positions, BigInteger[] weights, BigInteger total) {
        this.positions = positions;
        this.weights = weights;
        this.total = total;
    }

    /**
     * @param position any position, not null
     * @return the lottery that always gives {@code position}
     */
    public static <P> Lottery<P> certain(P position) {
        Objects.requireNonNull(position, "position");
        return new Lottery<>(new Object[] {position}, new BigInteger[] {BigInteger.ONE}, BigInteger.ONE);
    }

    /**
     * The positions a distribution of whole numbers leads to, e.g. {@code Lottery.of(Dist.binomial(k, hit), h
     * -> new Position(hits + h))}: equal positions are merged.
     *
     * @param dist an exact distribution
     * @param position the position each possible value leads to; called once per value of positive
     *     probability; never returns null
     * @return the lottery
     */
    public static <P> Lottery<P> of(Dist dist, IntFunction<? extends P> position) {
        Builder<P> builder = builder();
        for (int v = dist.min(); v <= dist.max(); v++) {
            Fraction p = dist.p(v);
            if (!p.isZero()) {
                builder.add(position.apply(v), p);
            }
        }
        return builder.build();
    }

    /**
     * @param probabilities each position's probability, summing to exactly 1; zeros are left out
     * @return the lottery
     */
    public static <P> Lottery<P> of(Map<? extends P, Fraction> probabilities) {
        Builder<P> builder = builder();
        probabilities.forEach(builder::add);
        return builder.build();
    }

    /** @return a builder that collects positions with their probabilities */
    public static <P> Builder<P> builder() {
        return new Builder<>();
    }

    /** @return the number of distinct positions, at least 1 */
    public int size() {
        return positions.length;
    }

    /**
     * @param i {@code 0..size()-1}
     * @return the {@code i}th position
     */
    @SuppressWarnings("unchecked")
    public P position(int i) {
        return (P) positions[i];
    }

    /**
     * @param i {@code 0..size()-1}
     * @return the exact probability of the {@code i}th position, above 0
     */
    public Fraction probability(int i) {
        return Fraction.of(weights[i], total);
    }

    /** @return the exact probability of {@code position}, 0 if it cannot happen */
    public Fraction probability(P position) {
        for (int i = 0; i < positions.length; i++) {
            if (positions[i].equals(position)) {
                return probability(i);
            }
        }
        return Fraction.ZERO;
    }

    /** @return the positions, in the order first added; unmodifiable */
    @SuppressWarnings("unchecked")
    public List<P> positions() {
        return (List<P>) List.of(positions);
    }

    /** @return each position with its probability, in the order first added; unmodifiable */
    public Map<P, Fraction> asMap() {
        var map = new LinkedHashMap<P, Fraction>();
        for (int i = 0; i < positions.length; i++) {
            map.put(position(i), probability(i));
        }
        return Collections.unmodifiableMap(map);
    }

    /** The weight of the {@code i}th position: its probability is {@code weight(i) / total()}. */
    BigInteger weight(int i) {
        return weights[i];
    }

    /** The common total of the weights. */
    BigInteger total() {
        return total;
    }

    /**
     * @param f a function of positions (e.g. forgetting what no longer matters)
     * @return the lottery over {@code f(position)}, equal results merged
     */
    public <Q> Lottery<Q> map(Function<? super P, ? extends Q> f) {
        var merged = new LinkedHashMap<Q, BigInteger>();
        for (int i = 0; i < positions.length; i++) {
            Q q = Objects.requireNonNull(f.apply(position(i)), "a position mapped to null");
            merged.merge(q, weights[i], BigInteger::add);
        }
        return new Lottery<>(merged.keySet().toArray(), merged.values().toArray(BigInteger[]::new), total);
    }

    /**
     * Two steps of chance one after the other: this lottery, then for each of its positions another.
     *
     * @param next the lottery that follows each position; never returns null
     * @return the lottery over where the second step ends, equal positions merged
     */
    public <Q> Lottery<Q> then(Function<? super P, Lottery<Q>> next) {
        Builder<Q> builder = builder();
        for (int i = 0; i < positions.length; i++) {
            Lottery<Q> after = Objects.requireNonNull(next.apply(position(i)), "no lottery after a position");
            for (int j = 0; j < after.positions.length; j++) {
                builder.add(after.position(j), Fraction.of(weights[i].multiply(after.weights[j]),
                        total.multiply(after.total)));
            }
        }
        return builder.build();
    }

    /** Equal when the same positions have the same probabilities, in any order. */
    @Override
    public boolean equals(Object other) {
        return other instanceof Lottery<?> that && asMap().equals(that.asMap());
    }

    @Override
    public int hashCode() {
        return asMap().hashCode();
    }

    @Override
    public String toString() {
        var text = new StringBuilder("{");
        for (int i = 0; i < positions.length; i++) {
            text.append(i == 0 ? "" : ", ").append(positions[i]).append(": ").append(probability(i));
        }
        return text.append('}').toString();
    }

    /**
     * Collects positions with their probabilities; {@link #build()} merges equal positions and checks that the
     * probabilities sum to exactly 1. Not thread-safe.
     *
     * @param <P> the type of the positions
     */
    public static final class Builder<P> {
        private final List<P> positions = new ArrayList<>();
        private final List<Fraction> probabilities = new ArrayList<>();

        private Builder() {
        }

        /**
         * Adds {@code probability} to that of {@code position}.
         *
         * @param position not null
         * @param probability at most 1; 0 is left out
         * @return this builder
         */
        public Builder<P> add(P position, Fraction probability) {
            Objects.requireNonNull(position, "position");
            Objects.requireNonNull(probability, "probability");
            if (probability.compareTo(Fraction.ONE) > 0) {
                throw new IllegalArgumentException("not a probability: " + probability);
            }
            if (!probability.isZero()) {
                positions.add(position);
                probabilities.add(probability);
            }
            return this;
        }

        /**
         * @return the lottery
         * @throws IllegalArgumentException if the probabilities do not sum to exactly 1
         */
        public Lottery<P> build() {
            // One common denominator: with dice it is nearly always the largest one (the others divide it), so
            // a division test spares most of the gcds an lcm would take.
            BigInteger common = BigInteger.ONE;
            for (Fraction p : probabilities) {
                BigInteger d = p.denominator();
                if (common.equals(d) || common.mod(d).signum() == 0) {
                    continue;
                }
                common = d.mod(common).signum() == 0 ? d : common.divide(common.gcd(d)).multiply(d);
            }
            var merged = new LinkedHashMap<P, BigInteger>();
            BigInteger sum = BigInteger.ZERO;
            for (int i = 0; i < positions.size(); i++) {
                Fraction p = probabilities.get(i);
                BigInteger weight = p.numerator().multiply(common.divide(p.denominator()));
                merged.merge(positions.get(i), weight, BigInteger::add);
                sum = sum.add(weight);
            }
            if (!sum.equals(common)) {
                throw new IllegalArgumentException("a lottery's probabilities sum to " + Fraction.of(sum, common)
                        + ", not 1");
            }
            return new Lottery<>(merged.keySet().toArray(), merged.values().toArray(BigInteger[]::new), common);
        }
    }
}
