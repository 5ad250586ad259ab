package io.dicehall.web.ui.table.kit;

import io.dicehall.web.ui.roll.OddsView;
import java.io.Serializable;

/** A saved roll as the page lists it. */
public final class SavedView implements Serializable {
    private static final long serialVersionUID = 1L;
    private final String id;
    private final String name;
    private final String what;
    private final String character;
    private final boolean available;
    private final String adjust;
    private final String keeper;
    private OddsView odds;

    SavedView(String id, String name, String what, String character, boolean available, String adjust) {
        this(id, name, what, character, available, adjust, "");
    }

    SavedView(String id, String name, String what, String character, boolean available, String adjust,
            String keeper) {
        this.keeper = keeper;
        this.id = id;
        this.name = name;
        this.what = what;
        this.character = character;
        this.available = available;
        this.adjust = adjust;
    }

    /** @return for another member's saved roll shown to the GM, its keeper's name; empty for one's own */
    public String getKeeper() {
        return keeper;
    }

    public String getId() {
        return id;
    }

    public String getName() {
        return name;
    }

    /** @return its procedure and system, as players read them */
    public String getWhat() {
        return what;
    }

    /** @return its character's name, or null */
    public String getCharacter() {
        return character;
    }

    public boolean isAvailable() {
        return available;
    }

    /** @return the table's address with the saved roll's procedure and values filled in, to adjust first */
    public String getAdjust() {
        return adjust;
    }

    /** Adds the saved roll's odds, read once its view stands. */
    void odds(OddsView computed) {
        odds = computed;
    }

    /** @return the saved roll's odds, or why there are none */
    public OddsView getOdds() {
        return odds;
    }
}
