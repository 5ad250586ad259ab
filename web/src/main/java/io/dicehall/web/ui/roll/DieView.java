package io.dicehall.web.ui.roll;

import io.dicehall.api.state.Die;
import io.dicehall.web.ui.faces.Labels;
import java.io.Serializable;
import java.util.List;
import java.util.Locale;

/**
 * A die as the page draws it in SVG (a 100 × 100 view box): its outline by type, pips on a d6, the
 * symbol of a Fudge die, otherwise its reading as a numeral; its verdict as a colour; and a text
 * alternative such as "d6 showing 5, success". Only drawing: what the die counts as comes from the
 * system.
 */
public final class DieView implements Serializable {

    private static final long serialVersionUID = 1L;

    /** A pip's centre. */
    public static final class Pip implements Serializable {
        private static final long serialVersionUID = 1L;
        private final int x;
        private final int y;

        Pip(int x, int y) {
            this.x = x;
            this.y = y;
        }

        public int getX() {
            return x;
        }

        public int getY() {
            return y;
        }
    }

    private static final int LO = 28;
    private static final int MID = 50;
    private static final int HI = 72;

    private final String id;
    private final String type;
    private final String reading;
    private final String verdict;
    private final String outline;
    private final List<Pip> pips;
    private final String fudge;
    private final String numeral;
    private final int numeralY;
    private final int numeralSize;
    private final String alt;
    private final DieView previous;
    private final boolean fresh;

    private DieView(Die die, Labels labels, boolean fresh) {
        this.fresh = fresh;
        id = die.id();
        type = die.type();
        reading = die.reading();
        verdict = die.verdict().name().toLowerCase(Locale.ROOT);
        String shape = shapeOf(die);
        outline = outline(shape);
        boolean d6 = "d6".equals(type) && die.sides() == 6;
        boolean fudgeDie = "dF".equalsIgnoreCase(type);
        pips = d6 ? pips(die.face()) : List.of();
        fudge = fudgeDie ? fudgeSymbol(reading) : "";
        numeral = d6 || fudgeDie ? "" : reading.isBlank() ? String.valueOf(die.face()) : reading.strip();
        numeralY = "d4".equals(shape) ? 66 : "d10".equals(shape) ? 48 : 52;
        numeralSize = numeral.length() <= 2 ? ("d4".equals(shape) ? 30 : 40) : 26;
        String shows = fudgeDie ? labels.get("die.fudge." + fudge) : d6 ? String.valueOf(die.face()) : numeral;
        String now = labels.get("die.alt", type, shows, labels.get("verdict." + verdict));
        previous = die.previous() == null ? null : new DieView(die.previous(), labels, false);
        String said = previous == null ? now : labels.get("die.alt.rerolled", now, previous.alt);
        alt = fresh ? labels.get("die.alt.fresh", said) : said;
    }

    /** @return the drawing of a die */
    public static DieView of(Die die, Labels labels) {
        return new DieView(die, labels, false);
    }

    /** @return the drawing of a die that the latest move added or re-rolled, marked as new */
    public static DieView fresh(Die die, Labels labels) {
        return new DieView(die, labels, true);
    }

    private static String shapeOf(Die die) {
        return switch (die.type()) {
            case "d4", "d8", "d10", "d12", "d20" -> die.type();
            default -> "d6".equals(die.type()) || "dF".equalsIgnoreCase(die.type()) ? "square" : "other";
        };
    }

    private static String outline(String shape) {
        return switch (shape) {
            case "square" -> "12,8 88,8 92,12 92,88 88,92 12,92 8,88 8,12";
            case "d4" -> "50,6 95,90 5,90";
            case "d8" -> "50,3 97,50 50,97 3,50";
            case "d10" -> "50,3 96,40 50,97 4,40";
            case "d12" -> polygon(5, 47, 53);
            case "d20" -> polygon(6, 47, 50);
            default -> polygon(8, 46, 50);
        };
    }

    private static String polygon(int corners, double radius, double centreY) {
        var points = new StringBuilder();
        for (int k = 0; k < corners; k++) {
            double angle = Math.toRadians(-90 + 360.0 * k / corners);
            points.append(k == 0 ? "" : " ").append(Math.round(50 + radius * Math.cos(angle))).append(',')
                    .append(Math.round(centreY + radius * Math.sin(angle)));
        }
        return points.toString();
    }

    private static List<Pip> pips(int face) {
        var centre = new Pip(MID, MID);
        var corners = List.of(new Pip(LO, LO), new Pip(HI, HI));
        var others = List.of(new Pip(HI, LO), new Pip(LO, HI));
        return switch (face) {
            case 1 -> List.of(centre);
            case 2 -> corners;
            case 3 -> List.of(corners.get(0), centre, corners.get(1));
            case 4 -> List.of(corners.get(0), others.get(0), others.get(1), corners.get(1));
            case 5 -> List.of(corners.get(0), others.get(0), centre, others.get(1), corners.get(1));
            default -> List.of(corners.get(0), others.get(0), new Pip(LO, MID), new Pip(HI, MID), others.get(1),
                    corners.get(1));
        };
    }

    private static String fudgeSymbol(String reading) {
        String r = reading.strip();
        if (r.equals("+")) {
            return "plus";
        }
        return r.equals("−") || r.equals("-") ? "minus" : "blank";
    }

    public String getId() {
        return id;
    }

    public String getType() {
        return type;
    }

    public String getReading() {
        return reading;
    }

    /** @return success, failure, trouble or neutral: the CSS class of its colour */
    public String getVerdict() {
        return verdict;
    }

    /** @return the outline's points in the 100 × 100 view box */
    public String getOutline() {
        return outline;
    }

    /** @return the pips of a d6; empty for other dice */
    public List<Pip> getPips() {
        return pips;
    }

    /** @return plus, minus or blank for a Fudge die; empty for other dice */
    public String getFudge() {
        return fudge;
    }

    /** @return the numeral to write on it; empty for a d6 (pips) or a Fudge die (symbol) */
    public String getNumeral() {
        return numeral;
    }

    public int getNumeralY() {
        return numeralY;
    }

    public int getNumeralSize() {
        return numeralSize;
    }

    /** @return the text alternative, e.g. "d6 showing 5, success; re-rolled, it was d6 showing 2, failure" */
    public String getAlt() {
        return alt;
    }

    /** @return the die before its latest re-roll, or null */
    public DieView getPrevious() {
        return previous;
    }

    public boolean isRerolled() {
        return previous != null;
    }

    /** @return whether the latest move added or re-rolled this die */
    public boolean isFresh() {
        return fresh;
    }
}
