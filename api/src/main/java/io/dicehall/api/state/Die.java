package io.dicehall.api.state;

import io.dicehall.api.Text;

/**
 * One die on the table, as rolled and read by the rules.
 *
 * @param id identifies the die within its roll state, lower-kebab-case (e.g. {@code d3}); moves that
 *     pick dice refer to it; stays the same when the die is re-rolled
 * @param type how to draw it: {@code d4}, {@code d6}, {@code d8}, {@code d10}, {@code d12},
 *     {@code d20} … or {@code dF} for a Fudge die; never blank
 * @param sides the number of sides the face was drawn from, at least 1
 * @param face the face drawn, {@code 1..sides}
 * @param reading how the face reads for the rules, as a player would say it: {@code "5"}, {@code "0"}
 *     (a d10 read 0–9), {@code "+"}, {@code "−"}, {@code " "}; never null
 * @param verdict what the die counts as, never null
 * @param previous the die as it was before its latest re-roll, or null if it was never re-rolled
 */
public record Die(String id, String type, int sides, int face, String reading, Verdict verdict, Die previous) {

    /**
     * A hash of a few identifying fields, consistent with {@link #equals}. The record's own hash would walk
     * the whole tree below it, and JSON-B hashes every object it writes (to catch cycles), so a state
     * written as JSON was hashed over and over, level by level.
     */
    @Override
    public int hashCode() {
        return java.util.Objects.hash(id, face, previous == null);
    }

    /** Checks every part. */
    public Die {
        Text.kebab(id, "die id");
        Text.required(type, "die type");
        if (sides < 1 || face < 1 || face > sides) {
            throw new IllegalArgumentException("face " + face + " does not fit " + sides + " sides");
        }
        if (reading == null) {
            throw new IllegalArgumentException("reading must not be null");
        }
        if (verdict == null) {
            throw new IllegalArgumentException("verdict must not be null");
        }
    }

    /** A plain die of {@code sides} sides that reads as its face and was never re-rolled. */
    public static Die of(String id, int sides, int face, Verdict verdict) {
        return new Die(id, "d" + sides, sides, face, String.valueOf(face), verdict, null);
    }

    /**
     * A die that reads otherwise than its face, never re-rolled: a d10 read 0–9 ({@code of("d1", "d10", 10, 10,
     * "0", Verdict.NEUTRAL)}), a Fudge die ({@code of("d1", "dF", 3, 3, "+", Verdict.SUCCESS)}).
     *
     * @param id lower-kebab-case, unique within the state
     * @param type how it is drawn, e.g. {@code d10} or {@code dF}, not blank
     * @param sides the sides the face was drawn from, at least 1
     * @param face the face drawn, {@code 1..sides}
     * @param reading how the face reads, as a player would say it; not null
     * @param verdict what the die counts as
     * @return the die
     * @since 0.3
     */
    public static Die of(String id, String type, int sides, int face, String reading, Verdict verdict) {
        return new Die(id, type, sides, face, reading, verdict, null);
    }

    /** @return this die re-rolled to a new face, reading and verdict, remembering this one */
    public Die rerolled(int newFace, String newReading, Verdict newVerdict) {
        return new Die(id, type, sides, newFace, newReading, newVerdict, this);
    }

    /** @return this die with another verdict (e.g. after Ego), keeping its history */
    public Die withVerdict(Verdict newVerdict) {
        return new Die(id, type, sides, face, reading, newVerdict, previous);
    }

    /** @return whether this die was re-rolled */
    public boolean wasRerolled() {
        return previous != null;
    }
}
