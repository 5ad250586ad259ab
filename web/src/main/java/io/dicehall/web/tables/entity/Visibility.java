package io.dicehall.web.tables.entity;

/** Who may see a roll made at a table. */
public enum Visibility {
    /** Everyone at the table. */
    PUBLIC,
    /** The table's owner (the GM) and the roller. */
    GM,
    /** The roller alone. */
    ROLLER
}
