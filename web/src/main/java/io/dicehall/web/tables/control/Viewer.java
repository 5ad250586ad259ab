package io.dicehall.web.tables.control;

import io.dicehall.web.platform.Ids;
import io.dicehall.web.tables.entity.TableRoll;
import io.dicehall.web.tables.entity.Visibility;

/**
 * Who is looking at a table, as far as their keys prove: the owner (the GM), a member, and for one
 * roll its roller. Holding the table's id only makes one a guest who sees public rolls.
 *
 * @param owner whether the owner key was shown and is right
 * @param memberId the member whose key was shown and is right, or null
 * @param rollerKey a roller key shown for one roll, or null (checked per roll)
 * @param seatName the member's seat name as read with their key, or null when not read (or no member)
 */
public record Viewer(boolean owner, String memberId, String rollerKey, String seatName) {

    /** A viewer whose seat name was not read. */
    public Viewer(boolean owner, String memberId, String rollerKey) {
        this(owner, memberId, rollerKey, null);
    }

    /** @return whether this viewer rolled {@code roll} */
    public boolean rolled(TableRoll roll) {
        return (memberId != null && memberId.equals(roll.memberId()))
                || (rollerKey != null && Ids.matches(rollerKey, Ids.hex(roll.rollerKeyHash())));
    }

    /** @return whether this viewer may see {@code roll} at all: its dice, inputs, even that it exists */
    public boolean canSee(TableRoll roll) {
        return roll.visibility() == Visibility.PUBLIC
                || (roll.visibility() == Visibility.GM && owner)
                || rolled(roll);
    }
}
