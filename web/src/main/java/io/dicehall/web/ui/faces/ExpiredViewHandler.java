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
 * Recovers from the two ways a page can go stale without anyone doing wrong:
 * <ul>
 *   <li>a view that expired (the session ended, or too many newer pages pushed it out, or its form was
 *       tampered with) is opened afresh on the same system, procedure and roll, with a note saying so;
 *       the forms carry those three as plain hidden fields ({@code dh-system} …) for this;</li>
 *   <li>a rolling page opened without the token only our own links carry (a bookmark, a link from
 *       another site: the protected view's CSRF check) sends the visitor to the menu, with a note.</li>
 * </ul>
 * Both work for Ajax requests too (Faces sends the redirect in its partial response). Any other failure
 * of an Ajax request is logged and the visitor is shown the error page, where Faces would otherwise
 * send an error that the page silently ignores in production.
 */
public class ExpiredViewHandler extends ExceptionHandlerWrapper {

    private static final Logger LOG = Logger.getLogger(ExpiredViewHandler.class.getName());

    /** The rolling page, the only view with forms. */
    static final String ROLLING = "/roll.xhtml";

    /** A table's page. */
    static final String TABLE = "/table.xhtml";

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
        if (Ids.wellFormed(table)) {
            // A table's page: opened again at the same table (the session's keys still apply).
            return context.getApplication().getViewHandler().getRedirectURL(context, TABLE,
                    Map.of("t", List.of(table)), false);
        }
        String system = sent.get("dh-system");
        if (!Text.isKebab(system)) {
            return menu(context);
        }
        var params = new LinkedHashMap<String, List<String>>();
        params.put("system", List.of(system));
        String procedure = sent.get("dh-procedure");
        if (Text.isKebab(procedure)) {
            params.put("procedure", List.of(procedure));
        }
        String roll = sent.get("dh-roll");
        if (Ids.wellFormed(roll)) {
            params.put("roll", List.of(roll));
        }
        params.put("expired", List.of("true"));
        LOG.fine(() -> "A rolling page had expired; reopened for " + params);
        // The view handler adds the protected view's token to the address.
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
