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
import org.eclipse.microprofile.openapi.annotations.media.Schema;

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
@Schema(name = "BestPlay", description = "The exact chance of reaching the goal when every later choice is made to "
        + "reach it, the best move now and what every other move gives up",
        requiredProperties = {"goal", "probability", "fraction", "ties", "moves"})
public record BestPlayView(GoalView goal, @Schema(minimum = "0", maximum = "1") double probability,
        @Schema(description = "The same, exactly", example = "233/729") String fraction,
        @Schema(description = "For decision odds, the move asked about, then playing best") MoveValue thisMove,
        @Schema(description = "The best move now; absent before the roll and once it is over") MoveValue bestMove,
        @Schema(description = "The other moves exactly as good as the best one") List<MoveValue> ties,
        @Schema(description = "Every open move with its best inputs, best first") List<MoveValue> moves) {

    /**
     * An outcome to reach at least.
     *
     * @param id the outcome aimed at
     * @param label its label
     * @param reaching every outcome that reaches it, worst first
     */
    @Schema(name = "Goal", description = "An outcome to reach at least", requiredProperties = {"id", "label",
            "reaching"})
    public record GoalView(String id, String label,
            @Schema(description = "Every outcome that reaches it, worst first") List<String> reaching) {
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
    @Schema(name = "MoveValue", description = "A move with its inputs and its value under best play afterwards",
            requiredProperties = {"move", "label", "inputs", "probability", "fraction", "givesUp", "givesUpFraction"})
    public record MoveValue(String move, String label,
            @Schema(ref = "Inputs") Map<String, Object> inputs,
            @Schema(minimum = "0", maximum = "1") double probability, String fraction,
            @Schema(description = "How much less it gives than the best move (0 for the best)", minimum = "0",
                    maximum = "1") double givesUp, String givesUpFraction) {
    }

    /** The answer of the best-play endpoints: best play, or null when the procedure has none. */
    @Schema(name = "BestPlayAnswer", description = "Best play, absent when the procedure has none")
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
