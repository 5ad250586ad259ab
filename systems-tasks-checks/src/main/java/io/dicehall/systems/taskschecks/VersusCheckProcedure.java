package io.dicehall.systems.taskschecks;

import io.dicehall.api.form.Form;
import io.dicehall.api.form.GroupField;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.TextField;
import io.dicehall.api.form.Violation;
import io.dicehall.api.odds.Chance;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.play.OutcomeOrder;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Tally;
import io.dicehall.api.state.Tone;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A Versus Check (the Versus Checks page): each contestant makes the same Check; the most
 * successes wins; a shared top is a tie (finish together, or carry on with another ability).
 */
final class VersusCheckProcedure extends RollProcedure {

    static final List<Outcome> OUTCOMES = List.of(
            new Outcome("tie", "Tie", Tone.MIXED,
                    "Two or more share the most successes: they reach the goal together, or the contest goes on"
                            + " with another ability."),
            new Outcome("winner", "Winner", Tone.GOOD, "One contestant has the most successes and wins."));

    static final GroupField CONTESTANTS = new GroupField("contestants", "Contestants",
            "Everyone competing, each making the same Check with their own rank, stress and KISSes.", 2, 8,
            Form.of(TextField.of("name", "Name", 40), CheckProcedure.RANK, CheckProcedure.STRESS,
                    CheckProcedure.KISSES, CheckProcedure.FIDELITY), 2);

    private static final Form FORM = Form.of(CONTESTANTS);

    VersusCheckProcedure() {
        super("versus-check", "Versus Check", "Two or more characters race or compete at the same thing; the most"
                + " successes wins.", FORM, OUTCOMES);
    }

    /**
     * No order, so no goals and no best play. The outcomes say that a contestant won, not which one, so no
     * contestant's goal can be told from them; and an order seen by nobody (a winner above a tie) would have
     * best play advise a contestant who is behind against their own KISSes. Each contestant's chance to win is
     * in the odds' flags.
     */
    @Override
    public OutcomeOrder outcomeOrder() {
        return OutcomeOrder.UNORDERED;
    }

    @Override
    List<Roller> rollers(Inputs inputs) {
        return GroupCheckProcedure.checkRollers(inputs.rows("contestants"), "Contestant");
    }

    @Override
    boolean named() {
        return true;
    }

    @Override
    void judge(Inputs inputs, List<Roller> rollers, int[] successes, boolean[] ego, RollState.Builder state) {
        int best = 0;
        for (int s : successes) {
            best = Math.max(best, s);
        }
        var top = new ArrayList<Roller>();
        for (int i = 0; i < rollers.size(); i++) {
            Roller roller = rollers.get(i);
            state.tally(Tally.of(roller.key() + "-successes", roller.name() + "'s successes", successes[i]));
            if (successes[i] == best) {
                top.add(roller);
            }
            if (ego[i]) {
                state.flag(roller.key() + "-ego-spent", roller.name() + " spent Ego on this roll.");
            }
        }
        String names = String.join(" and ", top.stream().map(Roller::name).toList());
        if (top.size() == 1) {
            Roller winner = top.get(0);
            state.outcome(OUTCOMES.get(1).describedAs(winner.name() + " wins with "
                    + CheckProcedure.plural(best, "success", "successes") + "."));
            state.tally(Tally.text("winner", "Winner", winner.name()));
            state.flag(winner.key() + "-wins", winner.name() + " wins the contest.");
        } else {
            state.outcome(OUTCOMES.get(0).describedAs(names + " tie at " + CheckProcedure.plural(best, "success",
                    "successes") + ". " + OUTCOMES.get(0).description()));
            state.tally(Tally.text("winner", "Winner", "tie: " + names));
        }
    }

    @Override
    List<Violation> checkPayment(List<Roller> rollers, int[] picked, int[] succeeded, int[] failed) {
        return CheckProcedure.ownKissesOnly(rollers, picked,
                "the KISSing rules: in a contest each KISSes only their own dice");
    }

    @Override
    Chances chances(Inputs inputs, List<Roller> rollers, List<Successes> counts) {
        Contest contest = Contest.of(counts, new int[rollers.size()], null);
        return contestChances(rollers, contest, "winner", "tie", null);
    }

    /** Outcome chances of a contest, and each roller's chance of winning as a flag. */
    static Chances contestChances(List<Roller> rollers, Contest contest, String winner, String tie, String nobody) {
        var flags = new ArrayList<Chance>();
        for (int i = 0; i < rollers.size(); i++) {
            flags.add(new Chance(rollers.get(i).key() + "-wins", rollers.get(i).name() + " wins",
                    contest.wins().get(i)));
        }
        Map<String, Fraction> outcomes = new LinkedHashMap<>();
        if (nobody != null) {
            outcomes.put(nobody, contest.nobody());
        }
        outcomes.put(tie, contest.tie());
        outcomes.put(winner, contest.winner());
        return new Chances(outcomes, flags);
    }

    @Override
    String oddsNote() {
        return "Outcomes: the throws as they land, with no KISS and no Ego. Plans: every contestant spends every"
                + " KISS on their own failed dice; then, in the second plan, everyone spends Ego. Flags: each"
                + " contestant's chance to win.";
    }
}
