package io.dicehall.web.webhooks.control;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Where a webhook may post, the guard against server-side request forgery: {@code https} only (plain
 * {@code http} only where the operator allows it), to hosts on the operator's allow-list, never to a
 * loopback, private, link-local or otherwise non-public address unless the operator allows those. Checked
 * when a webhook is added and again before every post, on every address the host resolves to then.
 * Redirects are never followed ({@link Sender}), so an allowed host cannot send a post elsewhere.
 *
 * @param hosts the hosts allowed, lower case; {@code *} allows any host (the address checks still hold)
 * @param allowPrivate whether loopback, private and link-local addresses are allowed
 * @param allowHttp whether plain {@code http} is allowed
 */
public record Destinations(Set<String> hosts, boolean allowPrivate, boolean allowHttp) {

    /** The longest address a webhook may have. */
    public static final int MAX_URL = 2000;

    /** The hosts allowed unless the operator says otherwise: Discord's and Slack's webhook hosts. */
    public static final String DEFAULT_HOSTS = "discord.com,discordapp.com,ptb.discord.com,canary.discord.com,"
            + "hooks.slack.com";

    /** Resolves a host name to its addresses (the system's resolver, or a test's). */
    @FunctionalInterface
    public interface Resolver {
        List<InetAddress> resolve(String host) throws UnknownHostException;
    }

    /** The system's resolver. */
    public static final Resolver SYSTEM = host -> List.of(InetAddress.getAllByName(host));

    public Destinations {
        hosts = hosts.stream().map(h -> h.strip().toLowerCase(Locale.ROOT)).filter(h -> !h.isEmpty())
                .collect(Collectors.toUnmodifiableSet());
    }

    /** @return the policy of a comma-separated allow-list */
    public static Destinations of(String hosts, boolean allowPrivate, boolean allowHttp) {
        return new Destinations(Set.of(hosts.split(",")), allowPrivate, allowHttp);
    }

    /**
     * The address's form and host, without resolving it.
     *
     * @return the rule it breaks, in words for the GM; empty when it keeps them
     */
    public Optional<String> refusesForm(String url) {
        if (url.length() > MAX_URL) {
            return Optional.of("must be at most " + MAX_URL + " characters");
        }
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            return Optional.of("is not an address: " + e.getReason());
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("https") && !(allowHttp && scheme.equals("http"))) {
            return Optional.of("must start with https:// (webhooks are posted over https only)");
        }
        if (uri.getRawUserInfo() != null) {
            return Optional.of("must not carry a user name or password");
        }
        String host = host(uri);
        if (host == null || host.isEmpty()) {
            return Optional.of("must name a host");
        }
        if (!hosts.contains("*") && !hosts.contains(host)) {
            return Optional.of("must be on a host this server posts to (" + String.join(", ", hosts.stream().sorted()
                    .toList()) + "); " + host + " is not");
        }
        return Optional.empty();
    }

    /**
     * The address's form, its host and every address the host resolves to now.
     *
     * @return the rule it breaks; empty when it keeps them
     * @throws UnknownHostException when the host does not resolve (which may pass: try later)
     */
    public Optional<String> refuses(String url, Resolver resolver) throws UnknownHostException {
        Optional<String> form = refusesForm(url);
        if (form.isPresent() || allowPrivate) {
            return form;
        }
        for (InetAddress address : resolver.resolve(host(URI.create(url)))) {
            String kind = nonPublic(address);
            if (kind != null) {
                return Optional.of("must reach a public address; its host resolves to " + address.getHostAddress()
                        + " (" + kind + ")");
            }
        }
        return Optional.empty();
    }

    /** @return the host in lower case, without an IPv6 literal's brackets; null when there is none */
    static String host(URI uri) {
        String host = uri.getHost();
        if (host == null) {
            return null;
        }
        host = host.toLowerCase(Locale.ROOT);
        return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    }

    /**
     * @return what kind of non-public address it is ({@code loopback}, {@code private}, {@code link-local} …), or
     *     null for a public address
     */
    public static String nonPublic(InetAddress address) {
        if (address.isAnyLocalAddress()) {
            return "unspecified";
        }
        if (address.isLoopbackAddress()) {
            return "loopback";
        }
        if (address.isLinkLocalAddress()) {
            return "link-local";
        }
        if (address.isSiteLocalAddress()) {
            return "private";
        }
        if (address.isMulticastAddress()) {
            return "multicast";
        }
        byte[] b = address.getAddress();
        if (address instanceof Inet4Address) {
            int first = b[0] & 0xff;
            int second = b[1] & 0xff;
            if (first == 0) {
                return "unspecified";
            }
            if (first == 100 && second >= 64 && second < 128) {
                return "private"; // shared address space (carrier-grade NAT), RFC 6598
            }
            if (first == 192 && second == 0 && (b[2] & 0xff) == 0) {
                return "reserved"; // IETF protocol assignments
            }
            if (first == 198 && (second == 18 || second == 19)) {
                return "reserved"; // benchmarking
            }
            if (first >= 240) {
                return "reserved";
            }
            return null;
        }
        if (address instanceof Inet6Address) {
            int first = b[0] & 0xff;
            if ((first & 0xfe) == 0xfc) {
                return "private"; // unique local, fc00::/7
            }
            Inet4Address inner = embedded(b);
            if (inner != null) {
                String kind = nonPublic(inner);
                return kind != null ? kind : null;
            }
        }
        return null;
    }

    /** @return the IPv4 address an IPv6 address carries (compatible, mapped, NAT64, 6to4), or null */
    private static Inet4Address embedded(byte[] b) {
        boolean zeros = true;
        for (int i = 0; i < 10; i++) {
            zeros &= b[i] == 0;
        }
        try {
            if (zeros && ((b[10] == 0 && b[11] == 0) || (b[10] == (byte) 0xff && b[11] == (byte) 0xff))) {
                return (Inet4Address) InetAddress.getByAddress(new byte[] {b[12], b[13], b[14], b[15]});
            }
            if (b[0] == 0x00 && b[1] == 0x64 && b[2] == (byte) 0xff && b[3] == (byte) 0x9b) { // 64:ff9b::/96
                return (Inet4Address) InetAddress.getByAddress(new byte[] {b[12], b[13], b[14], b[15]});
            }
            if (b[0] == 0x20 && b[1] == 0x02) { // 2002::/16
                return (Inet4Address) InetAddress.getByAddress(new byte[] {b[2], b[3], b[4], b[5]});
            }
        } catch (UnknownHostException impossible) {
            throw new IllegalStateException(impossible);
        }
        return null;
    }
}
