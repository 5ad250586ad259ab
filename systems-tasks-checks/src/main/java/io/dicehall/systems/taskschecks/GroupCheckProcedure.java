package io.dicehall.systems.taskschecks;

import io.dicehall.api.form.Form;
import io.dicehall.api.form.GroupField;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.TextField;
import io.dicehall.api.form.Violation;
import io.dicehall.api.odds.Chance;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.play.Game;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Tally;
import io.dicehall.api.state.Tone;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A Group Check (the Checks page, Group Checks): everyone makes the same Check; the goal is two
 * successes per participant. Below it the group fails with a twist; at the goal plus one per
 * participant it passes with flying colors. Those whose own dice all succeeded may lend their KISSes.
 */
final class GroupCheckProcedure extends RollProcedure {

    static final List<Outcome> OUTCOMES = List.of(
            new Outcome("group-fails-with-twist", "Group Fails with a Twist", Tone.BAD,
                    "Fewer successes than the goal: someone lags behind and is caught at the last moment, or the"
                            + " plan is misread and goes wrong."),
            new Outcome("group-passes", "Group Passes", Tone.GOOD,
                    "The goal is reached: the group gets through together."),
            new Outcome("group-flying-colors", "Group Passes with Flying Colors", Tone.GOOD,
                    "The goal is beaten by one success per participant: time to spare, a moment to show off, or a"
                            + " plan that works better than hoped."));

    static final GroupField PARTICIPANTS = new GroupField("participants", "Participants",
            "Everyone making the Check, each with their own rank, stress, KISSes and Fidelity.", 1, 8,
            Form.of(TextField.of("name", "Name", 40), CheckProcedure.RANK, CheckProcedure.STRESS,
                    CheckProcedure.KISSES, CheckProcedure.FIDELITY), 2);

    private static final Form FORM = Form.of(PARTICIPANTS, CheckProcedure.STRESSFUL);

    GroupCheckProcedure() {
        super("group-check", "Group Check", "Everyone makes the same Check to get through together; the group needs"
                + " two successes per person.", FORM, OUTCOMES);
    }

    /** Rollers of a Group or Versus Check: keys p1, p2 …, each a Check pool. */
    static List<Roller> checkRollers(List<Inputs> rows, String noun) {
        var rollers = new ArrayList<Roller>();
        for (int i = 0; i < rows.size(); i++) {
            Inputs row = rows.get(i);
            String name = row.text("name").isBlank() ? noun + " " + (i + 1) : row.text("name");
            rollers.add(Roller.check("p" + (i + 1), name, row.integer("rank"), row.integer("stress"),
                    row.integer("kisses")).withFidelity(CheckProcedure.fidelity(row)));
        }
        return rollers;
    }

    @Override
    List<Roller> rollers(Inputs inputs) {
        return checkRollers(inputs.rows("participants"), "Participant");
    }

    @Override
    boolean named() {
        return true;
    }

    /**
     * Best play for the group as a whole: the outcomes rank as declared (the group's successes decide), and the
     * moves are everyone's, lending included.
     */
    @Override
    public Optional<Game<?>> game(Inputs inputs) {
        List<Roller> rollers = rollers(inputs);
        int n = rollers.size();
        return Optional.of(new KissGame(rollers, true, 3 * n, s -> outcome(s, n).id()));
    }

    static Outcome outcome(int total, int participants) {
        if (total < 2 * participants) {
            return OUTCOMES.get(0);
        }
        return total >= 3 * participants ? OUTCOMES.get(2) : OUTCOMES.get(1);
    }

    @Override
    void judge(Inputs inputs, List<Roller> rollers, int[] successes, boolean[] ego, RollState.Builder state) {
        int n = rollers.size();
        int total = 0;
        for (int s : successes) {
            total += s;
        }
        Outcome outcome = outcome(total, n);
        state.outcome(outcome.describedAs(CheckProcedure.plural(total, "success", "successes") + " against a goal of "
                + 2 * n + " (flying colors at " + 3 * n + "). " + outcome.description()));
        state.tally("goal", "Goal", 2 * n);
        state.tally("successes", "Total successes", total);
        for (int i = 0; i < n; i++) {
            Roller roller = rollers.get(i);
            state.tally(Tally.of(roller.key() + "-successes", roller.name() + "'s successes", successes[i]));
        }
        for (int i = 0; i < n; i++) {
            Roller roller = rollers.get(i);
            if (inputs.flag("stressful") && successes[i] <= 1) {
                state.flag(roller.key() + "-stress", roller.name() + " failed their part of a stressful Group Check:"
                        + " mark one stress in the ability.");
            }
            if (ego[i]) {
                state.flag(roller.key() + "-ego-spent", roller.name() + " spent Ego on this roll.");
            }
        }
    }

    /**
     * Each participant pays for their own dice first; what is left must be lent by those whose own
     * dice all succeeded (the Checks page, Group Checks), and only for failed dice: lent KISSes pull up
     * someone who failed, so a success thrown again to fish for a 6 is paid by its owner.
     */
    @Override
    List<Violation> checkPayment(List<Roller> rollers, int[] picked, int[] succeeded, int[] failed) {
        var violations = new ArrayList<Violation>();
        int lendable = 0;
        var lenders = new ArrayList<String>();
        for (int i = 0; i < rollers.size(); i++) {
            Roller roller = rollers.get(i);
            if (succeeded[i] > roller.kisses()) {
                violations.add(new Violation("dice", roller.name() + " picked " + CheckProcedure.plural(succeeded[i],
                        "die that succeeded", "dice that succeeded") + " with " + CheckProcedure.plural(roller.kisses(),
                        "KISS", "KISSes") + ": a success thrown again is paid by its owner, since lent KISSes only"
                        + " pull up failed dice (the Checks rules, Group Checks)"));
            }
            int spare = roller.kisses() - picked[i];
            if (failed[i] == 0 && spare > 0) {
                lendable += spare;
                lenders.add(roller.name() + " " + spare);
            }
        }
        if (!violations.isEmpty()) {
            return violations;
        }
        int short_ = 0;
        var shortOf = new ArrayList<String>();
        for (int i = 0; i < rollers.size(); i++) {
            int excess = picked[i] - rollers.get(i).kisses();
            if (excess > 0) {
                short_ += excess;
                shortOf.add(rollers.get(i).name() + " picked " + picked[i] + " with "
                        + CheckProcedure.plural(rollers.get(i).kisses(), "KISS", "KISSes"));
            }
        }
        if (short_ <= lendable) {
            return List.of();
        }
        String lending = lenders.isEmpty() ? "nobody whose own dice all succeeded has KISSes to lend"
                : "those whose own dice all succeeded can lend only " + lendable + " (" + String.join(", ", lenders)
                        + ")";
        return List.of(new Violation("dice", String.join("; ", shortOf) + ": " + short_ + " more "
                + (short_ == 1 ? "KISS is" : "KISSes are") + " needed, but " + lending + " (the Checks rules, Group Checks:"
                + " only a participant whose dice all landed as successes may spend KISSes on someone else's dice)"));
    }

    @Override
    String payers(List<Roller> rollers, RollState state, Set<String> picked) {
        List<Table.Slot> slots = Table.slots(rollers, state);
        int[] remaining = new int[rollers.size()];
        boolean[] lender = new boolean[rollers.size()];
        for (int i = 0; i < rollers.size(); i++) {
            Roller roller = rollers.get(i);
            long own = slots.stream().filter(s -> s.owner() == roller && picked.contains(s.die().id())).count();
            remaining[i] = (int) Math.max(0, roller.kisses() - own);
            lender[i] = slots.stream().noneMatch(s -> s.owner() == roller && s.failed() && s.kissable());
        }
        var lent = new ArrayList<String>();
        for (int i = 0; i < rollers.size(); i++) {
            Roller roller = rollers.get(i);
            long mine = slots.stream().filter(s -> s.owner() == roller && picked.contains(s.die().id())).count();
            int excess = (int) Math.max(0, mine - roller.kisses());
            for (int j = 0; j < rollers.size() && excess > 0; j++) {
                if (lender[j] && remaining[j] > 0) {
                    int give = Math.min(excess, remaining[j]);
                    remaining[j] -= give;
                    excess -= give;
                    lent.add(rollers.get(j).name() + " lends " + give + " to " + roller.name());
                }
            }
        }
        return lent.isEmpty() ? "" : " (" + String.join(", ", lent) + ")";
    }

    @Override
    Chances chances(Inputs inputs, List<Roller> rollers, List<Successes> counts) {
        Successes total = Successes.constant(0);
        for (Successes count : counts) {
            total = total.plus(count);
        }
        int n = rollers.size();
        var flags = new ArrayList<Chance>();
        if (inputs.flag("stressful")) {
            for (int i = 0; i < n; i++) {
                flags.add(new Chance(rollers.get(i).key() + "-stress", rollers.get(i).name() + " takes stress",
                        Q.ONE.minus(Q.of(counts.get(i).atLeast(2))).toFraction()));
            }
        }
        return new Chances(classes(total.atLeast(2 * n), total.atLeast(3 * n)), flags);
    }

    private static Map<String, Fraction> classes(Fraction goal, Fraction flying) {
        Map<String, Fraction> outcomes = new LinkedHashMap<>();
        outcomes.put("group-fails-with-twist", Q.ONE.minus(Q.of(goal)).toFraction());
        outcomes.put("group-passes", Q.of(goal).minus(Q.of(flying)).toFraction());
        outcomes.put("group-flying-colors", flying);
        return outcomes;
    }

    /** Lent KISSes couple the participants, so the plan needs its own exact computation. */
    @Override
    Map<String, Fraction> planChances(Inputs inputs, List<Roller> rollers, Plans.Memo plans, boolean ego) {
        int n = rollers.size();
        Successes total = Plans.group(rollers, ego, 3 * n);
        return classes(total.atLeast(2 * n), total.atLeast(3 * n));
    }

    @Override
    String oddsNote() {
        return "Outcomes: the throw as it lands, with no KISS, no Ego and no Fidelity. Plans: everyone spends their"
                + " KISSes on their own failed dice, and those whose dice all succeeded lend theirs to the dice still"
                + " failed, best chance first, with no Fidelity spent; then, in the second plan, everyone spends Ego;"
                + " where someone has Fidelity, a third plan has everyone spend all of it first. That plan is not best"
                + " play: in a Group Check keeping some or all of it can be better, which best play after the throw"
                + " weighs.";
    }
}
