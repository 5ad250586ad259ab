package io.dicehall.api.odds;

import io.dicehall.api.Text;
import io.dicehall.api.state.Outcome;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * Exact odds of a roll's outcomes.
 *
 * @param outcomes the probability of each of the procedure's outcomes, in its order, summing to
 *     exactly 1 (outcomes that cannot happen are listed with 0)
 * @param flags the probability of flags beside the outcome (e.g. a critical success); each at most 1,
 *     they need not sum to anything
 * @param plans the odds under stated plans of play after the throw; may be empty
 * @param figures further numbers, such as the expected number of rolls; may be empty
 * @param note what the odds assume, in players' words; may be empty, never null
 */
public record Odds(List<Chance> outcomes, List<Chance> flags, List<Plan> plans, List<Figure> figures, String note) {

    /** Copies the lists and checks that the outcomes sum to 1. */
    public Odds {
        outcomes = List.copyOf(outcomes);
        flags = List.copyOf(flags);
        plans = List.copyOf(plans);
        figures = List.copyOf(figures);
        note = Text.optional(note);
        requireSumOne(outcomes, "outcomes");
    }

    static void requireSumOne(List<Chance> chances, String what) {
        // The sum is kept as an unreduced numerator and denominator: whether it is 1 needs no common
        // factors taken out, and taking them out of long numbers is the costly part of exact odds.
        BigInteger numerator = BigInteger.ZERO;
        BigInteger denominator = BigInteger.ONE;
        var ids = new HashSet<String>();
        for (Chance chance : chances) {
            if (!ids.add(chance.id())) {
                throw new IllegalArgumentException(what + ": duplicate id " + chance.id());
            }
            Fraction p = chance.probability();
            if (p.isZero()) {
                continue;
            }
            if (p.denominator().equals(denominator)) {
                numerator = numerator.add(p.numerator());
            } else {
                numerator = numerator.multiply(p.denominator()).add(p.numerator().multiply(denominator));
                denominator = denominator.multiply(p.denominator());
            }
        }
        if (!numerator.equals(denominator)) {
            throw new IllegalArgumentException(what + " sum to " + Fraction.of(numerator, denominator) + ", not 1");
        }
    }

    /** @return the probability of the outcome with that id, 0 if it is not listed */
    public Fraction probability(String id) {
        return outcomes.stream().filter(c -> c.id().equals(id)).map(Chance::probability)
                .findFirst().orElse(Fraction.ZERO);
    }

    /**
     * Odds from a distribution and how each of its values reads, in one call: each value's probability goes to
     * the outcome {@code outcome} names for it.
     *
     * <pre>{@code
     * Dist total = Pool.dice(2, 6).sum().map(t -> t + modifier);
     * Odds odds = Odds.of(OUTCOMES, total, t -> t >= 10 ? "hit" : t >= 7 ? "partial" : "miss");
     * }</pre>
     *
     * @param declared the procedure's outcomes, in order
     * @param dist the distribution of what the rules read (a total, a count, the highest die)
     * @param outcome the id of the declared outcome a value gives; called once per possible value
     * @return the odds, with no flags, plans, figures or note (use {@link Builder#add(Dist, IntFunction)} for
     *     those)
     * @throws IllegalArgumentException if a value reads as an outcome that is not declared
     * @since 0.3
     */
    public static Odds of(List<Outcome> declared, Dist dist, IntFunction<String> outcome) {
        return over(declared).add(dist, outcome).build();
    }

    /**
     * Odds from a joint distribution (such as {@link Pool#highestAndCount}, {@link Pool#sortedFaces} or {@link
     * Pool#joint}) and how each of its values reads, in one call.
     *
     * @param <T> the type of the values
     * @param declared the procedure's outcomes, in order
     * @param dist each possible value with its probability, summing to 1
     * @param outcome the id of the declared outcome a value gives; called once per value
     * @return the odds, with no flags, plans, figures or note
     * @throws IllegalArgumentException if a value reads as an outcome that is not declared, or the
     *     probabilities do not sum to 1
     * @since 0.3
     */
    public static <T> Odds of(List<Outcome> declared, Map<T, Fraction> dist, Function<? super T, String> outcome) {
        return over(declared).addAll(dist, outcome).build();
    }

    /** @return a builder of odds over these declared outcomes, each 0 until set */
    public static Builder over(List<Outcome> declared) {
        return new Builder(declared);
    }

    /** Collects odds over a procedure's declared outcomes. Not thread-safe. */
    public static final class Builder {
        private final List<Outcome> declared;
        private final Map<String, Fraction> probabilities = new LinkedHashMap<>();
        private final List<Chance> flags = new ArrayList<>();
        private final List<Plan> plans = new ArrayList<>();
        private final List<Figure> figures = new ArrayList<>();
        private String note = "";

        private Builder(List<Outcome> declared) {
            this.declared = List.copyOf(declared);
        }

        /** Adds {@code p} to the probability of the outcome {@code id}. */
        public Builder add(String id, Fraction p) {
            if (declared.stream().noneMatch(o -> o.id().equals(id))) {
                throw new IllegalArgumentException("not a declared outcome: " + id);
            }
            probabilities.merge(id, p, Fraction::plus);
            return this;
        }

        /**
         * Adds each value's probability to the outcome it reads as.
         *
         * @param dist a distribution of what the rules read
         * @param outcome the id of the declared outcome a value gives
         * @return this builder
         * @throws IllegalArgumentException if a value reads as an outcome that is not declared
         * @since 0.3
         */
        public Builder add(Dist dist, IntFunction<String> outcome) {
            for (Dist.Entry entry : dist) {
                add(outcome.apply(entry.value()), entry.p());
            }
            return this;
        }

        /**
         * Adds each value's probability to the outcome it reads as.
         *
         * @param <T> the type of the values
         * @param dist each value with its probability
         * @param outcome the id of the declared outcome a value gives
         * @return this builder
         * @throws IllegalArgumentException if a value reads as an outcome that is not declared
         * @since 0.3
         */
        public <T> Builder addAll(Map<T, Fraction> dist, Function<? super T, String> outcome) {
            dist.forEach((value, p) -> add(outcome.apply(value), p));
            return this;
        }

        /** Adds the probability of a flag. */
        public Builder flag(String id, String label, Fraction p) {
            flags.add(new Chance(id, label, p));
            return this;
        }

        /** Adds a plan whose outcome probabilities are given by id (missing ids are 0). */
        public Builder plan(String id, String label, Map<String, Fraction> outcomeProbabilities) {
            plans.add(new Plan(id, label, chances(outcomeProbabilities)));
            return this;
        }

        /** Adds a figure. */
        public Builder figure(String id, String label, double value, String text) {
            figures.add(new Figure(id, label, value, text));
            return this;
        }

        /** Sets the note on what the odds assume. */
        public Builder note(String text) {
            note = text;
            return this;
        }

        /** @return the odds; throws if they do not sum to exactly 1 */
        public Odds build() {
            return new Odds(chances(probabilities), flags, plans, figures, note);
        }

        private List<Chance> chances(Map<String, Fraction> byId) {
            for (String id : byId.keySet()) {
                if (declared.stream().noneMatch(o -> o.id().equals(id))) {
                    throw new IllegalArgumentException("not a declared outcome: " + id);
                }
            }
            return declared.stream()
                    .map(o -> new Chance(o.id(), o.label(), byId.getOrDefault(o.id(), Fraction.ZERO)))
                    .toList();
        }
    }
}
