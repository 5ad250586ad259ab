package io.dicehall.api.odds;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Fraction's arithmetic, and its gcd (Lehmer's for long numbers) against the JDK's. */
class FractionTest {

    @Test
    void reducesToLowestTerms() {
        Fraction f = Fraction.of(6, 8);
        assertThat(f.numerator(), is(BigInteger.valueOf(3)));
        assertThat(f.denominator(), is(BigInteger.valueOf(4)));
        assertThat(f.toString(), is("3/4"));
        assertThat(Fraction.of(0, 7), equalTo(Fraction.ZERO));
        assertThat(Fraction.of(0, 7).denominator(), is(BigInteger.ONE));
        assertThat(Fraction.of(9, 3).toString(), is("3"));
        assertThat(Fraction.of(2, 4), equalTo(Fraction.of(1, 2)));
        assertThat(Fraction.of(2, 4).hashCode(), is(Fraction.of(1, 2).hashCode()));
    }

    @Test
    void refusesNegativesAndZeroDenominators() {
        assertThrows(IllegalArgumentException.class, () -> Fraction.of(-1, 2));
        assertThrows(IllegalArgumentException.class, () -> Fraction.of(1, 0));
        assertThrows(IllegalArgumentException.class, () -> Fraction.of(1, -2));
        assertThrows(IllegalArgumentException.class, () -> Fraction.of(1, 2).minus(Fraction.of(2, 3)));
        assertThrows(ArithmeticException.class, () -> Fraction.ONE.dividedBy(Fraction.ZERO));
    }

    @Test
    void arithmetic() {
        Fraction third = Fraction.of(1, 3);
        Fraction half = Fraction.of(1, 2);
        assertThat(third.plus(half), equalTo(Fraction.of(5, 6)));
        assertThat(half.minus(third), equalTo(Fraction.of(1, 6)));
        assertThat(third.times(half), equalTo(Fraction.of(1, 6)));
        assertThat(third.dividedBy(half), equalTo(Fraction.of(2, 3)));
        assertThat(third.complement(), equalTo(Fraction.of(2, 3)));
        assertThat(half.compareTo(third) > 0, is(true));
        assertThat(third.toDouble(), is(1.0 / 3));
    }

    @Test
    void longFractionsReduceAsTheJdkWould() {
        Random random = new Random(20240611);
        for (int i = 0; i < 300; i++) {
            BigInteger common = new BigInteger(1 + random.nextInt(400), random).add(BigInteger.ONE);
            BigInteger n = new BigInteger(1 + random.nextInt(3500), random).multiply(common);
            BigInteger d = new BigInteger(1 + random.nextInt(3500), random).add(BigInteger.ONE).multiply(common);
            BigInteger g = n.gcd(d);
            Fraction f = Fraction.of(n, d);
            assertThat(f.numerator(), is(n.divide(g)));
            assertThat(f.denominator(), is(d.divide(g)));
        }
    }

    @Test
    void gcdIsTheJdksOnRandomNumbers() {
        Random random = new Random(7);
        for (int i = 0; i < 20_000; i++) {
            int maxBits = i < 10_000 ? 300 : 5000;
            BigInteger x = new BigInteger(random.nextInt(maxBits + 1), random);
            BigInteger y = new BigInteger(random.nextInt(maxBits + 1), random);
            if (random.nextBoolean()) {
                BigInteger common = new BigInteger(1 + random.nextInt(600), random);
                x = x.multiply(common);
                y = y.multiply(common);
            }
            if (random.nextInt(8) == 0) {
                x = x.shiftLeft(random.nextInt(200));
            }
            if (random.nextInt(8) == 0) {
                y = y.shiftLeft(random.nextInt(200));
            }
            checkGcd(x, y);
        }
    }

    @Test
    void gcdIsTheJdksOnHardCases() {
        List<BigInteger[]> cases = new ArrayList<>();
        // Consecutive Fibonacci numbers: every quotient 1, the longest run of Euclid's algorithm.
        BigInteger f0 = BigInteger.ZERO;
        BigInteger f1 = BigInteger.ONE;
        for (int k = 0; k < 6000; k++) {
            BigInteger f2 = f0.add(f1);
            f0 = f1;
            f1 = f2;
            if (k % 97 == 0) {
                cases.add(new BigInteger[] {f1, f0});
                cases.add(new BigInteger[] {f1.multiply(BigInteger.valueOf(1_000_003)), f0.multiply(BigInteger.valueOf(1_000_003))});
            }
        }
        for (int k = 1; k < 4000; k += 61) {
            BigInteger mersenne = BigInteger.ONE.shiftLeft(k).subtract(BigInteger.ONE);
            BigInteger power = BigInteger.ONE.shiftLeft(k);
            for (int j = 1; j < 4000; j += 173) {
                cases.add(new BigInteger[] {mersenne, BigInteger.ONE.shiftLeft(j).subtract(BigInteger.ONE)});
                cases.add(new BigInteger[] {power, BigInteger.ONE.shiftLeft(j)});
                cases.add(new BigInteger[] {power.add(BigInteger.ONE), power.subtract(BigInteger.ONE)});
                cases.add(new BigInteger[] {mersenne, BigInteger.ONE.shiftLeft(j).add(BigInteger.ONE)});
            }
        }
        Random random = new Random(11);
        for (int k = 0; k < 400; k++) {
            BigInteger y = new BigInteger(65 + random.nextInt(3000), random);
            BigInteger q = new BigInteger(1 + random.nextInt(200), random);
            BigInteger r = new BigInteger(random.nextInt(y.bitLength()), random);
            cases.add(new BigInteger[] {y.multiply(q).add(r), y}); // a large quotient up front
            cases.add(new BigInteger[] {y, y}); // equal
            cases.add(new BigInteger[] {y.multiply(q), y}); // one divides the other
            cases.add(new BigInteger[] {y.add(BigInteger.ONE), y}); // consecutive
            cases.add(new BigInteger[] {y, BigInteger.ZERO});
            cases.add(new BigInteger[] {BigInteger.ZERO, y});
            cases.add(new BigInteger[] {y, BigInteger.ONE});
            // Numbers whose length is a whole number of limbs, and one bit either side.
            int limbs = 2 + random.nextInt(100);
            for (int bits = 32 * limbs - 1; bits <= 32 * limbs + 1; bits++) {
                BigInteger a = new BigInteger(bits, random).setBit(bits - 1);
                BigInteger b = new BigInteger(bits - random.nextInt(3), random).setBit(bits - 3);
                cases.add(new BigInteger[] {a, b});
                cases.add(new BigInteger[] {a.multiply(b), b.multiply(b.add(BigInteger.TWO))});
            }
        }
        // The largest odds the systems make: powers of 10 against numbers of about the same size.
        for (int n = 20; n <= 1000; n += 7) {
            BigInteger ten = BigInteger.TEN.pow(n);
            cases.add(new BigInteger[] {ten.subtract(BigInteger.valueOf(9).pow(n)), ten});
            cases.add(new BigInteger[] {BigInteger.valueOf(3).pow(n).multiply(BigInteger.TWO.pow(n / 2)), ten});
        }
        for (BigInteger[] pair : cases) {
            checkGcd(pair[0], pair[1]);
        }
    }

    private static void checkGcd(BigInteger x, BigInteger y) {
        BigInteger expected = x.gcd(y);
        assertThat("gcd(" + x + ", " + y + ")", Fraction.gcd(x, y), is(expected));
        assertThat("gcd(" + y + ", " + x + ")", Fraction.gcd(y, x), is(expected));
    }
}
