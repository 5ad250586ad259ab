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
 */
public record OddsView(List<ChanceView> outcomes, List<ChanceView> flags, List<PlanView> plans,
        List<Figure> figures, String note) {

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
        return new OddsView(chances(odds.outcomes()), chances(odds.flags()),
                odds.plans().stream().map(p -> new PlanView(p.id(), p.label(), chances(p.outcomes()))).toList(),
                odds.figures(), odds.note());
    }

    private static List<ChanceView> chances(List<Chance> chances) {
        return chances.stream().map(ChanceView::of).toList();
    }
}
