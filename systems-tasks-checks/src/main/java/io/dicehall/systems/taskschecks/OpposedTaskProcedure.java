package io.dicehall.systems.taskschecks;

import io.dicehall.api.form.Field;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.GroupField;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.TextField;
import io.dicehall.api.form.Violation;
import io.dicehall.api.play.OutcomeOrder;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Tally;
import io.dicehall.api.state.Tone;
import java.util.ArrayList;
import java.util.List;

/**
 * A symmetrical Opposed Task (the Opposed Tasks page): every side rolls its own Task against its own
 * factors at once. The side with the most successes among those that overcame their factors wins;
 * equal successes go to the side with fewer difficulty factors (objectives do not count in the
 * tie-break, docs/rulings.md); still equal is a tie; if no side overcame its factors, nobody wins.
 * All KISSes of all sides are declared before the one re-throw.
 */
final class OpposedTaskProcedure extends RollProcedure {

    static final List<Outcome> OUTCOMES = List.of(
            new Outcome("nobody-wins", "Nobody Wins", Tone.BAD,
                    "No side overcame its own factors: nobody gets what they wanted; the table decides what that"
                            + " looks like."),
            new Outcome("tie", "Tie", Tone.MIXED,
                    "Sides that overcame their factors are level on successes and on difficulty factors: decide"
                            + " together whether both get their way at each other's cost, or nobody really does."),
            new Outcome("winner", "Winner", Tone.GOOD,
                    "One side overcame its factors with the most successes and wins the task."));

    private static final GroupField SIDES;

    static {
        var fields = new ArrayList<Field>();
        fields.add(TextField.of("name", "Name", 40));
        fields.addAll(TaskProcedure.FIELDS);
        fields.add(fields.indexOf(CheckProcedure.KISSES) + 1, CheckProcedure.FIDELITY);
        fields.add(TaskProcedure.MAGIC_FIELD);
        SIDES = new GroupField("sides", "Sides",
                "Each side is led by one roller with the Task's own inputs; allies on a side help.", 2, 4,
                new Form(fields), 2);
    }

    private static final Form FORM = Form.of(SIDES);

    OpposedTaskProcedure() {
        super("opposed-task", "Opposed Task", "Sides with equal and opposite agendas each roll a Task at once; the"
                + " best side that overcame its factors wins.", FORM, OUTCOMES);
    }

    @Override
    public List<Violation> check(Inputs inputs) {
        var violations = new ArrayList<Violation>();
        List<Inputs> sides = inputs.rows("sides");
        for (int i = 0; i < sides.size(); i++) {
            violations.addAll(TaskProcedure.check(sides.get(i), "sides[" + i + "]"));
        }
        return violations;
    }

    /**
     * No order, so no goals and no best play. The outcomes say that a side won, not which one, so no side's
     * goal can be told from them; and an order seen by nobody (a winner above a tie, a tie above nobody) would
     * have best play advise a side who is behind against their own KISSes. Each side's chance to win is in the
     * odds' flags.
     */
    @Override
    public OutcomeOrder outcomeOrder() {
        return OutcomeOrder.UNORDERED;
    }

    @Override
    List<Roller> rollers(Inputs inputs) {
        var rollers = new ArrayList<Roller>();
        List<Inputs> sides = inputs.rows("sides");
        for (int i = 0; i < sides.size(); i++) {
            Inputs side = sides.get(i);
            String name = side.text("name").isBlank() ? "Side " + (i + 1) : side.text("name");
            rollers.add(TaskProcedure.roller("s" + (i + 1), name, side));
        }
        return rollers;
    }

    @Override
    boolean named() {
        return true;
    }

    private static int[] factors(Inputs inputs) {
        return inputs.rows("sides").stream().mapToInt(TaskProcedure::factors).toArray();
    }

    /**
     * @return each side's difficulty factors, which break a tie of successes (the fewest wins); its
     *     objectives do not count here, though they count towards overcoming its factors
     */
    private static int[] difficultyFactors(Inputs inputs) {
        return inputs.rows("sides").stream().mapToInt(side -> side.integer(TaskProcedure.DIFFICULTY_FACTORS))
                .toArray();
    }

    @Override
    void judge(Inputs inputs, List<Roller> rollers, int[] successes, boolean[] ego, RollState.Builder state) {
        int[] factors = factors(inputs);
        int[] tieBreak = difficultyFactors(inputs);
        List<Inputs> sides = inputs.rows("sides");
        int best = -1;
        for (int i = 0; i < rollers.size(); i++) {
            Roller roller = rollers.get(i);
            for (Tally tally : TaskProcedure.tallies(roller.key() + "-", roller.name() + ": ", sides.get(i), roller,
                    successes[i])) {
                state.tally(tally);
            }
            TaskProcedure.flags(roller.key() + "-", sides.get(i), roller, successes[i],
                    ego[i], state);
            if (successes[i] >= factors[i]) {
                best = Math.max(best, successes[i]);
            }
        }
        if (best < 0) {
            state.outcome(OUTCOMES.get(0));
            state.tally(Tally.text("winner", "Winner", "nobody"));
            return;
        }
        int fewest = Integer.MAX_VALUE;
        for (int i = 0; i < rollers.size(); i++) {
            if (successes[i] == best && successes[i] >= factors[i]) {
                fewest = Math.min(fewest, tieBreak[i]);
            }
        }
        var top = new ArrayList<Roller>();
        for (int i = 0; i < rollers.size(); i++) {
            if (successes[i] == best && successes[i] >= factors[i] && tieBreak[i] == fewest) {
                top.add(rollers.get(i));
            }
        }
        String names = String.join(" and ", top.stream().map(Roller::name).toList());
        if (top.size() == 1) {
            Roller winner = top.get(0);
            int w = rollers.indexOf(winner);
            boolean level = false;
            for (int i = 0; i < rollers.size(); i++) {
                level |= i != w && successes[i] == best && successes[i] >= factors[i];
            }
            state.outcome(OUTCOMES.get(2).describedAs(winner.name() + " wins with "
                    + CheckProcedure.plural(best, "success", "successes") + " against "
                    + CheckProcedure.plural(factors[w], "factor", "factors")
                    + (level ? "; level on successes, it had the fewest difficulty factors ("
                            + fewest + ")." : ".")));
            state.tally(Tally.text("winner", "Winner", winner.name()));
            state.flag(winner.key() + "-wins", winner.name() + " wins the opposed task.");
        } else {
            state.outcome(OUTCOMES.get(1).describedAs(names + " tie at " + CheckProcedure.plural(best, "success",
                    "successes") + " with " + CheckProcedure.plural(fewest, "difficulty factor", "difficulty factors")
                    + " each. " + OUTCOMES.get(1).description()));
            state.tally(Tally.text("winner", "Winner", "tie: " + names));
        }
    }

    @Override
    List<Violation> checkPayment(List<Roller> rollers, int[] picked, int[] succeeded, int[] failed) {
        return CheckProcedure.ownKissesOnly(rollers, picked,
                "the KISSing rules: in a contest each side KISSes only its own dice");
    }

    @Override
    Chances chances(Inputs inputs, List<Roller> rollers, List<Successes> counts) {
        Contest contest = Contest.of(counts, factors(inputs), difficultyFactors(inputs));
        return VersusCheckProcedure.contestChances(rollers, contest, "winner", "tie", "nobody-wins");
    }

    @Override
    String oddsNote() {
        return "Outcomes: the throws as they land, with no KISS and no Ego. Plans: every side spends every KISS on"
                + " its own failed dice, best chance first; then, in the second plan, every side spends Ego."
                + " Flags: each side's chance to win. A Die of Fortune is counted exactly, however far it explodes.";
    }
}
