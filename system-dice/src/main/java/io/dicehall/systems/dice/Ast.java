package io.dicehall.systems.dice;

import java.util.List;

/** The parsed notation: an immutable tree of records, made only by {@link Parser}. */
final class Ast {

    private Ast() {
    }

    /** A comparison with a whole number: {@code >=8}, {@code <3}, {@code =1}. */
    record Compare(Op op, int value) {

        boolean test(int v) {
            return switch (op) {
                case AT_LEAST -> v >= value;
                case AT_MOST -> v <= value;
                case ABOVE -> v > value;
                case BELOW -> v < value;
                case EQUAL -> v == value;
            };
        }

        @Override
        public String toString() {
            return op.symbol + value;
        }
    }

    /** The comparisons of the notation. */
    enum Op {
        AT_LEAST(">="), AT_MOST("<="), ABOVE(">"), BELOW("<"), EQUAL("=");

        final String symbol;

        Op(String symbol) {
            this.symbol = symbol;
        }
    }

    /** One term, number or group of an arithmetic expression. */
    sealed interface Node permits Num, DiceTerm, Negate, Binary {
    }

    /** A whole-number constant. */
    record Num(int value) implements Node {
    }

    /** {@code -x}. */
    record Negate(Node inner) implements Node {
    }

    /** {@code left op right}, op one of {@code + - * /}. */
    record Binary(char op, Node left, Node right) implements Node {
    }

    /**
     * Dice thrown together, with their modifiers, applied in this order: re-roll, explode, keep or drop, count.
     *
     * @param count how many dice
     * @param sides sides of each; 3 for a Fudge die
     * @param fudge whether these are Fudge dice (read −1, 0, +1)
     * @param reroll the values re-rolled (any of them), empty for none
     * @param rerollOnce whether a die is re-rolled at most once ({@code ro}) rather than until it holds no more
     * @param explode explosion, or null
     * @param keep keep or drop, or null
     * @param count success counting, or null
     * @param text the term as written, for labels and messages
     */
    record DiceTerm(int count, int sides, boolean fudge, List<Compare> reroll, boolean rerollOnce, Explode explode,
            Keep keep, Count counting, String text) implements Node {

        DiceTerm {
            reroll = List.copyOf(reroll);
        }

        int lowestFace() {
            return fudge ? -1 : 1;
        }

        int highestFace() {
            return fudge ? 1 : sides;
        }

        /** @return the value a face reads as */
        int value(int face) {
            return fudge ? face - 2 : face;
        }

        boolean rerolls(int value) {
            for (Compare c : reroll) {
                if (c.test(value)) {
                    return true;
                }
            }
            return false;
        }

        boolean explodes(int value) {
            return explode != null && (explode.on() == null ? value == highestFace() : explode.on().test(value));
        }

        /** @return how one die (or one roll of it, when exploding separately) counts: +1, −1, 0 or both */
        int read(int value) {
            return (counting.success().test(value) ? 1 : 0)
                    - (counting.failure() != null && counting.failure().test(value) ? 1 : 0);
        }
    }

    /** Exploding: {@code !} (each extra roll a die of its own) or {@code !!} (compounding into one die). */
    record Explode(boolean compound, Compare on) {
    }

    /** Which dice count: the {@code n} highest or lowest kept ({@code kh}, {@code kl}), or dropped ({@code dh}, {@code dl}). */
    record Keep(boolean keep, boolean highest, int n) {

        /** @return how many of {@code count} dice are kept */
        int kept(int count) {
            return keep ? n : count - n;
        }

        /** @return whether the kept dice are the highest ones */
        boolean keepsHighest() {
            return keep == highest;
        }
    }

    /** Success counting: {@code >=8} and optionally failures {@code f1}. */
    record Count(Compare success, Compare failure) {
    }

    /**
     * One expression of a roll.
     *
     * @param sum the arithmetic
     * @param target the target the total is compared with, or null
     * @param label the label written after it, or empty
     * @param text the expression as written (without the label)
     */
    record Expression(Node sum, Compare target, String label, String text) {
    }
}
