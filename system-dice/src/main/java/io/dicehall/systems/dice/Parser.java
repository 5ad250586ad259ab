package io.dicehall.systems.dice;

import io.dicehall.systems.dice.Ast.Binary;
import io.dicehall.systems.dice.Ast.Compare;
import io.dicehall.systems.dice.Ast.Count;
import io.dicehall.systems.dice.Ast.DiceTerm;
import io.dicehall.systems.dice.Ast.Explode;
import io.dicehall.systems.dice.Ast.Expression;
import io.dicehall.systems.dice.Ast.Keep;
import io.dicehall.systems.dice.Ast.Negate;
import io.dicehall.systems.dice.Ast.Node;
import io.dicehall.systems.dice.Ast.Num;
import io.dicehall.systems.dice.Ast.Op;
import java.util.ArrayList;
import java.util.List;

/**
 * A hand-written recursive-descent parser of the notation (see the module README for the grammar). It reads
 * code points, so a column is the n-th character a player sees, counted from 1. Every mistake and every number
 * beyond a {@link Limits limit} ends the parse with one message naming the column and what was expected; it
 * never throws to its caller.
 */
final class Parser {

    /** What a parse gives: the expressions, or the first mistake. */
    record Result(List<Expression> expressions, String error) {

        boolean ok() {
            return error == null;
        }
    }

    private static final class Mistake extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Mistake(String message) {
            super(message, null, false, false);
        }
    }

    private final int[] cps;
    private final String source;
    private int at;
    private int depth;
    private int terms;

    private Parser(String source) {
        this.source = source;
        this.cps = source.codePoints().toArray();
    }

    /** @return the expressions of {@code text}, or the first mistake in it */
    static Result parse(String text) {
        String source = text == null ? "" : text;
        if (source.codePointCount(0, source.length()) > Limits.LENGTH) {
            return new Result(List.of(), "is longer than " + Limits.LENGTH + " characters");
        }
        try {
            return new Result(new Parser(source).roll(), null);
        } catch (Mistake mistake) {
            return new Result(List.of(), mistake.getMessage());
        }
    }

    private List<Expression> roll() {
        var expressions = new ArrayList<Expression>();
        skipSpaces();
        if (end()) {
            throw new Mistake("is empty: write dice such as 1d20+5 or 4d6kh3");
        }
        while (true) {
            if (expressions.size() == Limits.EXPRESSIONS) {
                throw new Mistake("has more than " + Limits.EXPRESSIONS + " expressions (the limit per roll), at column "
                        + column());
            }
            expressions.add(expression());
            if (end()) {
                return expressions;
            }
            expect(',', "a comma before the next expression, or the end");
            skipSpaces();
        }
    }

    private Expression expression() {
        terms = 0;
        skipSpaces();
        int start = at;
        Node sum = sum();
        skipSpaces();
        Compare target = null;
        if (comparisonAhead()) {
            String what = "after the target's comparison";
            Op op = op();
            skipSpaces();
            boolean negative = take('-');
            target = new Compare(op, (negative ? -1 : 1) * number("a number " + what, Limits.NUMBER, "the largest number"));
            skipSpaces();
        }
        String text = new String(cps, start, at - start).strip();
        String label = "";
        if (!end() && peek() != ',') {
            if (!Character.isLetter(peek())) {
                throw new Mistake("expected an operator (+ - * /), a target (>= 15), a label, a comma or the end, at column "
                        + column() + describeHere());
            }
            int from = at;
            while (!end() && peek() != ',') {
                at++;
            }
            label = new String(cps, from, at - from).strip();
            if (label.codePointCount(0, label.length()) > Limits.LABEL) {
                throw new Mistake("has a label longer than " + Limits.LABEL + " characters, at column " + (from + 1));
            }
        }
        return new Expression(sum, target, label, text);
    }

    private Node sum() {
        Node left = product();
        while (true) {
            skipSpaces();
            if (take('+')) {
                left = new Binary('+', left, product());
            } else if (take('-')) {
                left = new Binary('-', left, product());
            } else {
                return left;
            }
        }
    }

    private Node product() {
        Node left = unary();
        while (true) {
            skipSpaces();
            if (take('*')) {
                left = new Binary('*', left, unary());
            } else if (take('/')) {
                left = new Binary('/', left, unary());
            } else {
                return left;
            }
        }
    }

    private Node unary() {
        skipSpaces();
        if (take('-')) {
            return new Negate(unary());
        }
        if (take('+')) {
            return unary();
        }
        return atom();
    }

    private Node atom() {
        skipSpaces();
        if (take('(')) {
            if (++depth > Limits.DEPTH) {
                throw new Mistake("nests parentheses more than " + Limits.DEPTH + " deep, at column " + (at));
            }
            Node inner = sum();
            skipSpaces();
            if (comparisonAhead()) {
                throw new Mistake("expected ')' at column " + column()
                        + " (a target such as >= 15 goes after the whole expression, outside parentheses)");
            }
            expect(')', "')'");
            depth--;
            return inner;
        }
        if (++terms > Limits.TERMS) {
            throw new Mistake("has more than " + Limits.TERMS + " terms in one expression (the limit), at column "
                    + column());
        }
        int start = at;
        if (!end() && isDigit(peek())) {
            long count = digits();
            if (!end() && (peek() == 'd' || peek() == 'D')) {
                if (count > Limits.DICE) {
                    throw new Mistake("asks for " + shown(start) + " dice at column " + (start + 1) + ": at most "
                            + Limits.DICE + " dice per term");
                }
                if (count < 1) {
                    throw new Mistake("asks for no dice at column " + (start + 1) + ": a dice term has at least 1 die");
                }
                return dice(start, (int) count);
            }
            if (count > Limits.NUMBER) {
                throw new Mistake("has the number " + shown(start) + " at column " + (start + 1) + ": at most "
                        + Limits.NUMBER);
            }
            return new Num((int) count);
        }
        if (!end() && (peek() == 'd' || peek() == 'D')) {
            return dice(start, 1);
        }
        throw new Mistake("expected a number, dice (such as 2d6) or '(' at column " + column() + describeHere());
    }

    private DiceTerm dice(int start, int count) {
        at++; // the d
        int sides;
        boolean fudge = false;
        if (take('%')) {
            sides = 100;
        } else if (take('F') || take('f')) {
            sides = 3;
            fudge = true;
        } else if (!end() && isDigit(peek())) {
            int from = at;
            long value = digits();
            if (value > Limits.SIDES) {
                throw new Mistake("asks for a die of " + shown(from) + " sides at column " + (from + 1) + ": at most "
                        + Limits.SIDES + " sides");
            }
            if (value < 1) {
                throw new Mistake("asks for a die of 0 sides at column " + (from + 1) + ": a die has at least 1 side");
            }
            sides = (int) value;
        } else {
            throw new Mistake("expected the number of sides (or % or F) after d, at column " + column());
        }
        var reroll = new ArrayList<Compare>();
        Boolean rerollOnce = null;
        Explode explode = null;
        Keep keep = null;
        Count counting = null;
        while (!end()) {
            int c = peek();
            int here = at;
            if (c == 'r') {
                at++;
                boolean once = take('o');
                String name = once ? "ro" : "r";
                if (rerollOnce != null && rerollOnce != once) {
                    throw new Mistake("mixes r and ro in one term, at column " + (here + 1) + ": use one of them");
                }
                rerollOnce = once;
                reroll.add(compare("a number after " + name + ", at column " + column(), true));
            } else if (c == '!') {
                at++;
                if (explode != null) {
                    throw new Mistake("explodes twice in one term, at column " + (here + 1));
                }
                boolean compound = take('!');
                Compare on = null;
                if (!end() && (isDigit(peek()) || comparisonAhead())) {
                    on = compare("a number after " + (compound ? "!!" : "!") + ", at column " + column(), true);
                }
                explode = new Explode(compound, on);
            } else if (c == 'k' || c == 'd') {
                at++;
                boolean highest = true;
                String name;
                if (take('h')) {
                    name = c == 'k' ? "kh" : "dh";
                } else if (take('l')) {
                    name = c == 'k' ? "kl" : "dl";
                    highest = false;
                } else {
                    name = c == 'k' ? "k" : "d";
                    highest = c == 'k';
                }
                if (keep != null) {
                    throw new Mistake("keeps or drops twice in one term, at column " + (here + 1));
                }
                if (end() || !isDigit(peek())) {
                    throw new Mistake("expected a number after " + name + ", at column " + column());
                }
                int from = at;
                long n = digits();
                boolean isKeep = c == 'k';
                if (isKeep && (n < 1 || n > count)) {
                    throw new Mistake("keeps " + shown(from) + " of " + count + " dice at column " + (from + 1)
                            + ": keep from 1 to " + count);
                }
                if (!isKeep && n >= count) {
                    throw new Mistake("drops " + shown(from) + " of " + count + " dice at column " + (from + 1)
                            + ": drop fewer than " + count);
                }
                keep = new Keep(isKeep, highest, (int) n);
            } else if (comparisonAhead()) {
                if (counting != null) {
                    throw new Mistake("counts successes twice in one term, at column " + (here + 1));
                }
                Compare success = compare("a number after " + symbolAhead() + ", at column " + (at + symbolAhead().length() + 1), false);
                Compare failure = null;
                if (!end() && peek() == 'f') {
                    at++;
                    failure = compare("a number after f, at column " + column(), true);
                }
                counting = new Count(success, failure);
            } else if (c == 'f') {
                throw new Mistake("has f (failures) at column " + (here + 1)
                        + " without a success count before it, such as 8d10>=8f1");
            } else {
                break;
            }
        }
        String text = new String(cps, start, at - start);
        if (explode != null && !explode.compound() && keep != null) {
            throw new Mistake("keeps or drops exploding dice in " + text
                    + ": with ! every extra roll is a die of its own; use !! (compounding) to keep or drop whole dice");
        }
        if (keep != null && counting != null) {
            throw new Mistake("both keeps or drops and counts successes in " + text + ": use one of them per term");
        }
        var term = new DiceTerm(count, sides, fudge, reroll, Boolean.TRUE.equals(rerollOnce), explode, keep, counting,
                text);
        if (!reroll.isEmpty()) {
            boolean all = true;
            for (int v = term.lowestFace(); v <= term.highestFace(); v++) {
                all &= term.rerolls(v);
            }
            if (all) {
                throw new Mistake("re-rolls every face in " + text + ": leave at least one face that stands");
            }
        }
        return term;
    }

    /** A comparison; with {@code bare}, a number alone means "equal to". */
    private Compare compare(String expected, boolean bare) {
        Op op;
        if (comparisonAhead()) {
            op = op();
        } else if (bare) {
            op = Op.EQUAL;
        } else {
            throw new Mistake("expected " + expected);
        }
        boolean negative = take('-');
        if (end() || !isDigit(peek())) {
            throw new Mistake("expected " + expected);
        }
        int from = at;
        long value = digits();
        if (value > Limits.NUMBER) {
            throw new Mistake("has the number " + shown(from) + " at column " + (from + 1) + ": at most " + Limits.NUMBER);
        }
        return new Compare(op, (int) (negative ? -value : value));
    }

    private int number(String expected, int most, String limit) {
        if (end() || !isDigit(peek())) {
            throw new Mistake("expected " + expected + ", at column " + column());
        }
        int from = at;
        long value = digits();
        if (value > most) {
            throw new Mistake("has " + shown(from) + " at column " + (from + 1) + ": " + limit + " allowed is " + most);
        }
        return (int) value;
    }

    private String symbolAhead() {
        int c = peek();
        boolean eq = at + 1 < cps.length && cps[at + 1] == '=';
        return c == '=' ? "=" : eq ? (char) c + "=" : String.valueOf((char) c);
    }

    private Op op() {
        int c = cps[at++];
        if (c == '=') {
            return Op.EQUAL;
        }
        boolean eq = take('=');
        return c == '>' ? (eq ? Op.AT_LEAST : Op.ABOVE) : (eq ? Op.AT_MOST : Op.BELOW);
    }

    private boolean comparisonAhead() {
        return !end() && (peek() == '>' || peek() == '<' || peek() == '=');
    }

    /** Reads digits; a value past any limit is kept as a long that only says "too large". */
    private long digits() {
        long value = 0;
        while (!end() && isDigit(peek())) {
            value = Math.min(value * 10 + (peek() - '0'), Long.MAX_VALUE / 100);
            at++;
        }
        return value;
    }

    private String shown(int from) {
        String digits = new String(cps, from, at - from);
        return digits.length() > 12 ? digits.substring(0, 12) + "…" : digits;
    }

    private String describeHere() {
        if (end()) {
            return " (the text ended)";
        }
        int c = peek();
        if (Character.isISOControl(c) || Character.isWhitespace(c)) {
            return "";
        }
        return ", found '" + new String(Character.toChars(c)) + "'";
    }

    private void expect(int c, String what) {
        skipSpaces();
        if (!take(c)) {
            throw new Mistake("expected " + what + " at column " + column() + describeHere());
        }
    }

    private boolean take(int c) {
        if (!end() && peek() == c) {
            at++;
            return true;
        }
        return false;
    }

    private void skipSpaces() {
        while (!end() && (peek() == ' ' || peek() == '\t')) {
            at++;
        }
    }

    private static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }

    private int peek() {
        return cps[at];
    }

    private boolean end() {
        return at >= cps.length;
    }

    private int column() {
        return at + 1;
    }

    @Override
    public String toString() {
        return "Parser[" + source + "]";
    }
}
