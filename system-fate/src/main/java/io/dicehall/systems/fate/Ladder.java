package io.dicehall.systems.fate;

/**
 * The Fate ladder: how ratings and results (skill, difficulty, effort) are named. Only −2 Terrible to
 * +8 Legendary have names (docs/rulings.md, "Fate Condensed"); anything beyond is shown as a plain
 * signed number. Shifts are a margin between two results, not a place on the ladder, so they are only
 * ever {@linkplain #signed signed numbers}.
 */
final class Ladder {

    static final int LOWEST_NAMED = -2;
    static final int HIGHEST_NAMED = 8;

    private static final String[] NAMES = {
        "Terrible", "Poor", "Mediocre", "Average", "Fair", "Good", "Great", "Superb", "Fantastic", "Epic",
        "Legendary"
    };

    private Ladder() {
    }

    /** @return e.g. {@code "Good (+3)"}, {@code "Mediocre (+0)"}, {@code "Terrible (−2)"} or {@code "+9"} */
    static String of(int value) {
        if (value < LOWEST_NAMED || value > HIGHEST_NAMED) {
            return signed(value);
        }
        return NAMES[value - LOWEST_NAMED] + " (" + signed(value) + ")";
    }

    /** @return the names of the rungs that have one, by value: −2 "Terrible" to +8 "Legendary" */
    static java.util.Map<Integer, String> names() {
        var names = new java.util.HashMap<Integer, String>();
        for (int value = LOWEST_NAMED; value <= HIGHEST_NAMED; value++) {
            names.put(value, NAMES[value - LOWEST_NAMED]);
        }
        return names;
    }

    /** @return the value with its sign, using the minus sign U+2212 as the rules print it: +2, +0, −1 */
    static String signed(int value) {
        return value < 0 ? "\u2212" + -value : "+" + value;
    }
}
