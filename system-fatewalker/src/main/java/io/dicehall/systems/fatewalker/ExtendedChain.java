package io.dicehall.systems.fatewalker;

import io.dicehall.api.odds.Fraction;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Arrays;

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
 * which must come out as 0 (failure), pin the unknowns in a d × d system. A roll whose successes equal the
 * difficulty leaves the total where it is; that self-loop is folded into each equation exactly.
 */
final class ExtendedChain {

    /** One throw's success weights: {@code weights[s]} out of {@code total}, in lowest common terms. */
    record Pool(BigInteger[] weights, BigInteger total) {

        static Pool of(int dice, int tn) {
            BigInteger[] weights = PoolOdds.successWeights(dice, tn);
            BigInteger total = PoolOdds.total(dice);
            // A common factor (5^n at TN 4, 2^n at TN 1, 3, 5, 7) only makes every later number longer.
            BigInteger common = total;
            for (BigInteger w : weights) {
                common = common.gcd(w);
            }
            for (int s = 0; s < weights.length; s++) {
                weights[s] = weights[s].divide(common);
            }
            return new Pool(weights, total.divide(common));
        }

        BigInteger weight(int successes) {
            return successes < 0 || successes >= weights.length ? BigInteger.ZERO : weights[successes];
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
        return Fraction.of(tail(pool, target - t + difficulty), pool.total);
    }

    /** @return the chance that one roll with {@code pool} from total {@code t} drops below 0 */
    Fraction failsNow(Pool pool, int t) {
        return Fraction.of(pool.total.subtract(tail(pool, difficulty - t)), pool.total);
    }

    /** @return the values of making one roll with {@code pool} from every total, then going on as {@code next} */
    Values oneRollThen(Pool pool, Values next) {
        BigInteger[] complete = new BigInteger[target];
        BigInteger[] rolls = new BigInteger[target];
        for (int t = 0; t < target; t++) {
            Point point = oneRollThen(pool, next, t);
            complete[t] = point.complete;
            rolls[t] = point.rolls;
        }
        return new Values(complete, rolls, pool.total.multiply(next.den));
    }

    /** @return one roll with {@code pool} from total {@code t}, then going on as {@code next} */
    Point oneRollThen(Pool pool, Values next, int t) {
        BigInteger complete = BigInteger.ZERO;
        BigInteger rolls = pool.total.multiply(next.den);
        BigInteger reached = BigInteger.ZERO;
        for (int s = 0; s < pool.weights.length; s++) {
            int to = t + s - difficulty;
            if (to >= target) {
                reached = reached.add(pool.weights[s]);
            } else if (to >= 0) {
                complete = complete.add(pool.weights[s].multiply(next.complete[to]));
                rolls = rolls.add(pool.weights[s].multiply(next.rolls[to]));
            }
        }
        return new Point(complete.add(reached.multiply(next.den)), rolls, pool.total.multiply(next.den));
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
        BigInteger q = pool.total.subtract(pool.weights[0]);
        BigInteger[] complete = new BigInteger[target];
        BigInteger[] rolls = new BigInteger[target];
        for (int t = target - 1; t >= 0; t--) {
            BigInteger p = tail(pool, target - t);
            BigInteger e = pool.total;
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

    /** @return the weight of {@code from} or more successes */
    private static BigInteger tail(Pool pool, int from) {
        BigInteger sum = BigInteger.ZERO;
        for (int s = Math.max(0, from); s < pool.weights.length; s++) {
            sum = sum.add(pool.weights[s]);
        }
        return sum;
    }

    /**
     * Difficulty d ≥ 1. Each value x(i), i from −d to target−1, is a vector v(i) over [constant of the
     * completion chance, constant of the expected rolls, u1 … ud], with u_k = x(target−k), divided by
     * w0^e(i), where w0 = w(0) is the weight of the roll that drops the total by d. The equation of total t,
     * w0·x(t−d) = (W − w(d))·x(t) − Σ_{s≠0,d} w(s)·x(t+s−d) − [W for the expected rolls] − [weight of
     * reaching the target, for the completion chance], gives v(t−d). Powers of w0 that divide a whole
     * vector are taken out at once, which keeps the numbers near the size of the answer.
     */
    private Values shoot(Pool pool) {
        int d = difficulty;
        int width = 2 + d;
        BigInteger w0 = pool.weights[0];
        BigInteger[] powers = new BigInteger[target + 2];
        powers[0] = BigInteger.ONE;
        for (int k = 1; k < powers.length; k++) {
            powers[k] = powers[k - 1].multiply(w0);
        }
        BigInteger[][] v = new BigInteger[target + d][];
        int[] e = new int[target + d];
        for (int k = 1; k <= d; k++) {
            v[target - k + d] = unit(width, 1 + k);
        }
        for (int t = target - 1; t >= 0; t--) {
            int low = t - d;
            BigInteger[] acc = new BigInteger[width];
            Arrays.fill(acc, BigInteger.ZERO);
            acc[0] = tail(pool, target - t + d).negate();
            acc[1] = pool.total.negate();
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
            while (eLow > 0 && divideIfExact(acc, w0)) {
                eLow--;
            }
            v[low + d] = acc;
            e[low + d] = eLow;
        }
        // The totals below 0 are failures: every x(i) for i in −d..−1 must be 0.
        BigInteger[][] system = new BigInteger[d][d + 2];
        for (int r = 0; r < d; r++) {
            for (int k = 0; k < d; k++) {
                system[r][k] = v[r][2 + k];
            }
            system[r][d] = v[r][0].negate();
            system[r][d + 1] = v[r][1].negate();
        }
        BigInteger[][] solution = solve(system, d, 2);
        BigInteger[] all = Arrays.stream(solution).flatMap(Arrays::stream).toArray(BigInteger[]::new);
        stripPowers(all, w0);
        if (all[0].signum() < 0) {
            for (int i = 0; i < all.length; i++) {
                all[i] = all[i].negate();
            }
        }
        BigInteger det = all[0];

        // x(t) = (v(t)·(det, X)) / (w0^e(t)·det). The power of w0 has divided the numerator in every case
        // tried, leaving all over det; should it not, everything is brought over w0^max(e)·det instead.
        BigInteger[] complete = new BigInteger[target];
        BigInteger[] rolls = new BigInteger[target];
        boolean exact = true;
        int most = 0;
        for (int t = 0; t < target; t++) {
            BigInteger[] row = v[t + d];
            BigInteger[] pair = {row[0].multiply(det), row[1].multiply(det)};
            for (int k = 0; k < d; k++) {
                if (row[2 + k].signum() != 0) {
                    pair[0] = pair[0].add(row[2 + k].multiply(all[1 + k]));
                    pair[1] = pair[1].add(row[2 + k].multiply(all[1 + d + k]));
                }
            }
            int et = e[t + d];
            most = Math.max(most, et);
            if (exact && divideIfExact(pair, powers[et])) {
                e[t + d] = 0;
            } else {
                exact = false;
            }
            complete[t] = pair[0];
            rolls[t] = pair[1];
        }
        if (exact) {
            return new Values(complete, rolls, det);
        }
        for (int t = 0; t < target; t++) {
            BigInteger lift = w0.pow(most - e[t + d]);
            complete[t] = complete[t].multiply(lift);
            rolls[t] = rolls[t].multiply(lift);
        }
        return new Values(complete, rolls, w0.pow(most).multiply(det));
    }

    /** @return the coefficient of x(i) in the equation of total t, moved to the side of x(t−d) */
    private BigInteger coefficient(Pool pool, int t, int i) {
        int s = i - t + difficulty;
        return i == t ? pool.total.subtract(pool.weight(s)) : pool.weight(s).negate();
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

    /** Divides out the highest power of {@code base} common to all the numbers, by doubling then halving. */
    private static void stripPowers(BigInteger[] numbers, BigInteger base) {
        if (base.equals(BigInteger.ONE)) {
            return;
        }
        var tried = new ArrayList<BigInteger>();
        BigInteger power = base;
        while (divideIfExact(numbers, power)) {
            tried.add(power);
            power = power.multiply(power);
        }
        for (int k = tried.size() - 1; k >= 0; k--) {
            divideIfExact(numbers, tried.get(k));
        }
    }

    /**
     * Solves A·u = B exactly without fractions: Bareiss elimination with row swaps, then fraction-free
     * back substitution.
     *
     * @param m the d × (d + columns) augmented matrix [A | B], overwritten
     * @return {{D}, X1, X2 …}: for each right-hand side c, u = Xc / D (D may be negative)
     */
    static BigInteger[][] solve(BigInteger[][] m, int d, int columns) {
        BigInteger previous = BigInteger.ONE;
        for (int k = 0; k < d; k++) {
            if (m[k][k].signum() == 0) {
                int p = k + 1;
                while (m[p][k].signum() == 0) {
                    p++;
                }
                BigInteger[] swap = m[k];
                m[k] = m[p];
                m[p] = swap;
            }
            for (int i = k + 1; i < d; i++) {
                for (int j = k + 1; j < d + columns; j++) {
                    m[i][j] = m[k][k].multiply(m[i][j]).subtract(m[i][k].multiply(m[k][j])).divide(previous);
                }
                m[i][k] = BigInteger.ZERO;
            }
            previous = m[k][k];
        }
        BigInteger det = m[d - 1][d - 1];
        BigInteger[][] result = new BigInteger[columns + 1][];
        result[0] = new BigInteger[] {det};
        for (int c = 0; c < columns; c++) {
            BigInteger[] x = new BigInteger[d];
            for (int k = d - 1; k >= 0; k--) {
                BigInteger sum = det.multiply(m[k][d + c]);
                for (int j = k + 1; j < d; j++) {
                    sum = sum.subtract(m[k][j].multiply(x[j]));
                }
                x[k] = sum.divide(m[k][k]);
            }
            result[c + 1] = x;
        }
        return result;
    }
}
