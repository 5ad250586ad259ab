package io.dicehall.web.ui.roll;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThanOrEqualTo;

import io.dicehall.api.odds.Dist;
import io.dicehall.api.odds.Distributions;
import io.dicehall.web.ui.faces.Labels;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class TotalChartTest {

    private static final Labels LABELS = Labels.of(Locale.ENGLISH);

    @Test
    void aBarForEachValueTheTallestTheMostLikelyAndTheTargetShaded() {
        Dist twoD6 = Dist.die(6).times(2);
        TotalChart chart = TotalChart.of(new Distributions.Total("total-1", "2d6", twoD6, v -> v >= 10), LABELS);
        List<TotalChart.Bar> bars = chart.getBars();
        assertThat(bars.size(), is(11));
        assertThat(bars.get(0).getValues(), is("2"));
        assertThat(bars.get(5).getPercent(), is(Percent.of(twoD6.p(7))));
        assertThat("7 is the tallest bar", bars.get(5).getY(), is(String.format(Locale.ROOT, "%.2f", 4.0)));
        assertThat(bars.stream().filter(TotalChart.Bar::isTarget).map(TotalChart.Bar::getValues).toList(),
                contains("10", "11", "12"));
        assertThat(chart.getSummary(), containsString("from 2 to 12, mean 7.00"));
        assertThat(chart.getSummary(), containsString(Percent.of(twoD6.atLeast(10))));
        assertThat("the mean in the middle", chart.getMeanX(), is(String.format(Locale.ROOT, "%.2f", 240.0)));
    }

    @Test
    void aWideDistributionIsDrawnInRunsOfNeighbouringValuesWithNothingLost() {
        Dist hundredD6 = Dist.die(6).times(100);
        TotalChart chart = TotalChart.of(new Distributions.Total("total-1", "100d6", hundredD6), LABELS);
        assertThat(chart.getBars().size(), lessThanOrEqualTo(TotalChart.MOST_BARS));
        assertThat(chart.getBars().get(0).getValues(), is("100–110"));
        assertThat(chart.getBars().get(chart.getBars().size() - 1).getValues().endsWith("600"), is(true));
        assertThat(chart.getBars().stream().noneMatch(TotalChart.Bar::isTarget), is(true));
        assertThat(chart.getSummary(), containsString("mean 350.00"));
    }

    @Test
    void negativeTotalsKeepTheirMean() {
        Dist fudge = Dist.fudge().times(4);
        TotalChart chart = TotalChart.of(new Distributions.Total("total-1", "4dF", fudge), LABELS);
        assertThat(chart.getSummary(), containsString("from -4 to 4, mean 0.00"));
    }
}
