package io.dicehall.web.systems.boundary;

import io.dicehall.api.odds.Fraction;
import io.dicehall.api.play.BestPlay;
import io.dicehall.api.play.Goal;
import io.dicehall.api.play.MoveChance;
import io.dicehall.api.state.MoveOption;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import java.util.List;
import java.util.Map;

/**
 * Best play as the API shows it: the exact chance of reaching the goal when every later choice is made to
 * reach it, the best move now and what every other move gives up. Each probability both as a number and
 * as an exact fraction.
 *
 * @param goal the goal it was worked out for
 * @param probability the best-play probability: before the roll over the first throw, in a state its best move's
 * @param fraction the same, exactly
 * @param thisMove for decision odds, the move asked about, then playing best; null otherwise
 * @param bestMove the best move now; null before the roll and once the roll is over
 * @param ties the other moves exactly as good as the best one
 * @param moves every open move with its best inputs, best first
 */
public record BestPlayView(GoalView goal, double probability, String fraction, MoveValue thisMove, MoveValue bestMove,
        List<MoveValue> ties, List<MoveValue> moves) {

    /**
     * An outcome to reach at least.
     *
     * @param id the outcome aimed at
     * @param label its label
     * @param reaching every outcome that reaches it, worst first
     */
    public record GoalView(String id, String label, List<String> reaching) {
    }

    /**
     * A move with its inputs and its value under best play afterwards.
     *
     * @param move the move's id
     * @param label its label
     * @param inputs its inputs
     * @param probability the chance of reaching the goal by making it and then playing best
     * @param fraction the same, exactly
     * @param givesUp how much less it gives than the best move (0 for the best)
     * @param givesUpFraction the same, exactly
     */
    public record MoveValue(String move, String label, Map<String, Object> inputs, double probability, String fraction,
            double givesUp, String givesUpFraction) {
    }

    /** The answer of the best-play endpoints: best play, or null when the procedure has none. */
    public record Answer(BestPlayView bestPlay) {
    }

    /** @return best play as shown, with the labels of the procedure's outcomes and of the state's moves */
    public static BestPlayView of(BestPlay play, List<Outcome> outcomes, RollState state, MoveChance asked) {
        Fraction best = play.probability();
        List<MoveValue> moves = play.byMove().stream().map(m -> value(m, state, best)).toList();
        MoveValue bestMove = play.bestMove().map(m -> value(m, state, best)).orElse(null);
        List<MoveValue> ties = play.best().stream().skip(1).map(m -> value(m, state, best)).toList();
        return new BestPlayView(goal(play.goal(), outcomes), best.toDouble(), best.toString(),
                asked == null ? null : value(asked, state, best), bestMove, ties, moves);
    }

    static GoalView goal(Goal goal, List<Outcome> outcomes) {
        return new GoalView(goal.atLeast(), outcomes.stream().filter(o -> o.id().equals(goal.atLeast()))
                .map(Outcome::label).findFirst().orElse(goal.atLeast()), goal.reaching());
    }

    private static MoveValue value(MoveChance chance, RollState state, Fraction best) {
        String label = state == null ? chance.move().id() : state.moves().stream()
                .filter(o -> o.id().equals(chance.move().id())).map(MoveOption::label).findFirst().orElse(chance.move().id());
        Fraction gives = best.minus(chance.probability());
        if (gives.compareTo(Fraction.ZERO) < 0) {
            gives = Fraction.ZERO;
        }
        return new MoveValue(chance.move().id(), label, chance.move().inputs().toMap(), chance.probability().toDouble(),
                chance.probability().toString(), gives.toDouble(), gives.toString());
    }
}
