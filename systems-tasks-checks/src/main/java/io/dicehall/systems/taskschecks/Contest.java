package io.dicehall.systems.taskschecks;

import io.dicehall.api.odds.Fraction;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Exact odds of who wins when several independent counts are compared: a Versus Check (most
 * successes wins, any tie at the top is a tie) and an Opposed Task (only sides that overcame their
 * own factors count; equal successes go to the fewest factors; still equal is a tie; if no side
 * qualifies, nobody wins).
 *
 * <p>Side {@code i} wins with {@code v} successes when no other side {@code j} blocks it: {@code j}
 * qualifies and has more, or as many with no more factors. So
 * {@code P(i wins) = Σ_v P(X_i = v) Π_j (1 − block_j(v))}. Below a point {@code V0} the sum is
 * finite; above it only exploding counts remain, every term is a geometric tail, and the product
 * expands into finitely many sums {@code Σ_v 6^(−t·v) · poly(v)}, each exact.
 *
 * @param wins the chance that each side wins alone, in order
 * @param tie the chance that two or more sides share the top
 * @param nobody the chance that no side qualifies (always 0 when no side needs a success)
 */
record Contest(List<Fraction> wins, Fraction tie, Fraction nobody) {

    /**
     * @param counts each side's successes, independent, each summing to 1
     * @param factors each side's factors, the successes it needs to qualify (0 for a Versus Check)
     * @param fewestFactorsBreaksTies whether equal successes go to the side with fewer factors
     */
    static Contest of(List<Successes> counts, int[] factors, boolean fewestFactorsBreaksTies) {
        int n = counts.size();
        int v0 = 1;
        for (int i = 0; i < n; i++) {
            v0 = Math.max(v0, Math.max(counts.get(i).start(), factors[i] + 1));
        }
        // Whole-number weights over one denominator per side: w[i][v] = P(X_i = v) · den[i], and
        // cumulative[i][v] = P(X_i < v) · den[i], for v ≤ v0 + 1.
        BigInteger[] den = new BigInteger[n];
        BigInteger[][] w = new BigInteger[n][v0 + 1];
        BigInteger[][] cumulative = new BigInteger[n][v0 + 2];
        BigInteger all = BigInteger.ONE;
        for (int i = 0; i < n; i++) {
            den[i] = counts.get(i).denominator(v0);
            all = all.multiply(den[i]);
            BigInteger sum = BigInteger.ZERO;
            for (int v = 0; v <= v0 + 1; v++) {
                cumulative[i][v] = sum;
                if (v <= v0) {
                    w[i][v] = counts.get(i).weight(v, den[i]);
                    sum = sum.add(w[i][v]);
                }
            }
        }
        List<Successes.Above> aboves = counts.stream().map(Successes::above).toList();
        Map<Integer, IntPoly.TailSums> sums = new HashMap<>();
        List<Fraction> wins = new ArrayList<>();
        Q total = Q.ZERO;
        for (int i = 0; i < n; i++) {
            BigInteger finite = BigInteger.ZERO;
            for (int v = factors[i]; v < v0; v++) {
                if (w[i][v].signum() == 0) {
                    continue;
                }
                BigInteger term = w[i][v];
                for (int j = 0; j < n && term.signum() != 0; j++) {
                    if (j == i) {
                        continue;
                    }
                    // 1 − block_j(v): j falls short of its factors or of v+1, less a tie that blocks
                    BigInteger free = cumulative[j][Math.max(factors[j], v + 1)];
                    if (tieBlocks(factors, i, j, fewestFactorsBreaksTies) && v >= factors[j]) {
                        free = free.subtract(w[j][v]);
                    }
                    term = term.multiply(free);
                }
                finite = finite.add(term);
            }
            Q win = Q.of(finite, all).plus(tailWin(counts, aboves, factors, fewestFactorsBreaksTies, i, v0, sums));
            wins.add(win.toFraction());
            total = total.plus(win);
        }
        Q nobody = Q.ONE;
        boolean anyFactor = false;
        for (int i = 0; i < n; i++) {
            anyFactor |= factors[i] > 0;
            nobody = nobody.times(Q.of(cumulative[i][factors[i]], den[i]));
        }
        if (!anyFactor) {
            nobody = Q.ZERO;
        }
        Q tie = Q.ONE.minus(total).minus(nobody);
        return new Contest(wins, tie.toFraction(), nobody.toFraction());
    }

    private static boolean tieBlocks(int[] factors, int i, int j, boolean fewestFactorsBreaksTies) {
        return !fewestFactorsBreaksTies || factors[j] <= factors[i];
    }

    /** {@code Σ_{v ≥ v0} P(X_i = v) Π_j (1 − block_j(v))}, where only unbounded sides still block. */
    private static Q tailWin(List<Successes> counts, List<Successes.Above> aboves, int[] factors,
            boolean fewestFactorsBreaksTies, int i, int v0, Map<Integer, IntPoly.TailSums> sums) {
        Successes mine = counts.get(i);
        if (mine.bounded()) {
            return Q.ZERO;
        }
        List<BigInteger[]> blocks = new ArrayList<>();
        List<BigInteger> blockDens = new ArrayList<>();
        for (int j = 0; j < counts.size(); j++) {
            Successes other = counts.get(j);
            if (j == i || other.bounded()) {
                continue;
            }
            // block_j(v) = P(X_j > v) + [a tie blocks] P(X_j = v) = b(v) / (d · 6^v)
            Successes.Above above = aboves.get(j);
            if (tieBlocks(factors, i, j, fewestFactorsBreaksTies)) {
                blocks.add(IntPoly.plus(IntPoly.scale(above.poly(), other.tailDen()),
                        IntPoly.scale(other.tail(), above.den())));
                blockDens.add(above.den().multiply(other.tailDen()));
            } else {
                blocks.add(above.poly());
                blockDens.add(above.den());
            }
        }
        int degree = mine.tail().length;
        for (BigInteger[] block : blocks) {
            degree += block.length - 1;
        }
        // One denominator for every subset's term, so that only the total is reduced:
        // tailDen_i · Π_j blockDen_j · Π_t E_t, where E_t is the tail-sum denominator for 6^(−t·v).
        int count = degree;
        List<IntPoly.TailSums> byRate = new ArrayList<>();
        BigInteger all = mine.tailDen();
        for (BigInteger d : blockDens) {
            all = all.multiply(d);
        }
        for (int t = 1; t <= blocks.size() + 1; t++) {
            IntPoly.TailSums tail = sums.computeIfAbsent(t, rate -> IntPoly.TailSums.of(rate, v0, count));
            byRate.add(tail);
            all = all.multiply(tail.den());
        }
        BigInteger sum = BigInteger.ZERO;
        for (int subset = 0; subset < (1 << blocks.size()); subset++) {
            BigInteger[] product = mine.tail();
            BigInteger rest = BigInteger.ONE;
            int size = 0;
            for (int b = 0; b < blocks.size(); b++) {
                if ((subset & (1 << b)) != 0) {
                    product = IntPoly.times(product, blocks.get(b));
                    size++;
                } else {
                    rest = rest.multiply(blockDens.get(b));
                }
            }
            for (int t = 0; t < byRate.size(); t++) {
                if (t != size) {
                    rest = rest.multiply(byRate.get(t).den());
                }
            }
            BigInteger part = byRate.get(size).dot(product).multiply(rest);
            sum = size % 2 == 0 ? sum.add(part) : sum.subtract(part);
        }
        return Q.of(sum, all);
    }
}
