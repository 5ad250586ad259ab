package io.dicehall.systems.taskschecks;

import io.dicehall.api.odds.Fraction;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * Exact odds of who wins when several independent counts are compared: a Versus Check (most
 * successes wins, any tie at the top is a tie) and an Opposed Task (only sides that overcame their
 * own factors count; equal successes go to the fewest difficulty factors, objectives not counted; still
 * equal is a tie; if no side qualifies, nobody wins).
 *
 * <p>Side {@code i} wins with {@code v} successes when no other side {@code j} blocks it: {@code j}
 * qualifies and has more, or as many with no more tie-break factors. So
 * {@code P(i wins) = Σ_v P(X_i = v) Π_j (1 − block_j(v))}. Below a point {@code V0} the sum is
 * finite; above it only exploding counts remain, every term is a geometric tail, and the product
 * expands into finitely many sums {@code Σ_v 6^(−t·v) · poly(v)}, each exact.
 *
 * <p>All of it is whole numbers over one common denominator, {@code all · Π_t Q_t^(K_t + 1)}, where
 * {@code all} is the product of one denominator per side and {@code Q_t = 6^t − 1}; a fraction is
 * reduced only once, when it leaves as a {@link Fraction}. (Reducing is a gcd, quadratic in the
 * length of the numbers, and was most of the cost when it happened at every step.) Sides with the
 * same count, factors and tie-break factors have the same chance to win, which is worked out once.
 *
 * @param wins the chance that each side wins alone, in order
 * @param winner the chance that some side wins alone: the sum of {@code wins}
 * @param tie the chance that two or more sides share the top
 * @param nobody the chance that no side qualifies (always 0 when no side needs a success)
 */
record Contest(List<Fraction> wins, Fraction winner, Fraction tie, Fraction nobody) {

    /**
     * @param counts each side's successes, independent, each summing to 1
     * @param factors each side's factors, the successes it needs to qualify (0 for a Versus Check)
     * @param tieBreak each side's count that breaks a tie of successes, fewest winning (an Opposed
     *     Task's difficulty factors); null when equal successes are always a tie (a Versus Check)
     */
    static Contest of(List<Successes> counts, int[] factors, int[] tieBreak) {
        int n = counts.size();
        int v0 = 1;
        for (int i = 0; i < n; i++) {
            v0 = Math.max(v0, Math.max(counts.get(i).start(), factors[i] + 1));
        }
        int[] sameCount = new int[n];
        int[] sameSide = new int[n];
        for (int i = 0; i < n; i++) {
            int side = i;
            sameCount[i] = first(i, j -> counts.get(j).equals(counts.get(side)));
            sameSide[i] = first(i, j -> sameCount[j] == sameCount[side] && factors[j] == factors[side]
                    && (tieBreak == null || tieBreak[j] == tieBreak[side]));
        }
        Side[] sides = new Side[n];
        for (int i = 0; i < n; i++) {
            sides[i] = sameCount[i] < i ? sides[sameCount[i]] : Side.of(counts.get(i), v0);
        }
        Sides all = new Sides(sides, factors, tieBreak, v0);
        BigInteger[] finiteWins = new BigInteger[n];
        Rates[] tailWins = new Rates[n];
        for (int i = 0; i < n; i++) {
            boolean alike = sameSide[i] < i;
            finiteWins[i] = alike ? finiteWins[sameSide[i]] : all.finiteWin(i);
            tailWins[i] = alike ? tailWins[sameSide[i]] : all.tailWin(i);
        }
        return combine(all, finiteWins, tailWins, sameSide);
    }

    /** @return the first side {@code j ≤ i} for which {@code same} holds (it holds for {@code i} itself) */
    private static int first(int i, IntPredicate same) {
        int j = 0;
        while (j < i && !same.test(j)) {
            j++;
        }
        return j;
    }

    /**
     * Brings each side's win, {@code (finiteWins[i] + tailWins[i]) / all}, to the one denominator
     * {@code all · Π_t Q_t^(K_t + 1)}, with {@code K_t} the highest degree at rate {@code t}, and only then makes
     * fractions. The tie is what is left beside the wins and nobody.
     */
    private static Contest combine(Sides all, BigInteger[] finiteWins, Rates[] tailWins, int[] sameSide) {
        int n = finiteWins.length;
        int[] top = new int[n + 1];
        Arrays.fill(top, -1);
        for (Rates rates : tailWins) {
            for (int t = 1; t < rates.degrees.length; t++) {
                top[t] = Math.max(top[t], rates.degrees[t]);
            }
        }
        BigInteger[] rateDens = new BigInteger[n + 1];
        BigInteger allRates = BigInteger.ONE;
        for (int t = 1; t <= n; t++) {
            rateDens[t] = top[t] < 0 ? BigInteger.ONE : q(t).pow(top[t] + 1);
            allRates = allRates.multiply(rateDens[t]);
        }
        BigInteger den = all.all.multiply(allRates);
        BigInteger total = BigInteger.ZERO;
        List<Fraction> wins = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            BigInteger win = finiteWins[i].multiply(allRates);
            Rates rates = tailWins[i];
            for (int t = 1; t < rates.numerators.length; t++) {
                // over Q_t^(K + 1) → over the common Π_t Q_t^(K_t + 1)
                BigInteger raise = q(t).pow(top[t] - rates.degrees[t]).multiply(allRates.divide(rateDens[t]));
                win = win.add(rates.numerators[t].multiply(raise));
            }
            total = total.add(win);
            wins.add(sameSide[i] < i ? wins.get(sameSide[i]) : Fraction.of(win, den));
        }
        BigInteger nobody = all.nobody();
        BigInteger tie = den.subtract(total).subtract(nobody.multiply(allRates));
        return new Contest(wins, Fraction.of(total, den), Fraction.of(tie, den), Fraction.of(nobody, all.all));
    }

    /** @return whether side {@code j}, level with side {@code i} on successes, keeps {@code i} from winning */
    private static boolean tieBlocks(int[] tieBreak, int i, int j) {
        return tieBreak == null || tieBreak[j] <= tieBreak[i];
    }

    private static BigInteger q(int t) {
        return BigInteger.valueOf(6).pow(t).subtract(BigInteger.ONE);
    }

    /**
     * One side's count as whole numbers over one denominator {@code den}: {@code w[v] = P(X = v) · den} and
     * {@code cumulative[v] = P(X < v) · den} for {@code v ≤ v0 + 1}. For an exploding count, also its tail from
     * {@code v0} on, in {@code u = v − v0}: {@code mass(u)}, {@code above(u)} and {@code atLeast(u)} are
     * {@code P(X = v0 + u)}, {@code P(X > v0 + u)} and {@code P(X ≥ v0 + u)} times {@code den · 6^u}; null when
     * bounded. One denominator for the head and the tail keeps the common denominator short.
     */
    private record Side(BigInteger den, BigInteger[] w, BigInteger[] cumulative, BigInteger[] mass,
            BigInteger[] above, BigInteger[] atLeast) {

        static Side of(Successes count, int v0) {
            if (count.bounded()) {
                BigInteger den = count.denominator(v0);
                BigInteger[] w = count.weights(v0, den);
                return new Side(den, w, cumulative(w), null, null, null);
            }
            Successes.Above above = count.above();
            BigInteger sixes = Successes.SIX.pow(v0);
            // P(X = v) = tail(v) / (tailDen · 6^v), P(X > v) = above(v) / (aboveDen · 6^v); tailDen divides aboveDen
            BigInteger aboveDen = above.den().multiply(sixes);
            BigInteger head = count.denominator(v0);
            BigInteger den = head.divide(head.gcd(aboveDen)).multiply(aboveDen);
            BigInteger[] w = count.weights(v0, den);
            BigInteger[] tail = IntPoly.scale(count.tail(), den.divide(count.tailDen().multiply(sixes)));
            BigInteger[] strict = IntPoly.scale(above.poly(), den.divide(aboveDen));
            return new Side(den, w, cumulative(w), IntPoly.shift(tail, v0), IntPoly.shift(strict, v0),
                    IntPoly.shift(IntPoly.plus(strict, tail), v0));
        }

        /** @return the running sums of {@code w}, one longer: {@code cumulative[v] = Σ_{u<v} w[u]} */
        private static BigInteger[] cumulative(BigInteger[] w) {
            BigInteger[] cumulative = new BigInteger[w.length + 1];
            cumulative[0] = BigInteger.ZERO;
            for (int v = 0; v < w.length; v++) {
                cumulative[v + 1] = cumulative[v].add(w[v]);
            }
            return cumulative;
        }

        boolean exploding() {
            return mass != null;
        }
    }

    /** {@code Σ_t numerators[t] / Q_t^(degrees[t] + 1)}, over {@code all}, for rates {@code t ≥ 1} (index 0 unused). */
    private record Rates(BigInteger[] numerators, int[] degrees) {
    }

    /** The sides of one contest, over {@code all = Π_i den_i}. */
    private static final class Sides {
        final Side[] sides;
        final int[] factors;
        final int[] tieBreak;
        final int v0;
        final BigInteger all;

        Sides(Side[] sides, int[] factors, int[] tieBreak, int v0) {
            this.sides = sides;
            this.factors = factors;
            this.tieBreak = tieBreak;
            this.v0 = v0;
            all = Arrays.stream(sides).map(Side::den).reduce(BigInteger.ONE, BigInteger::multiply);
        }

        /** @return {@code Σ_{factors_i ≤ v < v0} P(X_i = v) Π_j (1 − block_j(v))}, over {@code all} */
        BigInteger finiteWin(int i) {
            BigInteger sum = BigInteger.ZERO;
            for (int v = factors[i]; v < v0; v++) {
                BigInteger term = sides[i].w[v];
                for (int j = 0; j < sides.length && term.signum() != 0; j++) {
                    if (j != i) {
                        term = term.multiply(free(i, j, v));
                    }
                }
                sum = sum.add(term);
            }
            return sum;
        }

        /** @return {@code (1 − block_j(v)) · den_j}: j falls short of its factors or of v+1, less a tie that blocks */
        BigInteger free(int i, int j, int v) {
            BigInteger free = sides[j].cumulative[Math.max(factors[j], v + 1)];
            if (tieBlocks(tieBreak, i, j) && v >= factors[j]) {
                free = free.subtract(sides[j].w[v]);
            }
            return free;
        }

        /**
         * Side {@code i}'s win beyond {@code v0}: {@code Σ_u P(X_i = v0+u) Π_j (1 − block_j(v0+u))}, where only
         * exploding sides still block. With {@code y = 6^−u}, {@code 1 − block_j = (den_j − B_j(u) y) / den_j}; the
         * product {@code mass_i(u) Π_j (den_j − B_j(u) y) = Σ_s c_s(u) y^s} is expanded in {@code y}, and each
         * {@code c_s} summed at rate {@code t = s + 1}: {@code Σ_u c_s(u) 6^(−t·u) = geometricSum(c_s) / Q_t^(deg + 1)}.
         */
        Rates tailWin(int i) {
            Side mine = sides[i];
            if (!mine.exploding()) {
                return new Rates(new BigInteger[0], new int[0]);
            }
            List<BigInteger[]> c = new ArrayList<>();
            c.add(mine.mass);
            // over den_i and den_j of each exploding j ≠ i → over all: times den_k of each bounded k
            BigInteger scale = BigInteger.ONE;
            for (int j = 0; j < sides.length; j++) {
                Side other = sides[j];
                if (j == i) {
                    continue;
                }
                if (!other.exploding()) {
                    scale = scale.multiply(other.den);
                    continue;
                }
                BigInteger[] block = tieBlocks(tieBreak, i, j) ? other.atLeast : other.above;
                List<BigInteger[]> next = new ArrayList<>();
                for (int s = 0; s <= c.size(); s++) {
                    BigInteger[] kept = s < c.size() ? IntPoly.scale(c.get(s), other.den) : new BigInteger[0];
                    next.add(s == 0 ? kept : IntPoly.minus(kept, IntPoly.times(block, c.get(s - 1))));
                }
                c = next;
            }
            BigInteger[] numerators = new BigInteger[c.size() + 1];
            int[] degrees = new int[c.size() + 1];
            for (int s = 0; s < c.size(); s++) {
                numerators[s + 1] = IntPoly.geometricSum(c.get(s), s + 1).multiply(scale);
                degrees[s + 1] = c.get(s).length - 1;
            }
            return new Rates(numerators, degrees);
        }

        /** @return the chance that no side reaches its factors, over {@code all}; 0 when no side needs any */
        BigInteger nobody() {
            if (Arrays.stream(factors).allMatch(f -> f == 0)) {
                return BigInteger.ZERO;
            }
            BigInteger product = BigInteger.ONE;
            for (int i = 0; i < sides.length; i++) {
                product = product.multiply(sides[i].cumulative[factors[i]]);
            }
            return product;
        }
    }
}
