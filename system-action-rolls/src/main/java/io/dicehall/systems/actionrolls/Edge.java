package io.dicehall.systems.actionrolls;

import io.dicehall.api.form.Option;
import io.dicehall.api.state.Verdict;

/**
 * Advantage or Disadvantage: what a 3 counts as. Everything else is fixed: 4 or more is a success die,
 * 1 and 2 are trouble dice (the Action Rolls page, Resolution and Advantage &amp; Disadvantage).
 */
enum Edge implements Choice {
    NONE("none", "None", "A 3 counts for nothing."),
    ADVANTAGE("advantage", "Advantage", "A 3 counts as a success die."),
    DISADVANTAGE("disadvantage", "Disadvantage", "A 3 counts as a trouble die.");

    private final Option named;

    Edge(String id, String label, String help) {
        this.named = new Option(id, label, help);
    }

    static Edge of(String id) {
        return Choice.byId(values(), id);
    }

    @Override
    public Option named() {
        return named;
    }

    /** @return what a die showing {@code face} counts as */
    Verdict verdict(int face) {
        if (face >= 4) {
            return Verdict.SUCCESS;
        }
        if (face <= 2) {
            return Verdict.TROUBLE;
        }
        if (this == ADVANTAGE) {
            return Verdict.SUCCESS;
        }
        return this == DISADVANTAGE ? Verdict.TROUBLE : Verdict.NEUTRAL;
    }

    /** @return how many faces of a die of {@code sides} sides count as success dice */
    int successFaces(int sides) {
        return sides - 3 + (this == ADVANTAGE ? 1 : 0);
    }

    /** @return how many faces of a die of {@code sides} sides count as trouble dice */
    int troubleFaces(int sides) {
        return 2 + (this == DISADVANTAGE ? 1 : 0);
    }
}
