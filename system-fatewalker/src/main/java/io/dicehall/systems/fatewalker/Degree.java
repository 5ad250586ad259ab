package io.dicehall.systems.fatewalker;

import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.Tone;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;

/**
 * How a single Fatewalker roll reads: by its successes, and at 0 successes by its degree of failure
 * (the Core Mechanic page, "Degree of Success" and "Degree of Failure"). Worst first.
 */
enum Degree {
    CATASTROPHIC_FAILURE("catastrophic-failure", "Catastrophic Failure", Tone.BAD,
            "No success, and even the lowest die missed the target number by 4 or more: expect it to go badly wrong."),
    DRAMATIC_FAILURE("dramatic-failure", "Dramatic Failure", Tone.BAD,
            "No success; the lowest die missed the target number by 2 or 3. Side effects nobody wanted are likely."),
    COMPLETE_FAILURE("complete-failure", "Complete Failure", Tone.BAD,
            "No success, though the lowest die missed the target number by only 1: a plain failure."),
    NEAR_MISS("near-miss", "Near Miss", Tone.MIXED,
            "One success: not quite there, perhaps with a small upside."),
    BASE_SUCCESS("base-success", "Base Success", Tone.GOOD,
            "Two successes: the task is done as intended."),
    TOTAL_SUCCESS("total-success", "Total Success", Tone.GOOD,
            "Three successes: done cleanly and completely."),
    EXCEPTIONAL_SUCCESS("exceptional-success", "Exceptional Success", Tone.GOOD,
            "Four or more successes: done remarkably well.");

    /** The outcomes in declared order, worst first. */
    static final List<Outcome> OUTCOMES = Arrays.stream(values()).map(d -> d.outcome).toList();

    final Outcome outcome;

    Degree(String id, String label, Tone tone, String description) {
        this.outcome = new Outcome(id, label, tone, description);
    }

    /**
     * @param successes the roll's successes
     * @param degreeOfFailure lowest reading minus the target number; only read at 0 successes
     */
    static Degree of(int successes, int degreeOfFailure) {
        if (successes >= 4) {
            return EXCEPTIONAL_SUCCESS;
        } else if (successes > 0) {
            return values()[NEAR_MISS.ordinal() + successes - 1];
        } else if (degreeOfFailure >= 4) {
            return CATASTROPHIC_FAILURE;
        } else if (degreeOfFailure >= 2) {
            return DRAMATIC_FAILURE;
        }
        return COMPLETE_FAILURE;
    }

    /** @return odds over the seven degrees from whole weights (in declared order) out of {@code total} */
    static Odds.Builder odds(BigInteger[] weights, BigInteger total) {
        Odds.Builder odds = Odds.over(OUTCOMES);
        for (Degree degree : values()) {
            odds.add(degree.outcome.id(), Fraction.of(weights[degree.ordinal()], total));
        }
        return odds;
    }

    /** @return the document's name for this many net successes (its Degrees of Success table) */
    static String successName(int successes) {
        return successes == 0 ? "Complete Failure" : of(successes, 0).outcome.label();
    }

    /** @return the document's name for a degree of failure (its Degrees of Failure table) */
    static String failureName(int degreeOfFailure) {
        return degreeOfFailure == 0 ? "Near Miss" : of(0, degreeOfFailure).outcome.label();
    }
}
