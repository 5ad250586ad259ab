package io.dicehall.web.webhooks.control;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * How a generic webhook's posts are signed, the way Stripe signs its own: an HMAC-SHA256, keyed with the
 * webhook's secret, over the timestamp, a dot and the body exactly as sent; sent as
 * {@value #SIGNATURE}{@code : t=<timestamp>,v1=<hex>} beside {@value #DELIVERY} and {@value #TIMESTAMP}.
 * A receiver recomputes it, compares in constant time and refuses a timestamp far from its clock, so a
 * post can be neither forged nor replayed later.
 */
public final class Signatures {

    /** The header carrying the signature. */
    public static final String SIGNATURE = "Dicehall-Signature";
    /** The header carrying the delivery id, the same on every attempt of one post: a receiver's dedup key. */
    public static final String DELIVERY = "Dicehall-Delivery";
    /** The header carrying the timestamp signed, in seconds since 1970 UTC. */
    public static final String TIMESTAMP = "Dicehall-Timestamp";

    private Signatures() {
    }

    /** @return the header's value: {@code t=<timestamp>,v1=<hex HMAC-SHA256 of "timestamp.body">} */
    public static String sign(String secret, long timestamp, String body) {
        return "t=" + timestamp + ",v1=" + HexFormat.of().formatHex(hmac(secret, timestamp + "." + body));
    }

    /** @return whether a header's value is the right signature of this body at this timestamp (constant time) */
    public static boolean verify(String secret, long timestamp, String body, String header) {
        byte[] expected = sign(secret, timestamp, body).getBytes(StandardCharsets.US_ASCII);
        return header != null && MessageDigest.isEqual(expected, header.getBytes(StandardCharsets.US_ASCII));
    }

    static byte[] hmac(String secret, String text) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return mac.doFinal(text.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }
}
