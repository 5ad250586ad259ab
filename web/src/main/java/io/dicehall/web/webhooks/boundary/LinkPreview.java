package io.dicehall.web.webhooks.boundary;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Named;
import java.util.ResourceBundle;

/**
 * The words of a link preview (Open Graph, {@code WEB-INF/includes/preview.xhtml}): what a chat shows of a link to
 * a table or to a roll, so that a pasted link unfurls into a readable card.
 */
@Named
@ApplicationScoped
public class LinkPreview {

    private static final String BUNDLE = "io.dicehall.web.webhooks.boundary.webhooks";

    /** @return what a table's page is, in a sentence */
    public String table() {
        return ResourceBundle.getBundle(BUNDLE).getString("preview.table");
    }

    /** @return a roll's procedure and outcome, then what the outcome means (if anything) */
    public String roll(String outcome, String procedure, String meaning) {
        String told = ResourceBundle.getBundle(BUNDLE).getString("preview.roll").replace("{procedure}",
                procedure == null ? "" : procedure).replace("{outcome}", outcome == null ? "" : outcome);
        return meaning == null || meaning.isBlank() ? told : told + " " + meaning.strip();
    }
}
