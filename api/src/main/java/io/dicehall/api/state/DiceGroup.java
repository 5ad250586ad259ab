package io.dicehall.api.state;

import io.dicehall.api.Text;
import java.util.List;

/**
 * A labelled group of dice: a pool, the help dice, the opponent's dice, one participant's throw.
 *
 * @param id identifies the group within the state, lower-kebab-case
 * @param label what players call it, e.g. "Ada's pool"; never blank
 * @param dice the dice, in order; may be empty
 */
public record DiceGroup(String id, String label, List<Die> dice) {

    /**
     * A hash of a few identifying fields, consistent with {@link #equals}. The record's own hash would walk
     * the whole tree below it, and JSON-B hashes every object it writes (to catch cycles), so a state
     * written as JSON was hashed over and over, level by level.
     */
    @Override
    public int hashCode() {
        return java.util.Objects.hash(id, dice.size());
    }

    /** Checks the parts and copies the dice. */
    public DiceGroup {
        Text.kebab(id, "group id");
        Text.required(label, "group label");
        dice = List.copyOf(dice);
    }

    /**
     * @param id identifies the group within the state, lower-kebab-case
     * @param label what players call it, not blank
     * @param dice the dice, in order; may be empty
     * @return the group
     * @since 0.3
     */
    public static DiceGroup of(String id, String label, List<Die> dice) {
        return new DiceGroup(id, label, dice);
    }
}
