package io.dicehall.web.ui.faces;

import jakarta.faces.application.ViewHandler;
import jakarta.faces.component.FacesComponent;
import jakarta.faces.component.UIComponent;
import jakarta.faces.component.UIViewRoot;
import jakarta.faces.context.FacesContext;
import java.io.IOException;

/**
 * {@code <dh:later view="/WEB-INF/parts/….xhtml"/>}: a part of the page built only when it is drawn. Facelets builds
 * a page's whole tree before it draws any of it; what this tag names is built (as a view of its own, sharing the
 * request's beans) and drawn where the tag stands, so that what comes before it (a roll's card, sent with
 * {@code <dh:flush/>}) waits for none of its building.
 */
@FacesComponent(Later.TYPE)
public class Later extends PagePart {

    /** The component's type, as the tag library names it. */
    public static final String TYPE = "io.dicehall.Later";

    @Override
    public void encodeChildren(FacesContext context) throws IOException {
        String viewId = String.valueOf(getAttributes().get("view"));
        ViewHandler views = context.getApplication().getViewHandler();
        UIViewRoot page = context.getViewRoot();
        UIViewRoot part = views.createView(context, viewId);
        part.setTransient(true);
        context.setViewRoot(part);
        try {
            views.getViewDeclarationLanguage(context, viewId).buildView(context, part);
            for (UIComponent child : part.getChildren()) {
                child.encodeAll(context);
            }
        } finally {
            context.setViewRoot(page);
        }
    }
}
