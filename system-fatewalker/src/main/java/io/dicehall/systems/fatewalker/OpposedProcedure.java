package io.dicehall.systems.fatewalker;

import io.dicehall.api.Dice;
import io.dicehall.api.SingleThrowProcedure;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.TextField;
import io.dicehall.api.odds.Dist;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Tally;
import io.dicehall.api.state.Tone;
import java.util.List;

/**
 * An opposed roll (the Core Mechanic page, "Opposed Rolls"): both sides roll, the side with more
 * successes wins, and a tie goes to the initiator (docs/rulings.md).
 *
 * <p>Best play is the chance of the outcome aimed at, neither side having a move after the throw. The order is
 * the initiator's, as declared and as the outcomes' tones are: the opponent winning is worse than the initiator
 * winning, and the default goal is the initiator's win. The player who fills in the form is the initiator; the
 * opponent's chance is the other outcome's.
 */
final class OpposedProcedure extends SingleThrowProcedure {

    static final Outcome OPPONENT_WINS = new Outcome("opponent-wins", "Opponent wins", Tone.BAD,
            "The opponent rolled more successes than the initiator.");
    static final Outcome INITIATOR_WINS = new Outcome("initiator-wins", "Initiator wins", Tone.GOOD,
            "The initiator rolled at least as many successes as the opponent; a tie goes to the initiator.");
    private static final List<Outcome> OUTCOMES = List.of(OPPONENT_WINS, INITIATOR_WINS);

    private static final Form FORM = Form.of(
            TextField.of("initiator-name", "Initiator", 40).help("Who starts the contest (optional)."),
            Fields.dice("initiator-dice", "Initiator's attribute dice", 3),
            Fields.tn("initiator-tn", "Initiator's target number"),
            Fields.bonus("initiator-bonus-dice", "Initiator's bonus / penalty dice"),
            TextField.of("opponent-name", "Opponent", 40).help("Who resists (optional)."),
            Fields.dice("opponent-dice", "Opponent's attribute dice", 3),
            Fields.tn("opponent-tn", "Opponent's target number"),
            Fields.bonus("opponent-bonus-dice", "Opponent's bonus / penalty dice"));

    OpposedProcedure() {
        super("opposed", "Opposed roll", "Two characters act against each other: both roll, more successes wins,"
                + " and a tie goes to the one who started it.", FORM, OUTCOMES);
    }

    @Override
    public RollState start(Inputs inputs, Dice dice) {
        String initiator = name(inputs.text("initiator-name"), "Initiator");
        String opponent = name(inputs.text("opponent-name"), "Opponent");
        Throw first = Throw.roll("i", pool(inputs, "initiator"), inputs.integer("initiator-tn"), dice);
        Throw second = Throw.roll("o", pool(inputs, "opponent"), inputs.integer("opponent-tn"), dice);
        int margin = first.successes() - second.successes();
        boolean initiatorWins = margin >= 0;
        String winner = initiatorWins ? initiator : opponent;
        String text = margin == 0
                ? winner + " wins the tie at " + successes(first.successes()) + ": ties go to the initiator."
                : winner + " wins by " + successes(Math.abs(margin)) + ".";

        RollState.Builder state = RollState.builder()
                .group("initiator", initiator + " (initiator), TN " + first.tn(), first.dice())
                .group("opponent", opponent + " (opponent), TN " + second.tn(), second.dice())
                .tally("initiator-pool", initiator + "'s pool", first.dice().size())
                .tally("initiator-successes", initiator + "'s successes", first.successes())
                .tally("opponent-pool", opponent + "'s pool", second.dice().size())
                .tally("opponent-successes", opponent + "'s successes", second.successes())
                .tally(new Tally("margin", "Margin", Math.abs(margin),
                        margin == 0 ? "0 (a tie)" : successes(Math.abs(margin))))
                .tally(Tally.text("winner", "Winner", winner))
                .outcome((initiatorWins ? INITIATOR_WINS : OPPONENT_WINS).describedAs(text))
                .step("start", initiator + ": " + first.sentence() + ". " + opponent + ": " + second.sentence()
                        + ". " + text);
        if (margin == 0) {
            state.flag("tie", "Both sides rolled " + successes(first.successes()) + "; the tie goes to the initiator.");
        }
        return state.complete().build();
    }

    private static int pool(Inputs inputs, String side) {
        return Throw.pool(inputs.integer(side + "-dice"), inputs.integer(side + "-bonus-dice"));
    }

    private static String name(String given, String fallback) {
        return given.isEmpty() ? fallback : given;
    }

    private static String successes(int count) {
        return count + (count == 1 ? " success" : " successes");
    }

    @Override
    public Odds odds(Inputs inputs) {
        Dist initiator = PoolOdds.successes(pool(inputs, "initiator"), inputs.integer("initiator-tn"));
        Dist opponent = PoolOdds.successes(pool(inputs, "opponent"), inputs.integer("opponent-tn"));
        Dist margin = initiator.plus(opponent.map(s -> -s));
        return Odds.over(OUTCOMES)
                .add(OPPONENT_WINS.id(), margin.p(m -> m < 0))
                .add(INITIATOR_WINS.id(), margin.p(m -> m >= 0))
                .flag("tie", "A tie (it goes to the initiator)", margin.p(0))
                .note("Ties go to the initiator.")
                .build();
    }
}
