package io.dicehall.systems.fatewalker;

import io.dicehall.api.odds.Fraction;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/**
 * Exact odds of an extended roll: the running total is a random walk that moves by (successes −
 * difficulty) each roll, completes at {@code target} or more and fails below 0. The totals 0 ..
 * target−1 are the open states of an absorbing Markov chain; for each this finds the chance to complete
 * and the expected number of rolls still to make.
 *
 * <p>Everything stays in whole numbers (a throw of n dice has integer weights over 10^n) and is divided
 * once, when a probability is read. A roll lowers the total by at most the difficulty d, so the chain's
 * target × target system A is not eliminated: counted down from the goal, its values are a power series,
 * a polynomial of degree below d over the throw's generating polynomial (less the stay-put term), and the
 * d totals below 0, which must come out as 0 (failure), pin that polynomial in a d × d system, solved by
 * Cramer's rule ({@link Series}). A roll whose successes equal the difficulty leaves the total where it is;
 * that self-loop is folded in exactly.
 *
 * <p>The numbers run to about 3,000 bits at the largest pools (55 dice, goal 18). The values are not
 * listed total by total: what the odds need, the values weighed with the ways of standing at each total
 * after a roll or two, is worked out from one short series (numbers of at most about 850 bits there) and
 * the d × d solution, with one exact division per weighing.
 */
final class ExtendedChain {

    /**
     * One throw's success weights in lowest common terms: {@code weights[s]} out of {@code tails[0]}, and
     * {@code tails[s]} the weight of s or more successes. A die succeeds with weight tn + 1 and fails with
     * 9 − tn out of 10; with g their common factor (5 at TN 4, 2 at odd TNs, else 1), a = (tn + 1)/g and
     * b = (9 − tn)/g, s successes of n dice weigh C(n, s)·a^s·b^(n−s) out of (a + b)^n. Those weights have
     * no common factor (the first is b^n, the last a^n), so this is the throw over 10^n divided by g^n.
     */
    record Pool(BigInteger[] weights, BigInteger[] tails, long a, long b) {

        static Pool of(int dice, int tn) {
            int hit = tn + 1;
            int miss = Throw.SIDES - hit;
            int common = BigInteger.valueOf(hit).gcd(BigInteger.valueOf(miss)).intValue();
            long a = hit / common;
            long b = miss / common;
            BigInteger[] weights = new BigInteger[dice + 1];
            weights[0] = BigInteger.valueOf(b).pow(dice);
            for (int s = 0; s < dice; s++) {
                // C(n, s+1)·a^(s+1)·b^(n−s−1) = C(n, s)·a^s·b^(n−s) · (n − s)·a / ((s + 1)·b), exactly.
                weights[s + 1] = weights[s].multiply(BigInteger.valueOf((dice - s) * a))
                        .divide(BigInteger.valueOf((s + 1) * b));
            }
            BigInteger[] tails = new BigInteger[dice + 1];
            BigInteger sum = BigInteger.ZERO;
            for (int s = dice; s >= 0; s--) {
                sum = sum.add(weights[s]);
                tails[s] = sum;
            }
            return new Pool(weights, tails, a, b);
        }

        /** @return the number of dice, n */
        int dice() {
            return weights.length - 1;
        }

        /** @return the weight of every throw, (a + b)^n */
        BigInteger total() {
            return tails[0];
        }

        BigInteger weight(int successes) {
            return successes < 0 || successes >= weights.length ? BigInteger.ZERO : weights[successes];
        }

        /** @return the weight of {@code successes} or more successes */
        BigInteger atLeast(int successes) {
            return successes <= 0 ? total() : successes >= tails.length ? BigInteger.ZERO : tails[successes];
        }
    }

    /**
     * From one total: the chance to complete is {@code complete / den}; the expected rolls are worked out
     * only when asked for (the odds show them for one of the points they weigh), as a numerator over a
     * multiple of den: they are only ever read as a decimal, so they are not divided exactly.
     */
    static final class Point {

        private final BigInteger complete;
        private final BigInteger den;
        /** {numerator, denominator} of the expected rolls. */
        private final Supplier<BigInteger[]> rolls;

        Point(BigInteger complete, BigInteger den, Supplier<BigInteger[]> rolls) {
            this.complete = complete;
            this.den = den;
            this.rolls = rolls;
        }

        BigInteger complete() {
            return complete;
        }

        BigInteger den() {
            return den;
        }

        Fraction completeChance() {
            return Fraction.of(complete, den);
        }

        /** The chain surely ends (every roll has a chance to move the total), so failing is 1 − completing. */
        Fraction failChance() {
            return Fraction.of(den.subtract(complete), den);
        }

        double expectedRolls() {
            BigInteger[] r = rolls.get();
            return new BigDecimal(r[0]).divide(new BigDecimal(r[1]), MathContext.DECIMAL64).doubleValue();
        }
    }

    /**
     * Values weighed with the ways of standing at each open total: the completion numerator over the chain's
     * {@link Values#den() den}, and (worked out when asked for) the expected rolls' numerator over den times
     * a scale.
     */
    interface Weighed {

        BigInteger complete();

        /** @return {numerator, scale} */
        BigInteger[] rolls();
    }

    /** Both worked out already. */
    private record Worked(BigInteger complete, BigInteger[] rolls) implements Weighed {
    }

    /**
     * The values of rolling on from every open total t: the chance to complete and the expected rolls, as
     * numerators over one denominator, the chain's determinant. Above the target the chance to complete is
     * 1 and no roll is left; below 0 both are 0.
     */
    sealed interface Values permits Listed, Series {

        /** @return the common denominator, det A */
        BigInteger den();

        /** @return the number of open totals */
        int open();

        /**
         * @param open a weight for each open total
         * @return Σ open[t]·(the numerators at t)
         */
        Weighed weigh(BigInteger[] open);

        /** @return the values from total t */
        default Point at(int t) {
            BigInteger[] unit = new BigInteger[open()];
            Arrays.fill(unit, BigInteger.ZERO);
            unit[t] = BigInteger.ONE;
            Weighed w = weigh(unit);
            BigInteger den = den();
            return new Point(w.complete(), den, () -> {
                BigInteger[] r = w.rolls();
                return new BigInteger[] {r[0], den.multiply(r[1])};
            });
        }
    }

    /** Every total's numerators listed. */
    record Listed(BigInteger[] complete, BigInteger[] rolls, BigInteger den) implements Values {

        @Override
        public int open() {
            return complete.length;
        }

        @Override
        public Weighed weigh(BigInteger[] open) {
            BigInteger c = BigInteger.ZERO;
            BigInteger r = BigInteger.ZERO;
            for (int j = 0; j < open.length; j++) {
                if (open[j].signum() != 0) {
                    c = c.add(open[j].multiply(complete[j]));
                    r = r.add(open[j].multiply(rolls[j]));
                }
            }
            return new Worked(c, new BigInteger[] {r, BigInteger.ONE});
        }

        @Override
        public Point at(int t) {
            BigInteger[] r = {rolls[t], den};
            return new Point(complete[t], den, () -> r);
        }
    }

    private final int target;
    private final int difficulty;

    ExtendedChain(int target, int difficulty) {
        if (target < 1 || difficulty < 0 || difficulty >= target) {
            throw new IllegalArgumentException("target " + target + ", difficulty " + difficulty);
        }
        this.target = target;
        this.difficulty = difficulty;
    }

    /** @return the chance that one roll with {@code pool} from total {@code t} reaches the target */
    Fraction completesNow(Pool pool, int t) {
        return Fraction.of(pool.atLeast(target - t + difficulty), pool.total());
    }

    /** @return the chance that one roll with {@code pool} from total {@code t} drops below 0 */
    Fraction failsNow(Pool pool, int t) {
        return Fraction.of(pool.total().subtract(pool.atLeast(difficulty - t)), pool.total());
    }

    /**
     * From total {@code t}: one roll with each of {@code pools} in turn while the work is open, then going on
     * as {@code next}.
     *
     * <p>The throws are followed forward in small numbers: {@code open[j]} is the weight of the ways to stand
     * at total j, out of the product of the pools' totals so far; {@code reached} is the weight that has
     * completed and {@code made} the expected rolls made, over the same product. Only at the end are the
     * open ways weighed with {@code next}'s large numerators ({@link Values#weigh}).
     */
    Point rollsThen(List<Pool> pools, Values next, int t) {
        BigInteger[] open = new BigInteger[target];
        Arrays.fill(open, BigInteger.ZERO);
        open[t] = BigInteger.ONE;
        BigInteger reached = BigInteger.ZERO;
        BigInteger made = BigInteger.ZERO;
        BigInteger scale = BigInteger.ONE;
        for (Pool pool : pools) {
            BigInteger total = pool.total();
            BigInteger[] after = new BigInteger[target];
            Arrays.fill(after, BigInteger.ZERO);
            BigInteger stillOpen = BigInteger.ZERO;
            BigInteger completing = BigInteger.ZERO;
            for (int from = 0; from < target; from++) {
                if (open[from].signum() == 0) {
                    continue;
                }
                stillOpen = stillOpen.add(open[from]);
                completing = completing.add(open[from].multiply(pool.atLeast(target - from + difficulty)));
                for (int to = Math.max(0, from - difficulty); to < target; to++) {
                    BigInteger w = pool.weight(to - from + difficulty);
                    if (w.signum() != 0) {
                        after[to] = after[to].add(open[from].multiply(w));
                    }
                }
            }
            // Every way still open makes this roll.
            made = made.add(stillOpen).multiply(total);
            reached = reached.multiply(total).add(completing);
            scale = scale.multiply(total);
            open = after;
        }
        Weighed w = next.weigh(open);
        BigInteger den = next.den();
        BigInteger rollsMade = made;
        BigInteger rollsScale = scale;
        return new Point(reached.multiply(den).add(w.complete()), scale.multiply(den), () -> {
            BigInteger[] r = w.rolls();
            return new BigInteger[] {rollsMade.multiply(den).multiply(r[1]).add(r[0]),
                rollsScale.multiply(den).multiply(r[1])};
        });
    }

    /** @return the values of rolling {@code pool} every time until the roll completes or fails */
    Values rollOn(Pool pool) {
        return difficulty == 0 ? rollOnWithoutFailure(pool) : new Series(pool, target, difficulty);
    }

    /**
     * Difficulty 0: no roll lowers the total, so each total depends only on higher ones. With q = W −
     * w(0), q·x(t) = Σ w(s)·x(t+s); x(t)·q^(target−t) is a whole number, built by Horner's rule in q.
     */
    private Values rollOnWithoutFailure(Pool pool) {
        BigInteger q = pool.total().subtract(pool.weight(0));
        BigInteger[] complete = new BigInteger[target];
        BigInteger[] rolls = new BigInteger[target];
        for (int t = target - 1; t >= 0; t--) {
            BigInteger p = pool.atLeast(target - t);
            BigInteger e = pool.total();
            for (int i = target - 1; i > t; i--) {
                BigInteger w = pool.weight(i - t);
                p = p.multiply(q).add(w.multiply(complete[i]));
                e = e.multiply(q).add(w.multiply(rolls[i]));
            }
            complete[t] = p;
            rolls[t] = e;
        }
        BigInteger power = BigInteger.ONE;
        for (int t = 0; t < target; t++) {
            complete[t] = complete[t].multiply(power);
            rolls[t] = rolls[t].multiply(power);
            power = power.multiply(q);
        }
        return new Listed(complete, rolls, power);
    }

    /**
     * Difficulty d ≥ 1, by power series. Counted down from the goal, y(m) = x(target − 1 − m), and with
     * Q(z) = Σ w(s)·z^s − W·z^d (the throw's weights, less the weight W of every throw at the stay-put step
     * s = d), the equation of the open total target − 1 − m says that the coefficient of z^(m+d) in Q·Y is
     * fixed by the totals at or above the goal. So Y is a polynomial R of degree below d (the d values at the
     * top) over Q, less a known part. With H = 1/Q = Σ h(m)·z^m (Q(0) = w0 = w(0) = b^n &gt; 0), the known
     * parts come out in closed form (for the chance to complete, the totals at or above the goal give
     * Σ_{k&lt;d} (w(0) + … + w(k))·z^k·H − 1/(1 − z); for the expected rolls, one roll from every total,
     * W·z^d·H/(1 − z)), and:
     *
     * <ul>
     *   <li>the chance to complete is y(m) = 1 + Σ_{k&lt;d} r_k·h(m − k);
     *   <li>the expected rolls are y(m) = Σ_{k&lt;d} r'_k·h(m − k) − W·S(m − d), S(m) = h(0) + … + h(m).
     * </ul>
     *
     * <p>The series is worked out in whole numbers over powers of b, with no division: w(s) = C(n, s)·a^s·
     * b^(n−s), so g(m) = b^m·h(m) has g(0) = b^−n and g(m) = −Σ_{s ≥ 1} c(s)·g(m − s) with the whole numbers
     * c(s) = C(n, s)·a^s, except c(d) = C(n, d)·a^d − W/b^(n−d). Each pass through s = d adds b^(n−d) to
     * the denominator, so h(m) = N(m) / b^E(m), E(m) = n + m + (n − d)·⌊m/d⌋ (n + m when d ≥ n), with N(m)
     * whole.
     *
     * <p>The d totals below 0 (m = target … target + d − 1) must come out as 0 (failure): a d × d system for
     * r and r' with the matrix G = (h(target + i − k)), both right-hand sides at once, solved by Cramer's
     * rule. G is the corner of the inverse of Q's (triangular Toeplitz) matrix that faces A, so by Jacobi's
     * theorem on complementary minors det A = |det G|·w0^(target + d), and every value is a whole number over
     * it. The values are never listed: {@link #weigh} weighs the short numbers h and S with the open ways
     * first, then takes the sums through the solution once.
     */
    static final class Series implements Values {

        private final int target;
        private final int difficulty;
        private final BigInteger total;
        private final Powers powers;
        /** h(m) = h[m] / b^hExp[m], for m below target + difficulty. */
        private final BigInteger[] h;
        private final int[] hExp;
        /** S(m) = sums[m] / b^hExp[m], for m below target. */
        private final BigInteger[] sums;
        /** r_k = b^completeExp·complete[k] / det, r'_k = rolls[k] / det. */
        private final BigInteger[] complete;
        private final int completeExp;
        private final BigInteger[] rolls;
        private final BigInteger det;
        /** det A = det · b^lift. */
        private final int lift;
        private final BigInteger den;

        Series(Pool pool, int target, int difficulty) {
            this.target = target;
            this.difficulty = difficulty;
            int d = difficulty;
            int n = pool.dice();
            total = pool.total();
            powers = new Powers(pool.b());
            int size = target + d;

            // c(s) = C(n, s)·a^s, exactly: C(n, s+1)·a^(s+1) = C(n, s)·a^s·(n − s)·a / (s + 1).
            BigInteger[] c = new BigInteger[n + 1];
            c[0] = BigInteger.ONE;
            for (int s = 0; s < n; s++) {
                c[s + 1] = c[s].multiply(BigInteger.valueOf((n - s) * pool.a())).divide(BigInteger.valueOf(s + 1));
            }
            // With gap = n − d > 0, K = b^gap, N(m) is g(m)·b^n·K^⌊m/d⌋ and the s = d term carries K·c(d) − W.
            // With b = 1 (w0 = 1) every number is whole and the exponents do not matter.
            int gap = pool.b() == 1 ? 0 : Math.max(0, n - d);
            BigInteger cd = d <= n ? c[d] : BigInteger.ZERO;
            BigInteger stay = gap > 0 ? powers.raise(cd, gap).subtract(total)
                    : cd.subtract(powers.raise(total, Math.max(0, d - n)));
            int reach = Math.max(n, d);
            h = new BigInteger[size];
            hExp = new int[size];
            for (int m = 0; m < size; m++) {
                int level = gap > 0 ? m / d : 0;
                hExp[m] = n + m + gap * level;
                if (m == 0) {
                    h[0] = BigInteger.ONE;
                    continue;
                }
                // The terms' levels (powers of K) grow with j, so the sum is gathered by Horner's rule.
                BigInteger acc = BigInteger.ZERO;
                int accLevel = 0;
                for (int j = Math.max(0, m - reach); j < m; j++) {
                    int s = m - j;
                    BigInteger q = s == d ? stay : s <= n ? c[s] : BigInteger.ZERO;
                    if (q.signum() == 0 || h[j].signum() == 0) {
                        continue;
                    }
                    int termLevel = (gap > 0 ? j / d : 0) + (s == d && gap > 0 ? 1 : 0);
                    if (termLevel > accLevel) {
                        acc = powers.raise(acc, gap * (termLevel - accLevel));
                        accLevel = termLevel;
                    }
                    acc = acc.add(powers.raise(q, gap * (accLevel - termLevel)).multiply(h[j]));
                }
                h[m] = powers.raise(acc, gap * (level - accLevel)).negate();
            }
            // The exponents grow with m, so each partial sum is whole over the last one's.
            sums = new BigInteger[target];
            sums[0] = h[0];
            for (int m = 1; m < target; m++) {
                sums[m] = powers.raise(sums[m - 1], hExp[m] - hExp[m - 1]).add(h[m]);
            }

            // The totals below 0, m = target + i: Σ_k r_k·h(m − k) = −1 and Σ_k r'_k·h(m − k) = W·S(m − d).
            // Row i is taken whole over b^hExp[m], the largest exponent in it, which makes the first right-hand
            // side −b^hExp[m]; Cramer's rule is linear in the right-hand side, so the power b^least common to
            // those is left out of it and put back after (completeExp).
            int least = hExp[target];
            int rowExps = 0;
            BigInteger[][] system = new BigInteger[d][d + 2];
            for (int i = 0; i < d; i++) {
                int m = target + i;
                int e = hExp[m];
                for (int k = 0; k < d; k++) {
                    system[i][k] = powers.raise(h[m - k], e - hExp[m - k]);
                }
                system[i][d] = powers.get(e - least).negate();
                system[i][d + 1] = powers.raise(total.multiply(sums[m - d]), e - hExp[m - d]);
                rowExps += e;
            }
            Solution solution = solve(system, d, 2);
            int sign = solution.det().signum();
            if (sign == 0) {
                throw new ArithmeticException("a singular chain");
            }
            det = sign < 0 ? solution.det().negate() : solution.det();
            complete = new BigInteger[d];
            rolls = new BigInteger[d];
            for (int k = 0; k < d; k++) {
                complete[k] = sign < 0 ? solution.numerators()[0][k].negate() : solution.numerators()[0][k];
                rolls[k] = sign < 0 ? solution.numerators()[1][k].negate() : solution.numerators()[1][k];
            }
            completeExp = least;
            lift = n * size - rowExps;
            den = powers.shift(det, lift);
        }

        @Override
        public BigInteger den() {
            return den;
        }

        @Override
        public int open() {
            return target;
        }

        /**
         * Σ_j open[j]·N(j), N(j) = det A·y(m) at m = target − 1 − j: with Z_k = Σ_j open[j]·h(m − k) and U =
         * Σ_j open[j]·S(m − d), both whole over b^top, the completion numerators weigh det A·Σ_j open[j] +
         * b^(lift + completeExp − top)·Σ_k complete[k]·Z_k (a whole number: the division is exact), and the
         * expected rolls b^(lift − top)·(Σ_k rolls[k]·Z_k − det·W·U), left over b^(top − lift).
         */
        @Override
        public Weighed weigh(BigInteger[] open) {
            int d = difficulty;
            BigInteger ways = BigInteger.ZERO;
            // Horner's rule over the exponents, which grow with m: j from the top total down.
            BigInteger[] z = new BigInteger[d];
            int[] zExp = new int[d];
            Arrays.fill(z, BigInteger.ZERO);
            BigInteger u = BigInteger.ZERO;
            int uExp = 0;
            for (int j = target - 1; j >= 0; j--) {
                BigInteger o = open[j];
                if (o.signum() == 0) {
                    continue;
                }
                ways = ways.add(o);
                int m = target - 1 - j;
                for (int k = 0; k <= Math.min(m, d - 1); k++) {
                    int e = hExp[m - k];
                    if (e > zExp[k]) {
                        z[k] = powers.raise(z[k], e - zExp[k]);
                        zExp[k] = e;
                    }
                    z[k] = z[k].add(powers.raise(o, zExp[k] - e).multiply(h[m - k]));
                }
                if (m >= d) {
                    int e = hExp[m - d];
                    if (e > uExp) {
                        u = powers.raise(u, e - uExp);
                        uExp = e;
                    }
                    u = u.add(powers.raise(o, uExp - e).multiply(sums[m - d]));
                }
            }
            int top = uExp;
            for (int k = 0; k < d; k++) {
                top = Math.max(top, zExp[k]);
            }
            for (int k = 0; k < d; k++) {
                z[k] = powers.raise(z[k], top - zExp[k]);
            }
            BigInteger c = BigInteger.ZERO;
            for (int k = 0; k < d; k++) {
                c = c.add(complete[k].multiply(z[k]));
            }
            return new Sums(den.multiply(ways).add(powers.shift(c, lift + completeExp - top)), z,
                    powers.raise(u, top - uExp), top);
        }

        /** The sums Z_k and U over b^top, and the completion numerator already worked out from them. */
        private final class Sums implements Weighed {

            private final BigInteger complete;
            private final BigInteger[] z;
            private final BigInteger u;
            private final int top;

            Sums(BigInteger complete, BigInteger[] z, BigInteger u, int top) {
                this.complete = complete;
                this.z = z;
                this.u = u;
                this.top = top;
            }

            @Override
            public BigInteger complete() {
                return complete;
            }

            @Override
            public BigInteger[] rolls() {
                BigInteger r = det.multiply(total).multiply(u).negate();
                for (int k = 0; k < z.length; k++) {
                    r = r.add(rolls[k].multiply(z[k]));
                }
                int scale = top - lift;
                return scale <= 0 ? new BigInteger[] {powers.raise(r, -scale), BigInteger.ONE}
                        : new BigInteger[] {r, powers.get(scale)};
            }
        }
    }

    /** The powers of b, as needed. */
    private static final class Powers {

        private final BigInteger base;
        private final boolean one;
        private BigInteger[] table = new BigInteger[64];

        Powers(long b) {
            base = BigInteger.valueOf(b);
            one = b == 1;
        }

        /** @return b^k */
        BigInteger get(int k) {
            if (one) {
                return BigInteger.ONE;
            }
            if (k >= table.length) {
                table = Arrays.copyOf(table, Math.max(k + 1, 2 * table.length));
            }
            BigInteger power = table[k];
            if (power == null) {
                power = base.pow(k);
                table[k] = power;
            }
            return power;
        }

        /** @return n·b^k, k ≥ 0 */
        BigInteger raise(BigInteger n, int k) {
            return k == 0 || one ? n : n.multiply(get(k));
        }

        /** @return n·b^k, or for k &lt; 0 n / b^−k, which must come out whole */
        BigInteger shift(BigInteger n, int k) {
            if (k >= 0 || one) {
                return raise(n, Math.max(k, 0));
            }
            BigInteger[] qr = n.divideAndRemainder(get(-k));
            if (qr[1].signum() != 0) {
                throw new ArithmeticException("not a multiple of b^" + -k + ", as Cramer's rule promises");
            }
            return qr[0];
        }
    }

    /** The solution of A·u = B: for each right-hand side c, u = numerators[c] / det (det may be negative). */
    record Solution(BigInteger det, BigInteger[][] numerators) {
    }

    /**
     * Solves A·u = B exactly by Cramer's rule: u_k = det A_k / det A, A_k being A with column k replaced by
     * the right-hand side. All the determinants come from one expansion by minors, built up row by row: the
     * minor of the first r rows over a set of r columns is Σ ± (its entry in row r)·(the minor of the first
     * r − 1 rows over the set without that column), the sign − when an odd number of the set's columns lie
     * after that one. Only the sets with at most one right-hand column are needed. For the few rows here
     * this beats elimination: there is no division, and every product has a factor straight from A.
     *
     * @param m the d × (d + columns) augmented matrix [A | B]; columns {@code d + c} are the right-hand sides
     */
    static Solution solve(BigInteger[][] m, int d, int columns) {
        int matrix = (1 << d) - 1;
        // minors[set]: the minor of the first |set| rows over the columns in the bit set.
        BigInteger[] minors = new BigInteger[1 << (d + columns)];
        minors[0] = BigInteger.ONE;
        for (int set = 1; set < minors.length; set++) {
            int size = Integer.bitCount(set);
            if (size > d || Integer.bitCount(set & ~matrix) > 1) {
                continue;
            }
            BigInteger minor = BigInteger.ZERO;
            int after = 0;
            for (int j = d + columns - 1; j >= 0; j--) {
                if ((set >> j & 1) == 0) {
                    continue;
                }
                BigInteger entry = m[size - 1][j];
                if (entry.signum() != 0) {
                    BigInteger term = entry.multiply(minors[set & ~(1 << j)]);
                    minor = after % 2 == 0 ? minor.add(term) : minor.subtract(term);
                }
                after++;
            }
            minors[set] = minor;
        }
        BigInteger[][] numerators = new BigInteger[columns][d];
        for (int c = 0; c < columns; c++) {
            for (int k = 0; k < d; k++) {
                // The set lists the right-hand column last, d − 1 − k places after where A_k has it.
                BigInteger minor = minors[matrix & ~(1 << k) | 1 << (d + c)];
                numerators[c][k] = (d - 1 - k) % 2 == 0 ? minor : minor.negate();
            }
        }
        return new Solution(minors[matrix], numerators);
    }
}
