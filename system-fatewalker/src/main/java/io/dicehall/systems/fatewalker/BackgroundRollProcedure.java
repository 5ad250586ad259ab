package io.dicehall.systems.fatewalker;

import io.dicehall.api.Dice;
import io.dicehall.api.SingleThrowProcedure;
import io.dicehall.api.form.FlagField;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.IntegerField;
import io.dicehall.api.form.TextField;
import io.dicehall.api.form.Violation;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Tally;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A background roll (the Core Mechanic page, "Background Rolls"): a supporting leaf skill is rolled
 * first, for 1 Will, and its successes, or minus its degree of failure, must become bonus or penalty
 * dice of the primary roll, which is then thrown. The outcome is the primary roll's degree. Both rolls are made
 * at the start, so best play is the chance of the degrees that reach the goal, ranked as the roll's are.
 */
final class BackgroundRollProcedure extends SingleThrowProcedure {

    static final int MAX_WILL = 20;

    private static final Form FORM = Form.of(
            TextField.of("background-skill", "Supporting skill", 60)
                    .help("The leaf skill that supports the roll, e.g. Lockpicking (optional, shown on the roll)."),
            new FlagField("leaf-skill", "The supporting skill is a skill leaf",
                    "Background rolls must use a leaf of the skill tree.", true),
            new IntegerField("will", "Will available",
                    "A background roll costs 1 Will, so at least 1 must be left.", 0, MAX_WILL, 1),
            new IntegerField("background-dice", "Background dice",
                    "The attribute's dice for the supporting roll (1–30). Fate and Will cannot add to them.",
                    1, Fields.MAX_DICE, 3),
            Fields.tn("background-tn", "Background target number"),
            Fields.dice("dice", "Primary attribute dice", 3),
            Fields.tn("tn", "Primary target number"),
            Fields.bonus("bonus-dice", "Primary bonus / penalty dice"));

    BackgroundRollProcedure() {
        super("background-roll", "Background roll", "Spend 1 Will to roll a supporting leaf skill first; its net"
                + " successes (or degree of failure) become bonus (or penalty) dice of the primary roll.", FORM,
                Degree.OUTCOMES);
    }

    @Override
    public List<Violation> check(Inputs inputs) {
        var broken = new ArrayList<Violation>();
        if (!inputs.flag("leaf-skill")) {
            broken.add(new Violation("leaf-skill",
                    "A background roll must be made with a skill leaf (Background Rolls: the supporting skill"
                            + " must be a leaf)."));
        }
        if (inputs.integer("will") < 1) {
            broken.add(new Violation("will",
                    "A background roll costs 1 Will, and there is none left to spend (Background Rolls)."));
        }
        return broken;
    }

    @Override
    public RollState start(Inputs inputs, Dice dice) {
        String skill = inputs.text("background-skill");
        Throw background = Throw.roll("b", inputs.integer("background-dice"), inputs.integer("background-tn"), dice);
        int added = background.signedResult();
        int wanted = inputs.integer("dice") + inputs.integer("bonus-dice") + added;
        Throw primary = Throw.roll("p", Throw.pool(inputs.integer("dice"), inputs.integer("bonus-dice") + added),
                inputs.integer("tn"), dice);
        int willLeft = inputs.integer("will") - 1;

        RollState.Builder state = RollState.builder()
                .group("background", "Background roll" + (skill.isEmpty() ? "" : " (" + skill + ")")
                        + ", TN " + background.tn(), background.dice())
                .group("primary", "Primary roll, TN " + primary.tn(), primary.dice())
                .outcome(primary.degree().outcome);
        background.tally(state, "background-", "Background");
        state.tally(new Tally("background-dice-added", "Dice added by the background roll", added,
                        Throw.signedDice(added)))
                .tally("will-spent", "Will spent", 1)
                .tally("will-left", "Will left", willLeft);
        primary.tally(state, "", "");
        state.flag("will-spent", "1 Will spent on the background roll; " + willLeft + " left.");
        if (added > 0) {
            state.flag("background-bonus", "The background roll adds " + Throw.dice(added) + " to the primary roll.");
        } else {
            state.flag("background-penalty", "The background roll failed: its degree of failure takes "
                    + Throw.dice(-added) + " off the primary roll.");
        }
        RollProcedure.flagMinimumPool(state, wanted);
        return state
                .step("start", "Background roll" + (skill.isEmpty() ? "" : " (" + skill + ")") + " for 1 Will: "
                        + background.sentence() + " → " + Throw.signedDice(added) + " on the primary roll.")
                .step("start", "Primary roll: " + primary.sentence() + ".")
                .complete()
                .build();
    }

    /**
     * The primary roll's odds mixed over every result of the background roll: whole weights over
     * 10^(background dice) · 10^(largest primary pool), one division per outcome at the end.
     */
    @Override
    public Odds odds(Inputs inputs) {
        int backgroundDice = inputs.integer("background-dice");
        int backgroundTn = inputs.integer("background-tn");
        int base = inputs.integer("dice") + inputs.integer("bonus-dice");
        int tn = inputs.integer("tn");
        BigInteger[] results = PoolOdds.signedResultWeights(backgroundDice, backgroundTn);
        int worst = 9 - backgroundTn;
        int largest = Throw.pool(base, backgroundDice);
        BigInteger[] sums = new BigInteger[Degree.values().length];
        Arrays.fill(sums, BigInteger.ZERO);
        BigInteger penalty = BigInteger.ZERO;
        for (int i = 0; i < results.length; i++) {
            if (results[i].signum() == 0) {
                continue;
            }
            int pool = Throw.pool(base, i - worst);
            BigInteger scale = results[i].multiply(PoolOdds.total(largest - pool));
            BigInteger[] primary = PoolOdds.degreeWeights(pool, tn);
            for (int o = 0; o < sums.length; o++) {
                sums[o] = sums[o].add(primary[o].multiply(scale));
            }
            if (i < worst) {
                penalty = penalty.add(results[i]);
            }
        }
        BigInteger total = PoolOdds.total(backgroundDice).multiply(PoolOdds.total(largest));
        Odds.Builder odds = Degree.odds(sums, total);
        Fraction penaltyChance = Fraction.of(penalty, PoolOdds.total(backgroundDice));
        return odds
                .flag("background-bonus", "The background roll adds dice", penaltyChance.complement())
                .flag("background-penalty", "The background roll takes dice away", penaltyChance)
                .note("Outcomes of the primary roll, after the background roll's dice are added or taken away.")
                .build();
    }
}
