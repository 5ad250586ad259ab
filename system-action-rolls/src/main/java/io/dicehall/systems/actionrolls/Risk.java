package io.dicehall.systems.actionrolls;

import io.dicehall.api.form.Option;

/**
 * How dangerous the action is, set by the GM: the trouble dice that bring a consequence. The lower the
 * rating, the more dangerous (the Action Rolls page, Assessing Risk).
 */
enum Risk implements Choice {
    SAFE("safe", "Safe", 4, "Little danger: the character has a good opening."),
    RISKY("risky", "Risky", 3, "Hazardous: harm or a bad turn is a real possibility."),
    PRECARIOUS("precarious", "Precarious", 2, "On a knife's edge: trouble is all but certain.");

    private final Option named;
    private final int rating;

    Risk(String id, String label, int rating, String help) {
        this.named = new Option(id, label, help);
        this.rating = rating;
    }

    static Risk of(String id) {
        return Choice.byId(values(), id);
    }

    /** @return the trouble dice that bring a consequence */
    int rating() {
        return rating;
    }

    @Override
    public Option named() {
        return named;
    }

    /** The option shows the rating beside the name, e.g. "Average (2)". */
    @Override
    public Option option() {
        return new Option(id(), label() + " (" + rating + ")", help());
    }
}
