package io.dicehall.web.ui.faces;

import jakarta.faces.component.FacesComponent;
import jakarta.faces.component.UIComponent;
import jakarta.faces.component.UIViewRoot;
import jakarta.faces.context.FacesContext;
import java.io.IOException;

/**
 * {@code <dh:later view="/WEB-INF/parts/….xhtml"/>}: a part of the page built only when it is drawn. Facelets builds
 * a page's whole tree before it draws any of it; what this tag names is built into a tree of its own and drawn
 * where the tag stands, so that what comes before it (a roll's card, sent with {@code <dh:flush/>}) waits for none
 * of its building. The page's own view stays the current one throughout: its beans, the view-scoped ones too, are
 * the part's (making the part's tree the current view would end them).
 */
@FacesComponent(Later.TYPE)
public class Later extends PagePart {

    /** The component's type, as the tag library names it. */
    public static final String TYPE = "io.dicehall.Later";

    @Override
    public void encodeChildren(FacesContext context) throws IOException {
        String viewId = String.valueOf(getAttributes().get("view"));
        UIViewRoot part = (UIViewRoot) context.getApplication().createComponent(UIViewRoot.COMPONENT_TYPE);
        part.setViewId(viewId);
        part.setLocale(context.getViewRoot().getLocale());
        part.setTransient(true);
        context.getApplication().getViewHandler().getViewDeclarationLanguage(context, viewId).buildView(context, part);
        for (UIComponent child : part.getChildren()) {
            child.encodeAll(context);
        }
    }
}
