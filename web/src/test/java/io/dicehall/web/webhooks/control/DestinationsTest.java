package io.dicehall.web.webhooks.control;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.nullValue;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Where a webhook may post: https, allowed hosts, public addresses only unless the operator says otherwise. */
class DestinationsTest {

    private static final Destinations DEFAULTS = Destinations.of(Destinations.DEFAULT_HOSTS, false, false);

    private static InetAddress ip(String literal) throws UnknownHostException {
        return InetAddress.getByName(literal); // a literal: never a lookup
    }

    @ParameterizedTest
    @CsvSource({
        "127.0.0.1, loopback", "127.9.9.9, loopback", "::1, loopback",
        "10.0.0.1, private", "172.16.0.1, private", "172.31.255.255, private", "192.168.1.1, private",
        "100.64.0.1, private", "fc00::1, private", "fd12:3456::1, private",
        "169.254.169.254, link-local", "fe80::1, link-local",
        "0.0.0.0, unspecified", "::, unspecified", "0.1.2.3, unspecified",
        "224.0.0.1, multicast", "ff02::1, multicast", "240.0.0.1, reserved", "198.18.0.1, reserved",
        "::ffff:127.0.0.1, loopback", "::ffff:10.1.2.3, private", "64:ff9b::a9fe:a9fe, link-local",
        "2002:c0a8:0101::1, private", "::127.0.0.1, loopback"})
    void nonPublicAddressesAreNamed(String address, String kind) throws Exception {
        assertThat(address, Destinations.nonPublic(ip(address)), is(kind));
    }

    @ParameterizedTest
    @ValueSource(strings = {"1.1.1.1", "162.159.128.233", "172.32.0.1", "100.128.0.1", "2606:4700::1111",
        "::ffff:8.8.8.8", "2002:0808:0808::1"})
    void publicAddressesPass(String address) throws Exception {
        assertThat(address, Destinations.nonPublic(ip(address)), nullValue());
    }

    @Test
    void onlyHttpsToAnAllowedHost() {
        assertThat(DEFAULTS.refusesForm("https://discord.com/api/webhooks/1/abc"), is(Optional.empty()));
        assertThat(DEFAULTS.refusesForm("https://DISCORD.com/api/webhooks/1/abc"), is(Optional.empty()));
        assertThat(DEFAULTS.refusesForm("https://hooks.slack.com/services/T/B/x"), is(Optional.empty()));
        assertThat(DEFAULTS.refusesForm("http://discord.com/api/webhooks/1/abc").orElseThrow(),
                containsString("https"));
        assertThat(DEFAULTS.refusesForm("ftp://discord.com/x").orElseThrow(), containsString("https"));
        assertThat(DEFAULTS.refusesForm("https://evil.example/api").orElseThrow(),
                containsString("evil.example is not"));
        assertThat("a look-alike host", DEFAULTS.refusesForm("https://discord.com.evil.example/x").isPresent(), is(true));
        assertThat(DEFAULTS.refusesForm("https://user:pw@discord.com/x").orElseThrow(), containsString("user name"));
        assertThat(DEFAULTS.refusesForm("https:///nohost").orElseThrow(), containsString("host"));
        assertThat(DEFAULTS.refusesForm("not a url at all").orElseThrow(), containsString("not an address"));
        assertThat(DEFAULTS.refusesForm("https://discord.com/" + "x".repeat(2000)).orElseThrow(),
                containsString("at most"));
        assertThat(DEFAULTS.refusesForm("https://127.0.0.1/x").orElseThrow(), containsString("127.0.0.1 is not"));
    }

    @Test
    void anAllowedHostThatResolvesToAPrivateAddressIsRefused() throws Exception {
        Destinations any = Destinations.of("*", false, false);
        assertThat(any.refuses("https://internal.example/x", host -> List.of(ip("203.0.113.9"), ip("10.0.0.7")))
                .orElseThrow(), containsString("10.0.0.7 (private)"));
        assertThat(any.refuses("https://[::1]:8443/x", host -> List.of(ip(host))).orElseThrow(),
                containsString("loopback"));
        assertThat(any.refuses("https://169.254.169.254/latest/meta-data", host -> List.of(ip(host))).orElseThrow(),
                containsString("link-local"));
        assertThat(any.refuses("https://public.example/x", host -> List.of(ip("93.184.216.34"))), is(Optional.empty()));
    }

    @Test
    void theOperatorMayAllowLoopbackAndHttpForTests() throws Exception {
        Destinations local = Destinations.of("127.0.0.1", true, true);
        assertThat(local.refuses("http://127.0.0.1:8080/hook", host -> List.of(ip(host))), is(Optional.empty()));
        assertThat("still only the hosts listed", local.refusesForm("http://localhost:8080/hook").isPresent(), is(true));
        Destinations httpsOnly = Destinations.of("127.0.0.1", true, false);
        assertThat(httpsOnly.refusesForm("http://127.0.0.1:8080/hook").isPresent(), is(true));
    }
}
