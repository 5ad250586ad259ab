/**
 * A roll's state: plain immutable data that the server stores and sends as JSON ({@link
 * io.dicehall.api.state.RollState}: dice in groups, tallies, the outcome, flags, the open moves, the history and
 * the system's own memo), built with {@link io.dicehall.api.state.RollState#builder()}.
 *
 * <p>Stable as described in {@link io.dicehall.api}: every type here since 0.1; since 0.2, {@link
 * io.dicehall.api.state.Verdict#UNCOUNTED} and the factories {@code Outcome.of}, {@code MoveOption.of}, {@code
 * MoveOption.help} and {@code MoveOption.withOdds}; since 0.3, {@link io.dicehall.api.state.Verdict#PARTIAL} and the
 * factories {@code Tally.of(id, label, value, text)}, {@code Flag.of}, {@code Step.of}, {@code DiceGroup.of} and
 * {@code Die.of(id, type, sides, face, reading, verdict)}. The JSON shape of a state (see {@code io.dicehall.api.json})
 * only grows: stored rolls stay readable.
 *
 * @since 0.1
 */
package io.dicehall.api.state;
