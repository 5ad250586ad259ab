package io.dicehall.web.tables.control;

import io.dicehall.api.Dice;
import io.dicehall.web.platform.SecureDice;
import io.dicehall.web.tables.entity.GameTable;
import jakarta.enterprise.context.ApplicationScoped;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The dice a table throws, and what makes a verifiable table's dice checkable: its secret seed and each roll's
 * secret, drawn here, and the SHA-256 commitments published for them. A fair table throws the server's secure
 * dice; a verifiable table derives each roll's dice from its seed, the roll's number and the roll's secret
 * ({@link StreamDice}), so that anyone can replay them once the seed is revealed.
 *
 * <p>It also remembers, per instance, which tables it has seen and whether each is verifiable (which never
 * changes, and tables are never deleted), so that a roll at a table seen before needs no read first.
 */
@ApplicationScoped
public class FairDice {

    private static final SecureRandom RANDOM = new SecureRandom();

    /** The most tables {@link #knownVerifiable} remembers before it starts again. */
    private static final int MAX_REMEMBERED = 10_000;

    private final Dice fairDice = new SecureDice();

    /** Tables rolled at on this instance, by id: whether each is verifiable. */
    private final Map<String, Boolean> verifiableTables = new ConcurrentHashMap<>();

    /** @return the server's secure dice, thrown by fair tables and by rolls outside a table */
    public Dice fair() {
        return fairDice;
    }

    /**
     * @param seq the roll's number at the table
     * @param rollSecret the roll's own secret (hex), or null for a roll of scheme 1
     * @param drawn how many draws the roll's dice made already (0 for its first throw)
     * @return the dice of a roll at that table: derived from the seed at a verifiable table, else fair
     */
    public Dice dice(GameTable table, long seq, String rollSecret, long drawn) {
        return table.verifiable() ? new StreamDice(HexFormat.of().parseHex(table.seed()), seq,
                rollSecret == null ? null : HexFormat.of().parseHex(rollSecret), drawn) : fairDice;
    }

    /** @return how many draws a roll's dice made, to go on from there in its next move (0 for fair dice) */
    public static long drawn(Dice dice) {
        return dice instanceof StreamDice stream ? stream.drawn() : 0;
    }

    /** @return 32 random bytes, hex: a seed or a roll's secret */
    public static String randomHex() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    /** @return SHA-256 of a secret's bytes (hex), the commitment published for it */
    public static String commitment(String secretHex) {
        return HexFormat.of().formatHex(sha256(HexFormat.of().parseHex(secretHex)));
    }

    /** @return the SHA-256 of some bytes */
    public static byte[] sha256(byte[] bytes) {
        try {
            return java.security.MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** @return whether a table seen on this instance is verifiable; null for a table not seen yet */
    public Boolean knownVerifiable(String tableId) {
        return verifiableTables.get(tableId);
    }

    /** Remembers that a table exists and whether it is verifiable, which never changes. */
    public void remember(GameTable table) {
        if (verifiableTables.size() >= MAX_REMEMBERED) {
            verifiableTables.clear();
        }
        verifiableTables.put(table.id(), table.verifiable());
    }
}
