package io.dicehall.systems.actionrolls;

import io.dicehall.api.form.Inputs;
import io.dicehall.api.odds.Dist;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.state.Outcome;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Exact odds of an Action Roll. Each die is a distribution over {@link Count#code() coded counts}
 * (nothing, one trouble die, or one success die), so a throw is the convolution of its dice and every
 * figure is read off one small distribution: no face combination is ever enumerated.
 */
final class ActionOdds {

    private final Challenge challenge;
    private final Risk risk;
    private final Edge edge;
    private final List<Ability> abilities;

    ActionOdds(Inputs inputs) {
        challenge = Challenge.of(inputs.choice("challenge"));
        risk = Risk.of(inputs.choice("risk"));
        edge = Edge.of(inputs.choice("edge"));
        abilities = Ability.of(inputs);
    }

    /** Before rolling: stopping after the first throw, and the plan of always daring. */
    Odds beforeRolling() {
        Dist first = firstThrow();
        Dist dared = first.plus(daringDice());
        Odds.Builder odds = Odds.over(Outcomes.ALL);
        outcomes(first).forEach(odds::add);
        odds.plan("always-daring", "Always make the Daring Roll", outcomes(dared))
                .note("The outcomes assume you stop after the first four dice. The plan \"always daring\" "
                        + "makes the Daring Roll after every first throw, whatever it shows, for six dice in all.");
        return odds.build();
    }

    /** The Daring Roll made now on {@code now}, set against stopping with {@code now}. */
    Odds daring(Count now) {
        Dist after = Dist.constant(now.code()).plus(daringDice());
        Outcome stay = now.outcome(challenge, risk);
        int rank = Outcomes.rank(stay);
        Fraction better = after.p(code -> rankOf(code) > rank);
        Fraction same = after.p(code -> rankOf(code) == rank);
        Fraction worse = after.p(code -> rankOf(code) < rank);
        Odds.Builder odds = Odds.over(Outcomes.ALL);
        outcomes(after).forEach(odds::add);
        return odds
                .figure("better-than-stopping", "Chance of a better outcome than stopping now",
                        better.toDouble(), show(better))
                .figure("same-as-stopping", "Chance of the same outcome as stopping now",
                        same.toDouble(), show(same))
                .figure("worse-than-stopping", "Chance of a worse outcome than stopping now",
                        worse.toDouble(), show(worse))
                .note("If you make the Daring Roll now (one more " + abilities.get(0).type() + " and one more "
                        + abilities.get(1).type() + ") the roll ends after it. Stopping instead keeps "
                        + stay.label() + " for certain. Daring gives a better outcome with "
                        + show(better) + ", the same with " + show(same) + ", a worse one with " + show(worse)
                        + ", and raises an Emotion by one either way.")
                .build();
    }

    /** Stopping now: the outcome on the table, for certain. */
    Odds stopping(Count now) {
        return Odds.over(Outcomes.ALL)
                .add(now.outcome(challenge, risk).id(), Fraction.ONE)
                .note("Stopping ends the roll with the dice as they lie.")
                .build();
    }

    /** One die of {@code ability}: nothing, one trouble die, or one success die, by how many faces give each. */
    private Dist die(Ability ability) {
        int sides = ability.sides();
        int successes = edge.successFaces(sides);
        int trouble = edge.troubleFaces(sides);
        long[] weights = new long[Count.BASE + 1];
        weights[0] = sides - successes - trouble;
        weights[new Count(0, 1).code()] = trouble;
        weights[new Count(1, 0).code()] = successes;
        return Dist.ofWeights(0, weights);
    }

    /** @return the coded counts of the first throw: two dice of each ability */
    Dist firstThrow() {
        return die(abilities.get(0)).times(2).plus(die(abilities.get(1)).times(2));
    }

    /** @return the coded counts the Daring Roll adds: one more die of each ability */
    Dist daringDice() {
        return die(abilities.get(0)).plus(die(abilities.get(1)));
    }

    private Map<String, Fraction> outcomes(Dist counts) {
        var byId = new LinkedHashMap<String, Fraction>();
        for (Outcome outcome : Outcomes.ALL) {
            byId.put(outcome.id(), counts.p(code -> Count.decode(code).outcome(challenge, risk).id()
                    .equals(outcome.id())));
        }
        return byId;
    }

    private int rankOf(int code) {
        return Outcomes.rank(Count.decode(code).outcome(challenge, risk));
    }

    /** @return e.g. "7/24 (29.2%)" */
    static String show(Fraction p) {
        return p + " (" + String.format(Locale.ROOT, "%.1f%%", 100 * p.toDouble()) + ")";
    }
}
