package io.dicehall.api.stated;

import io.dicehall.api.state.Flag;
import io.dicehall.api.state.Tally;
import io.dicehall.api.state.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.IntFunction;

/**
 * What the rules read from one throw: the outcome, the tallies and flags to show, and what each die counts as.
 * A {@link Reading} gives one for every throw; from it {@link StatedProcedure} builds the roll's state, and from
 * the outcome and flags of every throw, its odds. Immutable: each method returns a new read.
 *
 * <pre>{@code
 * Read.as("partial")
 *     .tally("highest", "Highest die", 5)
 *     .verdicts(face -> face == 6 ? Verdict.SUCCESS : face >= 4 ? Verdict.PARTIAL : Verdict.FAILURE)
 * }</pre>
 *
 * <p>Verdicts are given either by face ({@link #verdicts(IntFunction)}), or by place among the faces sorted
 * lowest first ({@link #verdictsSorted(List)}: the dice kept and the dice dropped); by default every die is
 * {@link Verdict#NEUTRAL}.
 *
 * @since 0.3
 */
public final class Read {

    private final String outcome;
    private final List<Tally> tallies;
    private final List<Flag> flags;
    private final IntFunction<Verdict> byFace;
    private final List<Verdict> bySorted;

    private Read(String outcome, List<Tally> tallies, List<Flag> flags, IntFunction<Verdict> byFace,
            List<Verdict> bySorted) {
        this.outcome = Objects.requireNonNull(outcome, "outcome");
        this.tallies = List.copyOf(tallies);
        this.flags = List.copyOf(flags);
        this.byFace = byFace;
        this.bySorted = bySorted == null ? null : List.copyOf(bySorted);
    }

    /**
     * @param outcome the id of one of the procedure's declared outcomes
     * @return a read with that outcome, no tallies, no flags and every die neutral
     * @since 0.3
     */
    public static Read as(String outcome) {
        return new Read(outcome, List.of(), List.of(), null, null);
    }

    /**
     * @param id lower-kebab-case, stable for clients
     * @param label what players call it, not blank
     * @param value the number, shown as it is
     * @return this read with one more tally (shown in the order added)
     * @since 0.3
     */
    public Read tally(String id, String label, int value) {
        return tally(Tally.of(id, label, value));
    }

    /**
     * @param tally any tally, e.g. {@link Tally#of(String, String, int, String)} for a number shown in words
     * @return this read with one more tally
     * @since 0.3
     */
    public Read tally(Tally tally) {
        var more = new ArrayList<>(tallies);
        more.add(Objects.requireNonNull(tally, "tally"));
        return new Read(outcome, more, flags, byFace, bySorted);
    }

    /**
     * A flag beside the outcome (a critical); its probability is part of the derived odds, under the flag's id
     * with its text as the label.
     *
     * @param id lower-kebab-case, stable for clients
     * @param text what it means, in players' words
     * @return this read with the flag
     * @since 0.3
     */
    public Read flag(String id, String text) {
        var more = new ArrayList<>(flags);
        more.add(Flag.of(id, text));
        return new Read(outcome, tallies, more, byFace, bySorted);
    }

    /**
     * @param byFace what a die showing a face counts as
     * @return this read with verdicts by face
     * @since 0.3
     */
    public Read verdicts(IntFunction<Verdict> byFace) {
        return new Read(outcome, tallies, flags, Objects.requireNonNull(byFace, "byFace"), null);
    }

    /**
     * Verdicts by place: the die with the lowest face first (equal faces in throw order), so that "keep the two
     * highest" is the last two {@link Verdict#NEUTRAL} and the rest {@link Verdict#UNCOUNTED}.
     *
     * @param lowestFirst one verdict per die thrown, for the dice sorted by face
     * @return this read with verdicts by place
     * @since 0.3
     */
    public Read verdictsSorted(List<Verdict> lowestFirst) {
        return new Read(outcome, tallies, flags, null, lowestFirst);
    }

    /** @return the id of the outcome; the procedure checks it is declared */
    public String outcome() {
        return outcome;
    }

    /** @return the tallies to show, in order */
    public List<Tally> tallies() {
        return tallies;
    }

    /** @return the flags beside the outcome */
    public List<Flag> flags() {
        return flags;
    }

    /**
     * @param faces the faces in throw order
     * @return the verdict of each die, in throw order
     * @throws IllegalStateException if verdicts by place do not give one per die
     */
    List<Verdict> verdicts(List<Integer> faces) {
        var verdicts = new ArrayList<Verdict>();
        if (bySorted != null) {
            if (bySorted.size() != faces.size()) {
                throw new IllegalStateException("verdictsSorted gives " + bySorted.size() + " verdicts for "
                        + faces.size() + " dice");
            }
            Integer[] order = new Integer[faces.size()];
            for (int i = 0; i < order.length; i++) {
                order[i] = i;
            }
            java.util.Arrays.sort(order, java.util.Comparator.comparingInt(faces::get));
            Verdict[] inThrowOrder = new Verdict[faces.size()];
            for (int place = 0; place < order.length; place++) {
                inThrowOrder[order[place]] = Objects.requireNonNull(bySorted.get(place), "verdict");
            }
            verdicts.addAll(List.of(inThrowOrder));
        } else {
            for (int face : faces) {
                verdicts.add(byFace == null ? Verdict.NEUTRAL : Objects.requireNonNull(byFace.apply(face), "verdict"));
            }
        }
        return verdicts;
    }

    /** @return the outcome, tallies and flags, for messages */
    @Override
    public String toString() {
        return "Read[" + outcome + ", tallies " + tallies + ", flags " + flags + "]";
    }
}
