/**
 * The common dice notation as the Dicehall system {@code dice}: one procedure, {@code roll}, whose text field
 * holds one or more expressions such as {@code 4d6kh3}, {@code 1d20+5 >= 15 to hit} or {@code 8d10>=8f1}. A
 * hand-written recursive-descent {@link io.dicehall.systems.dice.Parser} makes an immutable tree ({@link
 * io.dicehall.systems.dice.Ast}); {@link io.dicehall.systems.dice.Analysis} checks the limits before anything is
 * computed; {@link io.dicehall.systems.dice.Roller} throws the dice and {@link io.dicehall.systems.dice.Exact}
 * gives each total's exact distribution from {@code Dist} and {@code Pool}. The module README has the grammar.
 */
package io.dicehall.systems.dice;
