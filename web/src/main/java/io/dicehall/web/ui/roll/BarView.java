package io.dicehall.web.ui.roll;

import io.dicehall.api.odds.Chance;
import io.dicehall.api.state.Tone;
import java.io.Serializable;
import java.util.Locale;

/** One bar of an odds chart: an outcome (or a flag) and its exact chance. */
public final class BarView implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String id;
    private final String label;
    private final String tone;
    private final String percent;
    private final String fraction;
    private final String width;
    private final boolean impossible;
    private final double chance;

    BarView(Chance chance, Tone tone) {
        id = chance.id();
        label = chance.label();
        this.tone = tone == null ? "neutral" : tone.name().toLowerCase(Locale.ROOT);
        percent = Percent.of(chance.probability());
        fraction = chance.probability().toString();
        width = Percent.width(chance.probability());
        impossible = chance.probability().isZero();
        this.chance = chance.probability().toDouble();
    }

    public String getId() {
        return id;
    }

    public String getLabel() {
        return label;
    }

    /** @return good, mixed, bad, pending or neutral: the CSS class of its colour */
    public String getTone() {
        return tone;
    }

    /** @return the chance as a rounded percentage, e.g. "61%" */
    public String getPercent() {
        return percent;
    }

    /** @return the exact chance as a fraction, e.g. "8/27" */
    public String getFraction() {
        return fraction;
    }

    double chance() {
        return chance;
    }

    /** @return whether the chance is nil: the bar is greyed */
    public boolean isImpossible() {
        return impossible;
    }

    /** @return the bar's CSS width */
    public String getWidth() {
        return width;
    }
}
