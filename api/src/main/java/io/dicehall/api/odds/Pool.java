package io.dicehall.api.odds;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.IntBinaryOperator;
import java.util.function.IntPredicate;
import java.util.function.IntUnaryOperator;

/**
 * A pool of independent dice thrown together, and the exact distributions of what the rules read from
 * it: the sum, the best {@code k} kept (advantage, "roll 4d6, drop the lowest"), the number of dice at
 * or above a target, or any running reading of the dice one by one. Immutable.
 *
 * <p>The dice may differ: each is any {@link Dist} (a d6, a d10 read 0–9, a Fudge die, an {@linkplain
 * Dist#exploding exploding} d8), and a pool may mix them ("a d8 and two d6"). Dice with the same
 * distribution are kept together as one group with a count, which is what makes large pools cheap.
 *
 * <p>Every answer is exact and computed by dynamic programming over values and counts, never by
 * listing every combination of faces: keeping the best 3 of 20d10 takes a few milliseconds, where the
 * faces number 10^20.
 *
 * <pre>{@code
 * Dist advantage = Pool.dice(3, 6).keepHighest(2);          // 3d6, keep the best two
 * Dist stat = Pool.dice(4, 6).keepHighest(3);               // 4d6, drop the lowest
 * Dist mixed = Pool.of(Dist.die(8), Dist.die(6), Dist.die(6)).highest();
 * Dist hits = Pool.dice(7, 10).countAtLeast(8);             // successes on 8+ among 7d10
 * Dist net = Pool.dice(5, 6).sumOf(f -> f >= 5 ? 1 : f == 1 ? -1 : 0);   // hits less ones
 * }</pre>
 *
 * @since 0.2
 */
public final class Pool {

    /** Dice with the same distribution, and how many of them. */
    private record Group(Dist die, int count) {
    }

    private static final Pool EMPTY = new Pool(List.of());

    private final List<Group> groups;

    private Pool(List<Group> groups) {
        this.groups = List.copyOf(groups);
    }

    /**
     * @param count how many dice, at least 0
     * @param die the distribution of each
     * @return a pool of {@code count} independent dice of that distribution
     * @since 0.2
     */
    public static Pool of(int count, Dist die) {
        return EMPTY.and(count, die);
    }

    /**
     * @param dice the distribution of each die, in any order; may be empty
     * @return a pool of those independent dice
     * @since 0.2
     */
    public static Pool of(Dist... dice) {
        return of(List.of(dice));
    }

    /**
     * @param dice the distribution of each die, in any order; may be empty
     * @return a pool of those independent dice
     * @since 0.2
     */
    public static Pool of(List<Dist> dice) {
        Pool pool = EMPTY;
        for (Dist die : dice) {
            pool = pool.and(1, die);
        }
        return pool;
    }

    /**
     * @param count how many dice, at least 0
     * @param sides the sides of each, at least 1
     * @return a pool of {@code count} fair d{@code sides}, e.g. {@code dice(3, 6)} for 3d6
     * @since 0.2
     */
    public static Pool dice(int count, int sides) {
        return of(count, Dist.die(sides));
    }

    /**
     * @param count how many more dice, at least 0
     * @param die the distribution of each
     * @return this pool with {@code count} more independent dice of that distribution
     * @since 0.2
     */
    public Pool and(int count, Dist die) {
        Objects.requireNonNull(die, "die");
        if (count < 0) {
            throw new IllegalArgumentException("dice must be at least 0: " + count);
        }
        if (count == 0) {
            return this;
        }
        var next = new ArrayList<Group>(groups.size() + 1);
        boolean merged = false;
        for (Group group : groups) {
            if (!merged && group.die().sameAs(die)) {
                next.add(new Group(group.die(), Math.addExact(group.count(), count)));
                merged = true;
            } else {
                next.add(group);
            }
        }
        if (!merged) {
            next.add(new Group(die, count));
        }
        return new Pool(next);
    }

    /**
     * @param other another pool, independent of this one
     * @return one pool of the dice of both
     * @since 0.2
     */
    public Pool and(Pool other) {
        Pool pool = this;
        for (Group group : other.groups) {
            pool = pool.and(group.count(), group.die());
        }
        return pool;
    }

    /**
     * @return the number of dice
     * @since 0.2
     */
    public int size() {
        int size = 0;
        for (Group group : groups) {
            size = Math.addExact(size, group.count());
        }
        return size;
    }

    /**
     * @return the sum of all the dice (0 for an empty pool)
     * @since 0.2
     */
    public Dist sum() {
        return sumOf(v -> v);
    }

    /**
     * The sum of the dice, each read by {@code read} first: counts where a die may count more than
     * once or against the roll, such as a hit on 5 or 6 that a 1 cancels ({@code f >= 5 ? 1 : f == 1 ?
     * -1 : 0}).
     *
     * @param read how each die counts, from its value
     * @return the distribution of the sum of {@code read(value)} over the dice
     * @since 0.2
     */
    public Dist sumOf(IntUnaryOperator read) {
        Dist sum = Dist.constant(0);
        for (Group group : groups) {
            sum = sum.plus(group.die().map(read).times(group.count()));
        }
        return sum;
    }

    /**
     * @param test which values count
     * @return the number of dice whose value passes {@code test}: a binomial for each kind of die,
     *     convolved
     * @since 0.2
     */
    public Dist count(IntPredicate test) {
        Dist count = Dist.constant(0);
        for (Group group : groups) {
            count = count.plus(Dist.binomial(group.count(), group.die().p(test)));
        }
        return count;
    }

    /**
     * @param threshold the lowest value that counts
     * @return the number of dice showing {@code threshold} or more: successes against a target number
     * @since 0.2
     */
    public Dist countAtLeast(int threshold) {
        return count(v -> v >= threshold);
    }

    /**
     * @param threshold the highest value that counts
     * @return the number of dice showing {@code threshold} or less: successes for roll-under dice
     * @since 0.2
     */
    public Dist countAtMost(int threshold) {
        return count(v -> v <= threshold);
    }

    /**
     * The sum of the {@code keep} highest dice, the others dropped: 3d6 keep the best two, 4d6 drop the
     * lowest ({@code keepHighest(3)}), 2d20 with advantage ({@code keepHighest(1)}). Ties do not matter:
     * equal values sum the same whichever is dropped.
     *
     * @param keep how many dice count, from 0 (the constant 0) to {@link #size()} (the {@link #sum()})
     * @return the distribution of the sum of the kept dice
     * @throws IllegalArgumentException if {@code keep} is negative or above the number of dice
     * @since 0.2
     */
    public Dist keepHighest(int keep) {
        int size = size();
        if (keep < 0 || keep > size) {
            throw new IllegalArgumentException("cannot keep " + keep + " of " + size + " dice");
        }
        if (keep == 0) {
            return Dist.constant(0);
        }
        if (keep == size) {
            return sum();
        }
        return new KeepHighest(groups, keep).run();
    }

    /**
     * The sum of the {@code keep} lowest dice, the others dropped: disadvantage, "keep the worst two".
     *
     * @param keep how many dice count, from 0 to {@link #size()}
     * @return the distribution of the sum of the kept dice
     * @throws IllegalArgumentException if {@code keep} is negative or above the number of dice
     * @since 0.2
     */
    public Dist keepLowest(int keep) {
        var negated = new ArrayList<Group>();
        for (Group group : groups) {
            negated.add(new Group(group.die().map(v -> -v), group.count()));
        }
        return new Pool(negated).keepHighest(keep).map(v -> -v);
    }

    /**
     * @return the highest die
     * @throws IllegalArgumentException if the pool is empty
     * @since 0.2
     */
    public Dist highest() {
        return keepHighest(1);
    }

    /**
     * @return the lowest die
     * @throws IllegalArgumentException if the pool is empty
     * @since 0.2
     */
    public Dist lowest() {
        return keepLowest(1);
    }

    /**
     * The general reading of a pool: a running value that starts at {@code start} and takes in the dice
     * one at a time, {@code value = step(value, die)}. Equal running values are merged as they go (dynamic
     * programming), so this is fast whenever the running value takes few values: the highest so far
     * ({@code Math::max}), a count, a count capped at a limit, or two counts encoded as one number
     * ({@code successes * 100 + trouble}). The dice are taken in no particular order, so {@code step}
     * must give the same result whatever the order (as sums, counts, maxima and minima do).
     *
     * <pre>{@code
     * // Successes on 5+ and trouble on 1, as one number: successes * 100 + trouble
     * Dist joint = Pool.dice(6, 6).fold(0, (v, f) -> v + (f >= 5 ? 100 : 0) + (f == 1 ? 1 : 0));
     * Fraction cleanSuccess = joint.p(v -> v / 100 >= 2 && v % 100 == 0);
     * }</pre>
     *
     * @param start the running value before any die
     * @param step the next running value from the current one and a die's value
     * @return the distribution of the running value after every die
     * @throws IllegalArgumentException if the running values span more than {@link Dist#MAX_SPAN}
     * @since 0.2
     */
    public Dist fold(int start, IntBinaryOperator step) {
        Weighed<Integer> folded = weigh(start, step::applyAsInt);
        return Dist.ofSparse(folded.weights(), folded.total());
    }

    // Joint readings (since 0.3): what the rules read from the dice at once, with no hand-made number encoding.

    /**
     * The highest die and how many dice show {@code face}, read together: "the highest die, and a critical on
     * two sixes" is {@code highestAndCount(6)}.
     *
     * @param highest the highest value among the dice
     * @param count how many dice show the face asked for
     * @since 0.3
     */
    public record HighestAndCount(int highest, int count) {
    }

    /**
     * The most distinct sorted throws {@link #sortedFaces()} lists: beyond it, a reading is better written as a
     * {@link #joint fold}, whose running value takes fewer values.
     *
     * @since 0.3
     */
    public static final int MAX_SORTED_THROWS = 250_000;

    /**
     * The general reading of a pool, like {@link #fold(int, IntBinaryOperator)} but with a running value of any
     * type: a record of the highest die and the count of sixes, a pair of counts, a list. The running value starts
     * at {@code start} and takes in the dice one at a time, {@code value = step(value, die)}; equal running values
     * (by {@code equals}) are merged as they go, so this is fast whenever the running value takes few values. The
     * dice are taken in no particular order, so {@code step} must give the same result whatever the order.
     *
     * <pre>{@code
     * record Read(int successes, int trouble) {}
     * Map<Read, Fraction> joint = Pool.dice(6, 6).joint(new Read(0, 0),
     *         (r, f) -> new Read(r.successes() + (f >= 5 ? 1 : 0), r.trouble() + (f == 1 ? 1 : 0)));
     * }</pre>
     *
     * @param <S> the type of the running value: immutable, with value-based {@code equals} and {@code hashCode}
     * @param start the running value before any die
     * @param step the next running value from the current one and a die's value; never null
     * @return each possible final running value with its exact probability, summing to 1; unmodifiable, in no
     *     particular order
     * @throws NullPointerException if {@code step} returns null
     * @since 0.3
     */
    public <S> Map<S, Fraction> joint(S start, java.util.function.BiFunction<? super S, Integer, ? extends S> step) {
        Weighed<S> folded = weigh(start, step);
        var result = new java.util.LinkedHashMap<S, Fraction>();
        for (var entry : folded.weights().entrySet()) {
            result.put(entry.getKey(), Fraction.of(entry.getValue(), folded.total()));
        }
        return java.util.Collections.unmodifiableMap(result);
    }

    /** Whole weights of the running values over a common total: {@code P(s) = weights(s) / total}. */
    private record Weighed<S>(Map<S, BigInteger> weights, BigInteger total) {
    }

    /** The running values of a fold over the dice, merged by {@code equals} as they go, with whole weights. */
    private <S> Weighed<S> weigh(S start, java.util.function.BiFunction<? super S, Integer, ? extends S> step) {
        Map<S, BigInteger> now = new HashMap<>();
        now.put(start, BigInteger.ONE);
        BigInteger total = BigInteger.ONE;
        for (Group group : groups) {
            Dist die = group.die();
            for (int i = 0; i < group.count(); i++) {
                var next = new HashMap<S, BigInteger>();
                for (var state : now.entrySet()) {
                    for (int v = die.min(); v <= die.max(); v++) {
                        BigInteger w = die.weightOf(v);
                        if (w.signum() != 0) {
                            S value = Objects.requireNonNull(step.apply(state.getKey(), v), "a fold's step gave null");
                            next.merge(value, state.getValue().multiply(w), BigInteger::add);
                        }
                    }
                }
                now = next;
                total = total.multiply(die.totalWeight());
            }
        }
        return new Weighed<>(now, total);
    }

    /**
     * The highest die and the number of dice showing {@code face}, jointly: the usual reading of a pool where the
     * best die decides and several of the top face make a critical.
     *
     * <pre>{@code
     * Odds odds = Odds.of(OUTCOMES, Pool.dice(3, 6).highestAndCount(6), r -> r.count() >= 2 ? "critical"
     *         : r.highest() == 6 ? "success" : r.highest() >= 4 ? "partial" : "failure");
     * }</pre>
     *
     * @param face the face to count
     * @return each (highest, count) pair with its exact probability
     * @throws IllegalArgumentException if the pool is empty
     * @since 0.3
     */
    public Map<HighestAndCount, Fraction> highestAndCount(int face) {
        if (size() == 0) {
            throw new IllegalArgumentException("an empty pool has no highest die");
        }
        return joint(new HighestAndCount(Integer.MIN_VALUE, 0),
                (r, v) -> new HighestAndCount(Math.max(r.highest(), v), r.count() + (v == face ? 1 : 0)));
    }

    /**
     * Every throw of the pool as its values sorted from lowest to highest, with its exact probability: the
     * reading for rules that look at the dice as a whole (the two highest, pairs, a straight). Throws that differ
     * only in the order of the dice are one entry, so 10d6 has 3,003 entries rather than 60 million.
     *
     * @return each sorted list of values (unmodifiable, lowest first) with its probability, summing to 1
     * @throws IllegalArgumentException if there would be more than {@link #MAX_SORTED_THROWS} entries
     * @since 0.3
     */
    public Map<List<Integer>, Fraction> sortedFaces() {
        BigInteger entries = BigInteger.ONE;
        for (Group group : groups) {
            int values = 0;
            for (int v = group.die().min(); v <= group.die().max(); v++) {
                values += group.die().weightOf(v).signum() != 0 ? 1 : 0;
            }
            // Multisets of count values out of the die's possible ones: C(count + values - 1, count).
            BigInteger choose = BigInteger.ONE;
            for (int k = 1; k <= group.count(); k++) {
                choose = choose.multiply(BigInteger.valueOf(values - 1L + k)).divide(BigInteger.valueOf(k));
            }
            entries = entries.multiply(choose);
        }
        if (entries.compareTo(BigInteger.valueOf(MAX_SORTED_THROWS)) > 0) {
            throw new IllegalArgumentException("the pool " + this + " has " + entries + " sorted throws, more than "
                    + MAX_SORTED_THROWS + ": read it with a fold (joint) whose running value takes fewer values");
        }
        return joint(List.<Integer>of(), (sorted, v) -> {
            var more = new ArrayList<Integer>(sorted.size() + 1);
            int at = 0;
            while (at < sorted.size() && sorted.get(at) <= v) {
                more.add(sorted.get(at++));
            }
            more.add(v);
            more.addAll(sorted.subList(at, sorted.size()));
            return List.copyOf(more);
        });
    }

    /**
     * The sum of the dice left when the {@code drop} highest are set aside: "drop the highest".
     * Same as {@code keepLowest(size() - drop)}.
     *
     * @param drop how many of the highest dice are dropped, from 0 to {@link #size()}
     * @return the distribution of the sum of the others
     * @throws IllegalArgumentException if {@code drop} is negative or above the number of dice
     * @since 0.3
     */
    public Dist dropHighest(int drop) {
        return keepLowest(kept(drop));
    }

    /**
     * The sum of the dice left when the {@code drop} lowest are set aside: "4d6, drop the lowest".
     * Same as {@code keepHighest(size() - drop)}.
     *
     * @param drop how many of the lowest dice are dropped, from 0 to {@link #size()}
     * @return the distribution of the sum of the others
     * @throws IllegalArgumentException if {@code drop} is negative or above the number of dice
     * @since 0.3
     */
    public Dist dropLowest(int drop) {
        return keepHighest(kept(drop));
    }

    private int kept(int drop) {
        int size = size();
        if (drop < 0 || drop > size) {
            throw new IllegalArgumentException("cannot drop " + drop + " of " + size + " dice");
        }
        return size - drop;
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof Pool that) || that.groups.size() != groups.size()) {
            return false;
        }
        return new HashMap<>(counts()).equals(that.counts());
    }

    private Map<Dist, Integer> counts() {
        var counts = new HashMap<Dist, Integer>();
        groups.forEach(g -> counts.put(g.die(), g.count()));
        return counts;
    }

    @Override
    public int hashCode() {
        return counts().hashCode();
    }

    /** @return the dice as counts of distributions, e.g. {@code [3 × {1: 1/6, …}]} */
    @Override
    public String toString() {
        return groups.stream().map(g -> g.count() + " × " + g.die()).toList().toString();
    }

    /**
     * The sum of the {@code keep} highest dice, by a sweep over the values from the lowest up: at each
     * value {@code v}, some of the dice not yet placed show exactly {@code v} (the others show more).
     * The state is only how many dice of each group are placed, since the lowest {@code size − keep}
     * placed are dropped whatever they show. As soon as that many are placed, the rest is known: the
     * dice placed at {@code v} beyond the dropped ones are kept at {@code v}, and the dice not yet placed
     * all show more than {@code v}, are all kept, and sum as a convolution of each die given that it
     * shows more than {@code v}. Everything is counted in whole weights over the product of the dice's
     * totals, so nothing is divided.
     */
    private static final class KeepHighest {

        private final List<Group> groups;
        private final int keep;
        private final int drop;
        private final int[] counts;
        private final int[] radix;
        private final int[] values;
        /** weight[g][i]: the weight of group g's die at values[i]. */
        private final BigInteger[][] weight;
        private final BigInteger[][] choose;

        KeepHighest(List<Group> groups, int keep) {
            this.groups = groups;
            this.keep = keep;
            int size = 0;
            counts = new int[groups.size()];
            radix = new int[groups.size()];
            int states = 1;
            var all = new TreeSet<Integer>();
            for (int g = 0; g < groups.size(); g++) {
                counts[g] = groups.get(g).count();
                size += counts[g];
                radix[g] = states;
                states = Math.multiplyExact(states, counts[g] + 1);
                Dist die = groups.get(g).die();
                for (int v = die.min(); v <= die.max(); v++) {
                    if (die.weightOf(v).signum() != 0) {
                        all.add(v);
                    }
                }
            }
            drop = size - keep;
            values = all.stream().mapToInt(Integer::intValue).toArray();
            weight = new BigInteger[groups.size()][values.length];
            for (int g = 0; g < groups.size(); g++) {
                for (int i = 0; i < values.length; i++) {
                    weight[g][i] = groups.get(g).die().weightOf(values[i]);
                }
            }
            int most = Arrays.stream(counts).max().orElse(0);
            choose = new BigInteger[most + 1][];
            for (int n = 0; n <= most; n++) {
                choose[n] = new BigInteger[n + 1];
                choose[n][0] = BigInteger.ONE;
                choose[n][n] = BigInteger.ONE;
                for (int c = 1; c < n; c++) {
                    choose[n][c] = choose[n - 1][c - 1].add(choose[n - 1][c]);
                }
            }
        }

        Dist run() {
            int states = radix[radix.length - 1] * (counts[counts.length - 1] + 1);
            BigInteger[] placed = new BigInteger[states];
            placed[0] = BigInteger.ONE;
            var kept = new HashMap<Integer, BigInteger>();
            BigInteger total = BigInteger.ONE;
            for (Group group : groups) {
                total = total.multiply(group.die().totalWeight().pow(group.count()));
            }
            int[] at = new int[counts.length];
            for (int i = 0; i < values.length; i++) {
                // Place dice at this value one group at a time: the ways multiply, so the order does not matter.
                BigInteger[] now = placed;
                for (int g = 0; g < counts.length; g++) {
                    if (weight[g][i].signum() != 0) {
                        now = place(now, g, weight[g][i], at);
                    }
                }
                Rest rest = new Rest(i);
                BigInteger[] next = new BigInteger[states];
                for (int state = 0; state < states; state++) {
                    if (now[state] == null) {
                        continue;
                    }
                    decode(state, at);
                    int placedNow = 0;
                    for (int a : at) {
                        placedNow += a;
                    }
                    if (placedNow < drop) {
                        next[state] = now[state];
                        continue;
                    }
                    // Dropped enough: the dice placed here beyond the dropped ones are kept at this value, and
                    // every die not placed yet shows more and is kept.
                    Weights above = rest.of(at);
                    if (above == null) {
                        continue;
                    }
                    int shift = values[i] * (placedNow - drop);
                    for (int j = 0; j < above.weights.length; j++) {
                        if (above.weights[j].signum() != 0) {
                            kept.merge(above.min + j + shift, now[state].multiply(above.weights[j]), BigInteger::add);
                        }
                    }
                }
                placed = next;
            }
            return Dist.ofSparse(kept, total);
        }

        /** @return the states after {@code c} more dice of group {@code g} show the value of weight {@code face} */
        private BigInteger[] place(BigInteger[] from, int g, BigInteger face, int[] at) {
            BigInteger[] to = new BigInteger[from.length];
            BigInteger[] power = new BigInteger[counts[g] + 1];
            power[0] = BigInteger.ONE;
            for (int c = 1; c <= counts[g]; c++) {
                power[c] = power[c - 1].multiply(face);
            }
            for (int state = 0; state < from.length; state++) {
                if (from[state] == null) {
                    continue;
                }
                decode(state, at);
                int left = counts[g] - at[g];
                for (int c = 0; c <= left; c++) {
                    BigInteger w = c == 0 ? from[state] : from[state].multiply(choose[left][c]).multiply(power[c]);
                    int target = state + c * radix[g];
                    to[target] = to[target] == null ? w : to[target].add(w);
                }
            }
            return to;
        }

        private void decode(int state, int[] at) {
            for (int g = 0; g < counts.length; g++) {
                at[g] = state / radix[g] % (counts[g] + 1);
            }
        }

        /** The sums of dice not yet placed when the sweep is at {@code values[index]}: each shows more. */
        private final class Rest {
            /** above[g][r]: the weights of the sum of r dice of group g, each above this value; null if none can be. */
            private final Weights[][] above;
            private final Map<Integer, Weights> products = new HashMap<>();

            Rest(int index) {
                above = new Weights[counts.length][];
                for (int g = 0; g < counts.length; g++) {
                    Weights one = Weights.above(groups.get(g).die(), values[index]);
                    above[g] = new Weights[Math.min(counts[g], keep) + 1];
                    above[g][0] = Weights.ONE;
                    for (int r = 1; r < above[g].length; r++) {
                        above[g][r] = one == null ? null : above[g][r - 1].times(one);
                    }
                }
            }

            /** @return the weights of the sum of the dice not placed in state {@code at}; null if impossible */
            Weights of(int[] at) {
                if (counts.length == 1) {
                    return above[0][counts[0] - at[0]];
                }
                int key = 0;
                for (int g = 0; g < counts.length; g++) {
                    key += (counts[g] - at[g]) * radix[g];
                }
                if (products.containsKey(key)) {
                    return products.get(key);
                }
                Weights product = Weights.ONE;
                for (int g = 0; g < counts.length && product != null; g++) {
                    Weights part = above[g][counts[g] - at[g]];
                    product = part == null ? null : product.times(part);
                }
                products.put(key, product);
                return product;
            }
        }
    }

    /** Whole weights over consecutive values from {@code min}, with no total: a polynomial. */
    private record Weights(int min, BigInteger[] weights) {

        static final Weights ONE = new Weights(0, new BigInteger[] {BigInteger.ONE});

        /** @return the weights of {@code die}'s values above {@code value}, or null if it has none */
        static Weights above(Dist die, int value) {
            int lo = Math.max(die.min(), value + 1);
            if (lo > die.max()) {
                return null;
            }
            BigInteger[] w = new BigInteger[die.max() - lo + 1];
            boolean any = false;
            for (int v = lo; v <= die.max(); v++) {
                w[v - lo] = die.weightOf(v);
                any |= w[v - lo].signum() != 0;
            }
            return any ? new Weights(lo, w) : null;
        }

        /** @return the weights of the sum of independent values weighted by this and {@code other} */
        Weights times(Weights other) {
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
            return new Weights(min + other.min, w);
        }
    }
}
