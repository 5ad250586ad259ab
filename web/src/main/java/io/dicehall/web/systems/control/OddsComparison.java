package io.dicehall.web.systems.control;

import io.dicehall.api.odds.Fraction;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;

/**
 * Compares declared odds with what a procedure's rolls gave, for the {@link OddsCheck}, and says in plain words where
 * they differ: exactly, outcome by outcome, against every face of the first throw; or against a seeded sample, by
 * Pearson's chi-square over the declared outcomes (those expected fewer than 5 times pooled) at α = 10⁻⁶, where an
 * outcome thrown that the odds give 0 differs at once.
 */
final class OddsComparison {

    /** The standard normal quantile of 1 - 10⁻⁶. */
    private static final double Z = 4.753424;

    private OddsComparison() {
    }

    /** @return where the declared odds and the exact ones differ, or null when they agree */
    static String differsExactly(Map<String, Fraction> declared, Map<String, Fraction> rolled) {
        var lines = new ArrayList<String>();
        var ids = new LinkedHashSet<>(declared.keySet());
        ids.addAll(rolled.keySet());
        for (String id : ids) {
            Fraction said = declared.getOrDefault(id, Fraction.ZERO);
            Fraction is = rolled.getOrDefault(id, Fraction.ZERO);
            if (!said.equals(is)) {
                lines.add(id + " declared " + said + ", its rolls give " + is);
            }
        }
        return lines.isEmpty() ? null : String.join("; ", lines);
    }

    /**
     * @param counts how often each outcome was thrown
     * @param n how many throws
     * @return where the declared odds and the sample disagree beyond chance, or null when they do not
     */
    static String differsInSample(Map<String, Fraction> declared, Map<String, Integer> counts, int n) {
        for (var count : counts.entrySet()) {
            if (declared.getOrDefault(count.getKey(), Fraction.ZERO).isZero()) {
                return count.getKey() + " declared " + declared.getOrDefault(count.getKey(), Fraction.ZERO)
                        + ", yet thrown " + count.getValue() + " times in " + n + " seeded rolls";
            }
        }
        double statistic = 0;
        int cells = 0;
        double pooledExpected = 0;
        double pooledObserved = 0;
        String worst = null;
        double worstTerm = -1;
        for (var entry : declared.entrySet()) {
            double p = entry.getValue().toDouble();
            if (p <= 0) {
                continue;
            }
            double expected = p * n;
            double observed = counts.getOrDefault(entry.getKey(), 0);
            if (expected < 5) {
                pooledExpected += expected;
                pooledObserved += observed;
                continue;
            }
            double term = (observed - expected) * (observed - expected) / expected;
            statistic += term;
            cells++;
            if (term > worstTerm) {
                worstTerm = term;
                worst = entry.getKey() + " declared " + entry.getValue() + " (" + String.format(Locale.ROOT,
                        "%.4f", p) + "), its rolls gave " + String.format(Locale.ROOT, "%.4f", observed / n);
            }
        }
        if (pooledExpected > 0) {
            statistic += (pooledObserved - pooledExpected) * (pooledObserved - pooledExpected) / pooledExpected;
            cells++;
        }
        int df = cells - 1;
        if (df < 1) {
            return null;
        }
        double critical = critical(df);
        if (statistic <= critical) {
            return null;
        }
        return worst + " over " + n + " seeded rolls (chi-square " + String.format(Locale.ROOT, "%.1f",
                statistic) + " over " + df + " degrees of freedom, above " + String.format(Locale.ROOT,
                "%.1f", critical) + " at α = 1e-6)";
    }

    /** @return the chi-square critical value at α = 10⁻⁶ (Wilson and Hilferty's approximation) */
    static double critical(int df) {
        double a = 2.0 / (9 * df);
        double c = 1 - a + Z * Math.sqrt(a);
        return df * c * c * c;
    }
}
