package io.dicehall.api.state;

import io.dicehall.api.Text;
import io.dicehall.api.form.Form;
import java.util.Objects;

/**
 * A move the player may still make on a roll: KISS dice, push with a Daring Roll, invoke an
 * aspect, roll again, accept.
 *
 * @param id lower-kebab-case, the {@code move} a client sends (e.g. {@code kiss})
 * @param label a button's text, never blank
 * @param help what it does, in players' words; may be empty
 * @param form the move's own inputs (e.g. which dice to pick up), never null; may be
 *     {@link Form#EMPTY}
 * @param hasOdds whether {@link io.dicehall.api.Procedure#odds(io.dicehall.api.form.Inputs,
 *     RollState, io.dicehall.api.Move)} gives the exact odds of this move
 */
public record MoveOption(String id, String label, String help, Form form, boolean hasOdds) {

    /**
     * A hash of a few identifying fields, consistent with {@link #equals}. The record's own hash would walk
     * the whole tree below it, and JSON-B hashes every object it writes (to catch cycles), so a state
     * written as JSON was hashed over and over, level by level.
     */
    @Override
    public int hashCode() {
        return java.util.Objects.hash(id, hasOdds);
    }

    /** Checks the parts. */
    public MoveOption {
        Text.kebab(id, "move id");
        Text.required(label, "move label");
        help = Text.optional(help);
        Objects.requireNonNull(form, "form");
    }

    /**
     * @param id lower-kebab-case, the {@code move} a client sends
     * @param label a button's text, not blank
     * @param form the move's own inputs; {@link Form#EMPTY} for none
     * @return the move, with no help and no decision odds (add them with {@link #help} and {@link #withOdds})
     * @since 0.2
     */
    public static MoveOption of(String id, String label, Form form) {
        return new MoveOption(id, label, "", form, false);
    }

    /**
     * @param text what the move does, in players' words
     * @return this move with that help
     * @since 0.2
     */
    public MoveOption help(String text) {
        return new MoveOption(id, label, text, form, hasOdds);
    }

    /**
     * @return this move, saying that {@link io.dicehall.api.Procedure#odds(io.dicehall.api.form.Inputs, RollState,
     *     io.dicehall.api.Move)} gives its exact odds
     * @since 0.2
     */
    public MoveOption withOdds() {
        return new MoveOption(id, label, help, form, true);
    }
}
