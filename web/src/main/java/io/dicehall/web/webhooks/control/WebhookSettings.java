package io.dicehall.web.webhooks.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The operator's settings for webhooks (system properties or environment, docs/webhooks.md): where posts may
 * go, how long a post may take, and how failed posts are tried again.
 */
@ApplicationScoped
public class WebhookSettings {

    @Inject
    @ConfigProperty(name = "dicehall.webhooks.hosts", defaultValue = Destinations.DEFAULT_HOSTS)
    String hosts;

    @Inject
    @ConfigProperty(name = "dicehall.webhooks.allow-private", defaultValue = "false")
    boolean allowPrivate;

    @Inject
    @ConfigProperty(name = "dicehall.webhooks.allow-http", defaultValue = "false")
    boolean allowHttp;

    @Inject
    @ConfigProperty(name = "dicehall.webhooks.connect-timeout-millis", defaultValue = "5000")
    long connectMillis;

    @Inject
    @ConfigProperty(name = "dicehall.webhooks.read-timeout-millis", defaultValue = "10000")
    long readMillis;

    @Inject
    @ConfigProperty(name = "dicehall.webhooks.backoff-millis", defaultValue = "2000")
    long backoffMillis;

    @Inject
    @ConfigProperty(name = "dicehall.webhooks.backoff-most-seconds", defaultValue = "600")
    long backoffMostSeconds;

    @Inject
    @ConfigProperty(name = "dicehall.webhooks.give-up-seconds", defaultValue = "21600")
    long giveUpSeconds;

    @Inject
    @ConfigProperty(name = "dicehall.webhooks.poll-millis", defaultValue = "1000")
    long pollMillis;

    @Inject
    @ConfigProperty(name = "dicehall.webhooks.site")
    Optional<String> site;

    /** @return where posts may go */
    public Destinations destinations() {
        return Destinations.of(hosts, allowPrivate, allowHttp);
    }

    /** @return when failed posts are tried again */
    public Backoff backoff() {
        Duration base = Duration.ofMillis(Math.max(1, backoffMillis));
        Duration most = Duration.ofSeconds(Math.max(1, backoffMostSeconds));
        return new Backoff(base, most.compareTo(base) < 0 ? base : most, Duration.ofSeconds(Math.max(0, giveUpSeconds)));
    }

    /** @return the sender, with the timeouts set */
    public Sender sender() {
        return new Sender(Duration.ofMillis(Math.max(1, connectMillis)), Duration.ofMillis(Math.max(1, readMillis)));
    }

    /** @return how long a claim on a delivery holds: well beyond the longest post */
    public Duration lease() {
        return Duration.ofMillis(Math.max(1, connectMillis) + Math.max(1, readMillis)).multipliedBy(2)
                .plusSeconds(10);
    }

    /** @return the longest the worker sleeps between looks at the outbox */
    public Duration poll() {
        return Duration.ofMillis(Math.max(50, pollMillis));
    }

    /** @return the address of the pages set by the operator, if any (else each webhook's own) */
    public Optional<String> site() {
        return site.map(String::strip).filter(s -> !s.isEmpty()).map(s -> s.endsWith("/") ? s.substring(0,
                s.length() - 1) : s);
    }
}
