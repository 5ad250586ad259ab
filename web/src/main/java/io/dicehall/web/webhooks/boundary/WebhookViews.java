package io.dicehall.web.webhooks.boundary;

import io.dicehall.web.tables.boundary.TableViews;
import io.dicehall.web.webhooks.control.Destinations;
import io.dicehall.web.webhooks.entity.Delivery;
import io.dicehall.web.webhooks.entity.Webhook;
import io.dicehall.web.platform.http.BoundBody;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.net.URI;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** What the webhooks API reads and answers. */
public final class WebhookViews {

    private WebhookViews() {
    }

    /** The kinds of webhook, as the API names them. */
    @Schema(name = "WebhookKind", type = SchemaType.STRING, enumeration = {"discord", "slack", "json"},
            description = "discord (Discord's execute-webhook), slack (Slack's incoming webhook) or json (the roll as "
                    + "the API shows it, signed with HMAC-SHA256)")
    public interface KindSchema {
    }

    /**
     * A webhook to add.
     *
     * @param kind what its receiver expects
     * @param url where it posts
     */
    @Schema(name = "WebhookRequest", description = "A webhook to add", requiredProperties = {"kind", "url"},
            additionalProperties = Schema.False.class)
    public record WebhookRequest(@Schema(implementation = KindSchema.class)
            @NotNull(message = BoundBody.REQUIRED) @Size(min = 1, max = KIND_MAX, message = BoundBody.TEXT_SIZE)
            String kind,
            @Schema(description = "Where it posts: https, on a host the server allows (by default Discord's and Slack's "
                    + "webhook hosts)")
            @NotNull(message = BoundBody.REQUIRED)
            @Size(min = 1, max = Destinations.MAX_URL, message = BoundBody.TEXT_SIZE) String url) {

        /** The longest kind read. */
        public static final int KIND_MAX = 20;
    }

    /**
     * A webhook as its GM sees it.
     *
     * @param url its address, shortened so that the token in it is not shown again
     * @param secret the generic kind's signing secret: only in the answer that added it
     * @param lastDelivery its latest delivery, or null
     */
    @Schema(name = "Webhook", description = "One of a table's webhooks")
    public record WebhookView(String id, @Schema(implementation = KindSchema.class) String kind,
            @Schema(description = "Its address, its token hidden") String url,
            @Schema(description = "When it was added, UTC", format = "date-time") String createdAt,
            @Schema(description = "The signing secret (json webhooks): only in the answer that added it") String secret,
            @Schema(description = "Its latest delivery") DeliveryView lastDelivery) {

        static WebhookView of(Webhook hook, String secret, Delivery last) {
            return new WebhookView(hook.id(), hook.kind().word(), shown(hook.url()), TableViews.utc(hook.createdAt()),
                    secret, last == null ? null : DeliveryView.of(last));
        }
    }

    /** @return the address up to its host and the first part of its path, then its last four characters */
    static String shown(String url) {
        URI uri = URI.create(url);
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        String tail = url.length() > 4 ? url.substring(url.length() - 4) : "";
        return uri.getScheme() + "://" + uri.getRawAuthority() + (path.length() > 12 ? path.substring(0, 12) + "…" + tail
                : path);
    }

    /**
     * One post to a webhook, as its GM sees it.
     *
     * @param state pending, sending, delivered, failed or cancelled
     */
    @Schema(name = "WebhookDelivery", description = "One post to a webhook")
    public record DeliveryView(@Schema(description = "The id the receiver is told, the same on every attempt") String id,
            @Schema(enumeration = {"roll", "test"}) String kind,
            @Schema(description = "The roll posted; absent for a test post") String roll,
            @Schema(enumeration = {Delivery.PENDING, Delivery.SENDING, Delivery.DELIVERED, Delivery.FAILED,
                    Delivery.CANCELLED}) String state,
            @Schema(description = "How many posts were tried") int attempts,
            @Schema(description = "The receiver's latest HTTP status") Integer lastStatus,
            @Schema(description = "Why the latest attempt failed, or why it was given up") String lastError,
            @Schema(description = "When it was queued, UTC", format = "date-time") String createdAt,
            @Schema(description = "When it is tried next (pending), UTC", format = "date-time") String nextAt,
            @Schema(description = "When it was delivered, given up or cancelled, UTC", format = "date-time")
            String doneAt) {

        static DeliveryView of(Delivery d) {
            return new DeliveryView(d.id(), d.test() ? "test" : "roll", d.rollId(), d.state(), d.attempts(),
                    d.lastStatus(), d.lastError(), TableViews.utc(d.createdAt()),
                    Delivery.PENDING.equals(d.state()) ? TableViews.utc(d.nextAt()) : null,
                    d.doneAt() == null ? null : TableViews.utc(d.doneAt()));
        }
    }

    /** A test post queued. */
    @Schema(name = "WebhookTest", description = "A test post, queued: its outcome shows in the webhook's deliveries")
    public record TestView(@Schema(description = "The test post's delivery id") String deliveryId) {
    }
}
