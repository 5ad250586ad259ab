/**
 * Forms: the fields a player fills in for a roll or a move ({@link io.dicehall.api.form.Form} and the {@link
 * io.dicehall.api.form.Field} records), the checked {@link io.dicehall.api.form.Inputs} a procedure reads, the
 * {@link io.dicehall.api.form.InputChecker} the server runs before any system code, and the {@link
 * io.dicehall.api.form.Violation}s it reports.
 *
 * <p>Stable as described in {@link io.dicehall.api}: since 0.1, the form, every kind of field, inputs, the
 * checker and violations; since 0.2, a form's presentation hints ({@code withMore}, {@code withCharacter},
 * {@code withValueNames}; the record gained components and kept its one-argument constructor) and the
 * factories {@code PickField.of}, {@code PickField.help} and {@code Violation.of}. The set of field kinds is
 * closed to systems ({@code Field} is implemented here only); new kinds may be added.
 *
 * @since 0.1
 */
package io.dicehall.api.form;
