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
    }

    /** {@code <dh:dice state="…"/>}: a roll's dice in their labelled groups, and the legend of their verdicts. */
    @FacesComponent(Dice.TYPE)
    public static class Dice extends Drawing {

        /** The component's type, as the tag library names it. */
        public static final String TYPE = "io.dicehall.Dice";

        @Override
        void draw(DiceMarkup markup) throws IOException {
            markup.dice((StateView) getAttributes().get("state"));
        }
    }

    /** {@code <dh:mini-dice state="…"/>}: a feed row's dice, small, in one list. */
    @FacesComponent(MiniDice.TYPE)
    public static class MiniDice extends Drawing {

        /** The component's type, as the tag library names it. */
        public static final String TYPE = "io.dicehall.MiniDice";

        @Override
        void draw(DiceMarkup markup) throws IOException {
            markup.mini((StateView) getAttributes().get("state"));
        }
    }

    /** {@code <dh:face die="…" styleClass="…" decorative="…"/>}: one die's face in SVG. */
    @FacesComponent(Face.TYPE)
    public static class Face extends Drawing {

        /** The component's type, as the tag library names it. */
        public static final String TYPE = "io.dicehall.Face";

        @Override
        void draw(DiceMarkup markup) throws IOException {
            Object decorative = getAttributes().get("decorative");
            markup.face((DieView) getAttributes().get("die"), (String) getAttributes().get("styleClass"),
                    Boolean.TRUE.equals(decorative) || "true".equals(decorative));
        }
    }
}
