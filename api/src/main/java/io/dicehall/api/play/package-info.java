/**
 * Best play: the exact probability of reaching a goal ("at least a Regular Pass") when every later choice is
 * made well, and the best move now.
 *
 * <p>A procedure takes part by answering {@link io.dicehall.api.Procedure#game} with a {@link Game}: its rules
 * seen as a game of chance and choice over small positions of its own. {@link Solver} works out best play from
 * that alone, by dynamic programming over the positions with memoisation; a game may answer some positions
 * itself, faster ({@link Game#value}). Goals come from the procedure's {@link OutcomeOrder}.
 *
 * <p>Every probability here is an exact {@link io.dicehall.api.odds.Fraction}. Everything is immutable except
 * {@link Lottery.Builder}; nothing here keeps state between calls.
 *
 * <p>Stable as described in {@link io.dicehall.api}, all of it since 0.2 (SPI version 2): {@code Game}, {@code
 * Lottery}, {@code Goal}, {@code OutcomeOrder}, {@code BestPlay}, {@code MoveChance}, {@code Solver} and {@code
 * SearchLimitException}. How the solver searches is not API: its search is package-private here and its exact
 * arithmetic (signed rationals, whole-number linear equations) lives in {@code io.dicehall.api.internal}; its
 * answers, being exact, never change.
 *
 * @since 0.2
 */
package io.dicehall.api.play;
