package io.dicehall.systems.taskschecks;

import io.dicehall.api.odds.Fraction;
import java.math.BigInteger;

/**
 * A signed exact rational in lowest terms. The API's {@link Fraction} is non-negative only, but the
 * polynomial algebra of exploding tails needs differences; every probability leaves this class
 * through {@link #toFraction()}, which refuses a negative value.
 */
final class Q {

    static final Q ZERO = new Q(BigInteger.ZERO, BigInteger.ONE);
    static final Q ONE = new Q(BigInteger.ONE, BigInteger.ONE);

    private final BigInteger num;
    private final BigInteger den;

    private Q(BigInteger num, BigInteger den) {
        this.num = num;
        this.den = den;
    }

    static Q of(BigInteger num, BigInteger den) {
        if (den.signum() == 0) {
            throw new ArithmeticException("division by zero");
        }
        if (num.signum() == 0) {
            return ZERO;
        }
        if (den.signum() < 0) {
            num = num.negate();
            den = den.negate();
        }
        BigInteger gcd = num.gcd(den);
        if (!gcd.equals(BigInteger.ONE)) {
            num = num.divide(gcd);
            den = den.divide(gcd);
        }
        return new Q(num, den);
    }

    static Q of(Fraction f) {
        return of(f.numerator(), f.denominator());
    }

    Q plus(Q that) {
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

    Q minus(Q that) {
        return plus(that.negate());
    }

    Q negate() {
        return num.signum() == 0 ? this : new Q(num.negate(), den);
    }

    Q times(Q that) {
        if (num.signum() == 0 || that.num.signum() == 0) {
            return ZERO;
        }
        return of(num.multiply(that.num), den.multiply(that.den));
    }

    Q times(long factor) {
        return factor == 0 || num.signum() == 0 ? ZERO : of(num.multiply(BigInteger.valueOf(factor)), den);
    }

    Q dividedBy(Q that) {
        return of(num.multiply(that.den), den.multiply(that.num));
    }

    /** @return this as a probability; throws if it is negative, which would be a bug in the algebra */
    Fraction toFraction() {
        if (num.signum() < 0) {
            throw new ArithmeticException("a negative probability: " + this);
        }
        return Fraction.of(num, den);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Q that && num.equals(that.num) && den.equals(that.den);
    }

    @Override
    public int hashCode() {
        return 31 * num.hashCode() + den.hashCode();
    }

    @Override
    public String toString() {
        return den.equals(BigInteger.ONE) ? num.toString() : num + "/" + den;
    }
}
