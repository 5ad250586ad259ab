package io.dicehall.api.form;

/**
 * One field of a {@link Form}: what a player fills in before a roll or a move.
 *
 * <p>Every field has a {@linkplain #name() name} (lower-kebab-case, unique within its form or group,
 * the key of its value in the inputs), a {@linkplain #label() label} and {@linkplain #help() help
 * text} in the player's words. The kinds are closed, so that every front end can render every
 * system's forms: {@link IntegerField}, {@link ChoiceField}, {@link FlagField}, {@link TextField},
 * {@link PickField} and {@link GroupField}.
 */
public sealed interface Field permits IntegerField, ChoiceField, FlagField, TextField, PickField, GroupField {

    /** @return the key of this field's value, lower-kebab-case, never null */
    String name();

    /** @return the label shown to players, never blank */
    String label();

    /** @return a sentence of help for players; empty when there is none, never null */
    String help();

    /** @return the kind's name as front ends see it: integer, choice, flag, text, pick or group */
    String kind();

    /**
     * @return the value this field has when a player leaves it alone: an {@code Integer}, a
     *     {@code String}, a {@code Boolean}, a {@code List<String>} of picks, or a {@code List} of
     *     row maps for a group; {@code null} only for an optional text field without default
     */
    Object defaultValue();
}
