package io.dicehall.systems.taskschecks;

import java.math.BigInteger;

/**
 * A row of whole, non-negative weights too large for a {@code long} (up to about 2^170), kept as
 * 28-bit limbs in one {@code long[]} so that the dynamic programs add and scale them without
 * allocating. Carries are lazy: a limb may grow past 28 bits between {@link #normalize()} calls,
 * as long as each call adds a normalized source times a factor below 2^20, and fewer than 2^15
 * such additions land on one limb in between.
 */
final class Weights {

    private static final int BITS = 28;
    private static final long MASK = (1L << BITS) - 1;
    static final int LIMBS = 6;

    private final long[] data;
    private final int cells;
    /** lowest and highest cells that may be non-zero */
    private int low;
    private int high;

    Weights(int cells) {
        this.cells = cells;
        this.data = new long[cells * LIMBS];
        this.low = cells;
        this.high = -1;
    }

    /** @return a row with weight 1 at {@code cell} */
    static Weights unit(int cells, int cell) {
        Weights w = new Weights(cells);
        w.data[cell * LIMBS] = 1;
        w.low = cell;
        w.high = cell;
        return w;
    }

    int cells() {
        return cells;
    }

    int low() {
        return low;
    }

    int high() {
        return high;
    }

    boolean isZero(int cell) {
        int base = cell * LIMBS;
        for (int l = 0; l < LIMBS; l++) {
            if (data[base + l] != 0) {
                return false;
            }
        }
        return true;
    }

    /** this[to] += source[from] · factor, with {@code 0 ≤ factor < 2^20} and a normalized source */
    void addScaled(int to, Weights source, int from, long factor) {
        if (factor == 0) {
            return;
        }
        int t = to * LIMBS;
        int f = from * LIMBS;
        long[] src = source.data;
        for (int l = 0; l < LIMBS; l++) {
            data[t + l] += src[f + l] * factor;
        }
        if (to < low) {
            low = to;
        }
        if (to > high) {
            high = to;
        }
    }

    /** this[to] += source[from] */
    void add(int to, Weights source, int from) {
        addScaled(to, source, from, 1);
    }

    /** Propagates carries so that every limb is below 2^28 again. */
    void normalize() {
        for (int cell = low; cell <= high; cell++) {
            int base = cell * LIMBS;
            long carry = 0;
            for (int l = 0; l < LIMBS; l++) {
                long v = data[base + l] + carry;
                data[base + l] = v & MASK;
                carry = v >>> BITS;
            }
            if (carry != 0) {
                throw new ArithmeticException("weights overflow " + LIMBS * BITS + " bits");
            }
        }
    }

    BigInteger get(int cell) {
        BigInteger value = BigInteger.ZERO;
        int base = cell * LIMBS;
        for (int l = LIMBS - 1; l >= 0; l--) {
            value = value.shiftLeft(BITS).add(BigInteger.valueOf(data[base + l]));
        }
        return value;
    }

    BigInteger[] toArray() {
        BigInteger[] out = new BigInteger[Math.max(1, high + 1)];
        for (int i = 0; i < out.length; i++) {
            out[i] = i >= low && i <= high ? get(i) : BigInteger.ZERO;
        }
        return out;
    }

    /** this += that, cell by cell (both normalized; normalize after) */
    void addAll(Weights that) {
        for (int cell = that.low; cell <= that.high; cell++) {
            add(cell, that, cell);
        }
    }
}
