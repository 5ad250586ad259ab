package io.dicehall.systems.fatewalker;

import io.dicehall.api.odds.Fraction;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.Arrays;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Exact odds of an extended roll: the running total is a random walk that moves by (successes −
 * difficulty) each roll, completes at {@code target} or more and fails below 0. The totals 0 ..
 * target−1 are the open states of an absorbing Markov chain; for each this finds the chance to complete
 * and the expected number of rolls still to make.
 *
 * <p>Everything stays in whole numbers (a throw of n dice has integer weights over 10^n) and is divided
 * once, when a probability is read. A roll lowers the total by at most the difficulty d, so instead of
 * eliminating a target × target system the values are "shot" down from the top: with the d highest
 * totals as unknowns, the equation of each total gives the value d steps lower, and the d totals below 0,
 * which must come out as 0 (failure), pin the unknowns in a d × d system. A second pass shoots the exact
 * numerators down over the chain's own determinant. A roll whose successes equal the difficulty leaves the
 * total where it is; that self-loop is folded into each equation exactly.
 *
 * <p>The numbers run to about 3,000 bits at the largest pools (55 dice, goal 18). Reading a probability
 * reduces such a fraction to lowest terms, which now costs far more than the chain itself.
 */
final class ExtendedChain {

    /**
     * One throw's success weights in lowest common terms: {@code weights[s]} out of {@code tails[0]}, and
     * {@code tails[s]} the weight of s or more successes. A die succeeds with weight tn + 1 and fails with
     * 9 − tn out of 10; with g their common factor (5 at TN 4, 2 at odd TNs, else 1), a = (tn + 1)/g and
     * b = (9 − tn)/g, s successes of n dice weigh C(n, s)·a^s·b^(n−s) out of (a + b)^n. Those weights have
     * no common factor (the first is b^n, the last a^n), so this is the throw over 10^n divided by g^n.
     */
    record Pool(BigInteger[] weights, BigInteger[] tails) {

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
            return new Pool(weights, tails);
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

    /** From one total: the chance to complete is {@code complete / den}, the expected rolls {@code rolls / den}. */
    record Point(BigInteger complete, BigInteger rolls, BigInteger den) {

        Fraction completeChance() {
            return Fraction.of(complete, den);
        }

        /** The chain surely ends (every roll has a chance to move the total), so failing is 1 − completing. */
        Fraction failChance() {
            return Fraction.of(den.subtract(complete), den);
        }

        double expectedRolls() {
            return new BigDecimal(rolls).divide(new BigDecimal(den), MathContext.DECIMAL64).doubleValue();
        }
    }

    /**
     * For each open total t: numerators over one denominator. Above the target the chance to complete is
     * 1 and no roll is left; below 0 both are 0.
     */
    record Values(BigInteger[] complete, BigInteger[] rolls, BigInteger den) {

        Point at(int t) {
            return new Point(complete[t], rolls[t], den);
        }
    }

    /**
     * The values of the totals shot down from the top: x(i) = {@code vectors[i + d]} over
     * {@code w0^powers[i + d]}, the vector's entries being the coefficients of what it is written in.
     */
    private record Shot(BigInteger[][] vectors, int[] powers) {
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
     * open ways weighed with {@code next}'s large numerators: a dot product per value.
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
        BigInteger complete = reached.multiply(next.den);
        BigInteger rolls = made.multiply(next.den);
        for (int j = 0; j < target; j++) {
            if (open[j].signum() != 0) {
                complete = complete.add(open[j].multiply(next.complete[j]));
                rolls = rolls.add(open[j].multiply(next.rolls[j]));
            }
        }
        return new Point(complete, rolls, scale.multiply(next.den));
    }

    /** @return the values of rolling {@code pool} every time until the roll completes or fails */
    Values rollOn(Pool pool) {
        return difficulty == 0 ? rollOnWithoutFailure(pool) : shoot(pool);
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
        return new Values(complete, rolls, power);
    }

    /**
     * Difficulty d ≥ 1, in two passes of {@link #shootDown}.
     *
     * <p>First the values are written in the unknowns u_k = x(target−1−k), k = 0 … d−1: each x(i) is a
     * vector over [constant of the completion chance, constant of the expected rolls, u_0 … u_(d−1)],
     * divided by a power of w0 = w(0). The d totals below 0 must come out as 0: the d × d system
     * G·u = −(constants), solved by Cramer's rule as u = X / det G.
     *
     * <p>Shooting is Gaussian elimination of the chain's target × target system A with the pivots −w0 (the
     * equation of each total pins the total d lower), G over the powers of w0 at −d … −1 being what is left
     * of A. So det A = ±det G·w0^(target − those powers), exactly; and by Cramer's rule every value is N(t) /
     * det A with N(t) a whole number. The top values N(target−1−k) = det A·u_k are X_k brought over the same
     * power of w0. The second pass shoots those whole numbers down again, to total 0: every value comes out
     * over the single denominator det A, each total's division by w0 exact.
     */
    private Values shoot(Pool pool) {
        int d = difficulty;
        BigInteger[] powers = new BigInteger[target + 2];
        powers[0] = BigInteger.ONE;
        for (int k = 1; k < powers.length; k++) {
            powers[k] = powers[k - 1].multiply(pool.weight(0));
        }
        BigInteger[][] unknowns = new BigInteger[d][];
        for (int k = 0; k < d; k++) {
            unknowns[k] = unit(2 + d, 2 + k);
        }
        Shot inUnknowns = shootDown(pool, powers, unknowns, BigInteger.ONE, -d);

        // The totals below 0 are failures: every x(i) for i in −d..−1 must be 0.
        BigInteger[][] system = new BigInteger[d][d + 2];
        int belowZero = 0;
        for (int r = 0; r < d; r++) {
            BigInteger[] row = inUnknowns.vectors[r];
            System.arraycopy(row, 2, system[r], 0, d);
            system[r][d] = row[0].negate();
            system[r][d + 1] = row[1].negate();
            belowZero += inUnknowns.powers[r];
        }
        Solution solution = solve(system, d, 2);

        // det A > 0 (I − A/W is a nonsingular M-matrix: from every total a run of 0 successes fails), so
        // det G's sign goes too.
        int lift = target - belowZero;
        BigInteger factor = pool.weight(0).pow(Math.abs(lift));
        UnaryOperator<BigInteger> toChain = n -> {
            BigInteger signed = solution.det.signum() < 0 ? n.negate() : n;
            return lift >= 0 ? signed.multiply(factor) : exactQuotient(signed, factor);
        };
        BigInteger den = toChain.apply(solution.det);
        BigInteger[][] tops = new BigInteger[d][];
        for (int k = 0; k < d; k++) {
            tops[k] = new BigInteger[] {toChain.apply(solution.numerators[0][k]),
                toChain.apply(solution.numerators[1][k])};
        }
        Shot inNumbers = shootDown(pool, powers, tops, den, 0);

        BigInteger[] complete = new BigInteger[target];
        BigInteger[] rolls = new BigInteger[target];
        for (int t = 0; t < target; t++) {
            if (inNumbers.powers[t + d] != 0) {
                throw new ArithmeticException("w0 does not divide the second pass at total " + t);
            }
            complete[t] = inNumbers.vectors[t + d][0];
            rolls[t] = inNumbers.vectors[t + d][1];
        }
        return new Values(complete, rolls, den);
    }

    /**
     * Shoots the values down from the d highest totals, {@code tops[k]} being x(target−1−k), to the total
     * {@code lowest}; entries 0 and 1 of every vector take the constants of the completion chance and of the
     * expected rolls, times {@code scale}. The equation of total t,
     * w0·x(t−d) = (W − w(d))·x(t) − Σ_{s≠0,d} w(s)·x(t+s−d) − [W for the expected rolls] − [weight of
     * reaching the target, for the completion chance], gives x(t−d). Each vector is kept whole over a power
     * of w0 ({@code powers[k]} = w0^k); powers of w0 that divide a whole vector are taken out at once, which
     * keeps the numbers near the size of the answer.
     */
    private Shot shootDown(Pool pool, BigInteger[] powers, BigInteger[][] tops, BigInteger scale, int lowest) {
        int d = difficulty;
        int width = tops[0].length;
        BigInteger[][] v = new BigInteger[target + d][];
        int[] e = new int[target + d];
        for (int k = 0; k < d; k++) {
            v[target - 1 - k + d] = tops[k];
        }
        for (int t = target - 1; t - d >= lowest; t--) {
            int low = t - d;
            BigInteger[] acc = new BigInteger[width];
            Arrays.fill(acc, BigInteger.ZERO);
            acc[0] = pool.atLeast(target - t + d).multiply(scale).negate();
            acc[1] = pool.total().multiply(scale).negate();
            int accE = 0;
            for (int i = target - 1; i > low; i--) {
                BigInteger c = coefficient(pool, t, i);
                if (c.signum() == 0) {
                    continue;
                }
                int ei = e[i + d];
                if (ei > accE) {
                    scale(acc, powers[ei - accE]);
                    accE = ei;
                }
                addTo(acc, ei < accE ? c.multiply(powers[accE - ei]) : c, v[i + d]);
            }
            int eLow = accE + 1;
            while (eLow > 0 && divideIfExact(acc, powers[1])) {
                eLow--;
            }
            v[low + d] = acc;
            e[low + d] = eLow;
        }
        return new Shot(v, e);
    }

    /** @return the coefficient of x(i) in the equation of total t, moved to the side of x(t−d) */
    private BigInteger coefficient(Pool pool, int t, int i) {
        int s = i - t + difficulty;
        return i == t ? pool.total().subtract(pool.weight(s)) : pool.weight(s).negate();
    }

    /** @return n / divisor, which Cramer's rule makes a whole number */
    private static BigInteger exactQuotient(BigInteger n, BigInteger divisor) {
        BigInteger[] qr = n.divideAndRemainder(divisor);
        if (qr[1].signum() != 0) {
            throw new ArithmeticException("not a multiple of the power of w0 that Cramer's rule promises");
        }
        return qr[0];
    }

    private static void scale(BigInteger[] vector, BigInteger factor) {
        for (int j = 0; j < vector.length; j++) {
            vector[j] = vector[j].multiply(factor);
        }
    }

    private static void addTo(BigInteger[] acc, BigInteger factor, BigInteger[] vector) {
        for (int j = 0; j < acc.length; j++) {
            if (vector[j].signum() != 0) {
                acc[j] = acc[j].add(factor.multiply(vector[j]));
            }
        }
    }

    private static BigInteger[] unit(int width, int at) {
        BigInteger[] vector = new BigInteger[width];
        Arrays.fill(vector, BigInteger.ZERO);
        vector[at] = BigInteger.ONE;
        return vector;
    }

    /** Divides every number by {@code divisor} if it divides all of them; else leaves them as they are. */
    private static boolean divideIfExact(BigInteger[] numbers, BigInteger divisor) {
        if (divisor.equals(BigInteger.ONE)) {
            return true;
        }
        BigInteger[] quotients = new BigInteger[numbers.length];
        for (int i = 0; i < numbers.length; i++) {
            BigInteger[] qr = numbers[i].divideAndRemainder(divisor);
            if (qr[1].signum() != 0) {
                return false;
            }
            quotients[i] = qr[0];
        }
        System.arraycopy(quotients, 0, numbers, 0, numbers.length);
        return true;
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
