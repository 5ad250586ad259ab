package io.dicehall.web.platform;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.regex.Pattern;

/** Unguessable ids and secrets: 128 random bits, URL-safe base64 (22 characters). */
public final class Ids {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Pattern SHAPE = Pattern.compile("[A-Za-z0-9_-]{22}");

    private Ids() {
    }

    /** @return a new id or secret with 128 random bits */
    public static String random() {
        byte[] bytes = new byte[16];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** The URL-safe base64 characters in their sort order (ASCII), so that an earlier time sorts first. */
    private static final char[] SORTED = "-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz".toCharArray();

    /**
     * @return a new id of the same shape as {@link #random()} whose first 8 characters are the time (milliseconds,
     *     48 bits, sorting as it grows) and the other 14 random (84 bits): for rows written often and never secret
     *     (a table's rolls), so that a database inserts them at the end of its index rather than all over it
     */
    public static String ordered() {
        return ordered(System.currentTimeMillis());
    }

    static String ordered(long millis) {
        char[] id = new char[22];
        for (int i = 7; i >= 0; i--) {
            id[i] = SORTED[(int) (millis & 63)];
            millis >>>= 6;
        }
        byte[] bytes = new byte[11];
        RANDOM.nextBytes(bytes);
        String tail = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes); // 15 characters, 88 bits
        tail.getChars(0, 14, id, 8);
        return new String(id);
    }

    /** @return whether {@code text} has the shape of an id made here (so nothing else is looked up) */
    public static boolean wellFormed(String text) {
        return text != null && SHAPE.matcher(text).matches();
    }

    /** @return the SHA-256 of a secret, so secrets are never kept in the clear */
    public static byte[] hash(String secret) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    /** @return the SHA-256 of a secret as lower-case hex, for storing */
    public static String hashHex(String secret) {
        return java.util.HexFormat.of().formatHex(hash(secret));
    }

    /** @return the bytes of lower-case hex */
    public static byte[] hex(String hex) {
        return java.util.HexFormat.of().parseHex(hex);
    }

    /**
     * Lets only the roller through: the key shown must hash to the roll's.
     *
     * @throws Refusal (not allowed) when the key is missing or wrong
     */
    public static void requireRollerKey(String shown, byte[] expected) {
        if (shown == null || shown.isEmpty()) {
            throw Refusal.of(Refusal.Kind.NOT_ALLOWED, "roller-key-missing", "Roller key missing",
                    "Only the roller may move this roll: send the rollerKey you were given in the Roller-Key header.");
        }
        if (!matches(shown, expected)) {
            throw Refusal.of(Refusal.Kind.NOT_ALLOWED, "roller-key-wrong", "Wrong roller key",
                    "The Roller-Key header does not match this roll's key.");
        }
    }

    /** @return whether {@code secret} hashes to {@code expected}, compared in constant time */
    public static boolean matches(String secret, byte[] expected) {
        return secret != null && secret.length() <= 100 && MessageDigest.isEqual(hash(secret), expected);
    }
}
