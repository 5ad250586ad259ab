package io.dicehall.web.systems.boundary;

import io.dicehall.api.odds.Chance;
import io.dicehall.api.odds.Figure;
import io.dicehall.api.odds.Odds;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;

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
@Schema(name = "Odds", description = "Exact odds: each probability as a number and as an exact fraction",
        requiredProperties = {"outcomes", "flags", "plans", "figures"})
public record OddsView(@Schema(description = "The odds of each outcome if no move is made after the throw")
        List<ChanceView> outcomes,
        @Schema(description = "The odds of flags beside the outcome, such as criticals") List<ChanceView> flags,
        @Schema(description = "The odds under stated plans of play") List<PlanView> plans,
        @Schema(description = "Further numbers, such as the expected number of rolls") List<FigureView> figures,
        @Schema(description = "What the odds assume") String note,
        @Schema(description = "Best play toward the goal; absent where the outcomes have no order, the procedure gives "
                + "no game, or the search would be too large") BestPlayView bestPlay) {

    /**
     * @param id the outcome's or flag's id
     * @param label its label
     * @param probability the probability as a number
     * @param fraction the exact probability, e.g. {@code "8/27"}
     */
    @Schema(name = "Chance", requiredProperties = {"id", "label", "probability", "fraction"})
    public record ChanceView(@Schema(description = "The outcome's or flag's id") String id, String label,
            @Schema(minimum = "0", maximum = "1") double probability,
            @Schema(description = "The exact probability", example = "8/27",
                    pattern = "^[0-9]+(/[0-9]+)?$") String fraction) {
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
    @Schema(name = "Plan", description = "The odds of each outcome under a stated plan of play",
            requiredProperties = {"id", "label", "outcomes"})
    public record PlanView(String id, @Schema(description = "The plan in players' words") String label,
            List<ChanceView> outcomes) {
    }

    /**
     * A number that goes with the odds.
     *
     * @param id its id
     * @param label what it is, in players' words
     * @param value the number
     * @param text how to show it, e.g. {@code "4.2 rolls"}
     */
    @Schema(name = "Figure", description = "A number that goes with the odds, such as the expected number of rolls",
            requiredProperties = {"id", "label", "value", "text"})
    public record FigureView(@Schema(pattern = ApiSchemas.KEBAB) String id, String label, double value, String text) {
        static FigureView of(Figure figure) {
            return new FigureView(figure.id(), figure.label(), figure.value(), figure.text());
        }
    }

    /** @return the view of some odds */
    public static OddsView of(Odds odds) {
        return of(odds, null);
    }

    /** @return the view of some odds, with best play (may be null) */
    public static OddsView of(Odds odds, BestPlayView bestPlay) {
        return new OddsView(chances(odds.outcomes()), chances(odds.flags()),
                odds.plans().stream().map(p -> new PlanView(p.id(), p.label(), chances(p.outcomes()))).toList(),
                odds.figures().stream().map(FigureView::of).toList(), odds.note(), bestPlay);
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
