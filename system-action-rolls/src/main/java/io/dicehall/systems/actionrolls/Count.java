package io.dicehall.systems.actionrolls;

import io.dicehall.api.state.Die;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.Verdict;
import java.util.List;

/**
 * Success dice and trouble dice on the table, read against the Challenge and the Risk (the Action Rolls
 * page, Outcomes and Critical Outcomes).
 *
 * @param successes success dice, 0 to 6
 * @param trouble trouble dice, 0 to 6
 */
record Count(int successes, int trouble) {

    /**
     * Above the most trouble dice a roll can show (6), so that {@code successes * BASE + trouble} codes
     * the pair as one number the odds can convolve.
     */
    static final int BASE = 7;

    /** @return the count of these dice's verdicts */
    static Count of(List<Die> dice) {
        int successes = 0;
        int trouble = 0;
        for (Die die : dice) {
            if (die.verdict() == Verdict.SUCCESS) {
                successes++;
            } else if (die.verdict() == Verdict.TROUBLE) {
                trouble++;
            }
        }
        return new Count(successes, trouble);
    }

    /** @return the count {@link #code()} stands for */
    static Count decode(int code) {
        return new Count(code / BASE, code % BASE);
    }

    /** @return the pair as one number, {@code successes * BASE + trouble} */
    int code() {
        return successes * BASE + trouble;
    }

    /**
     * @return the outcome: meeting the Challenge decides success or failure, reaching the Risk whether
     *     it comes at a cost; two or more dice beyond either make it critical, which decides the outcome
     *     whatever the other dice say (a critical failure needs at least 4 trouble dice and a critical
     *     success at least 4 success dice, so with 6 dice at most they never meet)
     */
    Outcome outcome(Challenge challenge, Risk risk) {
        if (criticalFailure(risk)) {
            return Outcomes.CRITICAL_FAILURE;
        }
        if (criticalSuccess(challenge)) {
            return Outcomes.CRITICAL_SUCCESS;
        }
        boolean met = successes >= challenge.rating();
        boolean hurt = trouble >= risk.rating();
        if (met) {
            return hurt ? Outcomes.LIMITED_SUCCESS : Outcomes.SUCCESS;
        }
        return hurt ? Outcomes.FAILURE : Outcomes.LIMITED_FAILURE;
    }

    /** @return whether there are at least two success dice beyond the Challenge */
    private boolean criticalSuccess(Challenge challenge) {
        return successes >= challenge.rating() + 2;
    }

    /** @return whether there are at least two trouble dice beyond the Risk */
    private boolean criticalFailure(Risk risk) {
        return trouble >= risk.rating() + 2;
    }
}
