/**
 * Stated rolls: a roll written once, as what is thrown ({@link io.dicehall.api.stated.Throw}) and how the dice are
 * read ({@link io.dicehall.api.stated.Reading}, into a {@link io.dicehall.api.stated.Read}), from which {@link
 * io.dicehall.api.stated.StatedProcedure} derives the roll, its exact odds and its best play; with re-rolls declared
 * once ({@link io.dicehall.api.stated.Rerolls}), also its moves, the odds of each and the game. The recommended way
 * to write a roll that ends at the first throw, or whose only moves re-roll dice of the player's choice.
 *
 * <p>Stable as described in {@link io.dicehall.api}: every type here since 0.3. Types here grow only by new
 * methods.
 *
 * @since 0.3
 */
package io.dicehall.api.stated;
