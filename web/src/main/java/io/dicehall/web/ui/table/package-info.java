/**
 * A table's page ({@code /tables/{id}}). Each view-scoped bean owns one use case, and none injects a bean that
 * injects it back: the page's beans form a graph without cycles, whose leaves are small state beans.
 * <ul>
 * <li>{@link io.dicehall.web.ui.table.TablePage} — opens the page and shows the table and its members, reading
 * them again on a push; uses {@link io.dicehall.web.ui.table.TableRollForm},
 * {@link io.dicehall.web.ui.table.feed.TableFeed}, the kit ({@link io.dicehall.web.ui.table.kit.TableKit},
 * {@link io.dicehall.web.ui.table.kit.SavedRolls}) and {@link io.dicehall.web.ui.table.RollChoice};</li>
 * <li>{@link io.dicehall.web.ui.table.TableSeat} — join, change name, leave; uses the page;</li>
 * <li>{@link io.dicehall.web.ui.table.TableOwner} — the GM's tools: rename, dice by hand, guests, idle rolls,
 * close; uses the page;</li>
 * <li>{@link io.dicehall.web.ui.table.TableRollForm} — rolling the form's values at the table; uses
 * {@link io.dicehall.web.ui.roll.RollForm}, the choice and the feed;</li>
 * <li>{@link io.dicehall.web.ui.table.QuickDice} — the quick dice box; uses the page, the choice and the feed;</li>
 * <li>{@link io.dicehall.web.ui.table.RollChoice} — state only: what the next roll is (procedure, who sees it,
 * for which character).</li>
 * </ul>
 * Beside them: the keys a session holds ({@link io.dicehall.web.ui.table.TableKeys}), kept beyond it in cookies
 * ({@link io.dicehall.web.ui.table.SeatCookies}), and the pushes that keep open pages live
 * ({@link io.dicehall.web.ui.table.TableLive}).
 */
package io.dicehall.web.ui.table;
