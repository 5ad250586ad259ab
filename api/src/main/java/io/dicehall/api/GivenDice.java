package io.dicehall.api;

import java.util.List;
import java.util.Locale;

/**
 * Dice a player threw by hand at a real table: each {@link #roll(int)} hands out the next face they typed,
 * read as the face printed on a die of that many sides, and checked against it. A system needs no change to
 * be played with physical dice: it asks for dice as always and gets these faces.
 *
 * <p>Faces are read as players see them, following {@link Dice}'s conventions for mapping faces:
 * <ul>
 *   <li>a die of 3 sides is a Fudge die: {@code -} (or {@code −}, {@code -1}), {@code 0} (or a blank), {@code +}
 *       (or {@code +1}) are faces 1, 2 and 3;</li>
 *   <li>a d10 reads 0–9: {@code 0} is face 10 (and {@code 10} is accepted too);</li>
 *   <li>any other die: its number, 1 to its sides.</li>
 * </ul>
 * A face that does not fit its die, or a roll that needs more faces than were given, throws {@link Refused}
 * naming the die; {@link #requireAllUsed()} refuses faces left over. Not thread-safe: one instance serves one
 * roll or one move.
 *
 * @since 0.2
 */
public final class GivenDice implements Dice {

    /** Why the typed faces do not fit the dice the roll threw: a face that fits no die, too few, too many. */
    public static final class Refused extends RuntimeException {

        private static final long serialVersionUID = 1L;

        private final int index;

        private Refused(int index, String message) {
            super(message, null, false, false);
            this.index = index;
        }

        /** @return the position (from 0) of the face at fault, or -1 when the count is wrong */
        public int index() {
            return index;
        }
    }

    private final List<String> faces;
    private int next;

    private GivenDice(List<String> faces) {
        this.faces = List.copyOf(faces);
    }

    /**
     * @param faces the faces as typed, in the order the dice are thrown; never null
     * @return dice that hand them out in that order
     */
    public static GivenDice of(List<String> faces) {
        return new GivenDice(faces);
    }

    @Override
    public int roll(int sides) {
        if (sides < 1) {
            throw new IllegalArgumentException("a die needs at least one side: " + sides);
        }
        if (next >= faces.size()) {
            throw new Refused(-1, "this roll throws more dice than the " + faces.size() + " given: add the face of a "
                    + name(sides) + " (" + shows(sides) + ") and any after it");
        }
        int at = next++;
        String typed = faces.get(at) == null ? "" : faces.get(at).strip();
        int face = face(typed, sides);
        if (face < 1 || face > sides) {
            throw new Refused(at, "die " + (at + 1) + " is a " + name(sides) + ", which shows " + shows(sides)
                    + ", not \"" + (typed.length() > 12 ? typed.substring(0, 12) + "…" : typed) + "\"");
        }
        return face;
    }

    /** @return how many faces the roll has taken so far */
    public int used() {
        return next;
    }

    /** @throws Refused when faces were given that no die of the roll took */
    public void requireAllUsed() {
        if (next < faces.size()) {
            throw new Refused(-1, "this roll threw " + next + (next == 1 ? " die" : " dice") + ", but "
                    + faces.size() + " faces were given");
        }
    }

    /** @return how players call a die of that many sides: "Fudge die", "d6" */
    public static String name(int sides) {
        return sides == 3 ? "Fudge die" : "d" + sides;
    }

    /** @return what a die of that many sides shows, in words: "−, 0 or +", "0 to 9", "1 to 6" */
    public static String shows(int sides) {
        if (sides == 3) {
            return "\u2212, 0 or +";
        }
        return sides == 10 ? "0 to 9" : "1 to " + sides;
    }

    private static int face(String typed, int sides) {
        String t = typed.toLowerCase(Locale.ROOT);
        if (sides == 3) {
            return switch (t) {
                case "-", "\u2212", "\u2013", "-1", "\u22121" -> 1;
                case "", "0", "blank" -> 2;
                case "+", "+1" -> 3;
                default -> 0;
            };
        }
        if (!t.matches("\\d{1,4}")) {
            return 0;
        }
        int n = Integer.parseInt(t);
        return sides == 10 && n == 0 ? 10 : n;
    }
}
