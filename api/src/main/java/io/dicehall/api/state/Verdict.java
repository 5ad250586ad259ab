package io.dicehall.api.state;

/**
 * How a die reads for the rules: what colour a front end gives it, and what a screen reader says of it.
 *
 * <p>More verdicts may be added in later versions; a front end that meets one it does not know should show
 * the die as {@link #NEUTRAL}.
 *
 * @since 0.1 ({@link #UNCOUNTED} since 0.2, {@link #PARTIAL} since 0.3)
 */
public enum Verdict {
    /** The die counts for the player (a success, a point of effort in their favour). */
    SUCCESS,
    /** The die does not count. */
    FAILURE,
    /** The die counts against the player (trouble, a complication). */
    TROUBLE,
    /** The die neither helps nor hurts on its own (a blank Fudge die, a die only summed). */
    NEUTRAL,
    /**
     * The die was thrown but is left out of the result: dropped (3d6 keep the best two, the third is
     * uncounted), cancelled by another die, or set aside by a rule. Unlike {@link #FAILURE}, it neither failed
     * nor succeeded; it simply does not take part. Front ends draw it faded and announce it as not counted.
     * Written in JSON as {@code "uncounted"}.
     *
     * @since 0.2
     */
    UNCOUNTED,
    /**
     * The die counts, but only in part: between {@link #SUCCESS} and {@link #FAILURE}, such as a 4 or a 5 in a pool
     * where a 6 is a full success and 1 to 3 a failure (a success at a cost). Written in JSON as {@code
     * "partial"}. A front end that does not know it shows the die as {@link #NEUTRAL}.
     *
     * @since 0.3
     */
    PARTIAL
}
