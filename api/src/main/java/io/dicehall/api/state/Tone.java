package io.dicehall.api.state;

/** How an outcome feels for the player, for colour and for screen readers. */
public enum Tone {
    /** The player gets what they wanted. */
    GOOD,
    /** Some of it, or at a cost. */
    MIXED,
    /** Not what they wanted. */
    BAD,
    /** Not decided yet, or neither (an extended roll in progress). */
    PENDING
}
