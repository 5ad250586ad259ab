package io.dicehall.web.ui.table.kit;

import java.io.Serializable;

/** A character as the page lists it. */
public final class CharacterView implements Serializable {
    private static final long serialVersionUID = 1L;
    private final String id;
    private final String name;
    private final String system;
    private final String keeper;
    private final boolean mine;
    private final boolean available;
    private final String values;

    CharacterView(String id, String name, String system, String keeper, boolean mine, boolean available,
            String values) {
        this.id = id;
        this.name = name;
        this.system = system;
        this.keeper = keeper;
        this.mine = mine;
        this.available = available;
        this.values = values;
    }

    public String getId() {
        return id;
    }

    public String getName() {
        return name;
    }

    public String getSystem() {
        return system;
    }

    public String getKeeper() {
        return keeper;
    }

    public boolean isMine() {
        return mine;
    }

    public boolean isAvailable() {
        return available;
    }

    /** @return its values in short ("Rank 5 · Stress 1"); empty when the viewer may not see them */
    public String getValues() {
        return values;
    }
}
