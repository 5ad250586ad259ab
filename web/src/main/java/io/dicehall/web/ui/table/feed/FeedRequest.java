package io.dicehall.web.ui.table.feed;

import io.dicehall.web.platform.http.SiteOrigin;
import jakarta.faces.context.ExternalContext;
import jakarta.faces.context.FacesContext;
import java.util.List;

/**
 * What the table page's script sends with its requests about the feed, and what an answer draws again: the row
 * it prepared for a new roll ({@value #CLAIM}), the roll a row's button named ({@value #SEQ}).
 */
final class FeedRequest {

    /** The request parameter naming the placeholder row the page prepared for a new roll. */
    static final String CLAIM = "dh-claim";

    /** The request parameter naming the roll a push was about, by its number at the table. */
    static final String SEQ = "dh-seq";

    private FeedRequest() {
    }

    /** @return the id of the row this request prepared for a new roll, or null */
    static String claim() {
        FacesContext context = FacesContext.getCurrentInstance();
        String claim = context == null ? null : context.getExternalContext().getRequestParameterMap().get(CLAIM);
        return claim == null || claim.isEmpty() ? null : claim;
    }

    /** @return the roll number a row's button named ({@value #SEQ}), or null */
    static Long seq() {
        return whole(param(SEQ));
    }

    /** Draws these client ids again in the answer to an Ajax request. */
    static void render(String... ids) {
        FacesContext context = FacesContext.getCurrentInstance();
        if (context != null && context.getPartialViewContext().isAjaxRequest()) {
            context.getPartialViewContext().getRenderIds().addAll(List.of(ids));
        }
    }

    /**
     * Refuses a play that may not be made here, answering 404 (no such table), 405 (not a {@code POST}) or 403 (posted
     * by a page of another site, as the pages' websocket tells one: {@link SiteOrigin}), and nothing more.
     *
     * @return whether it was refused
     */
    static boolean refused(ExternalContext external, boolean tableFound) {
        var request = (jakarta.servlet.http.HttpServletRequest) external.getRequest();
        int refused = !tableFound ? 404 : !"POST".equals(request.getMethod()) ? 405
                : !SiteOrigin.ofThisSite(request) ? 403 : 0;
        if (refused == 405) {
            external.setResponseHeader("Allow", "POST");
        }
        if (refused != 0) {
            external.setResponseStatus(refused);
            FacesContext.getCurrentInstance().responseComplete();
        }
        return refused != 0;
    }

    /** @return this request, as the servlet container has it */
    static jakarta.servlet.http.HttpServletRequest request() {
        return (jakarta.servlet.http.HttpServletRequest) external().getRequest();
    }

    /** @return this request's side of the servlet container */
    static ExternalContext external() {
        return FacesContext.getCurrentInstance().getExternalContext();
    }

    /** @return a request parameter's value, or null */
    static String param(String name) {
        return external().getRequestParameterMap().get(name);
    }

    /** @return a whole number as a request gave it; -1 when it is missing or not one */
    static long number(String text) {
        Long number = whole(text);
        return number == null ? -1 : number;
    }

    /** @return a whole number as a request gave it, or null when it is missing or not one */
    private static Long whole(String text) {
        try {
            return text == null ? null : Long.valueOf(text);
        } catch (NumberFormatException malformed) {
            return null;
        }
    }
}
