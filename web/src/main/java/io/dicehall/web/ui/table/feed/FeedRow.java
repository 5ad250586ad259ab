package io.dicehall.web.ui.table.feed;

import io.dicehall.web.platform.Ids;
import io.dicehall.web.ui.roll.RollCard;
import jakarta.enterprise.context.RequestScoped;
import jakarta.faces.context.ExternalContext;
import jakarta.faces.context.FacesContext;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.util.Map;

/**
 * One row of a table's feed, on its own ({@code /tables/{id}/rows/{seq}}, the page {@code row.xhtml}): what a
 * page fetches when a push says a roll was made or changed. It is a small page that keeps no state, so it costs
 * a fraction of asking the table page itself; the row reads exactly as the table page would draw it, for this
 * browser (its keys decide what it may see). A row this browser may still play is not drawn here
 * ({@link #isOwnView()}): its moves need the table page's forms, so the page asks for it there.
 */
@Named
@RequestScoped
public class FeedRow {

    @Inject
    FeedCards feed;

    private String tableId;
    private RollCard card;

    /** Reads the row the address names; answers 404 when there is no such table or roll for this browser. */
    public void open() {
        ExternalContext external = FacesContext.getCurrentInstance().getExternalContext();
        Map<String, String> params = external.getRequestParameterMap();
        external.setResponseHeader("Cache-Control", "no-store");
        String id = params.get("t");
        long seq = seq(params.get("seq"));
        FeedCards.At at = id != null && Ids.wellFormed(id) && seq > 0 ? feed.at(id) : null;
        card = at == null ? null : feed.card(at, seq, (int) Math.min(Integer.MAX_VALUE, Math.max(0, seq(params.get("since")))));
        tableId = id;
        if (card == null) {
            external.setResponseStatus(404);
        }
    }

    private static long seq(String text) {
        try {
            return text == null ? -1 : Long.parseLong(text);
        } catch (NumberFormatException malformed) {
            return -1;
        }
    }

    /** @return the roll as this browser may see it, or null */
    public RollCard getCard() {
        return card;
    }

    /** @return whether this browser may still play the roll: the table page draws that row itself */
    public boolean isOwnView() {
        return card != null && card.isPlayable();
    }

    /** @return false: a row on its own is never the roll shown beside the page's form */
    public boolean beside(RollCard shown) {
        return false;
    }

    /** @return whether this browser may end the roll's open moves (the GM) */
    public boolean mayEnd(RollCard shown) {
        return feed.mayEnd(tableId, shown);
    }

    /** @return whether this browser may show the hidden roll to everyone (its roller, or the GM) */
    public boolean mayReveal(RollCard shown) {
        return feed.mayReveal(tableId, shown);
    }
}
