package io.dicehall.web.webhooks.boundary;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;

import org.junit.jupiter.api.Test;

/** What a chat shows of a link to a table or a roll; and a webhook's address as the GM sees it again. */
class LinkPreviewTest {

    private final LinkPreview preview = new LinkPreview();

    @Test
    void aRollsPreviewTellsTheProcedureTheOutcomeAndWhatItMeans() {
        assertThat(preview.roll("Success", "Overcome", "You get it."), is("Rolled Overcome: Success. You get it."));
        assertThat(preview.roll("Fail", "Check", " "), is("Rolled Check: Fail."));
        assertThat(preview.table(), containsString("table"));
    }

    @Test
    void aWebhooksTokenIsNotShownAgain() {
        String url = "https://discord.com/api/webhooks/123456789/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789";
        String shown = WebhookViews.shown(url);
        assertThat(shown, is("https://discord.com/api/webhook…6789"));
        assertThat(shown, not(containsString("AbCdEf")));
        assertThat(WebhookViews.shown("http://127.0.0.1:8080/x"), is("http://127.0.0.1:8080/x"));
    }
}
