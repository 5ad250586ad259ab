package io.dicehall.systems.dice;

import io.dicehall.api.odds.Dist;
import io.dicehall.systems.dice.Ast.Binary;
import io.dicehall.systems.dice.Ast.DiceTerm;
import io.dicehall.systems.dice.Ast.Expression;
import io.dicehall.systems.dice.Ast.Negate;
import io.dicehall.systems.dice.Ast.Node;
import io.dicehall.systems.dice.Ast.Num;
import java.util.Locale;

/**
 * The limits on work, checked before anything is computed: from each part's lowest and highest value (worked out
 * from the tree alone, in {@code long}, so nothing overflows), how wide its distribution can be and what
 * combining two parts costs. An expression that passes is computed exactly within the time the limits were
 * chosen for (see docs/performance.md); one that does not gets a message naming the limit.
 */
final class Analysis {

    /** A part's lowest and highest possible value, and whether it is a constant. */
    record Range(long lo, long hi, boolean constant) {

        long span() {
            return hi - lo + 1;
        }
    }

    /** A limit broken, with its message. */
    static final class Beyond extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Beyond(String message) {
            super(message, null, false, false);
        }
    }

    private Analysis() {
    }

    /**
     * @param expression an expression of the roll
     * @param spent the work of the roll's expressions checked before this one, added to here (one element)
     * @return null if {@code expression} is within every limit, else what it breaks
     */
    static String check(Expression expression, long[] spent) {
        try {
            range(expression.sum(), spent);
            return null;
        } catch (Beyond beyond) {
            return beyond.getMessage();
        }
    }

    /** @return the range of {@code node}, without counting its work toward the roll's */
    static Range range(Node node) {
        return range(node, new long[1]);
    }

    private static Range range(Node node, long[] spent) {
        if (node instanceof Num num) {
            return new Range(num.value(), num.value(), true);
        }
        if (node instanceof Negate negate) {
            Range r = range(negate.inner(), spent);
            return within(new Range(-r.hi(), -r.lo(), r.constant()), "-(…)");
        }
        if (node instanceof DiceTerm term) {
            return term(term, spent);
        }
        Binary b = (Binary) node;
        Range x = range(b.left(), spent);
        Range y = range(b.right(), spent);
        if (!x.constant() && !y.constant() && x.span() * y.span() > Limits.PAIRS) {
            throw new Beyond("combines two parts with dice of " + x.span() + " and " + y.span()
                    + " possible values with " + b.op() + ": at most " + fmt(Limits.PAIRS)
                    + " pairs of values (the product of the two)");
        }
        boolean constant = x.constant() && y.constant();
        Range result = switch (b.op()) {
            case '+' -> new Range(x.lo() + y.lo(), x.hi() + y.hi(), constant);
            case '-' -> new Range(x.lo() - y.hi(), x.hi() - y.lo(), constant);
            case '*' -> corners(x, y, constant);
            default -> quotient(x, y, constant);
        };
        return within(result, String.valueOf(b.op()));
    }

    private static Range corners(Range x, Range y, boolean constant) {
        long[] p = {x.lo() * y.lo(), x.lo() * y.hi(), x.hi() * y.lo(), x.hi() * y.hi()};
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        for (long v : p) {
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
        }
        return new Range(lo, hi, constant);
    }

    /** Rounded down, the quotient is monotone in each operand while the divisor keeps its sign: its corners bound it. */
    private static Range quotient(Range x, Range y, boolean constant) {
        if (y.lo() == 0 && y.hi() == 0) {
            throw new Beyond("divides by 0");
        }
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        for (long d : new long[] {y.lo(), y.hi(), -1, 1}) {
            if (d == 0 || d < y.lo() || d > y.hi()) {
                continue;
            }
            for (long n : new long[] {x.lo(), x.hi()}) {
                long q = Math.floorDiv(n, d);
                lo = Math.min(lo, q);
                hi = Math.max(hi, q);
            }
        }
        return new Range(lo, hi, constant);
    }

    private static Range term(DiceTerm t, long[] spent) {
        long rolls = t.explode() == null ? 1 : Limits.EXPLOSIONS + 1;
        long faceLo;
        long faceHi;
        if (t.counting() != null) {
            faceLo = t.counting().failure() == null ? 0 : -1;
            faceHi = 1;
        } else {
            faceLo = t.lowestFace();
            faceHi = t.highestFace();
        }
        long dieLo = Math.min(faceLo, rolls * faceLo);
        long dieHi = Math.max(faceHi, rolls * faceHi);
        int kept = t.keep() == null ? t.count() : t.keep().kept(t.count());
        Range range = within(new Range(kept * dieLo, kept * dieHi, false), t.text());
        // One die is cheap to work out exactly (at most sides × 11 values); the term's work is estimated from it.
        Dist one = Exact.oneDie(t, Limits.Caps.PLAY);
        long values = one.stream().count();
        long words = words(t);
        if (t.keep() != null) {
            long k = kept;
            long n = t.count();
            long work = (k * k * values * values * values / 64 + n * k * values * values + 2 * n * n * values) * words;
            if (work > Limits.KEEP_WORK) {
                throw new Beyond("keeps or drops among " + t.count() + " dice of " + values + " possible values each in "
                        + t.text() + ": its estimated work is " + fmt(work) + ", at most " + fmt(Limits.KEEP_WORK)
                        + " for a term that keeps or drops (fewer dice, fewer sides or fewer kept fit)");
            }
            spend(spent, work / 2);
        } else {
            long work = range.span() * runs(one) * words;
            if (work > Limits.SUM_WORK) {
                throw new Beyond("asks for " + t.text() + ", whose estimated work is " + fmt(work) + ": at most "
                        + fmt(Limits.SUM_WORK) + " for one dice term (fewer dice, fewer sides or no explosions fit)");
            }
            spend(spent, work);
        }
        return range;
    }

    private static void spend(long[] spent, long work) {
        spent[0] += work;
        if (spent[0] > Limits.ROLL_WORK) {
            throw new Beyond("brings the roll's estimated work to " + fmt(spent[0]) + ": at most "
                    + fmt(Limits.ROLL_WORK) + " for all its dice together (a term that keeps or drops counts half its"
                    + " work)");
        }
    }

    /** @return the 64-bit words of the exact weights of the term's total: the bits of one roll, times the rolls */
    private static long words(DiceTerm t) {
        double bits = Math.log(t.sides()) / Math.log(2);
        long rolls = 1 + (t.explode() == null ? 0 : Limits.EXPLOSIONS)
                + (t.reroll().isEmpty() ? 0 : t.rerollOnce() ? 1 : Limits.REROLLS);
        return (long) Math.ceil(bits * rolls * t.count() / 64) + 1;
    }

    /** @return how many runs of consecutive values with equal probability one die has */
    private static long runs(Dist one) {
        long runs = 0;
        Dist.Entry previous = null;
        for (Dist.Entry e : one) {
            if (previous == null || e.value() != previous.value() + 1 || !e.p().equals(previous.p())) {
                runs++;
            }
            previous = e;
        }
        return runs;
    }

    private static Range within(Range r, String what) {
        if (Math.max(Math.abs(r.lo()), Math.abs(r.hi())) > Limits.VALUE) {
            throw new Beyond("can reach " + (Math.abs(r.lo()) > Math.abs(r.hi()) ? r.lo() : r.hi()) + " at " + what
                    + ": values stay within ±" + fmt(Limits.VALUE));
        }
        if (!r.constant() && r.span() > Limits.SPAN) {
            throw new Beyond("can span " + fmt(r.span()) + " values at " + what + ": at most " + fmt(Limits.SPAN)
                    + " from lowest to highest (the distribution's span)");
        }
        return r;
    }

    private static String fmt(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
