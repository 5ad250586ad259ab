/**
 * The kit of a table's page: saved rolls ({@link io.dicehall.web.ui.table.kit.SavedRolls}), the characters at
 * the table ({@link io.dicehall.web.ui.table.kit.TableCharacters}) and choosing one to roll for
 * ({@link io.dicehall.web.ui.table.kit.CharacterChoice}, which reads the characters). What they share — the
 * table, who asks, the kit's one message, when its lists were last read — is the state bean
 * {@link io.dicehall.web.ui.table.kit.TableKit}; the choice of the next roll is
 * {@link io.dicehall.web.ui.table.RollChoice}'s. None of them uses another's caller.
 */
package io.dicehall.web.ui.table.kit;
