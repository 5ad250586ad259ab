package io.dicehall.web.ui.faces;

import io.dicehall.web.ui.roll.DiceGroupView;
import io.dicehall.web.ui.roll.DieView;
import io.dicehall.web.ui.roll.StateView;
import jakarta.faces.component.UIComponent;
import jakarta.faces.context.FacesContext;
import jakarta.faces.context.ResponseWriter;
import java.io.IOException;
import java.util.ResourceBundle;

/**
 * Draws dice: a roll's dice in their labelled groups with a legend ({@code <dh:dice>}), a row's small dice
 * ({@code <dh:dice small="true">}) and a single face in SVG ({@code <dh:face>}). These are the most repeated markup of a
 * table's answers (a face per die, a pip per spot, twice for a roll: on its card and in its row), so they are
 * written here in one pass rather than by templates that evaluate a dozen expressions and a nested repeat per die.
 * Every text goes through the response writer, which escapes it; a group's label may be a player's own text.
 */
final class DiceMarkup {

    private static final String SVG = "http://www.w3.org/2000/svg";

    private final ResponseWriter out;
    private final UIComponent component;
    private final ResourceBundle msg;

    DiceMarkup(FacesContext context, UIComponent component) {
        this.out = context.getResponseWriter();
        this.component = component;
        this.msg = context.getApplication().getResourceBundle(context, "msg");
    }

    /** A roll's dice in their groups, each die with what it was before a re-roll, and the legend of verdicts. */
    void dice(StateView state) throws IOException {
        if (state.getGroups().isEmpty()) {
            out.startElement("p", component);
            out.writeAttribute("class", "help", null);
            out.writeText(msg.getString("roll.noDice"), null);
            out.endElement("p");
        }
        for (DiceGroupView group : state.getGroups()) {
            out.startElement("div", component);
            out.writeAttribute("class", "dice-group", null);
            out.writeAttribute("role", "group", null);
            out.writeAttribute("aria-label", group.getLabel(), null);
            out.writeAttribute("data-group", group.getId(), null);
            out.startElement("p", component);
            out.writeAttribute("class", "group-label", null);
            out.writeAttribute("aria-hidden", "true", null);
            out.writeText(group.getLabel(), null);
            out.endElement("p");
            out.startElement("ul", component);
            out.writeAttribute("class", "dice-list", null);
            for (DieView die : group.getDice()) {
                out.startElement("li", component);
                die(die);
                out.endElement("li");
            }
            out.endElement("ul");
            out.endElement("div");
        }
        if (!state.getVerdicts().isEmpty()) {
            out.startElement("p", component);
            out.writeAttribute("class", "legend", null);
            out.writeAttribute("aria-hidden", "true", null);
            for (String verdict : state.getVerdicts()) {
                key("key verdict-" + verdict, msg.getString("verdict." + verdict));
            }
            if (state.isAnyFresh()) {
                key("key fresh-key", msg.getString("die.fresh"));
            }
            out.endElement("p");
        }
    }

    /** A row's dice, small and in one list, the ones the latest move brought marked as new. */
    void mini(StateView state) throws IOException {
        out.startElement("ul", component);
        out.writeAttribute("class", "mini-dice", null);
        out.writeAttribute("aria-label", msg.getString("roll.dice"), null);
        for (DieView die : state.getDice()) {
            out.startElement("li", component);
            face(die, die.isFresh() ? "small fresh" : "small", false);
            out.endElement("li");
        }
        out.endElement("ul");
    }

    private void key(String styleClass, String text) throws IOException {
        out.startElement("span", component);
        out.writeAttribute("class", styleClass, null);
        out.writeText(text, null);
        out.endElement("span");
    }

    private void die(DieView die) throws IOException {
        out.startElement("span", component);
        out.writeAttribute("class", "die verdict-" + die.getVerdict() + (die.isRerolled() ? " rerolled" : "")
                + (die.isFresh() ? " fresh" : ""), null);
        out.writeAttribute("data-die", die.getId(), null);
        face(die, null, false);
        if (die.isRerolled()) {
            out.startElement("span", component);
            out.writeAttribute("class", "was", null);
            out.startElement("span", component);
            out.writeAttribute("class", "was-label", null);
            out.writeAttribute("aria-hidden", "true", null);
            out.writeText(msg.getString("die.was"), null);
            out.endElement("span");
            face(die.getPrevious(), "mini previous", true);
            out.endElement("span");
        }
        out.endElement("span");
    }

    /**
     * One face: its outline, then its pips (a d6), its symbol (a Fudge die) or its numeral. A decorative face
     * (beside a text that says the same) is hidden from screen readers; any other is an image named by its text.
     */
    void face(DieView die, String styleClass, boolean decorative) throws IOException {
        out.startElement("svg", component);
        out.writeAttribute("xmlns", SVG, null);
        out.writeAttribute("viewBox", "0 0 100 100", null);
        out.writeAttribute("focusable", "false", null);
        out.writeAttribute("class", "face " + (styleClass == null || styleClass.isBlank() ? "" : styleClass + " ")
                + "verdict-" + die.getVerdict() + " type-" + die.getType(), null);
        if (decorative) {
            out.writeAttribute("aria-hidden", "true", null);
        } else {
            out.writeAttribute("role", "img", null);
            out.writeAttribute("aria-label", die.getAlt(), null);
            out.startElement("title", component);
            out.writeText(die.getAlt(), null);
            out.endElement("title");
        }
        shape("polygon", "class", "body", "points", die.getOutline());
        for (DieView.Pip pip : die.getPips()) {
            shape("circle", "class", "pip", "cx", pip.getX(), "cy", pip.getY(), "r", 8);
        }
        switch (die.getFudge()) {
            case "plus" -> shape("path", "class", "mark", "d", "M50 24 V76 M24 50 H76");
            case "minus" -> shape("path", "class", "mark", "d", "M24 50 H76");
            case "blank" -> shape("circle", "class", "mark blank", "cx", 50, "cy", 50, "r", 12);
            default -> {
                // not a Fudge die
            }
        }
        if (!die.getNumeral().isEmpty()) {
            out.startElement("text", component);
            out.writeAttribute("class", "numeral", null);
            out.writeAttribute("x", 50, null);
            out.writeAttribute("y", die.getNumeralY(), null);
            out.writeAttribute("font-size", die.getNumeralSize(), null);
            out.writeAttribute("text-anchor", "middle", null);
            out.writeAttribute("dominant-baseline", "central", null);
            out.writeText(die.getNumeral(), null);
            out.endElement("text");
        }
        out.endElement("svg");
    }

    /** An SVG element without content, with its attributes given as name, value, name, value… */
    private void shape(String name, Object... attributes) throws IOException {
        out.startElement(name, component);
        for (int i = 0; i < attributes.length; i += 2) {
            out.writeAttribute((String) attributes[i], attributes[i + 1], null);
        }
        out.endElement(name);
    }
}
