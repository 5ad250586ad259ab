package io.dicehall.systems.taskschecks;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Exact success distributions when the rollers play a stated plan after the throw: every KISS on a
 * failed die (best chance first), then optionally Ego. With no KISS and no Ego this is the
 * distribution of the throw itself.
 *
 * <p>Every die is thrown once and, if KISSed, once more. The weights stay whole numbers
 * ({@link Weights}) until the end: a roller's plan keeps, for each number of KISSes left, weights
 * over {@code 6^(dice so far + KISSes spent)}; a Group Check's plan, where lending mixes the
 * participants' KISSes, counts a die not thrown again as a sure "6 ways" second throw, so that every
 * branch shares the denominator 36 per die.
 */
final class Plans {

    private static final BigInteger SIX = BigInteger.valueOf(6);
    private static final BigInteger THIRTY_SIX = BigInteger.valueOf(36);
    /**
     * Limb sizes ({@link Weights}). A roller's die adds into a cell factors summing to at most 36 (5 · 6
     * for a KISSed die, 6 for one that stands), so 56-bit limbs keep room; a Group Check's kernels
     * carry factors up to 2^20, added fewer than 2^15 times between carries, so 28-bit limbs.
     */
    private static final int SINGLE_BITS = 56;
    private static final int GROUP_BITS = 28;

    private Plans() {
    }

    /**
     * One roller's successes when {@code budget} KISSes go to failed dice, best chance first (lowest
     * rank; the Die of Fortune after rank 5 and before plain rank-6 dice, since it may explode),
     * followed by Ego if {@code ego}: 6s count twice, or on an exploding roll Health more exploding
     * dice are thrown.
     */
    static Successes single(Roller roller, int budget, boolean ego) {
        return new Memo().single(roller, budget, ego);
    }

    /**
     * The plans of one odds call. A plan depends only on the dice, the KISSes and Ego (with Health on
     * a Die of Fortune), so rollers alike in those share one, worked out once; and Ego on a Die of
     * Fortune only adds exploding dice after the KISSes, so that plan reuses the KISS plan's throws.
     * Not thread-safe, and never kept beyond the call.
     */
    static final class Memo {
        private final Map<Throws, Successes[]> throwsByKey = new HashMap<>();
        private final Map<PlanKey, Successes> plans = new HashMap<>();
        private final Map<List<Object>, Successes> magicPlans = new HashMap<>();

        Successes single(Roller roller, int budget, boolean ego) {
            if (roller.magicPool()) {
                List<Integer> helpRanks = roller.helpers().stream().map(Roller.Helper::rank).sorted().toList();
                return magicPlans.computeIfAbsent(List.of(roller.rank(), roller.mainDice(), helpRanks, budget,
                        ego ? roller.health() : -1), plan -> magic(roller, budget, ego));
            }
            Throws key = Throws.of(roller, budget, ego && !roller.fortune());
            int bonus = ego && roller.fortune() ? roller.health() : 0;
            return plans.computeIfAbsent(new PlanKey(key, bonus),
                    plan -> withExploding(throwsByKey.computeIfAbsent(key, Plans::kissAll), bonus));
        }
    }

    /**
     * The dice of a plan and how they are played.
     *
     * @param ranks the ranks of the dice thrown, lowest first, without the Die of Fortune
     * @param fortune whether the Die of Fortune is thrown too
     * @param budget the KISSes spent on failed dice
     * @param doubling whether 6s count twice (Ego on a roll that is not exploding)
     */
    private record Throws(List<Integer> ranks, boolean fortune, int budget, boolean doubling) {

        static Throws of(Roller roller, int budget, boolean doubling) {
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
            return new Throws(List.copyOf(ranks), roller.fortune(), budget, doubling);
        }
    }

    /** A plan: its throws, and the exploding dice Ego adds on a Die of Fortune. */
    private record PlanKey(Throws throwsKey, int bonus) {
    }

    /**
     * The finite successes of the throws, split by the exploding dice they end with: index 0 for a
     * roll without the Die of Fortune, 1 if it was not KISSed, 2 if it was (the failed die that ends
     * its chain is thrown again and may explode anew); null where no throw ends so. Each part is a
     * sub-probability; they sum to 1.
     *
     * <p>The dynamic program runs die by die over the states (KISSes left, exploding dice). A state
     * with {@code L} KISSes left has spent {@code budget − L}, all on plain dice unless the Die of
     * Fortune took one; its weights are over {@code 6^(dice so far + plain dice KISSed)}, so a die
     * multiplies them by its faces only (at most 5 · 5), and the states are brought to one
     * denominator at the end.
     */
    private static Successes[] kissAll(Throws plan) {
        int n = plan.ranks().size();
        int cells = (plan.doubling() ? 2 : 1) * n + 1;
        int budget = plan.budget();
        Weights[][] states = new Weights[budget + 1][3];
        Weights[][] next = new Weights[budget + 1][3];
        states[budget][0] = new Weights(cells, SIX.pow(n + budget), SINGLE_BITS).unit(0);
        boolean fortuneDone = !plan.fortune();
        for (int rank : plan.ranks()) {
            if (!fortuneDone && rank == 6) {
                fortune(states);
                fortuneDone = true;
            }
            throwDie(states, next, rank, plan.doubling());
            Weights[][] swap = states;
            states = next;
            next = swap;
        }
        if (!fortuneDone) {
            fortune(states);
        }
        Successes[] parts = new Successes[3];
        for (int x = 0; x < 3; x++) {
            // Σ_L W_L · 6^L, by Horner's rule from the most KISSes left: over 6^(n + budget), less the
            // one KISS the Die of Fortune took in part 2
            Weights total = null;
            for (int left = budget; left >= 0; left--) {
                Weights w = states[left][x];
                if (total != null) {
                    total.scale(6);
                    if (w != null) {
                        total.addAll(w);
                    }
                    total.normalize();
                } else if (w != null && !w.isEmpty()) {
                    total = w;
                }
            }
            if (total != null) {
                parts[x] = Successes.finite(total.toArray(), SIX.pow(n + budget - (x == 2 ? 1 : 0)));
            }
        }
        return parts;
    }

    /**
     * One more die at {@code rank}, from {@code states} into {@code next} (cleared first): thrown, and
     * thrown again if it fails while a KISS is left.
     */
    private static void throwDie(Weights[][] states, Weights[][] next, int rank, boolean doubling) {
        long fail = rank - 1;
        long two = doubling ? 1 : 0;
        long one = 7 - rank - two;
        long[] succeeds = {0, one, two};
        long[] stands = {fail, one, two};
        long[] kissed = {fail * fail, fail * one, fail * two};
        for (Weights[] row : next) {
            for (Weights w : row) {
                if (w != null) {
                    w.clear();
                }
            }
        }
        for (int left = 0; left < states.length; left++) {
            for (int x = 0; x < 3; x++) {
                Weights from = states[left][x];
                if (from == null || from.isEmpty()) {
                    continue;
                }
                if (left == 0) {
                    slot(next, 0, x, from).addConvolved(from, stands);
                } else {
                    slot(next, left, x, from).addConvolved(from, succeeds);
                    slot(next, left - 1, x, from).addConvolved(from, kissed);
                }
            }
        }
        for (Weights[] row : next) {
            for (Weights w : row) {
                if (w != null) {
                    w.normalize();
                }
            }
        }
    }

    private static Weights slot(Weights[][] states, int left, int x, Weights like) {
        if (states[left][x] == null) {
            states[left][x] = like.emptyLike();
        }
        return states[left][x];
    }

    /**
     * The Die of Fortune always ends on a failed die; with a KISS left it is thrown again. Its 6s are
     * counted as exploding dice afterwards, so here it only moves weight between states, unchanged.
     */
    private static void fortune(Weights[][] states) {
        for (int left = 0; left < states.length; left++) {
            Weights from = states[left][0];
            states[left][0] = null;
            if (from == null || from.isEmpty()) {
                continue;
            }
            if (left == 0) {
                states[0][1] = from;
            } else {
                states[left - 1][2] = from;
            }
        }
    }

    /**
     * A magic job's exploding pool under the plan: {@code budget} KISSes on failed dice, best chance first (by
     * rank; an exploding die before a help die of the same rank, since it may bring more), then Ego if {@code
     * ego} (Health in exploding dice at the pool's rank). Each pool die throws its 6s in a row, then ends on a
     * face of 1–5, all five alike and independent of the 6s: so the pool is its 6s (exploding rank-6 dice, in
     * count) plus {@code m} end faces, of which a binomial number fail. The failed ends and help dice are counted
     * out; the successes of everything thrown again, and the 6s, are one exploding sum.
     */
    static Successes magic(Roller roller, int budget, boolean ego) {
        int m = roller.mainDice();
        int r = roller.rank();
        int[] help = new int[7];
        roller.helpers().forEach(h -> help[h.rank()]++);
        int n = roller.helpers().size();
        // by what is thrown again (pool ends, help dice per rank): weights of the successes that stand
        Map<List<Integer>, BigInteger[]> standing = new HashMap<>();
        int most = m + n;
        for (int f = 0; f <= m; f++) {
            BigInteger ways = IntPoly.binomial(m, f).multiply(BigInteger.valueOf(r - 1).pow(f))
                    .multiply(BigInteger.valueOf(6 - r).pow(m - f));
            if (ways.signum() == 0) {
                continue;
            }
            int poolFailed = f;
            FortuneGame.failures(help, 2, 0, 0, ways, (failed, successes, w) -> {
                int left = budget;
                Integer[] key = new Integer[8];
                java.util.Arrays.fill(key, 0);
                for (int rank = 1; rank <= 6; rank++) {
                    if (rank == r) {
                        key[0] = Math.min(left, poolFailed);
                        left -= key[0];
                    }
                    key[rank] = Math.min(left, KissGame.count(failed, rank));
                    left -= key[rank];
                }
                BigInteger[] weights = standing.computeIfAbsent(List.of(key), k -> IntPoly.zeros(most + 1));
                int stands = m - poolFailed + successes;
                weights[stands] = weights[stands].add(w);
            });
        }
        BigInteger den = BigInteger.valueOf(5).pow(m).multiply(SIX.pow(n));
        Successes result = null;
        for (Map.Entry<List<Integer>, BigInteger[]> entry : standing.entrySet()) {
            List<Integer> key = entry.getKey();
            var ranks = new ArrayList<Integer>();
            for (int i = 0; i < m; i++) {
                ranks.add(6); // the pool's 6s in a row
            }
            for (int i = 0; i < key.get(0) + (ego ? roller.health() : 0); i++) {
                ranks.add(r);
            }
            Successes part = Successes.finite(entry.getValue(), den);
            for (int rank = 1; rank <= 6; rank++) {
                for (int i = 0; i < key.get(rank); i++) {
                    part = part.plus(RollProcedure.rethrow(rank, false));
                }
            }
            part = part.plus(Successes.explodingAt(ranks.stream().mapToInt(i -> i).toArray()));
            result = result == null ? part : result.add(part);
        }
        return result;
    }

    /** @return the finite parts, each plus its exploding dice and {@code bonus} more, mixed */
    private static Successes withExploding(Successes[] parts, int bonus) {
        Successes result = null;
        for (int x = 0; x < parts.length; x++) {
            if (parts[x] == null) {
                continue;
            }
            Successes whole = x + bonus == 0 ? parts[x] : parts[x].plus(Successes.exploding(x + bonus));
            result = result == null ? whole : result.add(whole);
        }
        return result;
    }

    /**
     * The total successes of a Group Check, capped at {@code cap}, when every participant spends
     * their KISSes on their own failed dice and those whose dice all succeeded lend theirs to the
     * failed dice left over, best chance first (the Checks page, Group Checks); then Ego if {@code ego}.
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
        int dice = participants.stream().mapToInt(Roller::mainDice).sum();
        Weights unit = new Weights(cells, THIRTY_SIX.pow(dice), GROUP_BITS).unit(0);
        // key: phase (0 all served so far, 1 stopped) and w, offset
        final int offset = 1 << 10;
        Map<Integer, Weights> states = new HashMap<>();
        states.put(offset, unit);
        for (int i = 0; i < n; i++) {
            Roller p = order.get(i);
            Kernels kernels = new Kernels(p.mainDice(), p.rank(), ego);
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
        Weights total = unit.emptyLike();
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
        next.computeIfAbsent((stopped ? 2 * offset : 0) + offset + w, k -> from.emptyLike())
                .addConvolved(from, kernel);
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
