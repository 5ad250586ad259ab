package io.dicehall.systems.actionrolls;

import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.Tone;
import java.util.List;

/**
 * The six outcomes of an Action Roll, worst to best, with descriptions in our own words: the four of the
 * outcome table, and the two criticals, which the rules count as a failure and a success of their own
 * weight (the Action Rolls page, Critical Outcomes; docs/rulings.md, "Action Rolls").
 */
final class Outcomes {

    static final Outcome CRITICAL_FAILURE = new Outcome("critical-failure", "Critical Failure", Tone.BAD,
            "You fail, and the consequence hits harder than a plain failure's: two or more trouble dice beyond "
                    + "the Risk.");
    static final Outcome FAILURE = new Outcome("failure", "Failure", Tone.BAD,
            "You fall short and pay for it: a new threat, lost control, or harm.");
    static final Outcome LIMITED_FAILURE = new Outcome("limited-failure", "Limited Failure", Tone.BAD,
            "You fall short, but nothing bad follows. The GM may let you try again later or at higher Risk, "
                    + "or the chance is gone.");
    static final Outcome LIMITED_SUCCESS = new Outcome("limited-success", "Limited Success", Tone.MIXED,
            "You get there, at a price: a setback, a complication, or less effect than you hoped.");
    static final Outcome SUCCESS = new Outcome("success", "Success", Tone.GOOD,
            "You get what you set out to do, with nothing going wrong.");
    static final Outcome CRITICAL_SUCCESS = new Outcome("critical-success", "Critical Success", Tone.GOOD,
            "You succeed, and earn an extra bonus or edge besides: two or more success dice beyond the Challenge.");

    /** Worst to best, so that a higher index is a better outcome. */
    static final List<Outcome> ALL = List.of(CRITICAL_FAILURE, FAILURE, LIMITED_FAILURE, LIMITED_SUCCESS, SUCCESS,
            CRITICAL_SUCCESS);

    private Outcomes() {
    }

    /** @return how good the outcome is: 0 for a critical failure up to 5 for a critical success */
    static int rank(Outcome outcome) {
        for (int i = 0; i < ALL.size(); i++) {
            if (ALL.get(i).id().equals(outcome.id())) {
                return i;
            }
        }
        throw new IllegalArgumentException("not an Action Roll outcome: " + outcome.id());
    }
}
