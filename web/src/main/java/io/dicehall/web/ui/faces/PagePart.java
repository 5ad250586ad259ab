package io.dicehall.web.ui.faces;

import jakarta.faces.component.UIComponentBase;

/**
 * What Dicehall's own components of a page share ({@link Flush}, {@link Aside}, {@link Later}): their family, and
 * that each draws what it holds itself, or nothing.
 */
public abstract class PagePart extends UIComponentBase {

    @Override
    public String getFamily() {
        return "io.dicehall";
    }

    @Override
    public boolean getRendersChildren() {
        return true;
    }
}
