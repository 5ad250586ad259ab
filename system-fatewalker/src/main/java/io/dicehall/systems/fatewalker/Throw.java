package io.dicehall.systems.fatewalker;

import io.dicehall.api.Dice;
import io.dicehall.api.state.Die;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Tally;
import io.dicehall.api.state.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * One throw of a pool of Fatewalker dice: d10s read 0–9 (a 10 reads 0), each a success when it reads
 * at or under the target number.
 *
 * @param tn the target number, 0–8
 * @param dice the dice thrown, at least one
 */
record Throw(int tn, List<Die> dice) {

    static final int SIDES = 10;

    Throw {
        dice = List.copyOf(dice);
    }

    /** Throws {@code pool} dice with ids {@code prefix1}, {@code prefix2} … */
    static Throw roll(String prefix, int pool, int tn, Dice dice) {
        var thrown = new ArrayList<Die>(pool);
        for (int i = 1; i <= pool; i++) {
            int face = dice.roll(SIDES);
            int reading = face % SIDES;
            thrown.add(new Die(prefix + i, "d10", SIDES, face, String.valueOf(reading),
                    reading <= tn ? Verdict.SUCCESS : Verdict.FAILURE, null));
        }
        return new Throw(tn, thrown);
    }

    /** @return the pool for an attribute and bonus (or penalty) dice: never below one die (docs/rulings.md) */
    static int pool(int dice, int bonusDice) {
        return Math.max(1, dice + bonusDice);
    }

    int successes() {
        return (int) dice.stream().filter(d -> d.verdict() == Verdict.SUCCESS).count();
    }

    int lowest() {
        return dice.stream().mapToInt(d -> d.face() % SIDES).min().orElseThrow();
    }

    /** @return lowest reading − TN at 0 successes; 0 for a roll with any success */
    int degreeOfFailure() {
        return successes() == 0 ? lowest() - tn : 0;
    }

    Degree degree() {
        return Degree.of(successes(), degreeOfFailure());
    }

    /** @return the successes, or minus the degree of failure: what a background roll hands on */
    int signedResult() {
        int successes = successes();
        return successes > 0 ? successes : -degreeOfFailure();
    }

    String readings() {
        return dice.stream().map(Die::reading).collect(Collectors.joining(", "));
    }

    /** e.g. "4 dice vs TN 1: 3, 7, 9, 4 → 0 successes, degree of failure 2 (Dramatic Failure)" */
    String sentence() {
        return count() + " (" + degree().outcome.label() + ")";
    }

    /** e.g. "4 dice vs TN 1: 3, 7, 9, 4 → 3 successes", for rolls whose degree does not matter */
    String count() {
        int successes = successes();
        String result = successes == 0
                ? "0 successes, degree of failure " + degreeOfFailure()
                : successes + (successes == 1 ? " success" : " successes");
        return dice(dice.size()) + " vs TN " + tn + ": " + readings() + " → " + result;
    }

    /**
     * Adds the pool, successes and both degrees, their ids starting with {@code prefix} and their labels
     * with {@code labelPrefix} (e.g. "background-" and "Background").
     */
    void tally(RollState.Builder state, String prefix, String labelPrefix) {
        int successes = successes();
        int failure = degreeOfFailure();
        state.tally(prefix + "pool", label(labelPrefix, "pool"), dice.size())
                .tally(prefix + "successes", label(labelPrefix, "successes"), successes)
                .tally(new Tally(prefix + "degree-of-success", label(labelPrefix, "degree of success"),
                        successes, successes + " · " + Degree.successName(successes)))
                .tally(new Tally(prefix + "degree-of-failure", label(labelPrefix, "degree of failure"),
                        failure, successes == 0
                                ? failure + " · " + Degree.failureName(failure) + " (lowest die " + lowest()
                                        + " − TN " + tn + ")"
                                : successes == 1 ? "0 · Near Miss" : "0 · the roll succeeded"));
    }

    private static String label(String prefix, String what) {
        return prefix.isEmpty() ? Character.toUpperCase(what.charAt(0)) + what.substring(1) : prefix + " " + what;
    }

    static String dice(int count) {
        return count + (count == 1 ? " die" : " dice");
    }

    static String signedDice(int count) {
        return (count > 0 ? "+" : count < 0 ? "−" : "±") + dice(Math.abs(count));
    }
}
