package io.dicehall.web.webhooks.boundary;

import io.dicehall.web.platform.Refusal;
import io.dicehall.web.ui.faces.Addresses;
import io.dicehall.web.ui.table.TableKeys;
import io.dicehall.web.ui.table.TablePage;
import io.dicehall.web.webhooks.control.Webhooks;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import java.util.List;

/**
 * The table page's webhooks section, for the GM (the owner key this browser holds): add a webhook, send a
 * test post, see each one's latest deliveries, delete it. A small adapter over {@link Webhooks}; the page
 * reads its rows through getters (Faces cannot read records).
 */
@Named
@ViewScoped
public class TableWebhooks implements Serializable {

    private static final long serialVersionUID = 1L;
    /** The deliveries shown per webhook. */
    static final int SHOWN = 5;

    @Inject
    Webhooks webhooks;

    @Inject
    TablePage page;

    @Inject
    TableKeys keys;

    private String kind = "discord";
    private String url;
    private String secret;
    private String message;
    private String problem;
    private transient List<Row> rows;

    /** One webhook as the page shows it. */
    public static final class Row implements Serializable {
        private static final long serialVersionUID = 1L;
        private final String id;
        private final String kind;
        private final String url;
        private final List<Line> deliveries;

        Row(String id, String kind, String url, List<Line> deliveries) {
            this.id = id;
            this.kind = kind;
            this.url = url;
            this.deliveries = deliveries;
        }

        public String getId() {
            return id;
        }

        public String getKind() {
            return kind;
        }

        public String getUrl() {
            return url;
        }

        public List<Line> getDeliveries() {
            return deliveries;
        }
    }

    /** One delivery as the page shows it. */
    public static final class Line implements Serializable {
        private static final long serialVersionUID = 1L;
        private final WebhookViews.DeliveryView view;

        Line(WebhookViews.DeliveryView view) {
            this.view = view;
        }

        public String getKind() {
            return view.kind();
        }

        public String getState() {
            return view.state();
        }

        public int getAttempts() {
            return view.attempts();
        }

        public String getStatus() {
            return view.lastStatus() == null ? "" : view.lastStatus().toString();
        }

        public String getError() {
            return view.lastError() == null ? "" : view.lastError();
        }

        public String getAt() {
            return view.createdAt();
        }
    }

    private String table() {
        return page.getId();
    }

    private String ownerKey() {
        return keys.ownerKey(table());
    }

    /** @return the table's webhooks with their latest deliveries */
    public List<Row> getRows() {
        if (rows == null) {
            try {
                rows = webhooks.list(table(), ownerKey()).stream().map(l -> new Row(l.webhook().id(),
                        l.webhook().kind().word(), WebhookViews.shown(l.webhook().url()),
                        webhooks.deliveries(table(), ownerKey(), l.webhook().id()).stream().limit(SHOWN)
                                .map(d -> new Line(WebhookViews.DeliveryView.of(d))).toList())).toList();
            } catch (Refusal e) {
                problem = e.detail();
                rows = List.of();
            }
        }
        return rows;
    }

    /** Adds the webhook in the form; a generic one's secret is shown once. */
    public void add() {
        clear();
        try {
            Webhooks.Added added = webhooks.add(table(), ownerKey(), kind, url == null ? "" : url.strip(),
                    Addresses.absolute(""));
            secret = added.secret();
            url = null;
            message = "webhooks.added";
        } catch (Refusal e) {
            problem = e.detail();
        }
    }

    /** Queues a test post to one webhook. */
    public void test(String webhookId) {
        clear();
        try {
            webhooks.test(table(), ownerKey(), webhookId);
            message = "webhooks.tested";
        } catch (Refusal e) {
            problem = e.detail();
        }
    }

    /** Deletes one webhook. */
    public void delete(String webhookId) {
        clear();
        try {
            webhooks.delete(table(), ownerKey(), webhookId);
            message = "webhooks.deleted";
        } catch (Refusal e) {
            problem = e.detail();
        }
    }

    /** Reads the deliveries again. */
    public void refresh() {
        clear();
    }

    private void clear() {
        rows = null;
        secret = null;
        message = null;
        problem = null;
    }

    public String getKind() {
        return kind;
    }

    public void setKind(String kind) {
        this.kind = kind;
    }

    public String getUrl() {
        return url;
    }

    public void setUrl(String url) {
        this.url = url;
    }

    /** @return the secret of the webhook just added, or null */
    public String getSecret() {
        return secret;
    }

    /** @return the key of what was just done, in the section's bundle, or null */
    public String getMessage() {
        return message;
    }

    /** @return why the last action was refused, or null */
    public String getProblem() {
        return problem;
    }
}
