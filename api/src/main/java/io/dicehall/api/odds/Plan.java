package io.dicehall.api.odds;

import io.dicehall.api.Text;
import java.util.List;

/**
 * The odds of the outcomes if the player follows a stated plan after the throw, such as "spend every
 * KISS on failed dice" or "always make the Daring Roll".
 *
 * @param id lower-kebab-case, e.g. {@code kiss-all}
 * @param label the plan in players' words
 * @param outcomes the odds of each outcome under the plan, summing to exactly 1
 */
public record Plan(String id, String label, List<Chance> outcomes) {

    /** Checks the parts and that the odds sum to 1. */
    public Plan {
        Text.kebab(id, "plan id");
        Text.required(label, "plan label");
        outcomes = List.copyOf(outcomes);
        Odds.requireSumOne(outcomes, "plan " + id);
    }
}
