package io.dicehall.systems.actionrolls;

import io.dicehall.api.form.Inputs;
import java.util.List;

/**
 * One of the two abilities an Action Roll combines: its score picks the die size, two dice each on
 * the first throw and one more on a Daring Roll.
 *
 * @param key the prefix of its dice ids, {@code a1} or {@code a2}
 * @param groupId the id of its dice group, which is also the name of its score field
 * @param fallback what to call it when the player gave no name
 * @param score 1 to 5
 * @param name the player's name for it, possibly empty
 */
record Ability(String key, String groupId, String fallback, int score, String name) {

    static final String FIRST = "first-ability";
    static final String SECOND = "second-ability";

    /** @return the two abilities of the roll, first then second */
    static List<Ability> of(Inputs inputs) {
        return List.of(
                new Ability("a1", FIRST, "First ability", inputs.integer(FIRST), inputs.text(FIRST + "-name")),
                new Ability("a2", SECOND, "Second ability", inputs.integer(SECOND), inputs.text(SECOND + "-name")));
    }

    /**
     * @return the die size: the rules give d4, d6, d8 for scores 1–3 and our ruling (docs/rulings.md)
     *     carries the step on to d10 and d12 for 4 and 5
     */
    int sides() {
        return 2 * score + 2;
    }

    String type() {
        return "d" + sides();
    }

    /** @return the player's name for it, else "First ability" / "Second ability" */
    String title() {
        return name.isBlank() ? fallback : name;
    }

    /** @return e.g. "Dexterity 2 (d6)" */
    String groupLabel() {
        return title() + " " + score + " (" + type() + ")";
    }

    /** @return the id of its {@code n}-th die, from 1 */
    String dieId(int n) {
        return key + "-d" + n;
    }
}
