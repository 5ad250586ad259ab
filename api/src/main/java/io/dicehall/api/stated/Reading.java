package io.dicehall.api.stated;

import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.odds.Pool;
import io.dicehall.api.state.Flag;
import io.dicehall.api.state.Outcome;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * How a stated roll reads its dice: the one statement from which {@link StatedProcedure} derives both the roll
 * ({@link #read(List)} of the faces thrown) and its exact odds ({@link #outcomes(Throw)} and {@link #odds}), so the
 * rule is written once. Two shapes:
 * <ul>
 *   <li>a {@linkplain #fold fold}: a running value that takes in the faces one at a time, then a {@link Read} of the
 *       final value. Its odds come from {@link Pool#joint}, by dynamic programming, fast for any number of dice
 *       whenever the running value takes few values (a count, the highest die, a small record of both). The step
 *       must not depend on the order of the dice (sums, counts, maxima and minima do not);</li>
 *   <li>a function of the {@linkplain #sorted sorted faces}: the faces lowest first, for rules that look at the
 *       throw as a whole (the two highest, pairs). Its odds enumerate the distinct sorted throws ({@link
 *       Pool#sortedFaces()}), at most {@link Pool#MAX_SORTED_THROWS}.</li>
 * </ul>
 * Both must be pure functions: the same faces always read the same. The contract kit checks that a fold does not
 * depend on the order of the dice, and compares the odds with every face of the rules.
 *
 * <pre>{@code
 * // The highest die decides; two sixes are a critical.
 * Reading.fold(new Pool.HighestAndCount(0, 0),
 *         (r, face) -> new Pool.HighestAndCount(Math.max(r.highest(), face), r.count() + (face == 6 ? 1 : 0)),
 *         r -> Read.as(r.count() >= 2 ? "critical" : r.highest() == 6 ? "success" : "failure"));
 * // 3d6, keep the best two.
 * Reading.sorted(faces -> Read.as(faces.get(1) + faces.get(2) >= 10 ? "hit" : "miss"));
 * }</pre>
 *
 * @param <S> the running value of a fold (a list of faces for a sorted reading)
 * @since 0.3
 */
public final class Reading<S> {

    private final S start;
    private final BiFunction<? super S, Integer, ? extends S> step;
    private final Function<? super S, Read> finish;
    private final Function<List<Integer>, Read> sorted;

    private Reading(S start, BiFunction<? super S, Integer, ? extends S> step, Function<? super S, Read> finish,
            Function<List<Integer>, Read> sorted) {
        this.start = start;
        this.step = step;
        this.finish = finish;
        this.sorted = sorted;
    }

    /**
     * A reading that folds the faces into a running value, then reads the final value.
     *
     * @param <S> the type of the running value: immutable, with value-based {@code equals} and {@code hashCode}
     * @param start the running value before any die
     * @param step the next running value from the current one and a die's face; must give the same final value
     *     whatever the order of the faces; never null
     * @param finish what the final value reads as; never null
     * @return the reading
     * @since 0.3
     */
    public static <S> Reading<S> fold(S start, BiFunction<? super S, Integer, ? extends S> step,
            Function<? super S, Read> finish) {
        return new Reading<>(start, Objects.requireNonNull(step, "step"), Objects.requireNonNull(finish, "finish"),
                null);
    }

    /**
     * A reading of the highest die and how many dice show {@code face}: a fold over {@link Pool.HighestAndCount}.
     * With no dice, the highest is {@link Integer#MIN_VALUE} and the count 0.
     *
     * @param face the face to count
     * @param read what the highest die and the count read as
     * @return the reading
     * @since 0.3
     */
    public static Reading<Pool.HighestAndCount> highestAndCount(int face,
            Function<? super Pool.HighestAndCount, Read> read) {
        return fold(new Pool.HighestAndCount(Integer.MIN_VALUE, 0),
                (r, f) -> new Pool.HighestAndCount(Math.max(r.highest(), f), r.count() + (f == face ? 1 : 0)), read);
    }

    /**
     * A reading of the faces as a whole, sorted lowest first.
     *
     * @param read what the sorted faces (unmodifiable, lowest first) read as; never null
     * @return the reading
     * @since 0.3
     */
    public static Reading<List<Integer>> sorted(Function<List<Integer>, Read> read) {
        Objects.requireNonNull(read, "read");
        return new Reading<>(null, null, null, read);
    }

    /**
     * @return whether this is a reading of the sorted faces, rather than a fold
     * @since 0.3
     */
    public boolean isSorted() {
        return sorted != null;
    }

    /**
     * Reads one throw.
     *
     * @param faces the faces, in throw order
     * @return what they read as
     * @throws NullPointerException if the statement gives null
     * @since 0.3
     */
    public Read read(List<Integer> faces) {
        if (sorted != null) {
            var lowestFirst = new ArrayList<>(faces);
            lowestFirst.sort(null);
            return Objects.requireNonNull(sorted.apply(List.copyOf(lowestFirst)), "a reading gave null");
        }
        S value = start;
        for (int face : faces) {
            value = Objects.requireNonNull(step.apply(value, face), "a fold's step gave null");
        }
        return Objects.requireNonNull(finish.apply(value), "a reading gave null");
    }

    /**
     * Every distinct {@link Read} of the throw, with its exact probability, by dynamic programming over the dice
     * ({@link Pool#joint} for a fold, {@link Pool#sortedFaces()} for sorted faces), never by listing every face.
     * Reads are listed once per distinct running value (or sorted throw), so equal reads may repeat.
     *
     * @param thrown the dice
     * @return each read with its probability, summing to 1
     * @throws IllegalArgumentException if a sorted reading has more than {@link Pool#MAX_SORTED_THROWS} throws
     * @since 0.3
     */
    public List<Map.Entry<Read, Fraction>> reads(Throw thrown) {
        var reads = new ArrayList<Map.Entry<Read, Fraction>>();
        if (sorted != null) {
            thrown.pool().sortedFaces().forEach((faces, p) -> reads.add(Map.entry(
                    Objects.requireNonNull(sorted.apply(faces), "a reading gave null"), p)));
        } else {
            thrown.pool().joint(start, step).forEach((value, p) -> reads.add(Map.entry(
                    Objects.requireNonNull(finish.apply(value), "a reading gave null"), p)));
        }
        return reads;
    }

    /**
     * @param thrown the dice
     * @return each outcome id a throw can read as, with its exact probability (outcomes that cannot happen are
     *     absent)
     * @since 0.3
     */
    public Map<String, Fraction> outcomes(Throw thrown) {
        var outcomes = new LinkedHashMap<String, Fraction>();
        for (var entry : reads(thrown)) {
            outcomes.merge(entry.getKey().outcome(), entry.getValue(), Fraction::plus);
        }
        return outcomes;
    }

    /**
     * The exact odds of the throw: each declared outcome's probability, and each flag's (labelled with its text).
     *
     * @param declared the procedure's outcomes, in order
     * @param thrown the dice
     * @param note what the odds assume, in players' words; may be empty
     * @return the odds
     * @throws IllegalArgumentException if a throw reads as an outcome that is not declared
     * @since 0.3
     */
    public Odds odds(List<Outcome> declared, Throw thrown, String note) {
        Odds.Builder odds = Odds.over(declared).note(note);
        var flags = new LinkedHashMap<String, Fraction>();
        var labels = new LinkedHashMap<String, String>();
        for (var entry : reads(thrown)) {
            odds.add(entry.getKey().outcome(), entry.getValue());
            for (Flag flag : entry.getKey().flags()) {
                flags.merge(flag.id(), entry.getValue(), Fraction::plus);
                labels.putIfAbsent(flag.id(), flag.text());
            }
        }
        flags.forEach((id, p) -> odds.flag(id, labels.get(id), p));
        return odds.build();
    }
}
