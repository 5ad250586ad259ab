/**
 * The Fatewalker rules system (id {@code fatewalker}): "The Core Mechanic" page of the Fatewalker wiki
 * (revision of 3 August 2014,
 * http://matrix.shadowland.cathartic.org/index.php?oldid=402&amp;title=The_Core_Mechanic), as the
 * repository's {@code docs/rulings.md} reads it. Dice are d10s read 0–9 (a face
 * of 10 reads 0); a die succeeds when it reads at or under the target number (0–8); the pool is the
 * attribute's dice plus bonus or penalty dice, never below one. Procedures: {@code roll},
 * {@code background-roll}, {@code opposed} and {@code extended}. Odds are exact: closed forms over
 * 10^n for one throw, mixtures for the background roll, and an absorbing Markov chain solved in whole
 * numbers for the extended roll ({@link io.dicehall.systems.fatewalker.ExtendedChain}). The module's
 * README lists the rulings it applies.
 */
package io.dicehall.systems.fatewalker;
