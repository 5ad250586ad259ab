package io.dicehall.web.tables.control;

import io.dicehall.api.Dice;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The dice of a verifiable table: every value is derived from the table's secret seed, the roll's
 * sequence number and (scheme 2) the roll's own secret, so anyone who learns the seed and the roll's
 * secret can recompute its dice, and the seed alone gives no roll's dice.
 *
 * <p>The stream of a roll is made of 32-byte blocks {@code HMAC-SHA256(key = seed, message = seq ‖
 * block ‖ rollSecret)}, with {@code seq} and {@code block} (0, 1, 2 …) as 8-byte big-endian numbers and
 * {@code rollSecret} the roll's 32 bytes; rolls stored before roll secrets existed (scheme 1) have none,
 * so their message is {@code seq ‖ block} alone. Each block
 * gives eight 4-byte big-endian values; a die of {@code n} sides takes the next value {@code v},
 * keeps its low 31 bits {@code u = v & 0x7fffffff}, rejects it if {@code u >= 2^31 - (2^31 mod n)}
 * and otherwise shows {@code 1 + u mod n}. Rejection keeps every face exactly equally likely.
 * {@link #drawn()} counts the values taken, so a later move continues where the last one stopped.
 */
public final class StreamDice implements Dice {

    private final Mac mac;
    private final long seq;
    private final byte[] rollSecret;
    private long drawn;
    private long block = -1;
    private final ByteBuffer values = ByteBuffer.allocate(32);

    /**
     * Scheme 1: the dice of a roll stored before roll secrets existed.
     *
     * @param seed the table's secret seed
     * @param seq the roll's sequence number at the table
     * @param drawn how many values earlier steps of this roll took
     */
    public StreamDice(byte[] seed, long seq, long drawn) {
        this(seed, seq, null, drawn);
    }

    /**
     * @param seed the table's secret seed
     * @param seq the roll's sequence number at the table
     * @param rollSecret the roll's own secret (scheme 2), or null for scheme 1
     * @param drawn how many values earlier steps of this roll took
     */
    public StreamDice(byte[] seed, long seq, byte[] rollSecret, long drawn) {
        try {
            mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(seed, "HmacSHA256"));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is missing from this JVM", e);
        }
        this.seq = seq;
        this.rollSecret = rollSecret == null ? null : rollSecret.clone();
        this.drawn = drawn;
    }

    @Override
    public int roll(int sides) {
        if (sides < 1) {
            throw new IllegalArgumentException("a die needs at least one side: " + sides);
        }
        long limit = (1L << 31) - ((1L << 31) % sides);
        while (true) {
            long u = next() & 0x7fffffffL;
            if (u < limit) {
                return 1 + (int) (u % sides);
            }
        }
    }

    private int next() {
        long wanted = drawn / 8;
        if (wanted != block) {
            block = wanted;
            ByteBuffer message = ByteBuffer.allocate(16 + (rollSecret == null ? 0 : rollSecret.length))
                    .putLong(seq).putLong(block);
            if (rollSecret != null) {
                message.put(rollSecret);
            }
            byte[] out = mac.doFinal(message.array());
            values.clear();
            values.put(out).flip();
        }
        int value = values.getInt((int) (drawn % 8) * 4);
        drawn++;
        return value;
    }

    /** @return how many values this roll has taken so far */
    public long drawn() {
        return drawn;
    }
}
