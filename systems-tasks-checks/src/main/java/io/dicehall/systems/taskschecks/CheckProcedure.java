package io.dicehall.systems.taskschecks;

import io.dicehall.api.form.FlagField;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.IntegerField;
import io.dicehall.api.form.Violation;
import io.dicehall.api.odds.Chance;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.play.Game;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Tone;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A Check (the Checks page): three dice less the ability's stress (at least one), each a success at
 * or above the rank; 0 successes Tough Failure, 1 Partial Pass, 2 Regular Pass, 3+ Flying Colors.
 */
final class CheckProcedure extends RollProcedure {

    static final List<Outcome> OUTCOMES = List.of(
            new Outcome("tough-failure", "Tough Failure", Tone.BAD,
                    "No successes. You don't get what you were after, time moves on, and something may be lost"
                            + " along the way; try another approach."),
            new Outcome("partial-pass", "Partial Pass / Fail with a Twist", Tone.MIXED,
                    "One success. It doesn't go to plan: something interrupts or turns the situation, but you"
                            + " make headway and gain something."),
            new Outcome("regular-pass", "Regular Pass", Tone.GOOD,
                    "Two successes. You get what you were after without serious trouble."),
            new Outcome("flying-colors", "Pass with Flying Colors", Tone.GOOD,
                    "Three or more successes. Done with ease or time to spare; maybe a secret, an item, a stress"
                            + " removed, or just a chance to show off."));

    static final IntegerField RANK = IntegerField.of("rank", "Rank", 1, 6, 5)
            .help("A die succeeds on this number or higher; 1 is best, 5 is an average person.");
    static final IntegerField STRESS = IntegerField.of("stress", "Stress", 0, 2, 0)
            .help("Stress in the ability: one die fewer per point; an ability holds at most two.");
    static final IntegerField KISSES = IntegerField.of("kisses", "KISSes", 0, 10, 1)
            .help("KISSes you can spend on dice (usually failed ones): your Kismet, Insights, Stunts and Specialties, plus any"
                    + " a helper lends you.");
    static final FlagField STRESSFUL = FlagField.of("stressful", "Stressful")
            .help("Announced before the roll: failing it gives a point of stress in the ability.");

    /** Points of Fidelity a character may spend while KISSing (the KISSing page, Kismet); the gauge holds four. */
    static final IntegerField FIDELITY = IntegerField.of("fidelity", "Fidelity", 0, 4, 0)
            .help("Points of Fidelity you are willing to spend while KISSing: each advances your rank one step"
                    + " until the end of the scene, and the dice count at the new rank at once.");

    private static final Form FORM = Form.of(RANK, STRESS, KISSES, STRESSFUL, FIDELITY).withMore(FIDELITY.name())
            .withCharacter(RANK.name(), STRESS.name(), KISSES.name());

    CheckProcedure() {
        super("check", "Check", "One simple thing with raw talent: three dice less stress, counted against your"
                + " rank.", FORM, OUTCOMES);
    }

    @Override
    List<Roller> rollers(Inputs inputs) {
        return List.of(Roller.check("", "You", inputs.integer("rank"), inputs.integer("stress"),
                inputs.integer("kisses")).withFidelity(fidelity(inputs)));
    }

    @Override
    boolean named() {
        return false;
    }

    /**
     * Best play: the outcomes rank as declared (more successes are better); the KISSes and Ego of the inputs
     * are the resources.
     */
    @Override
    public Optional<Game<?>> game(Inputs inputs) {
        return Optional.of(new KissGame(rollers(inputs), false, 3, s -> tier(s).id()));
    }

    /** The Check result for a number of successes. */
    static Outcome tier(int successes) {
        return OUTCOMES.get(Math.min(successes, 3));
    }

    @Override
    void judge(Inputs inputs, List<Roller> rollers, int[] successes, boolean[] ego, RollState.Builder state) {
        Roller roller = rollers.get(0);
        int s = successes[0];
        state.outcome(tier(s));
        state.tally("successes", "Successes", s);
        state.tally("dice", "Dice rolled", roller.mainDice());
        if (inputs.flag("stressful") && s <= 1) {
            state.flag("stress", "A failed stressful Check: mark one stress in the ability you rolled with (or the"
                    + " next most fitting one if it is full).");
        }
        if (ego[0]) {
            state.flag("ego-spent", "Ego spent on this roll: erase it from your sheet.");
        }
    }

    @Override
    List<Violation> checkPayment(List<Roller> rollers, int[] picked, int[] succeeded, int[] failed) {
        return ownKissesOnly(rollers, picked, "the KISSing rules");
    }

    /** Each roller pays for their own picked dice with their own KISSes. */
    static List<Violation> ownKissesOnly(List<Roller> rollers, int[] picked, String source) {
        var violations = new ArrayList<Violation>();
        for (int i = 0; i < rollers.size(); i++) {
            Roller roller = rollers.get(i);
            if (picked[i] > roller.kisses()) {
                violations.add(new Violation("dice", (roller.key().isEmpty() ? "You picked " : roller.name()
                        + " picked ") + picked[i] + " dice but " + (roller.key().isEmpty() ? "have " : "has ")
                        + plural(roller.kisses(), "KISS", "KISSes") + ": each KISS picks up one die (" + source
                        + ")"));
            }
        }
        return violations;
    }

    /** The Fidelity a roller may spend, where the form has the field (a Check, a Task); none otherwise. */
    static int fidelity(Inputs inputs) {
        return inputs.has(FIDELITY.name()) ? inputs.integer(FIDELITY.name()) : 0;
    }

    static String plural(int n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }

    @Override
    Chances chances(Inputs inputs, List<Roller> rollers, List<Successes> counts) {
        Successes count = counts.get(0);
        Map<String, Fraction> outcomes = new LinkedHashMap<>();
        for (int s = 0; s < 3; s++) {
            outcomes.put(OUTCOMES.get(s).id(), count.exactly(s));
        }
        outcomes.put(OUTCOMES.get(3).id(), count.atLeast(3));
        var flags = new ArrayList<Chance>();
        if (inputs.flag("stressful")) {
            flags.add(new Chance("stress", "Stress from a failed stressful Check", Q.ONE.minus(Q.of(count.atLeast(2)))
                    .toFraction()));
        }
        return new Chances(outcomes, flags);
    }
}
