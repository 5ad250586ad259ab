package io.dicehall.systems.fatewalker;

import io.dicehall.api.form.ChoiceField;
import io.dicehall.api.form.Option;
import java.util.Arrays;

/** The Extended Roll Difficulty chart: subtracted from each roll's successes. */
enum Difficulty {
    SIMPLE("simple", "Simple"),
    NORMAL("normal", "Normal"),
    DIFFICULT("difficult", "Difficult"),
    MASTERFUL("masterful", "Masterful"),
    NIGH_IMPOSSIBLE("nigh-impossible", "Nigh Impossible");

    final String value;
    final String label;

    Difficulty(String value, String label) {
        this.value = value;
        this.label = label;
    }

    /** @return the difficulty value 0–4 */
    int value() {
        return ordinal();
    }

    static Difficulty of(String value) {
        return Arrays.stream(values()).filter(d -> d.value.equals(value)).findFirst().orElseThrow();
    }

    static ChoiceField field() {
        return new ChoiceField("difficulty", "Difficulty",
                "Subtracted from the successes of every roll; the result may be negative.",
                Arrays.stream(values()).map(d -> new Option(d.value, d.label + " (" + d.value() + ")",
                        "Each roll counts its successes minus " + d.value() + ".")).toList(),
                NORMAL.value);
    }
}
