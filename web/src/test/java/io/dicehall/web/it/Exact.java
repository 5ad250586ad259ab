package io.dicehall.web.it;

import java.math.BigInteger;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Exact odds worked out independently in the tests, by brute force over every combination of faces
 * (small pools only), to check the odds the server computes its own way.
 */
public final class Exact {

    private Exact() {
    }

    /** @return {@code n/d} in lowest terms as the API writes it ("8/27", "1", "0") */
    public static String fraction(long n, long d) {
        BigInteger num = BigInteger.valueOf(n);
        BigInteger den = BigInteger.valueOf(d);
        BigInteger gcd = num.gcd(den);
        if (num.signum() == 0) {
            return "0";
        }
        num = num.divide(gcd);
        den = den.divide(gcd);
        return den.equals(BigInteger.ONE) ? num.toString() : num + "/" + den;
    }

    /**
     * Enumerates every combination of faces of the given dice and counts the outcome of each.
     *
     * @param sides the sides of each die
     * @param outcome the outcome of one combination of faces (each face in 1..sides)
     * @return each outcome's exact probability, as the API writes fractions
     */
    public static Map<String, String> enumerate(int[] sides, Function<int[], String> outcome) {
        long total = 1;
        for (int s : sides) {
            total *= s;
        }
        var counts = new TreeMap<String, Long>();
        int[] faces = new int[sides.length];
        for (long i = 0; i < total; i++) {
            long rest = i;
            for (int k = 0; k < sides.length; k++) {
                faces[k] = (int) (rest % sides[k]) + 1;
                rest /= sides[k];
            }
            counts.merge(outcome.apply(faces.clone()), 1L, Long::sum);
        }
        var odds = new TreeMap<String, String>();
        long all = total;
        counts.forEach((id, count) -> odds.put(id, fraction(count, all)));
        return odds;
    }
}
