package io.dicehall.web.platform.http;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The websocket's handshake is accepted from this server's own pages, and from the origins configured, alone. */
class PushHandshakeFilterTest {

    @Test
    void theServersOwnAddressIsItsOrigin() {
        assertThat(PushHandshakeFilter.sameOrigin("http://127.0.0.1:8080", "127.0.0.1:8080", List.of()), is(true));
        assertThat(PushHandshakeFilter.sameOrigin("https://Dice.Example.org", "dice.example.org", List.of()), is(true));
        assertThat(PushHandshakeFilter.sameOrigin("https://dice.example.org:443", "dice.example.org", List.of()),
                is(true));
        assertThat(PushHandshakeFilter.sameOrigin("http://[::1]:8080", "[::1]:8080", List.of()), is(true));
    }

    @Test
    void anotherSiteOrPortIsForeign() {
        assertThat(PushHandshakeFilter.sameOrigin("https://evil.example", "dice.example.org", List.of()), is(false));
        assertThat(PushHandshakeFilter.sameOrigin("http://127.0.0.1:9999", "127.0.0.1:8080", List.of()), is(false));
        assertThat(PushHandshakeFilter.sameOrigin("http://dice.example.org.evil.example", "dice.example.org",
                List.of()), is(false));
        assertThat(PushHandshakeFilter.sameOrigin("null", "dice.example.org", List.of()), is(false));
        assertThat(PushHandshakeFilter.sameOrigin("http://127.0.0.1:8080", null, List.of()), is(false));
    }

    @Test
    void aConfiguredOriginIsAllowed() {
        assertThat(PushHandshakeFilter.sameOrigin("https://dice.example.org", "10.0.0.5:8080",
                List.of("https://dice.example.org/")), is(true));
        assertThat(PushHandshakeFilter.sameOrigin("https://other.example.org", "10.0.0.5:8080",
                List.of("https://dice.example.org")), is(false));
    }
}
