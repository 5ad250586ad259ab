/**
 * Action Rolls ({@code rules/action-rolls.txt}) as the Dicehall system {@code action-rolls}.
 *
 * <p>One procedure, {@code action-roll}: two dice for each of two abilities (score 1–5 → d4, d6, d8,
 * d10, d12), a face of 4 or more is a success die, 1–2 a trouble die, a 3 nothing unless the roll has
 * Advantage (success) or Disadvantage (trouble). Success dice against the Challenge and trouble dice
 * against the Risk give one of four outcomes; two or more beyond either raise the critical flags. After
 * the throw the player stops ({@code accept}) or makes one Daring Roll ({@code daring}), raising an
 * Emotion by one for one more die per ability. Readings follow {@code RULINGS.md}, "Action Rolls"; the
 * module README lists them.
 */
package io.dicehall.systems.actionrolls;
