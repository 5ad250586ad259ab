/**
 * Fate Condensed, "Taking Action, Rolling the Dice" (Evil Hat's SRD, https://fate-srd.com/fate-condensed,
 * CC BY 3.0): the four actions
 * rolled with four Fudge dice against a difficulty or an active opposition, read on the ladder, with
 * invokes after the throw and exact odds.
 *
 * <p>The system is {@link io.dicehall.systems.fate.FateCondensed}; its four procedures share one
 * implementation, {@code ActionProcedure}, and differ only in how their
 * {@code Action} reads the shifts. The rulings applied are listed in the
 * module's README.md and written down in the repository's {@code docs/rulings.md}, section "Fate
 * Condensed".
 */
package io.dicehall.systems.fate;
