package io.dicehall.systems.actionrolls;

import io.dicehall.api.form.Option;

/** How hard the action is, set by the GM: the success dice it needs (the Action Rolls page, Assessing Challenge). */
enum Challenge implements Choice {
    AVERAGE("average", "Average", 2, "Plain enough, but it still takes some effort or skill."),
    DIFFICULT("difficult", "Difficult", 3, "Tough: it takes real effort or skill."),
    DAUNTING("daunting", "Daunting", 4, "Exceptionally hard: only outstanding effort or skill will do.");

    private final Option named;
    private final int rating;

    Challenge(String id, String label, int rating, String help) {
        this.named = new Option(id, label, help);
        this.rating = rating;
    }

    static Challenge of(String id) {
        return Choice.byId(values(), id);
    }

    /** @return the success dice needed */
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
