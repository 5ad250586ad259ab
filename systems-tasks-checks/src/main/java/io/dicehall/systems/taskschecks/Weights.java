package io.dicehall.systems.taskschecks;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * A row of whole, non-negative weights too large for a {@code long}, kept as limbs of {@code bits}
 * bits in one {@code long[]} so that the dynamic programs add and scale them without allocating;
 * there are as many limbs as the largest weight the row will hold needs. Carries are lazy: a limb
 * may grow past {@code bits} between {@link #normalize()} calls, as long as the additions into any
 * one cell in between, each a normalized source times a factor, have factors summing (with 1 for
 * what the cell held) to less than {@code 2^(63 − bits)}. So fewer bits leave room for larger
 * factors, more bits mean fewer limbs.
 */
final class Weights {

    private final long[] data;
    private final int cells;
    private final int bits;
    private final int limbs;
    /** lowest and highest cells that may be non-zero; empty when high < low */
    private int low;
    private int high;

    /**
     * @param max the largest weight any cell will hold, normalized
     * @param bits the bits of a limb, below 63
     */
    Weights(int cells, BigInteger max, int bits) {
        this(cells, bits, Math.max(1, (max.bitLength() + bits - 1) / bits));
    }

    private Weights(int cells, int bits, int limbs) {
        this.cells = cells;
        this.bits = bits;
        this.limbs = limbs;
        this.data = new long[cells * limbs];
        this.low = cells;
        this.high = -1;
    }

    /** @return a row of the same size and limbs, every weight 0 */
    Weights emptyLike() {
        return new Weights(cells, bits, limbs);
    }

    /** @return a row like this one with weight 1 at {@code cell} */
    Weights unit(int cell) {
        Weights w = emptyLike();
        w.data[cell * limbs] = 1;
        w.low = cell;
        w.high = cell;
        return w;
    }

    boolean isEmpty() {
        return high < low;
    }

    /** Sets every weight to 0. */
    void clear() {
        if (!isEmpty()) {
            Arrays.fill(data, low * limbs, (high + 1) * limbs, 0L);
        }
        low = cells;
        high = -1;
    }

    /**
     * this[s + k] += source[s] · kernel[k] for every cell s of the source and k of the kernel, the last cell
     * taking everything beyond it: one die (or one group of dice) added to every count at once. The
     * source is normalized.
     */
    void addConvolved(Weights source, long[] kernel) {
        if (source.isEmpty()) {
            return;
        }
        long[] src = source.data;
        int top = (cells - 1) * limbs;
        for (int k = 0; k < kernel.length; k++) {
            long factor = kernel[k];
            if (factor == 0) {
                continue;
            }
            // cells s + k below the last run in one stretch of limbs; the rest piles onto the last cell
            int end = (Math.min(source.high, cells - 2 - k) + 1) * limbs;
            int shift = k * limbs;
            for (int i = source.low * limbs; i < end; i++) {
                data[i + shift] += src[i] * factor;
            }
            for (int from = Math.max(source.low, cells - 1 - k) * limbs; from <= source.high * limbs; from += limbs) {
                for (int l = 0; l < limbs; l++) {
                    data[top + l] += src[from + l] * factor;
                }
            }
            low = Math.min(low, Math.min(source.low + k, cells - 1));
            high = Math.max(high, Math.min(source.high + k, cells - 1));
        }
    }

    /** this += that, cell by cell (both normalized; normalize after) */
    void addAll(Weights that) {
        if (that.isEmpty()) {
            return;
        }
        for (int i = that.low * limbs; i < (that.high + 1) * limbs; i++) {
            data[i] += that.data[i];
        }
        low = Math.min(low, that.low);
        high = Math.max(high, that.high);
    }

    /** Multiplies every weight by {@code factor} (normalized before; normalize after). */
    void scale(long factor) {
        for (int i = Math.max(0, low) * limbs; i < (high + 1) * limbs; i++) {
            data[i] *= factor;
        }
    }

    /** Propagates carries so that every limb is below {@code 2^bits} again. */
    void normalize() {
        long mask = (1L << bits) - 1;
        for (int cell = low; cell <= high; cell++) {
            int base = cell * limbs;
            long carry = 0;
            for (int l = 0; l < limbs; l++) {
                long v = data[base + l] + carry;
                data[base + l] = v & mask;
                carry = v >>> bits;
            }
            if (carry != 0) {
                throw new ArithmeticException("weights overflow " + limbs * bits + " bits");
            }
        }
    }

    private BigInteger get(int cell) {
        BigInteger value = BigInteger.ZERO;
        int base = cell * limbs;
        for (int l = limbs - 1; l >= 0; l--) {
            value = value.shiftLeft(bits).add(BigInteger.valueOf(data[base + l]));
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
}
