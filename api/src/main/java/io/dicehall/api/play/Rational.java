package io.dicehall.api.play;

import io.dicehall.api.odds.Fraction;
import java.math.BigInteger;

/** A signed exact rational in lowest terms, for the solver's linear equations (a {@link Fraction} is never negative). */
final class Rational implements Comparable<Rational> {

    static final Rational ZERO = new Rational(BigInteger.ZERO, BigInteger.ONE);

    final BigInteger num;
    final BigInteger den;

    private Rational(BigInteger num, BigInteger den) {
        this.num = num;
        this.den = den;
    }

    static Rational of(BigInteger num, BigInteger den) {
        if (den.signum() == 0) {
            throw new ArithmeticException("division by zero");
        }
        if (den.signum() < 0) {
            num = num.negate();
            den = den.negate();
        }
        if (num.signum() == 0) {
            return ZERO;
        }
        BigInteger gcd = num.gcd(den);
        return gcd.equals(BigInteger.ONE) ? new Rational(num, den) : new Rational(num.divide(gcd), den.divide(gcd));
    }

    static Rational of(Fraction f) {
        return new Rational(f.numerator(), f.denominator());
    }

    Rational plus(Rational that) {
        if (that.num.signum() == 0) {
            return this;
        }
        if (num.signum() == 0) {
            return that;
        }
        if (den.equals(that.den)) {
            return of(num.add(that.num), den);
        }
        return of(num.multiply(that.den).add(that.num.multiply(den)), den.multiply(that.den));
    }

    Rational times(BigInteger factor) {
        return of(num.multiply(factor), den);
    }

    Rational dividedBy(BigInteger divisor) {
        return of(num, den.multiply(divisor));
    }

    double toDouble() {
        int shift = Math.max(0, Math.max(num.bitLength(), den.bitLength()) - 1000);
        return num.shiftRight(shift).doubleValue() / den.shiftRight(shift).doubleValue();
    }

    Fraction toFraction() {
        if (num.signum() < 0) {
            throw new ArithmeticException("a negative probability: " + num + "/" + den);
        }
        return Fraction.of(num, den);
    }

    @Override
    public int compareTo(Rational that) {
        return num.multiply(that.den).compareTo(that.num.multiply(den));
    }

    @Override
    public String toString() {
        return num + "/" + den;
    }
}
