/**
 * Rolling, and a roll as pages show it. The rolling page ({@link io.dicehall.web.ui.roll.RollingPage}) and a
 * roll's own page ({@link io.dicehall.web.ui.roll.RollPage}) use {@link io.dicehall.web.ui.roll.RollResult},
 * which rolls outside a table and plays the roll made; both it and a table's roll form use
 * {@link io.dicehall.web.ui.roll.RollForm} (the procedure's form and its odds), which hands the checked values to
 * whichever rolls them and knows none of them. The goal aimed at is the state bean
 * {@link io.dicehall.web.ui.roll.RollGoal}, read by the form and by whatever plays a roll's moves. The rest are
 * the views of a card ({@link io.dicehall.web.ui.roll.RollCard} and its parts), put together by
 * {@link io.dicehall.web.ui.roll.RollCards}.
 */
package io.dicehall.web.ui.roll;
