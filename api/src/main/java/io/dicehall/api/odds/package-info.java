/**
 * Exact odds: {@link io.dicehall.api.odds.Fraction} (an exact probability), {@link io.dicehall.api.odds.Dist} (an
 * exact distribution over whole numbers), {@link io.dicehall.api.odds.Pool} (a pool of independent dice) and
 * {@link io.dicehall.api.odds.Odds} (what a procedure answers: each outcome's probability, flags, plans, figures).
 * Everything is computed by dynamic programming over values and counts, never by listing faces.
 *
 * <p>Stable as described in {@link io.dicehall.api}: since 0.1, {@code Fraction}, {@code Dist}, {@code Odds},
 * {@code Chance}, {@code Plan}, {@code Figure}; since 0.2, {@code Pool}, {@code Dist.combine}, {@code
 * Dist.explode}, {@code Dist.exploding} and {@code Dist.MAX_SPAN}; since 0.3, iterating a {@code Dist},
 * the joint readings of a pool ({@code Pool.joint}, {@code Pool.highestAndCount}, {@code Pool.sortedFaces}), {@code
 * Odds.of}, {@code Chance.of}, {@code Dist.reroll}, {@code Dist.negate}, {@code Dist.minus}, {@code
 * Dist.multiply}, {@code Dist.divideFloor}, {@code Pool.dropHighest}, {@code Pool.dropLowest} and {@link
 * io.dicehall.api.odds.Distributions} (a procedure's totals as whole distributions, for a front end to chart).
 * How the results are computed (the long-number
 * gcd, the weights) is not API: it lives in {@code io.dicehall.api.internal} and may change for speed; the
 * results never do, being exact.
 *
 * @since 0.1
 */
package io.dicehall.api.odds;
