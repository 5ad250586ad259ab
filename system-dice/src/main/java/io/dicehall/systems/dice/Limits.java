package io.dicehall.systems.dice;

/** The limits of the notation, each named in the message of an expression that goes beyond it. */
final class Limits {

    private Limits() {
    }

    /** The longest expression text, in characters. */
    static final int LENGTH = 300;
    /** Expressions in one roll, separated by commas. */
    static final int EXPRESSIONS = 10;
    /** Dice terms and numbers in one expression. */
    static final int TERMS = 20;
    /** Parentheses inside one another. */
    static final int DEPTH = 10;
    /** Dice in one dice term. */
    static final int DICE = 100;
    /** Sides of one die. */
    static final int SIDES = 1000;
    /** The largest number written. */
    static final int NUMBER = 100_000;
    /** Extra rolls one die may make by exploding ({@code !}, {@code !!}). */
    static final int EXPLOSIONS = 10;
    /** Re-rolls one die may make with {@code r} (with {@code ro}, one). */
    static final int REROLLS = 10;
    /** Characters in a label. */
    static final int LABEL = 40;
    /** The widest span of values ({@code highest − lowest + 1}) of any part of an expression. */
    static final int SPAN = 20_000;
    /**
     * The estimated work of a term that adds its dice up: the values its total can take, times the runs of equal
     * weights of one die (1 for a plain die, one per explosion allowed for an exploding one), times the 64-bit words
     * of the numbers the exact weights reach.
     */
    static final long SUM_WORK = 150_000;
    /**
     * The estimated work of a term that keeps or drops: {@code (k² v³ / 64 + n k v² + 2 n² v) × words} for {@code n}
     * dice, {@code k} kept, {@code v} values one die can show and the 64-bit words of the exact weights.
     */
    static final long KEEP_WORK = 400_000;
    /** The estimated work of all the roll's dice terms together (a term that keeps or drops counts half its work). */
    static final long ROLL_WORK = 300_000;
    /** Two parts with dice combined by an operator: the product of their spans. */
    static final int PAIRS = 40_000;
    /**
     * How often one die may explode and be re-rolled: {@link #EXPLOSIONS} and {@link #REROLLS} in play; tests
     * set smaller caps so that every face sequence can be listed.
     */
    record Caps(int explosions, int rerolls) {
        static final Caps PLAY = new Caps(EXPLOSIONS, REROLLS);
    }

    /** The largest value any part of an expression may reach, either way from 0. */
    static final long VALUE = 1_000_000_000L;
}
