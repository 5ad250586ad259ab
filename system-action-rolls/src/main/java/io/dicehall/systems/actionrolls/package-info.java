/**
 * Action Rolls (the Action Rolls page of <i>Rise of Dissent</i>,
 * https://riseofdissent.com/docs/game-rules/core-mechanics/action-rolls) as the Dicehall system
 * {@code action-rolls}.
 *
 * <p>One procedure, {@code action-roll}: two dice for each of two abilities (score 1–5 → d4, d6, d8,
 * d10, d12), a face of 4 or more is a success die, 1–2 a trouble die, a 3 nothing unless the roll has
 * Advantage (success) or Disadvantage (trouble). Success dice against the Challenge and trouble dice
 * against the Risk give one of four outcomes, and two or more beyond either make it a critical failure
 * or a critical success instead, six outcomes in all. After the throw the player stops
 * ({@code accept}) or makes one Daring Roll ({@code daring}), raising an Emotion by one for one more
 * die per ability. The readings are those of the repository's {@code docs/rulings.md}, "Action Rolls";
 * the module README lists them.
 */
package io.dicehall.systems.actionrolls;
