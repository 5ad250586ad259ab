package io.dicehall.web.ui.roll;

import io.dicehall.api.odds.Fraction;
import java.util.Locale;

/** How a page writes an exact probability: "61%", "0.4%", "<0.1%", and the fraction itself. */
public final class Percent {

    private Percent() {
    }

    /** @return a probability as a page writes it: "61%", "0.4%", "<0.1%", "100%" */
    public static String of(Fraction p) {
        if (p.isZero()) {
            return "0%";
        }
        if (p.equals(Fraction.ONE)) {
            return "100%";
        }
        double percent = 100 * p.toDouble();
        if (percent < 0.1) {
            return "<0.1%";
        }
        if (percent > 99.9) {
            return ">99.9%";
        }
        if (percent < 10 || percent > 90) {
            return String.format(Locale.ROOT, "%.1f%%", percent);
        }
        return Math.round(percent) + "%";
    }

    /** @return a CSS width for a bar: at least a sliver when the chance is above zero */
    static String width(Fraction p) {
        double percent = 100 * p.toDouble();
        return String.format(Locale.ROOT, "%.2f%%", p.isZero() ? 0 : Math.max(0.5, percent));
    }
}
