package io.dicehall.web.tables.boundary;

/** The headers that carry a table's keys: each key is sent back as a header, never in the address. */
public final class TableKeys {

    private TableKeys() {
    }

    /** The header carrying a table's owner key. */
    public static final String OWNER_KEY = "Owner-Key";
    /** The header carrying a member's key. */
    public static final String MEMBER_KEY = "Member-Key";
    /** The header carrying a roll's key. */
    public static final String ROLLER_KEY = "Roller-Key";
}
