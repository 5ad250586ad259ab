package io.dicehall.api.play;

import io.dicehall.api.Text;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;

/**
 * What a player wants from a roll: an outcome at least as good as a named one. Made by {@link
 * OutcomeOrder#goal(String)}, which knows which outcomes are as good or better.
 *
 * @param atLeast the outcome named, e.g. {@code partial-pass}
 * @param reaching every outcome id that reaches the goal: {@code atLeast}, the outcomes of its tier and of every
 *     better tier, worst first; distinct, never empty
 * @since 0.2
 */
public record Goal(String atLeast, List<String> reaching) {

    /** Copies the outcomes and checks them. */
    public Goal {
        Text.kebab(atLeast, "goal");
        reaching = List.copyOf(reaching);
        if (!reaching.contains(atLeast)) {
            throw new IllegalArgumentException("the goal's own outcome " + atLeast + " must reach it");
        }
        reaching.forEach(id -> Text.kebab(id, "outcome id"));
        if (new HashSet<>(reaching).size() != reaching.size()) {
            throw new IllegalArgumentException("an outcome is listed twice: " + reaching);
        }
    }

    /**
     * @param outcome an outcome id
     * @return whether a roll that ends with it reaches this goal
     */
    public boolean reachedBy(String outcome) {
        Objects.requireNonNull(outcome, "outcome");
        return reaching.contains(outcome);
    }
}
