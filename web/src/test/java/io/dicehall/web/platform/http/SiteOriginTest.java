package io.dicehall.web.platform.http;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A page of this site is one of this server's own address, or of an origin configured, alone. */
class SiteOriginTest {

    @Test
    void theServersOwnAddressIsItsOrigin() {
        assertThat(SiteOrigin.sameOrigin("http://127.0.0.1:8080", "127.0.0.1:8080", List::of), is(true));
        assertThat(SiteOrigin.sameOrigin("https://Dice.Example.org", "dice.example.org", List::of), is(true));
        assertThat(SiteOrigin.sameOrigin("https://dice.example.org:443", "dice.example.org", List::of),
                is(true));
        assertThat(SiteOrigin.sameOrigin("http://[::1]:8080", "[::1]:8080", List::of), is(true));
    }

    @Test
    void anotherSiteOrPortIsForeign() {
        assertThat(SiteOrigin.sameOrigin("https://evil.example", "dice.example.org", List::of), is(false));
        assertThat(SiteOrigin.sameOrigin("http://127.0.0.1:9999", "127.0.0.1:8080", List::of), is(false));
        assertThat(SiteOrigin.sameOrigin("http://dice.example.org.evil.example", "dice.example.org",
                List::of), is(false));
        assertThat(SiteOrigin.sameOrigin("null", "dice.example.org", List::of), is(false));
        assertThat(SiteOrigin.sameOrigin("http://127.0.0.1:8080", null, List::of), is(false));
    }

    @Test
    void aConfiguredOriginIsAllowed() {
        assertThat(SiteOrigin.sameOrigin("https://dice.example.org", "10.0.0.5:8080",
                () -> List.of("https://dice.example.org/")), is(true));
        assertThat(SiteOrigin.sameOrigin("https://other.example.org", "10.0.0.5:8080",
                () -> List.of("https://dice.example.org")), is(false));
    }

    @Test
    void aPlayOrAWordFromAPageNeedsTheSameOriginAsTheSocketAndMayNameNone() {
        List<String> proxy = List.of("https://dice.example.org");
        assertThat("behind a proxy that rewrites Host, its configured origin plays as its socket opens",
                SiteOrigin.ofThisSite("https://dice.example.org", "10.0.0.5:8080", () -> proxy), is(true));
        assertThat(SiteOrigin.ofThisSite("https://evil.example", "10.0.0.5:8080", () -> proxy), is(false));
        assertThat("a request naming no origin is no other site's page", SiteOrigin.ofThisSite(null, "h:1", () -> proxy),
                is(true));
        assertThat(SiteOrigin.ofThisSite("", "h:1", List::of), is(true));
        assertThat(SiteOrigin.ofThisSite("http://h:2", "h:1", List::of), is(false));
        assertThat("the address the browser asked for reads no setting", SiteOrigin.ofThisSite("http://h:1", "h:1",
                () -> {
                    throw new AssertionError("the setting was read");
                }), is(true));
    }
}
