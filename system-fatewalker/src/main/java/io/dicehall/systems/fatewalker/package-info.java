/**
 * The Fatewalker rules system (id {@code fatewalker}): the core mechanic of
 * {@code rules/fatewalker-core-mechanic.txt} as read by {@code RULINGS.md}. Dice are d10s read 0–9 (a face
 * of 10 reads 0); a die succeeds when it reads at or under the target number (0–8); the pool is the
 * attribute's dice plus bonus or penalty dice, never below one. Procedures: {@code roll},
 * {@code background-roll}, {@code opposed} and {@code extended}. Odds are exact: closed forms over
 * 10^n for one throw, mixtures for the background roll, and an absorbing Markov chain solved in whole
 * numbers for the extended roll ({@link io.dicehall.systems.fatewalker.ExtendedChain}). The module's
 * README lists the rulings it applies.
 */
package io.dicehall.systems.fatewalker;
