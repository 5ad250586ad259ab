package io.dicehall.web.ui.faces;

import jakarta.faces.component.FacesComponent;
import jakarta.faces.context.FacesContext;
import java.io.IOException;

/**
 * {@code <dh:flush/>}: sends what a page has written so far, so that the browser can read the first parts of an
 * answer while the rest is drawn. A roll's answer at a table sends its card and its row this way before its moves,
 * which cost most of the answer to draw. An answer held back whole (a page whose policy names its inline scripts)
 * is not sent early; nothing else changes. Its {@code sent} attribute, when given, is run once the first parts have
 * left: a roll's answer pushes the roll to the table's other pages then. Its {@code before} attribute, when
 * given, is run before anything leaves: a roll's answer waits there for the roll to be on disk. Its {@code mark} names
 * the point for {@link PageTiming} ({@code sent} unless given).
 */
@FacesComponent(Flush.TYPE)
public class Flush extends PagePart {

    /** The component's type, as the tag library names it. */
    public static final String TYPE = "io.dicehall.Flush";

    @Override
    public void encodeEnd(FacesContext context) throws IOException {
        if (getAttributes().get("before") instanceof Runnable before) {
            before.run();
        }
        context.getResponseWriter().flush();
        context.getExternalContext().responseFlushBuffer();
        Object mark = getAttributes().get("mark");
        PageTiming.mark(context.getExternalContext().getRequest(), mark == null ? "sent" : String.valueOf(mark));
        if (getAttributes().get("sent") instanceof Runnable sent) {
            sent.run();
        }
    }
}
