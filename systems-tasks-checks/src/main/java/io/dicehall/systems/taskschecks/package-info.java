/**
 * The {@code tasks-checks} rules system: Checks, Slow Checks, Group Checks, Versus Checks, Tasks and
 * Opposed Tasks from the Checks and Tasks pages of Seraaron's rules vault (https://github.com/Seraaron/agora),
 * read as the repository's docs/rulings.md says.
 *
 * <p>Rules code is pure and deterministic given its dice. Odds are exact: pools are counted with
 * binomial kernels rank by rank, the KISS plans with small dynamic programs, and the exploding Die
 * of Fortune with closed-form geometric tails ({@link io.dicehall.systems.taskschecks.Successes}).
 */
package io.dicehall.systems.taskschecks;
