/**
 * Not API. The arithmetic only the odds engine needs: the gcd of long numbers that exact fractions are reduced
 * with, and the signed rationals and whole-number linear equations of the best-play solver. Public only so that
 * {@code io.dicehall.api.odds} and {@code io.dicehall.api.play} can reach it; a rules system must not use it, and
 * it may change or go in any version, for speed. What it computes is exact, so the public results never change.
 *
 * @since 0.2
 */
package io.dicehall.api.internal;
