package io.dicehall.systems.fatewalker;

import io.dicehall.api.form.IntegerField;

/** The fields every Fatewalker roll shares: the attribute's dice, the skill's TN, bonus dice. */
final class Fields {

    static final int MAX_DICE = 30;
    static final int MAX_BONUS = 10;

    private Fields() {
    }

    static IntegerField dice(String name, String label, int defaultValue) {
        return new IntegerField(name, label, "Dice from the attribute (1–" + MAX_DICE + ").", 1, MAX_DICE,
                defaultValue);
    }

    static IntegerField tn(String name, String label) {
        return new IntegerField(name, label,
                "Set by the skill, 0–8: a die succeeds when it reads this or lower (dice read 0–9).", 0, 8, 4);
    }

    static IntegerField bonus(String name, String label) {
        return new IntegerField(name, label,
                "Bonus dice (positive) or penalty dice (negative) from the roll, a trait and conditions."
                        + " The pool never drops below 1 die.", -MAX_BONUS, MAX_BONUS, 0);
    }
}
