package io.dicehall.systems.actionrolls;

import io.dicehall.api.Move;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.odds.Dist;
import io.dicehall.api.play.Game;
import io.dicehall.api.play.Lottery;
import io.dicehall.api.state.RollState;
import java.util.List;
import java.util.Map;

/**
 * An Action Roll as a game for best play. After the first throw only the success and trouble dice on the table
 * matter (which faces gave them does not), and the one choice is whether to make the Daring Roll, which ends the
 * roll, or to stop. So a position is the count on the table while the roll is open, and the outcome alone once
 * it is over. The lotteries are the odds' own distributions of coded counts ({@link ActionOdds#firstThrow()},
 * {@link ActionOdds#daringDice()}), mapped to positions: no face is listed.
 *
 * <p>The Emotion a Daring Roll raises does not change the dice, so the Daring Roll is listed once, with the
 * form's default Emotion; any other Emotion is worth the same.
 */
final class ActionRollGame implements Game<ActionRollGame.Position> {

    private static final Move DARING = new Move(ActionRollProcedure.DARING,
            InputChecker.check(ActionRollProcedure.DARING_FORM, Map.of()).orThrow());
    private static final Move ACCEPT = Move.of(ActionRollProcedure.ACCEPT);
    private static final List<Move> OPEN_MOVES = List.of(DARING, ACCEPT);

    /**
     * @param outcome the outcome id as it stands
     * @param successes the success dice on the table while the roll is open; 0 once it is over
     * @param trouble the trouble dice on the table while the roll is open; 0 once it is over
     * @param open whether the Daring Roll or stopping is still to choose
     */
    record Position(String outcome, int successes, int trouble, boolean open) {
    }

    private final Challenge challenge;
    private final Risk risk;
    private final Dist first;
    private final Dist daring;

    ActionRollGame(Inputs inputs) {
        challenge = Challenge.of(inputs.choice("challenge"));
        risk = Risk.of(inputs.choice("risk"));
        ActionOdds odds = new ActionOdds(inputs);
        first = odds.firstThrow();
        daring = odds.daringDice();
    }

    private Position open(Count count) {
        return new Position(count.outcome(challenge, risk).id(), count.successes(), count.trouble(), true);
    }

    private Position over(Count count) {
        return over(count.outcome(challenge, risk).id());
    }

    private static Position over(String outcome) {
        return new Position(outcome, 0, 0, false);
    }

    @Override
    public Lottery<Position> start() {
        return Lottery.of(first, code -> open(Count.decode(code)));
    }

    @Override
    public Position position(RollState state) {
        Count count = Count.of(state.dice());
        return state.complete() ? over(count) : open(count);
    }

    @Override
    public List<Move> moves(Position position) {
        return position.open() ? OPEN_MOVES : List.of();
    }

    /** The Daring Roll adds one die per ability to the count, whatever Emotion it raises; stopping keeps it. */
    @Override
    public Lottery<Position> next(Position position, Move move) {
        if (move.id().equals(ActionRollProcedure.ACCEPT)) {
            return Lottery.certain(over(position.outcome()));
        }
        int now = new Count(position.successes(), position.trouble()).code();
        return Lottery.of(daring, code -> over(Count.decode(now + code)));
    }

    @Override
    public String outcome(Position position) {
        return position.outcome();
    }
}
