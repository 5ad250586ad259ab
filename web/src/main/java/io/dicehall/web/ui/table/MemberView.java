package io.dicehall.web.ui.table;

import java.io.Serializable;

/** A member of a table, by display name (escaped when rendered). */
public final class MemberView implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String name;
    private final boolean me;

    public MemberView(String name, boolean me) {
        this.name = name;
        this.me = me;
    }

    public String getName() {
        return name;
    }

    /** @return whether it is this session's membership */
    public boolean isMe() {
        return me;
    }
}
