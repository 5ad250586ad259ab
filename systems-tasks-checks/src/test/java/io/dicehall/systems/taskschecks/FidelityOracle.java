package io.dicehall.systems.taskschecks;

import io.dicehall.api.odds.Fraction;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Best play in a Group Check with Fidelity the slow way, to check {@link FidelitySums} against: after a throw, every
 * way of spending (each participant 0 up to every useful point, no way left out) summed participant by participant,
 * merging only ways that leave the very same summary (as best play read them before sums were dropped as dominated),
 * and the best value of those summaries in fractions; before the roll, that value for every throw by face of every
 * participant, one throw at a time, weighed by its chance.
 */
final class FidelityOracle {

    private static final BigInteger SIX = BigInteger.valueOf(6);

    private final Map<List<Object>, Fraction> chances = new HashMap<>();
    private final Map<List<Object>, Fraction> values = new HashMap<>();

    /** Best play before the roll: {@link #value} of every throw by face, weighed by its chance. */
    Fraction beforeRoll(List<Roller> rollers, int threshold) {
        List<Map<KissGame.Profile, Long>> each = new ArrayList<>();
        int dice = 0;
        for (Roller roller : rollers) {
            Map<KissGame.Profile, Long> kinds = new HashMap<>();
            faces(roller.mainDice(), 1, new int[7], counts -> kinds.merge(KissGame.Profile.of(roller.rank(),
                    roller.usefulFidelity(0), counts, counts[6], roller.kisses(), false), orders(counts), Long::sum));
            each.add(kinds);
            dice += roller.mainDice();
        }
        Map<Fraction, BigInteger> byValue = new HashMap<>();
        throwsFrom(each, 0, new ArrayList<>(), BigInteger.ONE, threshold, byValue);
        Fraction sum = Fraction.ZERO;
        for (Map.Entry<Fraction, BigInteger> e : byValue.entrySet()) {
            sum = sum.plus(e.getKey().times(Fraction.of(e.getValue(), SIX.pow(dice))));
        }
        return sum;
    }

    private void throwsFrom(List<Map<KissGame.Profile, Long>> each, int i, List<KissGame.Profile> thrown,
            BigInteger ways, int threshold, Map<Fraction, BigInteger> byValue) {
        if (i == each.size()) {
            byValue.merge(value(thrown, threshold), ways, BigInteger::add);
            return;
        }
        for (Map.Entry<KissGame.Profile, Long> e : each.get(i).entrySet()) {
            thrown.add(e.getKey());
            throwsFrom(each, i + 1, thrown, ways.multiply(BigInteger.valueOf(e.getValue())), threshold, byValue);
            thrown.remove(thrown.size() - 1);
        }
    }

    /** Every way {@code n} dice fall on faces {@code face..6}, as counts by face. */
    private static void faces(int n, int face, int[] counts, java.util.function.Consumer<int[]> each) {
        if (face == 6) {
            counts[6] = n;
            each.accept(counts);
            return;
        }
        for (int c = 0; c <= n; c++) {
            counts[face] = c;
            faces(n - c, face + 1, counts, each);
        }
        counts[face] = 0;
    }

    /** @return the number of orders of dice showing these counts by face (a multinomial) */
    private static long orders(int[] counts) {
        long ways = 1;
        int dice = 0;
        for (int f = 1; f <= 6; f++) {
            for (int i = 1; i <= counts[f]; i++) {
                dice++;
                ways = ways * dice / i;
            }
        }
        return ways;
    }

    /** A summary as best play reads it (see KissGame's Summary): every field a plain count by rank. */
    private record Summary(int total, int lend, List<Integer> own, List<Integer> left, List<Integer> free,
            List<Integer> pooled) {
    }

    /** Best play after a throw with Fidelity left: the best over every way of spending. */
    Fraction value(List<KissGame.Profile> profiles, int threshold) {
        var sorted = new ArrayList<>(profiles);
        sorted.sort(KissGame.Profile.ORDER);
        List<Object> key = List.of(sorted, threshold);
        Fraction known = values.get(key);
        if (known == null) {
            known = valueOnce(sorted, threshold);
            values.put(key, known);
        }
        return known;
    }

    private Fraction valueOnce(List<KissGame.Profile> profiles, int threshold) {
        int dice = 0;
        for (KissGame.Profile p : profiles) {
            dice += KissGame.size(p.faces()) + p.sixes();
        }
        List<Integer> none = List.of(0, 0, 0, 0, 0, 0, 0);
        Map<Summary, Boolean> states = new HashMap<>();
        states.put(new Summary(0, 0, none, none, none, none), true);
        for (KissGame.Profile profile : profiles) {
            Map<Summary, Boolean> next = new HashMap<>();
            for (int points = 0; points <= profile.useful(); points++) {
                int rank = profile.rank() - points;
                int f = 0;
                int o = 0;
                for (int face = 1; face <= 5; face++) {
                    if (face < rank) {
                        f += KissGame.count(profile.faces(), face);
                    } else {
                        o += KissGame.count(profile.faces(), face);
                    }
                }
                for (Summary was : states.keySet()) {
                    next.put(summed(was, rank, f, profile.sixes(), o, profile.kisses(), threshold, dice), true);
                }
            }
            states = next;
        }
        Fraction best = Fraction.ZERO;
        for (Summary s : states.keySet()) {
            Fraction v = s.total() >= threshold ? Fraction.ONE : chances.computeIfAbsent(List.of(threshold - s.total(),
                    failed(s), spare(s)), k -> best(threshold - s.total(), failed(s), spare(s)));
            if (v.compareTo(best) > 0) {
                best = v;
            }
        }
        return best;
    }

    private static List<Integer> plus(List<Integer> counts, int rank, int n) {
        var copy = new ArrayList<>(counts);
        copy.set(rank, copy.get(rank) + n);
        return List.copyOf(copy);
    }

    private static Summary summed(Summary was, int rank, int f, int six, int o, int k, int threshold, int dice) {
        int spare = Math.min(o, k);
        int ownUsed = Math.min(f, k);
        int free = f == 0 ? 0 : Math.min(spare, k - ownUsed);
        int pooled = f == 0 ? spare : Math.min(spare - free, ownUsed);
        int lend = f == 0 ? k : 0;
        int t = Math.min(was.total() + o + 2 * six, threshold);
        List<Integer> none = List.of(0, 0, 0, 0, 0, 0, 0);
        if (t >= threshold) {
            return new Summary(threshold, 0, none, none, none, none);
        }
        return new Summary(t, Math.min(was.lend() + lend, dice), plus(was.own(), rank, ownUsed),
                plus(was.left(), rank, f - ownUsed), plus(was.free(), rank, free), plus(was.pooled(), rank, pooled));
    }

    private static List<Integer> failed(Summary s) {
        var ranks = new ArrayList<Integer>();
        int lend = s.lend();
        for (int rank = 1; rank <= 6; rank++) {
            for (int i = 0; i < s.own().get(rank); i++) {
                ranks.add(rank);
            }
            for (int i = 0; i < s.left().get(rank) && lend > 0; i++, lend--) {
                ranks.add(rank);
            }
        }
        return ranks;
    }

    private static List<Integer> spare(Summary s) {
        int left = s.left().stream().mapToInt(Integer::intValue).sum();
        int pool = s.lend() - Math.min(s.lend(), left);
        var ranks = new ArrayList<Integer>();
        for (int rank = 1; rank <= 6; rank++) {
            int take = s.free().get(rank) + Math.min(s.pooled().get(rank), pool);
            pool -= take - s.free().get(rank);
            for (int i = 0; i < take; i++) {
                ranks.add(rank);
            }
        }
        return ranks;
    }

    /** The failed dice thrown again and the best number of spare dice, lowest first, in fractions. */
    private static Fraction best(int need, List<Integer> failed, List<Integer> spare) {
        Map<Integer, BigInteger> w = new HashMap<>();
        w.put(0, BigInteger.ONE);
        int dice = 0;
        for (int rank : failed) {
            w = plusDie(w, rank);
            dice++;
        }
        Fraction best = Fraction.ZERO;
        for (int s = 0; s <= spare.size(); s++) {
            if (s > 0) {
                w = plusDie(w, spare.get(s - 1));
                dice++;
            }
            BigInteger ways = BigInteger.ZERO;
            for (Map.Entry<Integer, BigInteger> e : w.entrySet()) {
                if (e.getKey() >= need + s) {
                    ways = ways.add(e.getValue());
                }
            }
            Fraction v = Fraction.of(ways, SIX.pow(dice));
            if (v.compareTo(best) > 0) {
                best = v;
            }
        }
        return best;
    }

    private static Map<Integer, BigInteger> plusDie(Map<Integer, BigInteger> w, int rank) {
        Map<Integer, BigInteger> next = new HashMap<>();
        w.forEach((v, ways) -> {
            next.merge(v, ways.multiply(BigInteger.valueOf(rank - 1)), BigInteger::add);
            next.merge(v + 1, ways.multiply(BigInteger.valueOf(6 - rank)), BigInteger::add);
            next.merge(v + 2, ways, BigInteger::add);
        });
        return next;
    }
}
