package io.dicehall.api.internal;

import io.dicehall.api.odds.Fraction;
import java.math.BigInteger;

/**
 * A signed exact rational in lowest terms, for the best-play solver's linear equations (a {@link Fraction} is never
 * negative). Not API: used by {@code io.dicehall.api.play}.
 */
public final class Rational implements Comparable<Rational> {

    /** 0. */
    public static final Rational ZERO = new Rational(BigInteger.ZERO, BigInteger.ONE);

    private final BigInteger num;
    private final BigInteger den;

    private Rational(BigInteger num, BigInteger den) {
        this.num = num;
        this.den = den;
    }

    /** @return {@code num / den} in lowest terms, with a positive denominator */
    public static Rational of(BigInteger num, BigInteger den) {
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

    /** @return the fraction as a rational */
    public static Rational of(Fraction f) {
        return new Rational(f.numerator(), f.denominator());
    }

    /** @return the numerator, signed */
    public BigInteger num() {
        return num;
    }

    /** @return the denominator, at least 1 */
    public BigInteger den() {
        return den;
    }

    /** @return this + that */
    public Rational plus(Rational that) {
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

    /** @return this × factor */
    public Rational times(BigInteger factor) {
        return of(num.multiply(factor), den);
    }

    /** @return this ÷ divisor, for a divisor other than 0 */
    public Rational dividedBy(BigInteger divisor) {
        return of(num, den.multiply(divisor));
    }

    /** @return the nearest double */
    public double toDouble() {
        int shift = Math.max(0, Math.max(num.bitLength(), den.bitLength()) - 1000);
        return num.shiftRight(shift).doubleValue() / den.shiftRight(shift).doubleValue();
    }

    /** @return this as a probability; refuses a negative value */
    public Fraction toFraction() {
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
