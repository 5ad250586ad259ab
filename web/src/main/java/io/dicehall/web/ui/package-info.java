/**
 * The Jakarta Faces pages, by feature, as the rest of the module is laid out:
 * <ul>
 * <li>{@link io.dicehall.web.ui.home} — the home page: the systems' menu and opening a table;</li>
 * <li>{@link io.dicehall.web.ui.roll} — rolling outside a table (the rolling page, a roll's own page), and what
 * every page shows of a roll: the procedure's form with its odds, the roll's card, its moves;</li>
 * <li>{@link io.dicehall.web.ui.table} — a table's page: the table, the seat, the owner's tools, rolling there,
 * with its feed in {@link io.dicehall.web.ui.table.feed} and its saved rolls and characters in
 * {@link io.dicehall.web.ui.table.kit};</li>
 * <li>{@link io.dicehall.web.ui.form} — a procedure's form as inputs a page draws and reads back;</li>
 * <li>{@link io.dicehall.web.ui.faces} — what every page shares: addresses, page texts, an expired view, timing.</li>
 * </ul>
 * The page texts are {@code io/dicehall/web/ui/messages.properties}; the views are in {@code src/main/webapp}.
 */
package io.dicehall.web.ui;
