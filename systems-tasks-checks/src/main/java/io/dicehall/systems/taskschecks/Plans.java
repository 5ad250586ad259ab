package io.dicehall.systems.taskschecks;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Exact success distributions when the rollers play a stated plan after the throw: every KISS on a
 * failed die (best chance first), then optionally Ego. With no KISS and no Ego this is the
 * distribution of the throw itself.
 *
 * <p>Every die is thrown once and, if KISSed, once more; a die that is not thrown again counts a
 * sure "6 ways" second throw, so every branch shares the denominator 36 per die and the weights
 * stay whole numbers ({@link Weights}) until the end.
 */
final class Plans {

    private static final BigInteger THIRTY_SIX = BigInteger.valueOf(36);

    private Plans() {
    }

    /**
     * One roller's successes when {@code budget} KISSes go to failed dice, best chance first (lowest
     * rank; the Die of Fortune after rank 5 and before plain rank-6 dice, since it may explode),
     * followed by Ego if {@code ego}: 6s count twice, or on an exploding roll Health more exploding
     * dice are thrown.
     */
    static Successes single(Roller roller, int budget, boolean ego) {
        boolean doubling = ego && !roller.fortune();
        List<Integer> ranks = new ArrayList<>();
        if (!roller.fortune()) {
            for (int i = 0; i < roller.mainDice(); i++) {
                ranks.add(roller.rank());
            }
        }
        for (Roller.Helper helper : roller.helpers()) {
            ranks.add(helper.rank());
        }
        ranks.sort(Comparator.naturalOrder());
        int cells = (doubling ? 2 : 1) * ranks.size() + 1;
        // key: budget left * 4 + exploding dice so far (0, 1 or 2)
        Map<Integer, Weights> states = new HashMap<>();
        states.put(budget * 4, Weights.unit(cells, 0));
        boolean fortuneDone = !roller.fortune();
        for (int rank : ranks) {
            if (!fortuneDone && rank == 6) {
                states = fortune(states);
                fortuneDone = true;
            }
            states = throwDie(states, rank, doubling, cells);
        }
        if (!fortuneDone) {
            states = fortune(states);
        }
        BigInteger den = THIRTY_SIX.pow(ranks.size());
        int bonus = ego && roller.fortune() ? roller.health() : 0;
        Map<Integer, Weights> byExploding = new TreeMap<>();
        for (Map.Entry<Integer, Weights> state : states.entrySet()) {
            byExploding.computeIfAbsent(state.getKey() % 4, k -> new Weights(cells)).addAll(state.getValue());
        }
        Successes result = null;
        for (Map.Entry<Integer, Weights> part : byExploding.entrySet()) {
            part.getValue().normalize();
            Successes finite = Successes.finite(part.getValue().toArray(), den);
            Successes whole = finite.plus(Successes.exploding(part.getKey() + bonus));
            result = result == null ? whole : result.add(whole);
        }
        return result;
    }

    /** One more die at {@code rank}: thrown, and thrown again if it fails while a KISS is left. */
    private static Map<Integer, Weights> throwDie(Map<Integer, Weights> states, int rank, boolean doubling,
            int cells) {
        long fail = rank - 1;
        long two = doubling ? 1 : 0;
        long one = 7 - rank - two;
        Map<Integer, Weights> next = new HashMap<>();
        for (Map.Entry<Integer, Weights> state : states.entrySet()) {
            int left = state.getKey() / 4;
            int exploding = state.getKey() % 4;
            Weights from = state.getValue();
            Weights same = next.computeIfAbsent(state.getKey(), k -> new Weights(cells));
            Weights spent = left > 0 ? next.computeIfAbsent((left - 1) * 4 + exploding, k -> new Weights(cells)) : null;
            for (int s = from.low(); s <= from.high(); s++) {
                if (from.isZero(s)) {
                    continue;
                }
                same.addScaled(s + 1, from, s, one * 6);
                same.addScaled(s + 2 < cells ? s + 2 : s, from, s, two * 6);
                if (spent != null) {
                    spent.addScaled(s, from, s, fail * fail);
                    spent.addScaled(s + 1, from, s, fail * one);
                    spent.addScaled(s + 2 < cells ? s + 2 : s, from, s, fail * two);
                } else {
                    same.addScaled(s, from, s, fail * 6);
                }
            }
        }
        next.values().forEach(Weights::normalize);
        return next;
    }

    /** The Die of Fortune always ends on a failed die; with a KISS left it is thrown again. */
    private static Map<Integer, Weights> fortune(Map<Integer, Weights> states) {
        Map<Integer, Weights> next = new HashMap<>();
        for (Map.Entry<Integer, Weights> state : states.entrySet()) {
            int left = state.getKey() / 4;
            int key = left > 0 ? (left - 1) * 4 + 2 : 1;
            Weights into = next.get(key);
            if (into == null) {
                next.put(key, state.getValue());
            } else {
                into.addAll(state.getValue());
                into.normalize();
            }
        }
        return next;
    }

    /**
     * The total successes of a Group Check, capped at {@code cap}, when every participant spends
     * their KISSes on their own failed dice and those whose dice all succeeded lend theirs to the
     * failed dice left over, best chance first (checks.md, Group Checks); then Ego if {@code ego}.
     *
     * <p>Which leftover dice the lent KISSes reach depends on lenders who may come later in the order
     * of service. Instead of tracking every leftover die, each participant's leftovers are either all
     * served or the serving stops there (a guessed boundary); {@code w} counts lent KISSes minus dice
     * served, and only guesses that end consistent are kept: all served with {@code w ≥ 0}, or
     * stopped with {@code w = 0} exactly. Exactly one guess fits each throw.
     */
    static Successes group(List<Roller> participants, boolean ego, int cap) {
        List<Roller> order = new ArrayList<>(participants);
        order.sort(Comparator.comparingInt(Roller::rank));
        int n = order.size();
        int[] lendLater = new int[n + 1];
        int[] leftoverLater = new int[n + 1];
        for (int i = n - 1; i >= 0; i--) {
            Roller p = order.get(i);
            lendLater[i] = lendLater[i + 1] + p.kisses();
            leftoverLater[i] = leftoverLater[i + 1] + Math.max(0, p.mainDice() - p.kisses());
        }
        int cells = cap + 1;
        // key: phase (0 all served so far, 1 stopped) and w, offset
        final int offset = 1 << 10;
        Map<Integer, Weights> states = new HashMap<>();
        states.put(offset, Weights.unit(cells, 0));
        int dice = 0;
        for (int i = 0; i < n; i++) {
            Roller p = order.get(i);
            Kernels kernels = new Kernels(p.mainDice(), p.rank(), ego);
            dice += p.mainDice();
            Map<Integer, Weights> next = new HashMap<>();
            for (Map.Entry<Integer, Weights> state : states.entrySet()) {
                boolean stopped = state.getKey() >= 2 * offset;
                int w = state.getKey() % (2 * offset) - offset;
                Weights from = state.getValue();
                for (int f = 0; f <= kernels.n; f++) {
                    int own = Math.min(p.kisses(), f);
                    int leftover = f - own;
                    if (f == 0) {
                        put(next, stopped, w + p.kisses(), from, kernels.kernel(0, 0), i, lendLater, leftoverLater,
                                offset, cells);
                    } else if (stopped) {
                        put(next, true, w, from, kernels.kernel(f, own), i, lendLater, leftoverLater, offset, cells);
                    } else {
                        put(next, false, w - leftover, from, kernels.kernel(f, f), i, lendLater, leftoverLater,
                                offset, cells);
                        for (int served = 0; served < leftover; served++) {
                            put(next, true, w - served, from, kernels.kernel(f, own + served), i, lendLater,
                                    leftoverLater, offset, cells);
                        }
                    }
                }
            }
            next.values().forEach(Weights::normalize);
            states = next;
        }
        Weights total = new Weights(cells);
        for (Map.Entry<Integer, Weights> state : states.entrySet()) {
            boolean stopped = state.getKey() >= 2 * offset;
            int w = state.getKey() % (2 * offset) - offset;
            if (stopped ? w == 0 : w >= 0) {
                total.addAll(state.getValue());
            }
        }
        total.normalize();
        return Successes.finite(total.toArray(), THIRTY_SIX.pow(dice));
    }

    private static void put(Map<Integer, Weights> next, boolean stopped, int w, Weights from, long[] kernel, int i,
            int[] lendLater, int[] leftoverLater, int offset, int cells) {
        if (w < -lendLater[i + 1] || (stopped && w > 0)) {
            return; // can never end consistent
        }
        if (!stopped) {
            // with more lent than could ever be needed, the exact surplus no longer matters
            w = Math.min(w, leftoverLater[i + 1]);
        }
        Weights into = next.computeIfAbsent((stopped ? 2 * offset : 0) + offset + w, k -> new Weights(cells));
        for (int s = from.low(); s <= from.high(); s++) {
            if (from.isZero(s)) {
                continue;
            }
            for (int j = 0; j < kernel.length; j++) {
                into.addScaled(Math.min(s + j, cells - 1), from, s, kernel[j]);
            }
        }
    }

    /**
     * Weights (over 36^n) of the added successes of a participant's n alike dice when f of them
     * fail the throw and {@code rethrown} failed dice are thrown again.
     */
    private static final class Kernels {
        final int n;
        private final long fail;
        private final long[][] successPowers;
        private final long[][] rethrowPowers;
        private final Map<Integer, long[]> cache = new HashMap<>();

        Kernels(int n, int rank, boolean doubling) {
            this.n = n;
            this.fail = rank - 1;
            long two = doubling ? 1 : 0;
            long one = 7 - rank - two;
            successPowers = powers(new long[] {0, one, two}, n);
            rethrowPowers = powers(new long[] {fail, one, two}, n);
        }

        long[] kernel(int f, int rethrown) {
            return cache.computeIfAbsent(f * 64 + rethrown, k -> {
                long weight = IntPoly.binomial(n, f).longValueExact() * pow(fail, f) * pow(6, n - rethrown);
                long[] kernel = convolve(successPowers[n - f], rethrowPowers[rethrown]);
                for (int i = 0; i < kernel.length; i++) {
                    kernel[i] *= weight;
                }
                return kernel;
            });
        }

        private static long pow(long base, int exponent) {
            long result = 1;
            for (int i = 0; i < exponent; i++) {
                result *= base;
            }
            return result;
        }

        private static long[][] powers(long[] base, int n) {
            long[][] powers = new long[n + 1][];
            powers[0] = new long[] {1};
            for (int k = 1; k <= n; k++) {
                powers[k] = convolve(powers[k - 1], base);
            }
            return powers;
        }

        private static long[] convolve(long[] a, long[] b) {
            long[] out = new long[a.length + b.length - 1];
            for (int i = 0; i < a.length; i++) {
                for (int j = 0; j < b.length; j++) {
                    out[i + j] += a[i] * b[j];
                }
            }
            return out;
        }
    }

    static BigInteger[] convolve(BigInteger[] a, BigInteger[] b, int cap) {
        int length = Math.min(a.length + b.length - 1, cap == Integer.MAX_VALUE ? Integer.MAX_VALUE : cap + 1);
        BigInteger[] out = new BigInteger[length];
        Arrays.fill(out, BigInteger.ZERO);
        for (int i = 0; i < a.length; i++) {
            if (a[i].signum() == 0) {
                continue;
            }
            for (int j = 0; j < b.length; j++) {
                if (b[j].signum() != 0) {
                    int at = Math.min(i + j, length - 1);
                    out[at] = out[at].add(a[i].multiply(b[j]));
                }
            }
        }
        return out;
    }
}
