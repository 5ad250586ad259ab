package io.dicehall.web.ui.roll;

import io.dicehall.api.odds.Dist;
import io.dicehall.api.odds.Distributions;
import io.dicehall.api.odds.Fraction;
import io.dicehall.web.ui.faces.Labels;
import java.io.Serializable;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One total's exact distribution drawn as a bar chart: a bar for each value (or for each run of values when
 * there are more than {@value #MOST_BARS}), its height its probability, the mean marked, and the values that
 * meet the roll's target shaded as the success region. For screen readers the chart says its range, mean and
 * chance of the target in words, and each bar its values and chance.
 */
public final class TotalChart implements Serializable {

    private static final long serialVersionUID = 1L;

    /** The most bars a chart draws; wider distributions are drawn in runs of neighbouring values. */
    static final int MOST_BARS = 48;

    /** The chart's drawing width and height, in SVG units. */
    static final int WIDTH = 480;
    static final int HEIGHT = 120;

    /** One bar: its values, its chance, where it is drawn and whether it meets the target. */
    public static final class Bar implements Serializable {

        private static final long serialVersionUID = 1L;

        private final String values;
        private final String percent;
        private final double x;
        private final double y;
        private final double width;
        private final double height;
        private final boolean target;

        Bar(String values, String percent, double x, double y, double width, double height, boolean target) {
            this.values = values;
            this.percent = percent;
            this.x = x;
            this.y = y;
            this.width = width;
            this.height = height;
            this.target = target;
        }

        public String getValues() {
            return values;
        }

        public String getPercent() {
            return percent;
        }

        public String getX() {
            return format(x);
        }

        public String getY() {
            return format(y);
        }

        public String getWidth() {
            return format(width);
        }

        public String getHeight() {
            return format(height);
        }

        /** @return whether these values meet the roll's target */
        public boolean isTarget() {
            return target;
        }
    }

    private final String label;
    private final String summary;
    private final List<Bar> bars;
    private final double meanX;
    private final String low;
    private final String high;

    private TotalChart(String label, String summary, List<Bar> bars, double meanX, String low, String high) {
        this.label = label;
        this.summary = summary;
        this.bars = bars;
        this.meanX = meanX;
        this.low = low;
        this.high = high;
    }

    /** @return the chart of one total */
    public static TotalChart of(Distributions.Total total, Labels labels) {
        Dist dist = total.dist();
        int min = dist.min();
        long span = (long) dist.max() - min + 1;
        int run = (int) Math.max(1, (span + MOST_BARS - 1) / MOST_BARS);
        int count = (int) ((span + run - 1) / run);
        Fraction[] chance = new Fraction[count];
        boolean[] target = new boolean[count];
        java.util.Arrays.fill(chance, Fraction.ZERO);
        for (Dist.Entry e : dist) {
            int bar = (int) (((long) e.value() - min) / run);
            chance[bar] = chance[bar].plus(e.p());
            target[bar] |= total.target() != null && total.target().test(e.value());
        }
        double highest = 0;
        for (Fraction f : chance) {
            highest = Math.max(highest, f.toDouble());
        }
        double width = (double) WIDTH / count;
        List<Bar> bars = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int from = min + i * run;
            int to = (int) Math.min((long) from + run - 1, dist.max());
            double h = highest == 0 ? 0 : chance[i].toDouble() / highest * (HEIGHT - 4);
            bars.add(new Bar(from == to ? String.valueOf(from) : from + "–" + to, Percent.of(chance[i]),
                    i * width + width * 0.08, HEIGHT - h, width * 0.84, h, target[i]));
        }
        double mean = mean(dist);
        double meanX = (mean - min + 0.5) / span * WIDTH;
        String summary = labels.get("chart.summary", total.label(), min, dist.max(),
                String.format(Locale.ROOT, "%.2f", mean))
                + (total.target() == null ? "" : " " + labels.get("chart.target",
                        Percent.of(dist.p(total.target()::test))));
        return new TotalChart(total.label(), summary, List.copyOf(bars), meanX, String.valueOf(min),
                String.valueOf(dist.max()));
    }

    /** The mean of any distribution, negative values included, as a double. */
    private static double mean(Dist dist) {
        BigInteger shift = BigInteger.valueOf(dist.min());
        Fraction shifted = dist.map(v -> v - dist.min()).mean();
        return shifted.toDouble() + shift.doubleValue();
    }

    private static String format(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    public String getLabel() {
        return label;
    }

    /** @return the chart in words: its range, its mean and, with a target, the chance of meeting it */
    public String getSummary() {
        return summary;
    }

    public List<Bar> getBars() {
        return bars;
    }

    /** @return where the mean is drawn, across the chart */
    public String getMeanX() {
        return format(meanX);
    }

    public String getLow() {
        return low;
    }

    public String getHigh() {
        return high;
    }

    public int getWidth() {
        return WIDTH;
    }

    public int getHeight() {
        return HEIGHT;
    }
}
