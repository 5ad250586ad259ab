package io.dicehall.web.systems.boundary;

import io.dicehall.api.odds.Chance;
import io.dicehall.api.odds.Figure;
import io.dicehall.api.odds.Odds;
import java.util.List;

/**
 * Odds as the API shows them: each probability both as a number and as an exact fraction.
 *
 * @param outcomes the odds of each outcome if no move is made after the throw
 * @param flags the odds of flags beside the outcome, such as criticals
 * @param plans the odds under stated plans of play
 * @param figures further numbers, such as the expected number of rolls
 * @param note what the odds assume
 * @param bestPlay the chance of reaching the goal when every later choice is made well, with the best move; null
 *     where the procedure's outcomes have no order, it gives no game, or the search would be too large
 */
public record OddsView(List<ChanceView> outcomes, List<ChanceView> flags, List<PlanView> plans,
        List<Figure> figures, String note, BestPlayView bestPlay) {

    /**
     * @param id the outcome's or flag's id
     * @param label its label
     * @param probability the probability as a number
     * @param fraction the exact probability, e.g. {@code "8/27"}
     */
    public record ChanceView(String id, String label, double probability, String fraction) {
        static ChanceView of(Chance chance) {
            return new ChanceView(chance.id(), chance.label(), chance.probability().toDouble(),
                    chance.probability().toString());
        }
    }

    /**
     * @param id the plan's id
     * @param label the plan in players' words
     * @param outcomes the odds of each outcome under the plan
     */
    public record PlanView(String id, String label, List<ChanceView> outcomes) {
    }

    /** @return the view of some odds */
    public static OddsView of(Odds odds) {
        return of(odds, null);
    }

    /** @return the view of some odds, with best play (may be null) */
    public static OddsView of(Odds odds, BestPlayView bestPlay) {
        return new OddsView(chances(odds.outcomes()), chances(odds.flags()),
                odds.plans().stream().map(p -> new PlanView(p.id(), p.label(), chances(p.outcomes()))).toList(),
                odds.figures(), odds.note(), bestPlay);
    }

    /** @return the decision odds of a judged move, with best play (null when the procedure has none) */
    public static OddsView of(io.dicehall.web.systems.control.Judged judged) {
        return of(judged.odds(), best(judged));
    }

    /** @return best play of a judged state as shown, or null */
    public static BestPlayView best(io.dicehall.web.systems.control.Judged judged) {
        return judged.best() == null ? null
                : BestPlayView.of(judged.best(), judged.outcomes(), judged.state(), judged.asked());
    }

    private static List<ChanceView> chances(List<Chance> chances) {
        return chances.stream().map(ChanceView::of).toList();
    }
}
