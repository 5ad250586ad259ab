package ${package};

import io.dicehall.api.BasicProcedure;
import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.form.ChoiceField;
import io.dicehall.api.form.FlagField;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.IntegerField;
import io.dicehall.api.form.Option;
import io.dicehall.api.odds.Dist;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.odds.Pool;
import io.dicehall.api.state.Die;
import io.dicehall.api.state.MoveOption;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Tone;
import io.dicehall.api.state.Verdict;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * A check: roll 2d6 and add a modifier; 6 or less is a miss, 7 to 9 a partial hit, 10 or more a full hit. With
 * advantage, roll 3d6 and keep the best two. After the throw, each point of luck re-rolls one die of the
 * player's choice, until they stop, run out of luck, or make a full hit.
 */
final class CheckProcedure extends BasicProcedure {

    static final List<Outcome> OUTCOMES = List.of(
            Outcome.of("miss", "Miss", Tone.BAD, "6 or less: it does not work, and things get worse."),
            Outcome.of("partial", "Partial hit", Tone.MIXED, "7 to 9: it works, at a cost or only in part."),
            Outcome.of("hit", "Full hit", Tone.GOOD, "10 or more: it works."));

    private static final Form FORM = Form.of(
            IntegerField.of("modifier", "Modifier", -3, 3, 0).help("Added to the two dice that count."),
            FlagField.of("advantage", "Advantage").help("Roll 3d6 and keep the best two."),
            IntegerField.of("luck", "Luck", 0, 3, 1).help("Points you may spend after the throw, one per re-roll."))
            .withCharacter("luck");

    CheckProcedure() {
        super("check", "Check", "Roll 2d6 plus a modifier: 10 or more is a full hit, 7 to 9 a partial hit.", FORM,
                OUTCOMES);
    }

    @Override
    public RollState start(Inputs inputs, Dice dice) {
        int count = inputs.flag("advantage") ? 3 : 2;
        var thrown = new ArrayList<Die>();
        for (int i = 1; i <= count; i++) {
            thrown.add(Die.of("d" + i, 6, dice.roll(6), Verdict.NEUTRAL));
        }
        RollState.Builder state = RollState.builder().step("start", "Rolled " + count + "d6");
        return read(inputs, thrown, inputs.integer("luck"), state);
    }

    @Override
    public RollState apply(Inputs inputs, RollState state, Move move, Dice dice) {
        if (move.id().equals("accept")) {
            return state.toBuilder().step("accept", "Stopped here").complete().build();
        }
        String picked = move.inputs().choice("die");
        var thrown = new ArrayList<Die>();
        for (Die die : state.group("dice").orElseThrow().dice()) {
            int face = die.id().equals(picked) ? dice.roll(6) : die.face();
            thrown.add(die.id().equals(picked) ? die.rerolled(face, String.valueOf(face), Verdict.NEUTRAL) : die);
        }
        RollState.Builder next = state.toBuilder().step("reroll", "Spent a point of luck to re-roll " + picked);
        return read(inputs, thrown, state.memoInt("luck", 0) - 1, next);
    }

    /** Reads the dice: the best two count, a third is dropped; then the outcome and the moves still open. */
    private static RollState read(Inputs inputs, List<Die> thrown, int luck, RollState.Builder state) {
        List<Die> best = thrown.stream().sorted(Comparator.comparingInt(Die::face).reversed()).limit(2).toList();
        var dice = new ArrayList<Die>();
        for (Die die : thrown) {
            dice.add(die.withVerdict(best.contains(die) ? Verdict.NEUTRAL : Verdict.UNCOUNTED));
        }
        int total = best.stream().mapToInt(Die::face).sum() + inputs.integer("modifier");
        Outcome outcome = outcomeOf(total);
        state.groups(List.of()).group("dice", "Dice", dice)
                .tally("total", "Total", total)
                .outcome(outcome)
                .memo("luck", luck)
                .moves(List.of());
        if (luck == 0 || outcome.id().equals("hit")) {
            return state.complete().build();
        }
        List<Option> choices = dice.stream()
                .map(d -> Option.of(d.id(), d.id() + " showing " + d.face()))
                .toList();
        String lowest = dice.stream().min(Comparator.comparingInt(Die::face)).orElseThrow().id();
        Form pick = Form.of(ChoiceField.of("die", "Die", choices).defaultTo(lowest).help("The die to roll again."));
        state.move(MoveOption.of("reroll", "Re-roll a die", pick).help("Spend a point of luck (" + luck + " left).")
                .withOdds());
        state.move(MoveOption.of("accept", "Stop here", Form.EMPTY).help("Keep the result as it is."));
        return state.complete(false).build();
    }

    private static Outcome outcomeOf(int total) {
        return total >= 10 ? OUTCOMES.get(2) : total >= 7 ? OUTCOMES.get(1) : OUTCOMES.get(0);
    }

    @Override
    public Odds odds(Inputs inputs) {
        int count = inputs.flag("advantage") ? 3 : 2;
        int modifier = inputs.integer("modifier");
        Dist total = Pool.dice(count, 6).keepHighest(2).map(sum -> sum + modifier);
        return oddsOf(total, "If you keep the throw as it lands, spending no luck.");
    }

    @Override
    public Optional<Odds> odds(Inputs inputs, RollState state, Move move) {
        if (!move.id().equals("reroll")) {
            return Optional.empty();
        }
        // The dice not picked stay as they are; the picked one is a fresh d6; the best two count.
        String picked = move.inputs().choice("die");
        Pool after = Pool.dice(1, 6);
        for (Die die : state.group("dice").orElseThrow().dice()) {
            if (!die.id().equals(picked)) {
                after = after.and(1, Dist.constant(die.face()));
            }
        }
        int modifier = inputs.integer("modifier");
        Dist total = after.keepHighest(2).map(sum -> sum + modifier);
        return Optional.of(oddsOf(total, "If you re-roll " + picked + " and then stop."));
    }

    /** The odds of a distribution of totals, each total read as its outcome. */
    private static Odds oddsOf(Dist total, String note) {
        return Odds.over(OUTCOMES).add(total, t -> outcomeOf(t).id()).note(note).build();
    }
}
