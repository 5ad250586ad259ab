package io.dicehall.web.platform;

import io.dicehall.api.Dice;
import java.security.SecureRandom;

/**
 * Fair dice for real rolls: faces drawn from {@link SecureRandom} by rejection sampling, so every
 * face of every die is exactly equally likely (no modulo bias). Thread-safe.
 */
public final class SecureDice implements Dice {

    private final SecureRandom random;

    /** Dice drawing from a new {@code SecureRandom}. */
    public SecureDice() {
        this(new SecureRandom());
    }

    /** Dice drawing from {@code random}. */
    public SecureDice(SecureRandom random) {
        this.random = random;
    }

    @Override
    public int roll(int sides) {
        if (sides < 1) {
            throw new IllegalArgumentException("a die needs at least one side: " + sides);
        }
        return 1 + uniform(sides);
    }

    /** A uniform value in {@code 0..bound-1}: draws 31 bits and rejects the incomplete top block. */
    int uniform(int bound) {
        int limit = Integer.MAX_VALUE - (int) (((long) Integer.MAX_VALUE + 1) % bound);
        while (true) {
            int bits = random.nextInt() >>> 1;
            if (bits <= limit) {
                return bits % bound;
            }
        }
    }
}
