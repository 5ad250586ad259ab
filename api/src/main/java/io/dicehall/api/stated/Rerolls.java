package io.dicehall.api.stated;

import io.dicehall.api.Text;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The moves a stated roll declares after its throw: re-roll one die of the player's choice, a number of times (a
 * point of luck each), or stop. Declared once, in {@link StatedProcedure#rerolls}; from it and the roll's {@link
 * Reading}, {@link StatedProcedure} derives the moves of every state, what each move does, the exact odds of each
 * re-roll and the game for best play. Immutable.
 *
 * <p>While the roll has re-rolls left, has dice, and its dice do not read as an outcome that ends it ({@link
 * #until}), every state offers two moves:
 * <ul>
 *   <li>{@value #REROLL}: a choice field {@code die} naming one of the dice ({@code d1}, {@code d2} …, each shown
 *       with its face; the lowest face by default). The die is thrown again, with as many sides, and the dice are
 *       read again; one re-roll fewer is left. It declares its odds: those of re-rolling that die and then
 *       stopping;</li>
 *   <li>{@value #ACCEPT}: keep the dice as they are; the roll is complete.</li>
 * </ul>
 * Otherwise the roll is complete. The number of re-rolls left is kept in the state's memo under {@value #LEFT}.
 *
 * <pre>{@code
 * // Each point of luck re-rolls a die, until the dice read as a full hit.
 * Rerolls.upTo(inputs.integer("luck")).until("hit").label("Spend a point of luck")
 * }</pre>
 *
 * @since 0.3
 */
public final class Rerolls {

    /** The id of the move that re-rolls a die. */
    public static final String REROLL = "reroll";

    /** The id of the move that keeps the dice as they are. */
    public static final String ACCEPT = "accept";

    /** The memo key of the number of re-rolls left. */
    public static final String LEFT = "rerolls-left";

    private static final Rerolls NONE = new Rerolls(0, Set.of(), "Re-roll a die");

    private final int times;
    private final Set<String> until;
    private final String label;

    private Rerolls(int times, Set<String> until, String label) {
        this.times = times;
        this.until = Set.copyOf(until);
        this.label = label;
    }

    /**
     * @return no moves: the roll ends at the first throw
     * @since 0.3
     */
    public static Rerolls none() {
        return NONE;
    }

    /**
     * @param times how many re-rolls the player may make, one die each, at least 0 (0 is {@link #none()})
     * @return that many re-rolls of a die of the player's choice, ending only when they are spent or the player stops
     * @throws IllegalArgumentException if {@code times} is negative
     * @since 0.3
     */
    public static Rerolls upTo(int times) {
        if (times < 0) {
            throw new IllegalArgumentException("re-rolls must be at least 0: " + times);
        }
        return times == 0 ? NONE : new Rerolls(times, Set.of(), NONE.label);
    }

    /**
     * @param outcomes ids of declared outcomes at which the roll ends by itself, re-rolls left or not (a full hit,
     *     which no re-roll can better)
     * @return these re-rolls, ending also at those outcomes
     * @since 0.3
     */
    public Rerolls until(String... outcomes) {
        var ids = new java.util.HashSet<>(until);
        for (String outcome : outcomes) {
            ids.add(Objects.requireNonNull(outcome, "outcome"));
        }
        return new Rerolls(times, ids, label);
    }

    /**
     * @param text the label of the re-roll move, in players' words ("Spend a point of luck"); "Re-roll a die" by
     *     default
     * @return these re-rolls with that label
     * @throws IllegalArgumentException if the text is blank
     * @since 0.3
     */
    public Rerolls label(String text) {
        return new Rerolls(times, until, Text.required(text, "label of the re-roll move"));
    }

    /**
     * @return how many re-rolls the player may make; 0 for none
     * @since 0.3
     */
    public int times() {
        return times;
    }

    /**
     * @return the outcomes at which the roll ends by itself
     * @since 0.3
     */
    public Set<String> until() {
        return until;
    }

    /**
     * @return the label of the re-roll move
     * @since 0.3
     */
    public String label() {
        return label;
    }

    /**
     * @param left re-rolls left
     * @param outcome the outcome the dice read as
     * @param faces the faces
     * @return whether the player may still re-roll (or stop) there
     */
    boolean open(int left, String outcome, List<Integer> faces) {
        return left > 0 && !faces.isEmpty() && !until.contains(outcome);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Rerolls that && times == that.times && until.equals(that.until)
                && label.equals(that.label);
    }

    @Override
    public int hashCode() {
        return Objects.hash(times, until, label);
    }

    /** @return the number of re-rolls and where they end, for messages */
    @Override
    public String toString() {
        return "Rerolls[" + times + (until.isEmpty() ? "" : ", until " + new java.util.TreeSet<>(until)) + "]";
    }
}
