package io.dicehall.systems.fatewalker;

import io.dicehall.api.form.ChoiceField;
import io.dicehall.api.form.Field;
import io.dicehall.api.form.FlagField;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.IntegerField;
import io.dicehall.api.form.Option;
import java.util.ArrayList;
import java.util.List;

/**
 * The Extended Roll Modifiers table as form fields: bonus or penalty dice on every roll of the extended
 * roll (docs/rulings.md, "Fatewalker"). Also the time the work takes: the base time, stretched or
 * shortened by the time-taken choice, shared out over its rolls.
 */
final class Situation {

    /** One row of a choice: its value, label, dice and, for the time taken, its factor num/den. */
    private record Level(String value, String label, int dice, int num, int den) {
        Option option() {
            return new Option(value, label + " (" + Throw.signedDice(dice) + ")", "");
        }
    }

    private static final List<Level> QUALITY = List.of(
            new Level("terrible", "Terrible quality", 2, 1, 1),
            new Level("low", "Low quality", 1, 1, 1),
            new Level("standard", "Standard quality", 0, 1, 1),
            new Level("high", "High quality", -2, 1, 1),
            new Level("exceptional", "Exceptional quality", -4, 1, 1));

    private static final List<Level> TIME = List.of(
            new Level("plus-100", "+100% base time", 2, 2, 1),
            new Level("plus-50", "+50% base time", 1, 3, 2),
            new Level("standard", "The usual time", 0, 1, 1),
            new Level("minus-33", "−33% base time", -2, 2, 3),
            new Level("minus-50", "−50% base time", -4, 1, 2));

    private static final List<Level> TOOLS = List.of(
            new Level("exceptional", "Exceptional tools", 2, 1, 1),
            new Level("high", "High-quality tools", 1, 1, 1),
            new Level("standard", "Ordinary tools", 0, 1, 1),
            new Level("low", "Low-quality or scarce tools", -2, 1, 1),
            new Level("terrible", "Terrible or missing tools", -4, 1, 1));

    static final int MAX_BASE_MINUTES = 60_000;
    static final int MAX_EXTRA_STEPS = 5;
    static final int MAX_ENVIRONMENT = 4;

    private Situation() {
    }

    /** @return the fields of the setup and the modifiers table, in form order */
    static List<Field> fields() {
        var fields = new ArrayList<Field>();
        fields.add(new IntegerField("base-time", "Base time (minutes)",
                "How long the work usually takes someone of the right skill. Each roll stands for a quarter of it,"
                        + " or less with extra steps.", 1, MAX_BASE_MINUTES, 240));
        fields.add(new IntegerField("extra-steps", "Extra steps",
                "Work over about 40 hours (more than 10 hours a roll) is best split into more steps: each extra"
                        + " step needs 2 more successes than the usual 8 and is one more roll over the same time,"
                        + " so each roll takes less.", 0, MAX_EXTRA_STEPS, 0));
        fields.add(new FlagField("interrupted", "Previous attempt interrupted",
                "−2 dice on every roll.", false));
        fields.add(new FlagField("other-actions", "Took other actions between rolls",
                "Willfully doing other things (besides rest) between rolls: −1 die on every roll.", false));
        fields.add(choice("quality", "Quality aimed for",
                "Aiming for rougher work is easier; the GM decides what quality means here.", QUALITY));
        fields.add(choice("time-taken", "Time taken",
                "Taking longer than usual helps, rushing hurts; it also changes how long each roll takes.", TIME));
        fields.add(choice("tools", "Tools", "Their quality or availability.", TOOLS));
        fields.add(new IntegerField("environment-dice", "Environmental factors",
                "Bonus or penalty dice the GM sets for the surroundings (quakes, nearby blasts, loud music).",
                -MAX_ENVIRONMENT, MAX_ENVIRONMENT, 0));
        return fields;
    }

    private static ChoiceField choice(String name, String label, String help, List<Level> levels) {
        return new ChoiceField(name, label, help, levels.stream().map(Level::option).toList(), "standard");
    }

    /** @return the dice the table's modifiers add (or take) on every roll */
    static int dice(Inputs inputs) {
        return (inputs.flag("interrupted") ? -2 : 0)
                + (inputs.flag("other-actions") ? -1 : 0)
                + level(QUALITY, inputs.choice("quality")).dice
                + level(TIME, inputs.choice("time-taken")).dice
                + level(TOOLS, inputs.choice("tools")).dice
                + inputs.integer("environment-dice");
    }

    /** @return how long the whole work takes, in half seconds: base time × time factor */
    static long halfSecondsOfWork(Inputs inputs) {
        Level time = level(TIME, inputs.choice("time-taken"));
        // minutes · 60 s · 2 halves = minutes · 120; every factor's denominator divides 120.
        return (long) inputs.integer("base-time") * 120 * time.num / time.den;
    }

    /** @return how many rolls the work is shared out over: 4, and one more for each extra step */
    static int plannedRolls(Inputs inputs) {
        return 4 + inputs.integer("extra-steps");
    }

    private static Level level(List<Level> levels, String value) {
        return levels.stream().filter(l -> l.value.equals(value)).findFirst().orElseThrow();
    }

    /** @return e.g. "1 h 7 min 30 s" or "22.5 s" */
    static String duration(long halfSeconds) {
        long seconds = halfSeconds / 2;
        long hours = seconds / 3600;
        long minutes = seconds % 3600 / 60;
        long rest = seconds % 60;
        var parts = new ArrayList<String>();
        if (hours > 0) {
            parts.add(hours + " h");
        }
        if (minutes > 0) {
            parts.add(minutes + " min");
        }
        if (rest > 0 || halfSeconds % 2 == 1 || parts.isEmpty()) {
            parts.add(rest + (halfSeconds % 2 == 1 ? ".5" : "") + " s");
        }
        return String.join(" ", parts);
    }
}
