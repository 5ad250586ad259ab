/**
 * Fate Condensed, "Taking Action" ({@code rules/fate-condensed-taking-action.txt}): the four actions
 * rolled with four Fudge dice against a difficulty or an active opposition, read on the ladder, with
 * invokes after the throw and exact odds.
 *
 * <p>The system is {@link io.dicehall.systems.fate.FateCondensed}; its four procedures share one
 * implementation, {@code ActionProcedure}, and differ only in how their
 * {@code Action} reads the shifts. The rulings applied are listed in the
 * module's README.md and follow {@code RULINGS.md}, section "Fate Condensed".
 */
package io.dicehall.systems.fate;
