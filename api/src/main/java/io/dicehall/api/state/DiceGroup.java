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

    /** Checks the parts and copies the dice. */
    public DiceGroup {
        Text.kebab(id, "group id");
        Text.required(label, "group label");
        dice = List.copyOf(dice);
    }
}
