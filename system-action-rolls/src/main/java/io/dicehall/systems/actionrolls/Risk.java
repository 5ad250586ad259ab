package io.dicehall.systems.actionrolls;

import io.dicehall.api.form.Option;

/**
 * How dangerous the action is, set by the GM: the trouble dice that bring a consequence. The lower the
 * rating, the more dangerous (action-rolls.txt, Assessing Risk).
 */
enum Risk implements Choice {
    SAFE("safe", "Safe", 4, "Little danger: the character has a good opening."),
    RISKY("risky", "Risky", 3, "Hazardous: harm or a bad turn is a real possibility."),
    PRECARIOUS("precarious", "Precarious", 2, "On a knife's edge: trouble is all but certain.");

    private final String id;
    private final String label;
    private final int rating;
    private final String help;

    Risk(String id, String label, int rating, String help) {
        this.id = id;
        this.label = label;
        this.rating = rating;
        this.help = help;
    }

    static Risk of(String id) {
        return Choice.byId(values(), id);
    }

    @Override
    public String id() {
        return id;
    }

    String label() {
        return label;
    }

    /** @return the trouble dice that bring a consequence */
    int rating() {
        return rating;
    }

    @Override
    public Option option() {
        return new Option(id, label + " (" + rating + ")", help);
    }
}
