package io.dicehall.systems.fatewalker;

import java.math.BigInteger;

/**
 * Best play of an extended roll toward completing it: the chance to complete from every open total, with the
 * one-time bonus spent and still to spend, exactly.
 *
 * <p>Stopping never completes the work, so best play rolls on until the roll ends. And it spends the bonus at the
 * first roll it can: a roll with the bonus throws the same dice as one without, and more, so its successes are at
 * least theirs. Take any way of playing that spends the bonus later (or never), and the same dice with the bonus's
 * extra dice moved to the first roll: from that roll on the total is at least as high, roll by roll, so it never
 * drops below 0 where the other did not, and reaches the goal no later. So, with {@code V0(t)} the plain chain's
 * chance from total t once the bonus is spent ({@link ExtendedChain#rollOn}), best play with the bonus still to
 * spend is {@code U(t) = Σ_s P_bonus(s)·V0(t + s − d)}: no search, no policy to find. Keeping the bonus is as good
 * exactly when this roll cannot fail or complete the work either way; the solver then lists the two as ties.
 *
 * <p>Kept as whole numbers over one denominator per table: {@code V0(t) = plain[t] / plainDen}, {@code U(t) =
 * now[t] / nowDen}.
 */
final class BonusPlay {

    private final int target;
    private final int difficulty;
    /** V0 numerators over plainDen, for the open totals 0 .. target − 1. */
    private final BigInteger[] plain;
    private final BigInteger plainDen;
    /** U numerators over nowDen = bonus throw total × plainDen. */
    private final BigInteger[] now;
    private final BigInteger nowDen;

    /**
     * @param chain the chain of the roll's goal and difficulty
     * @param target the goal
     * @param difficulty the difficulty
     * @param plainPool the pool of a roll without the bonus
     * @param bonusPool the pool of a roll with it
     */
    BonusPlay(ExtendedChain chain, int target, int difficulty, ExtendedChain.Pool plainPool,
            ExtendedChain.Pool bonusPool) {
        this.target = target;
        this.difficulty = difficulty;
        ExtendedChain.Values values = chain.rollOn(plainPool);
        plainDen = values.den();
        plain = new BigInteger[target];
        for (int t = 0; t < target; t++) {
            ExtendedChain.Point point = values.at(t);
            if (!point.den().equals(plainDen)) {
                throw new IllegalStateException("a point of the chain over another denominator");
            }
            plain[t] = point.complete();
        }
        nowDen = bonusPool.total().multiply(plainDen);
        now = new BigInteger[target];
        for (int t = 0; t < target; t++) {
            now[t] = weigh(bonusPool, t, plain, plainDen);
        }
    }

    /** @return the chance to complete from total t once the bonus is spent, over {@link #plainDen()} */
    BigInteger plain(int t) {
        return plain[t];
    }

    BigInteger plainDen() {
        return plainDen;
    }

    /** @return the chance to complete from total t with the bonus still to spend (best play), over {@link #nowDen()} */
    BigInteger now(int t) {
        return now[t];
    }

    BigInteger nowDen() {
        return nowDen;
    }

    /**
     * @return Σ_s w(s)·values[t + s − d] for one throw of {@code pool} from total t: the values' numerators at open
     *     totals, {@code den} at or above the goal, 0 below 0; over pool.total() × den
     */
    BigInteger weigh(ExtendedChain.Pool pool, int t, BigInteger[] values, BigInteger den) {
        BigInteger sum = pool.atLeast(target - t + difficulty).multiply(den);
        for (int to = Math.max(0, t - difficulty); to < target; to++) {
            BigInteger w = pool.weight(to - t + difficulty);
            if (w.signum() != 0 && values[to].signum() != 0) {
                sum = sum.add(w.multiply(values[to]));
            }
        }
        return sum;
    }
}
