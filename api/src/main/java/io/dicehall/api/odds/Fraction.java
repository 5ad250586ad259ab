package io.dicehall.api.odds;

import io.dicehall.api.internal.Gcd;
import java.math.BigInteger;
import java.util.Objects;

/**
 * An exact probability (or any non-negative rational), always in lowest terms. Immutable.
 *
 * @param numerator at least 0
 * @param denominator at least 1
 */
public record Fraction(BigInteger numerator, BigInteger denominator) implements Comparable<Fraction> {

    /** 0. */
    public static final Fraction ZERO = new Fraction(BigInteger.ZERO, BigInteger.ONE);
    /** 1. */
    public static final Fraction ONE = new Fraction(BigInteger.ONE, BigInteger.ONE);

    /** Reduces to lowest terms; refuses negative values and a zero denominator. */
    public Fraction {
        Objects.requireNonNull(numerator, "numerator");
        Objects.requireNonNull(denominator, "denominator");
        if (denominator.signum() <= 0 || numerator.signum() < 0) {
            throw new IllegalArgumentException("not a non-negative fraction: " + numerator + "/" + denominator);
        }
        BigInteger gcd = Gcd.of(numerator, denominator);
        if (!gcd.equals(BigInteger.ONE) && gcd.signum() > 0) {
            numerator = numerator.divide(gcd);
            denominator = denominator.divide(gcd);
        }
        if (numerator.signum() == 0) {
            denominator = BigInteger.ONE;
        }
    }

    /** @return {@code numerator / denominator} */
    public static Fraction of(long numerator, long denominator) {
        return new Fraction(BigInteger.valueOf(numerator), BigInteger.valueOf(denominator));
    }

    /** @return {@code numerator / denominator} */
    public static Fraction of(BigInteger numerator, BigInteger denominator) {
        return new Fraction(numerator, denominator);
    }

    /** @return this + that */
    public Fraction plus(Fraction that) {
        // Adding 0 needs no reduction: the other is in lowest terms already. (Reducing long numbers
        // is what exact odds spend most of their time on.)
        if (that.isZero()) {
            return this;
        }
        if (isZero()) {
            return that;
        }
        return new Fraction(numerator.multiply(that.denominator).add(that.numerator.multiply(denominator)),
                denominator.multiply(that.denominator));
    }

    /** @return this − that; refuses a negative result */
    public Fraction minus(Fraction that) {
        if (that.isZero()) {
            return this;
        }
        return new Fraction(numerator.multiply(that.denominator).subtract(that.numerator.multiply(denominator)),
                denominator.multiply(that.denominator));
    }

    /** @return this × that */
    public Fraction times(Fraction that) {
        if (that.equals(ONE)) {
            return this;
        }
        if (equals(ONE)) {
            return that;
        }
        return new Fraction(numerator.multiply(that.numerator), denominator.multiply(that.denominator));
    }

    /** @return this ÷ that; refuses division by zero */
    public Fraction dividedBy(Fraction that) {
        if (that.numerator.signum() == 0) {
            throw new ArithmeticException("division by zero");
        }
        return new Fraction(numerator.multiply(that.denominator), denominator.multiply(that.numerator));
    }

    /** @return 1 − this, for a probability */
    public Fraction complement() {
        return ONE.minus(this);
    }

    /** @return whether this is 0 */
    public boolean isZero() {
        return numerator.signum() == 0;
    }

    /** The greatest common divisor of two non-negative numbers: {@link Gcd#of}, kept here for the tests. */
    static BigInteger gcd(BigInteger x, BigInteger y) {
        return Gcd.of(x, y);
    }

    /** @return the nearest double */
    public double toDouble() {
        int shift = Math.max(0, Math.max(numerator.bitLength(), denominator.bitLength()) - 1000);
        return numerator.shiftRight(shift).doubleValue() / denominator.shiftRight(shift).doubleValue();
    }

    @Override
    public int compareTo(Fraction that) {
        return numerator.multiply(that.denominator).compareTo(that.numerator.multiply(denominator));
    }

    /** @return {@code "n/d"}, or {@code "n"} when the denominator is 1 */
    @Override
    public String toString() {
        return denominator.equals(BigInteger.ONE) ? numerator.toString() : numerator + "/" + denominator;
    }
}
