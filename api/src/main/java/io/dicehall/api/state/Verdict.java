package io.dicehall.api.state;

/** How a die reads for the rules: what colour a front end gives it. */
public enum Verdict {
    /** The die counts for the player (a success, a point of effort in their favour). */
    SUCCESS,
    /** The die does not count. */
    FAILURE,
    /** The die counts against the player (trouble, a complication). */
    TROUBLE,
    /** The die neither helps nor hurts on its own (a blank Fudge die, a die only summed). */
    NEUTRAL
}
