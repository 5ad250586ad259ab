package io.dicehall.web.ui.table;

import java.io.Serializable;

/** A member of a table, by display name (escaped when rendered), marked when they are the GM or this browser. */
public final class MemberView implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String name;
    private final boolean me;
    private final boolean gm;

    public MemberView(String name, boolean me, boolean gm) {
        this.name = name;
        this.me = me;
        this.gm = gm;
    }

    public String getName() {
        return name;
    }

    /** @return whether it is this session's membership */
    public boolean isMe() {
        return me;
    }

    /** @return whether they sit as the table's GM */
    public boolean isGm() {
        return gm;
    }
}
