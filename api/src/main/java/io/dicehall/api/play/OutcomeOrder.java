package io.dicehall.api.play;

import io.dicehall.api.Text;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.Tone;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;

/**
 * How good a procedure's outcomes are, from worst to best: what a goal such as "at least a Partial Pass" means,
 * and so what best play aims at. Outcomes may share a rank (a tier): an Automatic Pass is as good as a Pass.
 * A procedure whose outcomes have no order ("the initiator wins" and "the opponent wins" seen by neither side)
 * says so with {@link #UNORDERED}, and then has no goals and no best play.
 *
 * <p>Immutable; the constructor checks every part.
 *
 * @param tiers the outcome ids from the worst tier to the best, each a non-empty list of outcome ids equally
 *     good; every id lower-kebab-case and at most once in all; empty exactly when the outcomes have no order.
 *     {@link io.dicehall.api.Procedure#outcomeOrder()} lists every declared outcome exactly once, including
 *     one that is never final (an extended roll's "in progress": rank it anywhere; front ends do not offer an
 *     outcome of {@link Tone#PENDING} tone as a goal)
 * @param defaultGoal the outcome a goal names when a player names none: one of the ids in {@code tiers}, or
 *     the empty string when unordered; never null
 * @since 0.2
 */
public record OutcomeOrder(List<List<String>> tiers, String defaultGoal) {

    /** No order: no goals, no best play. */
    public static final OutcomeOrder UNORDERED = new OutcomeOrder(List.of(), "");

    /** Copies the tiers and checks the ids and the default goal. */
    public OutcomeOrder {
        Objects.requireNonNull(tiers, "tiers");
        Objects.requireNonNull(defaultGoal, "defaultGoal");
        var copied = new ArrayList<List<String>>();
        var seen = new HashSet<String>();
        for (List<String> tier : tiers) {
            Objects.requireNonNull(tier, "tier");
            if (tier.isEmpty()) {
                throw new IllegalArgumentException("an outcome tier must name at least one outcome");
            }
            for (String id : tier) {
                Text.kebab(id, "outcome id");
                if (!seen.add(id)) {
                    throw new IllegalArgumentException("outcome " + id + " is ranked twice");
                }
            }
            copied.add(List.copyOf(tier));
        }
        tiers = List.copyOf(copied);
        if (tiers.isEmpty() ? !defaultGoal.isEmpty() : !seen.contains(defaultGoal)) {
            throw new IllegalArgumentException("the default goal " + (defaultGoal.isEmpty() ? "is missing"
                    : defaultGoal + " is not a ranked outcome"));
        }
    }

    /**
     * The order in which outcomes are listed, worst first: what every procedure has unless it says otherwise.
     * The default goal is the worst outcome of {@link Tone#GOOD} tone, else the best outcome.
     *
     * @param worstToBest the outcomes, worst first; at least one
     * @return each outcome in a tier of its own
     */
    public static OutcomeOrder worstToBest(List<Outcome> worstToBest) {
        return ranked(worstToBest.stream().map(List::of).toList());
    }

    /**
     * Outcomes in tiers: outcomes in one tier are equally good. The default goal is the worst-ranked outcome of
     * {@link Tone#GOOD} tone (the first such in its tier), else the first outcome of the best tier; {@link
     * #withDefaultGoal} names another.
     *
     * @param tiers the tiers, worst first; at least one, none empty
     * @return the order
     */
    public static OutcomeOrder ranked(List<List<Outcome>> tiers) {
        if (tiers.isEmpty()) {
            throw new IllegalArgumentException("an order needs at least one outcome; use UNORDERED for none");
        }
        String goal = null;
        for (List<Outcome> tier : tiers) {
            for (Outcome outcome : tier) {
                if (goal == null && outcome.tone() == Tone.GOOD) {
                    goal = outcome.id();
                }
            }
        }
        List<Outcome> best = tiers.get(tiers.size() - 1);
        if (goal == null && !best.isEmpty()) {
            goal = best.get(0).id();
        }
        return new OutcomeOrder(tiers.stream().map(t -> t.stream().map(Outcome::id).toList()).toList(),
                Objects.requireNonNullElse(goal, ""));
    }

    /**
     * @param id a ranked outcome
     * @return this order with {@code id} as the default goal
     */
    public OutcomeOrder withDefaultGoal(String id) {
        return new OutcomeOrder(tiers, id);
    }

    /** @return whether the outcomes are ordered, so that goals and best play exist */
    public boolean ordered() {
        return !tiers.isEmpty();
    }

    /** @return every ranked outcome id, worst first (in tier order within a tier); empty when unordered */
    public List<String> worstToBest() {
        return tiers.stream().flatMap(List::stream).toList();
    }

    /**
     * @param outcome a ranked outcome id
     * @return its tier, 0 for the worst
     * @throws IllegalArgumentException if the outcome is not ranked (or the order is {@link #UNORDERED})
     */
    public int rank(String outcome) {
        for (int i = 0; i < tiers.size(); i++) {
            if (tiers.get(i).contains(outcome)) {
                return i;
            }
        }
        throw new IllegalArgumentException(ordered() ? "not a ranked outcome: " + outcome
                : "the outcomes have no order");
    }

    /** @return whether {@code id} is a ranked outcome */
    public boolean ranks(String id) {
        return tiers.stream().anyMatch(t -> t.contains(id));
    }

    /**
     * @param atLeast a ranked outcome id
     * @return the goal of reaching that outcome or any as good or better
     * @throws IllegalArgumentException if it is not ranked (or the order is {@link #UNORDERED})
     */
    public Goal goal(String atLeast) {
        int rank = rank(atLeast);
        return new Goal(atLeast, tiers.subList(rank, tiers.size()).stream().flatMap(List::stream).toList());
    }

    /**
     * @return the goal of {@link #defaultGoal()}
     * @throws IllegalArgumentException if the order is {@link #UNORDERED}
     */
    public Goal goalByDefault() {
        return goal(defaultGoal);
    }

    /** @return one goal per ranked outcome, worst first; empty when unordered */
    public List<Goal> goals() {
        return worstToBest().stream().map(this::goal).toList();
    }

    /**
     * @param declared a procedure's outcomes
     * @return whether this order ranks each of them exactly once and nothing else (always true when unordered)
     */
    public boolean covers(List<Outcome> declared) {
        if (!ordered()) {
            return true;
        }
        List<String> ranked = worstToBest();
        return ranked.size() == declared.size()
                && new HashSet<>(ranked).equals(new HashSet<>(declared.stream().map(Outcome::id).toList()));
    }
}
