package io.dicehall.web.webhooks.boundary;

import io.dicehall.web.tables.boundary.TableCall;
import io.dicehall.web.platform.http.ApiContract;
import io.dicehall.web.platform.http.BoundBody;
import io.dicehall.web.tables.boundary.TableKeys;
import io.dicehall.web.webhooks.boundary.WebhookViews.DeliveryView;
import io.dicehall.web.webhooks.boundary.WebhookViews.TestView;
import io.dicehall.web.webhooks.boundary.WebhookViews.WebhookRequest;
import io.dicehall.web.webhooks.boundary.WebhookViews.WebhookView;
import io.dicehall.web.webhooks.control.Webhooks;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.io.InputStream;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * A table's outgoing webhooks, managed by its GM (the owner key): where the table's rolls are posted (Discord,
 * Slack, or any receiver as signed JSON), a test post, and the latest deliveries. docs/webhooks.md tells what is
 * posted and how.
 */
@Path("tables/{table}/webhooks")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "webhooks")
public class WebhooksResource {

    @Inject
    Webhooks webhooks;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponse(responseCode = "201", description = "The webhook; for a json webhook with its signing secret, shown "
            + "this once", headers = @Header(name = "Location", description = "Its deliveries",
                    schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = WebhookView.class)))
    @Extension(name = ApiContract.KEYS, value = "owner")
    @Extension(name = ApiContract.ERRORS, value = "409")
    @Operation(operationId = "addWebhook", summary = "Add a webhook (owner only)",
            description = "Every roll at the table is posted to it from now on (a secret roll only as \"rolled in "
                    + "secret\"). Refused, naming the field, unless the url is https on a host the server allows and "
                    + "reaches a public address; a table has at most " + Webhooks.MAX_PER_TABLE + " webhooks")
    public Response add(@BeanParam TableCall call,
            @Parameter(hidden = true) @HeaderParam(TableKeys.OWNER_KEY) String ownerKey,
            @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = WebhookRequest.class))) InputStream body,
            @Context UriInfo uri) {
        WebhookRequest request = BoundBody.read(body, WebhookRequest.class);
        String site = uri.getBaseUri().toString().replaceFirst("/api/?$", "");
        Webhooks.Added added = webhooks.add(call.table(), ownerKey, request.kind(), request.url(), site);
        return Response.created(uri.getAbsolutePathBuilder().path(added.webhook().id()).path("deliveries").build())
                .entity(WebhookView.of(added.webhook(), added.secret(), null)).header("Cache-Control", "no-store")
                .build();
    }

    @GET
    @APIResponse(responseCode = "200", description = "The table's webhooks, oldest first, each with its latest delivery",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(type = SchemaType.ARRAY, implementation = WebhookView.class)))
    @Extension(name = ApiContract.KEYS, value = "owner")
    @Operation(operationId = "listWebhooks", summary = "A table's webhooks (owner only)")
    public List<WebhookView> list(@BeanParam TableCall call,
            @Parameter(hidden = true) @HeaderParam(TableKeys.OWNER_KEY) String ownerKey) {
        return webhooks.list(call.table(), ownerKey).stream().map(l -> WebhookView.of(l.webhook(), null,
                l.last())).toList();
    }

    @DELETE
    @Path("{webhook}")
    @APIResponse(responseCode = "204", description = "Deleted: nothing more is posted to it")
    @Extension(name = ApiContract.KEYS, value = "owner")
    @Operation(operationId = "deleteWebhook", summary = "Delete a webhook (owner only)",
            description = "What was still waiting to be posted to it is cancelled")
    public Response delete(@BeanParam TableCall call,
            @Parameter(description = "The webhook's id") @PathParam("webhook") String webhook,
            @Parameter(hidden = true) @HeaderParam(TableKeys.OWNER_KEY) String ownerKey) {
        webhooks.delete(call.table(), ownerKey, webhook);
        return Response.noContent().build();
    }

    @POST
    @Path("{webhook}/test")
    @APIResponse(responseCode = "202", description = "A test post, queued",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = TestView.class)))
    @Extension(name = ApiContract.KEYS, value = "owner")
    @Operation(operationId = "testWebhook", summary = "Send a test post (owner only)",
            description = "A sample post, delivered like a roll's: its outcome shows in the webhook's deliveries")
    public Response test(@BeanParam TableCall call,
            @Parameter(description = "The webhook's id") @PathParam("webhook") String webhook,
            @Parameter(hidden = true) @HeaderParam(TableKeys.OWNER_KEY) String ownerKey) {
        return Response.accepted(new TestView(webhooks.test(call.table(), ownerKey, webhook))).build();
    }

    @GET
    @Path("{webhook}/deliveries")
    @APIResponse(responseCode = "200", description = "Its latest deliveries, newest first (at most "
            + Webhooks.MAX_SHOWN + ")", content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(type = SchemaType.ARRAY, implementation = DeliveryView.class)))
    @Extension(name = ApiContract.KEYS, value = "owner")
    @Operation(operationId = "webhookDeliveries", summary = "A webhook's latest deliveries (owner only)",
            description = "Each post with its state (pending, sending, delivered, failed, cancelled), attempts, the "
                    + "receiver's latest status and why it failed")
    public List<DeliveryView> deliveries(
            @BeanParam TableCall call,
            @Parameter(description = "The webhook's id") @PathParam("webhook") String webhook,
            @Parameter(hidden = true) @HeaderParam(TableKeys.OWNER_KEY) String ownerKey) {
        return webhooks.deliveries(call.table(), ownerKey, webhook).stream().map(DeliveryView::of).toList();
    }
}
