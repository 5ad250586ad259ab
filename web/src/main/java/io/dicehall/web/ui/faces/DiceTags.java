package io.dicehall.web.ui.faces;

import io.dicehall.web.ui.roll.DieView;
import io.dicehall.web.ui.roll.StateView;
import jakarta.faces.component.FacesComponent;
import jakarta.faces.component.UIComponentBase;
import jakarta.faces.context.FacesContext;
import java.io.IOException;

/** The tags that draw dice ({@link DiceMarkup}): each reads its attributes and draws when the page is written. */
public final class DiceTags {

    private DiceTags() {
    }

    /** What the dice tags share: their family, and no children of their own. */
    abstract static class Drawing extends UIComponentBase {

        @Override
        public String getFamily() {
            return "io.dicehall";
        }

        @Override
        public void encodeEnd(FacesContext context) throws IOException {
            draw(new DiceMarkup(context, this));
        }

        abstract void draw(DiceMarkup markup) throws IOException;

        /** @return whether a flag attribute is set, given as a literal ("true") or by an expression */
        static boolean isTrue(Object flag) {
            return Boolean.TRUE.equals(flag) || "true".equals(flag);
        }
    }

    /**
     * {@code <dh:dice state="…"/>}: a roll's dice in their labelled groups, and the legend of their verdicts;
     * {@code <dh:dice state="…" small="true"/>}: a feed row's dice, small, in one list.
     */
    @FacesComponent(Dice.TYPE)
    public static class Dice extends Drawing {

        /** The component's type, as the tag library names it. */
        public static final String TYPE = "io.dicehall.Dice";

        @Override
        void draw(DiceMarkup markup) throws IOException {
            StateView state = (StateView) getAttributes().get("state");
            if (isTrue(getAttributes().get("small"))) {
                markup.mini(state);
            } else {
                markup.dice(state);
            }
        }
    }

    /** {@code <dh:face die="…" styleClass="…" decorative="…"/>}: one die's face in SVG. */
    @FacesComponent(Face.TYPE)
    public static class Face extends Drawing {

        /** The component's type, as the tag library names it. */
        public static final String TYPE = "io.dicehall.Face";

        @Override
        void draw(DiceMarkup markup) throws IOException {
            markup.face((DieView) getAttributes().get("die"), (String) getAttributes().get("styleClass"),
                    isTrue(getAttributes().get("decorative")));
        }
    }
}
