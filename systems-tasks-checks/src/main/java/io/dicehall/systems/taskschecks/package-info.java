/**
 * The {@code tasks-checks} rules system: Checks, Slow Checks, Group Checks, Versus Checks, Tasks and
 * Opposed Tasks from rules/checks.md and rules/tasks.md, read as /work/shared/RULINGS.md says.
 *
 * <p>Rules code is pure and deterministic given its dice. Odds are exact: pools are counted with
 * binomial kernels rank by rank, the KISS plans with small dynamic programs, and the exploding Die
 * of Fortune with closed-form geometric tails ({@link io.dicehall.systems.taskschecks.Successes}).
 */
package io.dicehall.systems.taskschecks;
