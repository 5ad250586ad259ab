package io.dicehall.web.ui.faces;

import jakarta.faces.component.FacesComponent;
import jakarta.faces.component.UIComponent;
import jakarta.faces.context.FacesContext;
import jakarta.faces.context.ResponseWriter;
import java.io.IOException;
import java.io.StringWriter;
import java.util.Map;

/**
 * {@code <dh:aside key="…" into="…">}: draws what it holds as the page would, but into a string put in the map
 * {@code into} under {@code key}, not into the answer. A roll's answer at a table draws this way the roll's row as
 * the other members see it, for the push that tells them of the roll.
 */
@FacesComponent(Aside.TYPE)
public class Aside extends PagePart {

    /** The component's type, as the tag library names it. */
    public static final String TYPE = "io.dicehall.Aside";

    @Override
    @SuppressWarnings("unchecked")
    public void encodeChildren(FacesContext context) throws IOException {
        ResponseWriter answer = context.getResponseWriter();
        StringWriter drawn = new StringWriter();
        context.setResponseWriter(answer.cloneWithWriter(drawn));
        try {
            for (UIComponent child : getChildren()) {
                child.encodeAll(context);
            }
            context.getResponseWriter().flush();
        } finally {
            context.setResponseWriter(answer);
        }
        if (getAttributes().get("into") instanceof Map<?, ?> into) {
            ((Map<String, String>) into).put(String.valueOf(getAttributes().get("key")), drawn.toString());
        }
    }
}
