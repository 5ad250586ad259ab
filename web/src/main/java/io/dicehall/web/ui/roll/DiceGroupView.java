package io.dicehall.web.ui.roll;

import io.dicehall.api.state.DiceGroup;
import io.dicehall.api.state.Die;
import io.dicehall.web.ui.faces.Labels;
import java.io.Serializable;
import java.util.List;

/** A labelled group of dice: a pool, the help dice, the opposition's dice. */
public final class DiceGroupView implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String id;
    private final String label;
    private final List<DieView> dice;

    DiceGroupView(DiceGroup group, Labels labels, java.util.function.Predicate<Die> fresh) {
        id = group.id();
        label = group.label();
        dice = group.dice().stream().map(d -> fresh.test(d) ? DieView.fresh(d, labels) : DieView.of(d, labels)).toList();
    }

    public String getId() {
        return id;
    }

    /** @return the group's label; may come from free text the player typed, so always shown escaped */
    public String getLabel() {
        return label;
    }

    public List<DieView> getDice() {
        return dice;
    }
}
