package io.dicehall.systems.taskschecks;

import io.dicehall.api.Move;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.Option;
import io.dicehall.api.form.PickField;
import io.dicehall.api.odds.Dist;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.play.Game;
import io.dicehall.api.play.Goal;
import io.dicehall.api.play.Lottery;
import io.dicehall.api.state.RollState;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntFunction;

/**
 * The rules of a Task whose pool is empty as a game for best play: the Die of Fortune (an exploding rank-6 die)
 * and the help dice, one KISS round, Ego (Health in exploding dice that cannot be KISSed, declared with the
 * KISSes), accept.
 *
 * <h2>Positions</h2>
 * A {@link Position} holds the successes so far (capped at the factors), the KISSes that can still be spent
 * (none once the round is over), whether the failed die that ended the Die of Fortune's chain can still be
 * picked up, the failed help dice by rank (the lowest-ranked ones the KISSes could pick up), and whether Ego
 * can still be spent (only while the KISS round is open: it is declared with the KISSes).
 *
 * <h2>Moves</h2>
 * Here the best pick is not always the same: a help die at rank 5 succeeds more often than the Die of Fortune
 * (2 faces in 6 against 1), but only the Die of Fortune can bring more than one success. So the KISS moves are
 * every way to spend the KISSes on the Die of Fortune or not, and on the {@code h} lowest-ranked failed help
 * dice (a lower rank succeeds on every face a higher one does), each with Ego declared or not; and Ego alone,
 * which ends the KISS round. A help die that succeeded may be picked too, but thrown again it can only lose its
 * success (Ego doubles nothing here), so it is never listed; {@link #next(RollState, Move)} values it exactly.
 * Moves are listed cheapest first, so that among moves exactly as good the one that spends least is named best.
 *
 * <h2>Answers</h2>
 * Ego only adds, so best play declares it, and chooses the KISS without seeing Ego's dice: of the two ways to
 * fill the KISSes (with the Die of Fortune or without it, each with as many of the lowest help dice as fit),
 * the one that, with Ego's dice, reaches the goal more often. {@link #value} works that out for any position,
 * and {@link #valueBeforeRoll} over the first throw in one sum, with no search: every chance is a whole number
 * over a power of 6 (binomials for the help dice, negative binomials for the exploding ones), so nothing is
 * reduced until the answer. The lotteries come from the odds' own {@link Successes}.
 */
final class FortuneGame implements Game<FortuneGame.Position> {

    private static final Move EGO = new Move(RollProcedure.EGO, Inputs.NONE);
    private static final BigInteger SIX = BigInteger.valueOf(6);
    private static final BigInteger[] POWERS = new BigInteger[96];
    /**
     * Every KISS chance is over 6^KISS_EXPONENT: up to 10 dice, and a need of up to the most factors (4 objectives,
     * the difficulty factors, 8 Lots of a defender) plus one.
     */
    private static final int KISS_EXPONENT = 10 + TaskProcedure.MOST_DIFFICULTY_FACTORS + 8 + 4 + 1;

    static {
        POWERS[0] = BigInteger.ONE;
        for (int i = 1; i < POWERS.length; i++) {
            POWERS[i] = POWERS[i - 1].multiply(SIX);
        }
    }

    /**
     * @param total the successes so far, capped at the factors
     * @param kisses the KISSes that can still be spent, at most the dice they could pick up; 0 once the round
     *     is over
     * @param fortune whether the failed die that ended the Die of Fortune's chain can still be picked up
     * @param help the failed help dice that could be picked up, by rank (packed as in {@link KissGame})
     * @param ego whether Ego can still be spent (not spent, Health to roll, and the KISS round open)
     */
    record Position(int total, int kisses, boolean fortune, int help, boolean ego) {

        boolean over() {
            return kisses == 0 && !ego;
        }
    }

    private final Roller roller;
    private final int cap;
    private final IntFunction<String> outcome;
    private final Map<Goal, Integer> thresholds = new HashMap<>();
    /** The best KISS's chances by need, per KISSes, Die of Fortune and packed help dice: see {@link #bestKiss}. */
    private final Map<Long, BigInteger[]> bestKisses = new HashMap<>();
    private final Map<Long, Move> kissMoves = new HashMap<>();

    /**
     * @param roller a roller on the Die of Fortune
     * @param cap the factors: the successes that pass
     * @param outcome the outcome id of a number of successes, {@code 0..cap}
     */
    FortuneGame(Roller roller, int cap, IntFunction<String> outcome) {
        if (!roller.fortune()) {
            throw new IllegalArgumentException("not a roll on the Die of Fortune");
        }
        this.roller = roller;
        this.cap = cap;
        this.outcome = outcome;
    }

    // ------------------------------------------------------------------ positions

    private Position position(int total, int kisses, boolean fortune, int helpFailed, boolean egoLeft) {
        int help = 0;
        int n = 0;
        for (int rank = 2; rank <= 6 && n < kisses; rank++) {
            int take = Math.min(KissGame.count(helpFailed, rank), kisses - n);
            help = KissGame.add(help, rank, take);
            n += take;
        }
        int k = Math.min(kisses, n + (fortune ? 1 : 0));
        boolean ego = egoLeft && roller.health() > 0;
        return k == 0 ? new Position(Math.min(total, cap), 0, false, 0, ego)
                : new Position(Math.min(total, cap), k, fortune, help, ego);
    }

    private Position over(int total) {
        return new Position(Math.min(total, cap), 0, false, 0, false);
    }

    @Override
    public Position position(RollState state) {
        if (state.complete()) {
            return over(state.tally("successes").orElseThrow().value());
        }
        Reading reading = new Reading(state);
        return position(reading.total, reading.kisses, reading.fortune != null, reading.helpFailed,
                reading.open && !Table.egoSpent(roller, state));
    }

    /** A real state read: successes, the failed dice that may be picked up, the KISSes. */
    private final class Reading {
        int total;
        int helpFailed;
        final int kisses;
        final boolean open;
        Table.Slot fortune;
        final List<Table.Slot> help = new ArrayList<>();
        final List<Table.Slot> spare = new ArrayList<>();

        Reading(RollState state) {
            open = !state.memo().containsKey("kissed");
            kisses = open ? roller.kisses() : 0;
            for (Table.Slot slot : Table.slots(List.of(roller), state)) {
                if (!slot.failed()) {
                    total++;
                    if (slot.pickable()) {
                        spare.add(slot);
                    }
                } else if (slot.kind().equals(Table.POOL)) {
                    fortune = slot;
                } else if (slot.kind().equals(Table.HELP)) {
                    help.add(slot);
                    helpFailed = KissGame.add(helpFailed, slot.rank(), 1);
                }
            }
            help.sort(Comparator.comparingInt(Table.Slot::rank)); // stable: table order within a rank
            if (kisses == 0) {
                fortune = null;
                help.clear();
                helpFailed = 0;
            }
        }
    }

    // ------------------------------------------------------------------ the first throw

    /** The Die of Fortune's 6s in a row, then each help die; the failed die that ends the chain may be KISSed. */
    @Override
    public Lottery<Position> start() {
        Lottery<Position> thrown = exploding(1, 0, total -> new Position(total, 0, true, 0, false));
        int[] dice = new int[7];
        roller.helpers().forEach(h -> dice[h.rank()]++);
        for (int rank = 1; rank <= 6; rank++) {
            if (dice[rank] == 0) {
                continue;
            }
            int r = rank;
            int n = dice[rank];
            Dist failures = Dist.binomial(n, Fraction.of(rank - 1, 6));
            thrown = thrown.then(p -> Lottery.of(failures, f -> new Position(Math.min(p.total() + n - f, cap), 0,
                    true, f == 0 ? p.help() : KissGame.add(p.help(), r, f), false)));
        }
        return thrown.map(p -> position(p.total(), roller.kisses(), true, p.help(), true));
    }

    /**
     * @return the lottery of {@code base} plus the successes of {@code m} exploding dice, capped at {@code cap}:
     *     every count below the cap exactly, the tail from it in one position
     */
    private Lottery<Position> exploding(int m, int base, IntFunction<Position> at) {
        int need = cap - base;
        if (m == 0 || need <= 0) {
            return Lottery.certain(at.apply(Math.min(base, cap)));
        }
        Successes count = Successes.exploding(m);
        Lottery.Builder<Position> builder = Lottery.builder();
        for (int v = 0; v < need; v++) {
            builder.add(at.apply(base + v), count.exactly(v));
        }
        builder.add(at.apply(cap), count.atLeast(need));
        return builder.build();
    }

    // ------------------------------------------------------------------ moves

    /** What a KISS picks: the Die of Fortune or not, and how many of the lowest failed help dice. */
    private record Pick(boolean fortune, int help) {
        int dice() {
            return help + (fortune ? 1 : 0);
        }
    }

    /** Every way to fill up to the KISSes, fewest dice first; without the Die of Fortune first. */
    private static List<Pick> picks(int kisses, boolean fortune, int helpCount) {
        var picks = new ArrayList<Pick>();
        for (int n = 1; n <= kisses; n++) {
            if (n <= helpCount) {
                picks.add(new Pick(false, n));
            }
            if (fortune && n - 1 <= helpCount) {
                picks.add(new Pick(true, n - 1));
            }
        }
        return picks;
    }

    private static int dice(int packed) {
        int n = 0;
        for (int rank = 2; rank <= 6; rank++) {
            n += KissGame.count(packed, rank);
        }
        return n;
    }

    @Override
    public List<Move> moves(Position position) {
        if (position.over()) {
            return List.of();
        }
        var moves = new ArrayList<Move>();
        moves.add(KissGame.ACCEPT);
        for (Pick pick : picks(position.kisses(), position.fortune(), dice(position.help()))) {
            moves.add(kissMoves.computeIfAbsent((long) pick.help() << 1 | (pick.fortune() ? 1 : 0),
                    key -> kissMove(pick, false)));
            if (position.ego()) {
                moves.add(kissMoves.computeIfAbsent((long) pick.help() << 1 | (pick.fortune() ? 1 : 0) | 1L << 40,
                        key -> kissMove(pick, true)));
            }
        }
        if (position.ego()) {
            moves.add(EGO);
        }
        return moves;
    }

    /**
     * In a position, a KISS picks {@code dof} for the Die of Fortune and {@code k1…kh} for the help dice, and
     * with {@code ego} declares Ego with them.
     */
    private static Move kissMove(Pick pick, boolean ego) {
        var ids = new ArrayList<String>();
        if (pick.fortune()) {
            ids.add("dof");
        }
        for (int i = 1; i <= pick.help(); i++) {
            ids.add("k" + i);
        }
        return kissMove(ids, ego);
    }

    /** A KISS of a position (not a real state): a pick of these stand-in ids, with Ego declared or not. */
    static Move kissMove(List<String> ids, boolean ego) {
        List<Option> options = ids.stream().map(id -> Option.of(id, id)).toList();
        Form form = Form.of(new PickField("dice", "Dice", "", options, 1, options.size()),
                new PickField(RollProcedure.EGO, "Ego", "", List.of(Option.of("you", "you")), 0, 1));
        Map<String, Object> raw = Map.of("dice", ids, RollProcedure.EGO, ego ? List.of("you") : List.of());
        return new Move(RollProcedure.KISS, InputChecker.check(form, raw).orThrow());
    }

    @Override
    public List<Move> moves(RollState state) {
        if (state.complete()) {
            return List.of();
        }
        var moves = new ArrayList<Move>();
        moves.add(KissGame.ACCEPT);
        Reading reading = new Reading(state);
        state.move(RollProcedure.KISS).ifPresent(option -> {
            boolean ego = option.form().field(RollProcedure.EGO).isPresent();
            for (Pick pick : picks(reading.kisses, reading.fortune != null, reading.help.size())) {
                var ids = new ArrayList<String>();
                if (pick.fortune()) {
                    ids.add(reading.fortune.die().id());
                }
                reading.help.subList(0, pick.help()).forEach(slot -> ids.add(slot.die().id()));
                addKisses(moves, option, ids, ego);
            }
        });
        if (state.move(RollProcedure.EGO).isPresent()) {
            moves.add(EGO);
        }
        return moves;
    }

    /** Adds the KISS of a real state that picks these dice, and when the form offers Ego, the same with Ego. */
    static void addKisses(List<Move> moves, io.dicehall.api.state.MoveOption option, List<String> ids, boolean ego) {
        moves.add(new Move(RollProcedure.KISS, InputChecker.check(option.form(), Map.of("dice", ids)).orThrow()));
        if (ego) {
            moves.add(new Move(RollProcedure.KISS, InputChecker.check(option.form(),
                    Map.of("dice", ids, RollProcedure.EGO, List.of("you"))).orThrow()));
        }
    }

    // ------------------------------------------------------------------ where moves lead

    @Override
    public Lottery<Position> next(Position position, Move move) {
        return switch (move.id()) {
            case RollProcedure.ACCEPT -> Lottery.certain(over(position.total()));
            case RollProcedure.KISS -> {
                List<String> picks = move.inputs().picks("dice");
                boolean fortune = picks.contains("dof");
                int h = picks.size() - (fortune ? 1 : 0);
                boolean ego = position.ego() && !move.inputs().picks(RollProcedure.EGO).isEmpty();
                yield kiss(position.total(), (fortune ? 1 : 0) + (ego ? roller.health() : 0),
                        KissGame.lowest(position.help(), h));
            }
            case RollProcedure.EGO -> ego(position);
            default -> throw new IllegalArgumentException("not a move of this roll: " + move);
        };
    }

    @Override
    public Lottery<Position> next(RollState state, Move move) {
        if (!move.id().equals(RollProcedure.KISS)) {
            return next(position(state), move);
        }
        Reading reading = new Reading(state);
        List<String> ids = move.inputs().picks("dice");
        int exploding = reading.fortune != null && ids.contains(reading.fortune.die().id()) ? 1 : 0;
        if (!RollProcedure.spenders(List.of(roller), move, false).isEmpty()) {
            exploding += roller.health();
        }
        int help = 0;
        for (Table.Slot slot : reading.help) {
            if (ids.contains(slot.die().id())) {
                help = KissGame.add(help, slot.rank(), 1);
            }
        }
        // a help die that succeeded, thrown again: its success goes, and it is thrown like a failed one
        int spare = 0;
        for (Table.Slot slot : reading.spare) {
            if (ids.contains(slot.die().id())) {
                help = KissGame.add(help, slot.rank(), 1);
                spare++;
            }
        }
        return kiss(reading.total - spare, exploding, help);
    }

    /**
     * The picked dice thrown again, once, with Ego's dice if it was declared with them: the KISS round is then
     * over, and so is the time to spend Ego.
     */
    private Lottery<Position> kiss(int total, int exploding, int help) {
        Successes count = thrown(exploding, help);
        int base = Math.min(total, cap);
        int need = cap - base;
        if (need <= 0) {
            return Lottery.certain(over(cap));
        }
        Lottery.Builder<Position> builder = Lottery.builder();
        for (int v = 0; v < need; v++) {
            builder.add(over(base + v), count.exactly(v));
        }
        builder.add(over(cap), count.atLeast(need));
        return builder.build();
    }

    /** Ego alone: Health in exploding dice, which cannot be KISSed; declared without KISSes, it ends the round. */
    private Lottery<Position> ego(Position position) {
        return exploding(roller.health(), position.total(), this::over);
    }

    /** @return the successes of {@code exploding} exploding dice and the packed help dice, thrown together */
    private static Successes thrown(int exploding, int help) {
        Successes count = Successes.exploding(exploding);
        for (int rank = 2; rank <= 6; rank++) {
            for (int i = 0; i < KissGame.count(help, rank); i++) {
                count = count.plus(RollProcedure.rethrow(rank, false));
            }
        }
        return count;
    }

    @Override
    public String outcome(Position position) {
        return outcome.apply(position.total());
    }

    // ------------------------------------------------------------------ the game's own answer

    /*
     * Every chance below is a whole number over a power of 6: n help dice over 6^n; the Die of Fortune's 6s in a
     * row, P(E = v) = 5/6^(v+1); m exploding dice, P(E_m = v) = C(v+m−1, m−1) 5^m / 6^(m+v). So the answers are
     * sums of whole numbers over one power of 6, reduced once.
     */

    private int threshold(Goal goal) {
        return thresholds.computeIfAbsent(goal, g -> KissGame.fewestReaching(g, cap, outcome));
    }

    /**
     * Ego is declared with the KISSes and thrown with them, so the KISS is chosen without seeing Ego's dice: of
     * the two ways to fill the KISSes (on the Die of Fortune and as many of the lowest help dice as fit, or on the
     * help dice alone), the one that, with Ego's dice added when Ego can still be spent, reaches the goal more
     * often. Ego only adds, so it is always declared.
     */
    @Override
    public Optional<Fraction> value(Position position, Goal goal) {
        int threshold = threshold(goal);
        if (threshold > cap) {
            return Optional.of(Fraction.ZERO);
        }
        int need = threshold - position.total();
        if (need <= 0) {
            return Optional.of(Fraction.ONE);
        }
        int m = position.ego() ? roller.health() : 0;
        BigInteger[] best = bestWithEgo(position.kisses(), position.fortune(), position.help(), m);
        return Optional.of(Fraction.of(best[need], power(m + cap + 1 + KISS_EXPONENT)));
    }

    /**
     * Before the roll: the Die of Fortune's first chain {@code V} and the help dice fail at their ranks; then the
     * best KISS declared with Ego for what is left. So best play is {@code Σ_f P(f) Σ_v P(V = v) best_f(need − v)}
     * over every number of failed help dice at each rank, with no search.
     */
    @Override
    public Optional<Fraction> valueBeforeRoll(Goal goal) {
        int t = threshold(goal);
        if (t > cap) {
            return Optional.of(Fraction.ZERO);
        }
        if (t == 0) {
            return Optional.of(Fraction.ONE);
        }
        int h = roller.health();
        int exponent = h + cap + 1 + KISS_EXPONENT;
        BigInteger[] y = exploding(1, t);
        int[] dice = new int[7];
        roller.helpers().forEach(helper -> dice[helper.rank()]++);
        int n = roller.helpers().size();
        BigInteger[] sum = {BigInteger.ZERO};
        failures(dice, 2, 0, 0, BigInteger.ONE, (failed, successes, ways) -> {
            int need = t - successes;
            BigInteger inner;
            if (need <= 0) {
                inner = power(1 + t + exponent);
            } else {
                BigInteger[] best = bestWithEgo(roller.kisses(), true, failed, h);
                inner = BigInteger.ZERO;
                BigInteger below = BigInteger.ZERO;
                for (int v = 0; v < need; v++) {
                    inner = inner.add(y[v].multiply(best[need - v]));
                    below = below.add(y[v]);
                }
                inner = inner.add(power(1 + t).subtract(below).multiply(power(exponent)));
            }
            sum[0] = sum[0].add(ways.multiply(inner));
        });
        return Optional.of(Fraction.of(sum[0], power(n + 1 + t + exponent)));
    }

    /**
     * @return for need {@code 0..cap + 1}, {@code P(X + E_m ≥ need) · 6^(m + cap + 1 + KISS_EXPONENT)} for the
     *     better KISS X (see {@link #bestKiss}, but chosen for each need before {@code m} exploding dice of Ego are
     *     seen)
     */
    private BigInteger[] bestWithEgo(int kisses, boolean fortune, int help, int m) {
        long key = (long) help << 16 | (long) m << 9 | (long) kisses << 1 | (fortune ? 1 : 0);
        return bestKisses.computeIfAbsent(key, k -> {
            BigInteger[] alone = withEgo(kissTail(false, KissGame.lowest(help, kisses)), m);
            if (!fortune || kisses == 0) {
                return alone;
            }
            BigInteger[] with = withEgo(kissTail(true, KissGame.lowest(help, kisses - 1)), m);
            BigInteger[] best = new BigInteger[alone.length];
            for (int need = 0; need < best.length; need++) {
                best[need] = alone[need].max(with[need]);
            }
            return best;
        });
    }

    /**
     * @param tail {@code P(X ≥ need) · 6^KISS_EXPONENT} for need {@code 0..cap + 1}
     * @return {@code P(X + E_m ≥ need) · 6^(m + cap + 1 + KISS_EXPONENT)} for need {@code 0..cap + 1}
     */
    private BigInteger[] withEgo(BigInteger[] tail, int m) {
        BigInteger[] out = new BigInteger[cap + 2];
        for (int need = 0; need <= cap + 1; need++) {
            // over 6^(m + need) · 6^KISS_EXPONENT, then raised to the common power
            BigInteger[] ego = exploding(m, need);
            BigInteger sum = BigInteger.ZERO;
            BigInteger below = BigInteger.ZERO;
            for (int e = 0; e < need; e++) {
                sum = sum.add(ego[e].multiply(tail[need - e]));
                below = below.add(ego[e]);
            }
            sum = sum.add(power(m + need).subtract(below).multiply(power(KISS_EXPONENT)));
            out[need] = sum.multiply(power(cap + 1 - need));
        }
        return out;
    }

    @FunctionalInterface
    interface Failures {
        void accept(int failed, int successes, BigInteger ways);
    }

    /**
     * Every number of failed help dice at each rank from {@code rank} on, with the ways (over 6 per die) and the
     * successes of the rest; rank-1 dice never fail (all 6 of their faces succeed). Start at rank 2.
     */
    static void failures(int[] dice, int rank, int failed, int successes, BigInteger ways, Failures each) {
        if (rank > 6) {
            each.accept(failed, successes + dice[1], ways.multiply(SIX.pow(dice[1])));
            return;
        }
        int n = dice[rank];
        for (int f = 0; f <= n; f++) {
            BigInteger w = ways.multiply(IntPoly.binomial(n, f)).multiply(BigInteger.valueOf(rank - 1).pow(f))
                    .multiply(BigInteger.valueOf(7 - rank).pow(n - f));
            if (w.signum() != 0) {
                failures(dice, rank + 1, f == 0 ? failed : KissGame.add(failed, rank, f), successes + n - f, w, each);
            }
        }
    }

    /**
     * @return {@code P(X ≥ need) · 6^KISS_EXPONENT} for need {@code 0..cap + 1}, where X is the successes of the
     *     packed help dice thrown again, plus the Die of Fortune's if {@code fortune}
     */
    private BigInteger[] kissTail(boolean fortune, int help) {
        // the help dice: w[j] ways over 6^k of j successes
        var w = new ArrayList<BigInteger>();
        w.add(BigInteger.ONE);
        int k = 0;
        for (int rank = 2; rank <= 6; rank++) {
            for (int i = 0; i < KissGame.count(help, rank); i++) {
                w.add(BigInteger.ZERO);
                for (int j = w.size() - 1; j >= 0; j--) {
                    BigInteger stays = w.get(j).multiply(BigInteger.valueOf(rank - 1));
                    w.set(j, j == 0 ? stays : stays.add(w.get(j - 1).multiply(BigInteger.valueOf(7 - rank))));
                }
                k++;
            }
        }
        BigInteger[] tail = new BigInteger[cap + 2];
        for (int need = 0; need <= cap + 1; need++) {
            // P(X ≥ need) = Σ_{j ≥ need} w_j / 6^k, and with the Die of Fortune also Σ_{j < need} w_j / 6^(k+need−j)
            BigInteger over = BigInteger.ZERO;
            for (int j = 0; j < w.size(); j++) {
                if (j >= need) {
                    over = over.add(w.get(j).multiply(power(KISS_EXPONENT - k)));
                } else if (fortune) {
                    over = over.add(w.get(j).multiply(power(KISS_EXPONENT - k - (need - j))));
                }
            }
            tail[need] = over;
        }
        return tail;
    }

    /** @return {@code P(E_m = v) · 6^(m + upTo)} for {@code v < upTo}: 6s in a row before m failures in all */
    private static BigInteger[] exploding(int m, int upTo) {
        BigInteger[] pmf = new BigInteger[upTo];
        BigInteger fives = BigInteger.valueOf(5).pow(m);
        for (int v = 0; v < upTo; v++) {
            pmf[v] = m == 0 ? (v == 0 ? power(upTo) : BigInteger.ZERO)
                    : IntPoly.binomial(v + m - 1, m - 1).multiply(fives).multiply(power(upTo - v));
        }
        return pmf;
    }

    private static BigInteger power(int exponent) {
        return exponent < POWERS.length ? POWERS[exponent] : SIX.pow(exponent);
    }
}
