package io.dicehall.web.webhooks.control;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.startsWith;

import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/** The generic webhook's signature: HMAC-SHA256 over "timestamp.body", checked in constant time. */
class SignaturesTest {

    @Test
    void theHmacIsSha256AsRfc4231Gives() {
        // RFC 4231, test case 2.
        assertThat(HexFormat.of().formatHex(Signatures.hmac("Jefe", "what do ya want for nothing?")),
                is("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"));
    }

    @Test
    void aSignatureCoversTheTimestampAndTheBody() {
        String body = "{\"type\":\"roll\"}";
        String header = Signatures.sign("whsec_x", 1_790_000_000L, body);
        assertThat(header, startsWith("t=1790000000,v1="));
        assertThat(header.substring(header.indexOf("v1=") + 3),
                is(HexFormat.of().formatHex(Signatures.hmac("whsec_x", "1790000000." + body))));
        assertThat(Signatures.verify("whsec_x", 1_790_000_000L, body, header), is(true));
        assertThat("another body", Signatures.verify("whsec_x", 1_790_000_000L, body + " ", header), is(false));
        assertThat("another time", Signatures.verify("whsec_x", 1_790_000_001L, body, header), is(false));
        assertThat("another secret", Signatures.verify("whsec_y", 1_790_000_000L, body, header), is(false));
        assertThat(Signatures.verify("whsec_x", 1_790_000_000L, body, null), is(false));
    }
}
