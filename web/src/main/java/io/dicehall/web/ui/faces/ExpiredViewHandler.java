package io.dicehall.web.ui.faces;

import io.dicehall.api.Text;
import io.dicehall.web.platform.Ids;
import jakarta.faces.FacesException;
import jakarta.faces.application.ProtectedViewException;
import jakarta.faces.application.ViewExpiredException;
import jakarta.faces.context.ExceptionHandler;
import jakarta.faces.context.ExceptionHandlerWrapper;
import jakarta.faces.context.FacesContext;
import jakarta.faces.event.ExceptionQueuedEvent;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Recovers from a page gone stale without anyone doing wrong: a view that expired (the session ended, or
 * too many newer pages pushed it out, or its form was tampered with) is opened afresh at its own address —
 * the same table, the same roll, or the rolling page of the same system, procedure and roll, with a note
 * saying so. The forms carry these as plain hidden fields ({@code dh-table}, {@code dh-system} …) for this.
 * Both work for Ajax requests too (Faces sends the redirect in its partial response). Any other failure
 * of an Ajax request is logged and the visitor is shown the error page, where Faces would otherwise
 * send an error that the page silently ignores in production.
 */
public class ExpiredViewHandler extends ExceptionHandlerWrapper {

    private static final Logger LOG = Logger.getLogger(ExpiredViewHandler.class.getName());

    /** The rolling page. */
    static final String ROLLING = "/roll.xhtml";

    /** @param wrapped the handler for everything else */
    public ExpiredViewHandler(ExceptionHandler wrapped) {
        super(wrapped);
    }

    @Override
    public void handle() {
        FacesContext context = FacesContext.getCurrentInstance();
        Iterator<ExceptionQueuedEvent> events = getUnhandledExceptionQueuedEvents().iterator();
        while (events.hasNext()) {
            Throwable thrown = events.next().getContext().getException();
            ViewExpiredException expired = cause(thrown, ViewExpiredException.class);
            ProtectedViewException unprotected = cause(thrown, ProtectedViewException.class);
            if ((expired != null || unprotected != null) && !context.getResponseComplete()) {
                events.remove();
                redirect(context, expired != null ? reopened(context) : menu(context));
            } else if (context.getPartialViewContext().isAjaxRequest() && !context.getResponseComplete()
                    && !context.getExternalContext().isResponseCommitted()) {
                events.remove();
                LOG.log(Level.SEVERE, "A page request failed", thrown);
                redirect(context, context.getExternalContext().getRequestContextPath() + "/error");
            }
        }
        getWrapped().handle();
    }

    private static <T extends Throwable> T cause(Throwable thrown, Class<T> type) {
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return null;
    }

    /** The rolling page again, for the system, procedure and roll the stale form was about. */
    private static String reopened(FacesContext context) {
        Map<String, String> sent = context.getExternalContext().getRequestParameterMap();
        String table = sent.get("dh-table");
        String path = context.getExternalContext().getRequestContextPath();
        if (Ids.wellFormed(table)) {
            // A table's page: opened again at the table's own address (the session's keys still apply).
            return path + "/tables/" + table;
        }
        String system = sent.get("dh-system");
        String shown = sent.get("dh-roll");
        if (!Text.isKebab(system)) {
            // A roll's own page, or a page we cannot tell: the roll again, else the menu.
            return Ids.wellFormed(shown) ? path + "/rolls/" + shown : menu(context);
        }
        var params = new LinkedHashMap<String, List<String>>();
        params.put("system", List.of(system));
        String procedure = sent.get("dh-procedure");
        if (Text.isKebab(procedure)) {
            params.put("procedure", List.of(procedure));
        }
        if (Ids.wellFormed(shown)) {
            params.put("roll", List.of(shown));
        }
        params.put("expired", List.of("true"));
        LOG.fine(() -> "A rolling page had expired; reopened for " + params);
        return context.getApplication().getViewHandler().getRedirectURL(context, ROLLING, params, false);
    }

    /** The menu, saying why the visitor is there. */
    private static String menu(FacesContext context) {
        var params = new LinkedHashMap<String, List<String>>();
        params.put("notice", List.of("link"));
        return context.getApplication().getViewHandler().getRedirectURL(context, "/index.xhtml", params, false);
    }

    private static void redirect(FacesContext context, String url) {
        try {
            context.getExternalContext().redirect(url);
            context.responseComplete();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (IllegalStateException committed) {
            throw new FacesException("Could not send the visitor to " + url, committed);
        }
    }
}
