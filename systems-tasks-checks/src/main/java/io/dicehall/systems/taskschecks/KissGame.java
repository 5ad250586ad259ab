package io.dicehall.systems.taskschecks;

import io.dicehall.api.Move;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.Option;
import io.dicehall.api.form.PickField;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.play.Game;
import io.dicehall.api.play.Goal;
import io.dicehall.api.play.Lottery;
import io.dicehall.api.state.RollState;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntFunction;

/**
 * The rules of a roll with plain dice (a Check, a Group Check, a Task whose pool is not empty) as a game for best
 * play: one KISS round for everybody, Ego for whoever shows a 6, and accept.
 *
 * <h2>Positions</h2>
 * A {@link Position} holds the successes so far ({@code total}, each 6 counted twice for a roller who has spent
 * Ego), the 6s of rollers who have not ({@code sixes}: what Ego would still add), and while the KISS round is
 * open, the failed dice that could be picked up: per roller who has any (a {@link Kisser}), how many of each
 * rank, the roller's own KISSes, and where their Ego stands (a 6 that Ego doubles on a re-throw adds 2 at once
 * if Ego is spent, else 1 and one more 6 for later); and in a Group Check, the KISSes that participants whose
 * dice all succeeded can lend ({@code lend}). Rollers are not named: kissers are sorted, so rolls that differ
 * only in who is who meet in one position. Counts past what can still matter are capped: the total at the
 * best outcome's successes, a roller's failed dice at the lowest-ranked ones their KISSes (and what may be
 * lent) could pick up.
 *
 * <h2>Moves</h2>
 * Re-throwing a failed die can only add successes, a lower rank succeeds on every face a higher one does, and
 * Ego only ever adds; so the moves listed are accept, Ego for everyone who can spend it, and for each number of
 * dice {@code k} the KISS of the {@code k} lowest-ranked failed dice that can be paid for (each roller's own
 * KISSes first, lent ones after: the dice are a transversal matroid, so this greedy pick is at least as good as
 * any other pick of {@code k}). Any other legal move of a real state is still valued exactly by {@link
 * #next(RollState, Move)}. Moves are listed cheapest first (accept, then fewer dice), so that among moves that
 * are exactly as good, the one that spends least is named best.
 *
 * <h2>Answers</h2>
 * Best play is to pick up as many failed dice as can be paid for, lowest ranks first, and then spend Ego: the
 * plan {@code kiss-all-ego} of the odds. {@link #value} works it out for any position from that (every 6 yet to
 * come counted twice), and {@link #valueBeforeRoll} is the plan's own exact odds ({@link Plans}).
 */
final class KissGame implements Game<KissGame.Position> {

    /** Where a kisser's Ego stands: spent; not spent with a 6 showing (it may be spent now); not spent, no 6. */
    enum Ego { SPENT, SIX, NONE }

    /** The lowest rank that can fail a die, and the number of ranks that can (2 to 6). */
    private static final int LOW = 2;
    private static final int RANKS = 5;
    private static final int BITS = 6;
    private static final int MASK = (1 << BITS) - 1;
    private static final BigInteger SIX = BigInteger.valueOf(6);

    static final Move ACCEPT = new Move(RollProcedure.ACCEPT, Inputs.NONE);
    private static final Move EGO = new Move(RollProcedure.EGO, Inputs.NONE);

    /**
     * A roller whose failed dice may still be picked up.
     *
     * @param failed how many failed dice of each rank 2–6 ({@value #BITS} bits each, rank 2 lowest)
     * @param kisses the roller's own KISSes, at most its failed dice
     * @param ego where the roller's Ego stands
     */
    record Kisser(int failed, int kisses, Ego ego) {

        static final Comparator<Kisser> ORDER = Comparator.comparingInt(Kisser::failed)
                .thenComparingInt(Kisser::kisses).thenComparing(Kisser::ego);

        int count(int rank) {
            return KissGame.count(failed, rank);
        }

        @Override
        public String toString() {
            var text = new StringBuilder("[");
            for (int rank = LOW; rank < LOW + RANKS; rank++) {
                text.append(count(rank) == 0 ? "" : count(rank) + "×r" + rank + " ");
            }
            return text.append(kisses).append(" KISS ").append(ego).append(']').toString();
        }
    }

    /** @return how many dice of {@code rank} (2–6) packed counts hold */
    static int count(int packed, int rank) {
        return packed >>> (BITS * (rank - LOW)) & MASK;
    }

    /** @return packed counts with {@code n} more dice of {@code rank} (2–6) */
    static int add(int packed, int rank, int n) {
        int count = count(packed, rank) + n;
        if (count > MASK) {
            throw new IllegalArgumentException("too many failed dice of rank " + rank + ": " + count);
        }
        return packed + (n << (BITS * (rank - LOW)));
    }

    /**
     * A position of the roll.
     *
     * @param total the successes so far (a 6 counts twice for a roller who has spent Ego), capped
     * @param sixes the 6s showing for rollers who have not spent Ego, capped (at least 1 if any)
     * @param lend the KISSes that can be lent to others' failed dice (Group Check), while the KISS round is open
     * @param kissers the rollers whose failed dice may be picked up, sorted; empty once the KISS round is over
     *     or when nothing can be paid for
     */
    record Position(int total, int sixes, int lend, List<Kisser> kissers) {

        boolean over() {
            return kissers.isEmpty() && sixes == 0;
        }
    }

    /** One die a KISS picks up: its rank, and whether a 6 on it counts twice at once (Ego spent). */
    private record Pick(int rank, boolean doubling) {
    }

    private final List<Roller> rollers;
    private final boolean lending;
    private final int cap;
    private final IntFunction<String> outcome;
    private final Map<Goal, Integer> thresholds = new HashMap<>();
    private final Map<List<Integer>, Successes> rethrows = new HashMap<>();
    private final Map<Integer, Move> kissMoves = new HashMap<>();

    /**
     * @param rollers the rollers, in form order (none on a Die of Fortune)
     * @param lending whether those whose dice all succeeded may lend their KISSes (Group Check)
     * @param cap the successes at which the best outcome is reached
     * @param outcome the outcome id of a number of successes, {@code 0..cap}
     */
    KissGame(List<Roller> rollers, boolean lending, int cap, IntFunction<String> outcome) {
        if (rollers.stream().anyMatch(Roller::fortune)) {
            throw new IllegalArgumentException("a Die of Fortune is played by FortuneGame");
        }
        this.rollers = List.copyOf(rollers);
        this.lending = lending;
        this.cap = cap;
        this.outcome = outcome;
    }

    // ------------------------------------------------------------------ positions

    /** A roller as the position sees them, before capping. */
    private record Part(int successes, int sixes, boolean spent, int failed, int kisses) {

        Part spending() {
            return new Part(successes, sixes, true, failed, kisses);
        }
    }

    /** The position of rollers in these circumstances: totals, caps, kissers sorted. */
    private Position position(List<Part> parts, boolean kissOpen) {
        int total = 0;
        int sixes = 0;
        int lend = 0;
        for (Part part : parts) {
            total += part.successes() + (part.spent() ? part.sixes() : 0);
            sixes += part.spent() ? 0 : part.sixes();
            if (lending && part.failed() == 0) {
                lend += part.kisses();
            }
        }
        var kissers = new ArrayList<Kisser>();
        int leftover = 0;
        if (kissOpen) {
            for (Part part : parts) {
                int room = part.kisses() + lend;
                int kept = 0;
                int n = 0;
                for (int rank = LOW; rank < LOW + RANKS && n < room; rank++) {
                    int take = Math.min(count(part.failed(), rank), room - n);
                    kept = add(kept, rank, take);
                    n += take;
                }
                if (n == 0) {
                    continue;
                }
                int kisses = Math.min(part.kisses(), n);
                leftover += n - kisses;
                Ego ego = part.spent() ? Ego.SPENT : part.sixes() > 0 ? Ego.SIX : Ego.NONE;
                kissers.add(new Kisser(kept, kisses, ego));
            }
        }
        lend = Math.min(lend, leftover);
        if (kissers.stream().noneMatch(k -> k.kisses() > 0) && lend == 0) {
            kissers.clear();
        }
        kissers.sort(Kisser.ORDER);
        return normal(total, sixes, lend, kissers);
    }

    private Position normal(int total, int sixes, int lend, List<Kisser> kissers) {
        int t = Math.min(total, cap);
        int s = sixes == 0 ? 0 : Math.max(1, Math.min(sixes, cap - t));
        return new Position(t, s, kissers.isEmpty() ? 0 : lend, List.copyOf(kissers));
    }

    private Position over(int total) {
        return new Position(Math.min(total, cap), 0, 0, List.of());
    }

    @Override
    public Position position(RollState state) {
        if (state.complete()) {
            return over(state.tally("successes").orElseThrow().value());
        }
        Reading reading = new Reading(state);
        return position(reading.parts, reading.kissOpen);
    }

    /** A real state read roller by roller. */
    private final class Reading {
        final List<Part> parts = new ArrayList<>();
        final List<Table.Slot> failed = new ArrayList<>();
        final boolean kissOpen;
        final int lendable;

        Reading(RollState state) {
            List<Table.Slot> slots = Table.slots(rollers, state);
            int lend = 0;
            for (Roller roller : rollers) {
                int successes = 0;
                int sixes = 0;
                int failedByRank = 0;
                for (Table.Slot slot : slots) {
                    if (slot.owner() != roller) {
                        continue;
                    }
                    if (slot.failed()) {
                        failedByRank = add(failedByRank, slot.rank(), 1);
                        failed.add(slot);
                    } else {
                        successes++;
                        sixes += slot.die().face() == 6 ? 1 : 0;
                    }
                }
                boolean spent = Table.egoSpent(roller, state);
                parts.add(new Part(successes, sixes, spent, failedByRank, roller.kisses()));
                if (lending && failedByRank == 0) {
                    lend += roller.kisses();
                }
            }
            lendable = lend;
            kissOpen = !state.memo().containsKey("kissed");
            failed.sort(Comparator.comparingInt(Table.Slot::rank)); // stable: table order within a rank
        }

        /** The failed dice a greedy pick takes, in order: lowest rank first, own KISSes first, then lent ones. */
        List<Table.Slot> greedy() {
            int[] picked = new int[rollers.size()];
            int lent = 0;
            var order = new ArrayList<Table.Slot>();
            for (Table.Slot slot : failed) {
                int i = rollers.indexOf(slot.owner());
                if (picked[i] < slot.owner().kisses()) {
                    picked[i]++;
                    order.add(slot);
                } else if (lent < lendable) {
                    picked[i]++;
                    lent++;
                    order.add(slot);
                }
            }
            return order;
        }
    }

    // ------------------------------------------------------------------ the first throw

    @Override
    public Lottery<Position> start() {
        Lottery<List<Part>> thrown = Lottery.certain(List.of());
        for (Roller roller : rollers) {
            Lottery<Part> own = Lottery.certain(new Part(0, 0, false, 0, roller.kisses()));
            int[] dice = new int[7];
            dice[roller.rank()] += roller.mainDice();
            roller.helpers().forEach(h -> dice[h.rank()]++);
            for (int rank = 1; rank <= 6; rank++) {
                if (dice[rank] > 0) {
                    own = throwRank(own, rank, dice[rank]);
                }
            }
            Lottery<Part> part = own;
            thrown = thrown.then(before -> part.map(p -> {
                var parts = new ArrayList<>(before);
                parts.add(p);
                return List.copyOf(parts);
            }));
        }
        return thrown.map(parts -> position(parts, true));
    }

    /** {@code n} dice of one rank thrown: how many fail, show a 6, or succeed otherwise (a multinomial). */
    private static Lottery<Part> throwRank(Lottery<Part> before, int rank, int n) {
        long fail = rank - 1;
        long other = 6 - rank;
        return before.then(part -> {
            Lottery.Builder<Part> builder = Lottery.builder();
            BigInteger all = SIX.pow(n);
            for (int f = 0; f <= n; f++) {
                for (int s = 0; s <= n - f; s++) {
                    int o = n - f - s;
                    BigInteger ways = IntPoly.binomial(n, f).multiply(IntPoly.binomial(n - f, s))
                            .multiply(BigInteger.valueOf(fail).pow(f)).multiply(BigInteger.valueOf(other).pow(o));
                    if (ways.signum() == 0) {
                        continue;
                    }
                    int failed = f == 0 ? part.failed() : add(part.failed(), rank, f);
                    builder.add(new Part(part.successes() + s + o, part.sixes() + s, false, failed, part.kisses()),
                            Fraction.of(ways, all));
                }
            }
            return builder.build();
        });
    }

    // ------------------------------------------------------------------ moves

    @Override
    public List<Move> moves(Position position) {
        if (position.over()) {
            return List.of();
        }
        var moves = new ArrayList<Move>();
        moves.add(ACCEPT);
        int most = greedy(position).size();
        for (int k = 1; k <= most; k++) {
            moves.add(kissMoves.computeIfAbsent(k, KissGame::kissMove));
        }
        if (position.sixes() > 0) {
            moves.add(EGO);
        }
        return moves;
    }

    /** In a position, a KISS of {@code k} dice picks {@code k1…kk}: the first {@code k} of the greedy pick. */
    private static Move kissMove(int k) {
        var ids = new ArrayList<String>();
        var options = new ArrayList<Option>();
        for (int i = 1; i <= k; i++) {
            ids.add("k" + i);
            options.add(Option.of("k" + i, "k" + i));
        }
        Form form = Form.of(new PickField("dice", "Dice", "", options, 1, k));
        return new Move(RollProcedure.KISS, InputChecker.check(form, Map.of("dice", ids)).orThrow());
    }

    /** The dice of a position a greedy pick takes, in order: lowest rank first, own KISSes, then lent ones. */
    private static List<Pick> greedy(Position position) {
        List<Kisser> kissers = position.kissers();
        int[] picked = new int[kissers.size()];
        int lent = 0;
        var order = new ArrayList<Pick>();
        for (int rank = LOW; rank < LOW + RANKS; rank++) {
            for (int i = 0; i < kissers.size(); i++) {
                Kisser kisser = kissers.get(i);
                for (int n = 0; n < kisser.count(rank); n++) {
                    if (picked[i] < kisser.kisses()) {
                        picked[i]++;
                    } else if (lent < position.lend()) {
                        picked[i]++;
                        lent++;
                    } else {
                        continue;
                    }
                    order.add(new Pick(rank, kisser.ego() == Ego.SPENT));
                }
            }
        }
        return order;
    }

    /** In a real state: accept, each greedy KISS naming the state's own dice, and Ego for all who can. */
    @Override
    public List<Move> moves(RollState state) {
        if (state.complete()) {
            return List.of();
        }
        var moves = new ArrayList<Move>();
        moves.add(ACCEPT);
        Reading reading = new Reading(state);
        if (reading.kissOpen && state.move(RollProcedure.KISS).isPresent()) {
            Form form = state.move(RollProcedure.KISS).orElseThrow().form();
            List<Table.Slot> order = reading.greedy();
            for (int k = 1; k <= order.size(); k++) {
                List<String> ids = order.subList(0, k).stream().map(s -> s.die().id()).toList();
                moves.add(new Move(RollProcedure.KISS, InputChecker.check(form, Map.of("dice", ids)).orThrow()));
            }
        }
        state.move(RollProcedure.EGO).ifPresent(option -> {
            Map<String, Object> raw = new LinkedHashMap<>();
            option.form().field("who").ifPresent(field -> raw.put("who",
                    ((PickField) field).options().stream().map(Option::value).toList()));
            moves.add(new Move(RollProcedure.EGO, InputChecker.check(option.form(), raw).orThrow()));
        });
        return moves;
    }

    // ------------------------------------------------------------------ where moves lead

    @Override
    public Lottery<Position> next(Position position, Move move) {
        return switch (move.id()) {
            case RollProcedure.ACCEPT -> Lottery.certain(over(position.total()));
            case RollProcedure.KISS -> kiss(position.total(), position.sixes(),
                    greedy(position).subList(0, move.inputs().picks("dice").size()));
            case RollProcedure.EGO -> {
                var kissers = new ArrayList<Kisser>();
                for (Kisser k : position.kissers()) {
                    kissers.add(k.ego() == Ego.SIX ? new Kisser(k.failed(), k.kisses(), Ego.SPENT) : k);
                }
                kissers.sort(Kisser.ORDER);
                yield Lottery.certain(normal(position.total() + position.sixes(), 0, position.lend(), kissers));
            }
            default -> throw new IllegalArgumentException("not a move of this roll: " + move);
        };
    }

    /** Any legal move of a real state: the dice it names, the rollers who spend Ego. */
    @Override
    public Lottery<Position> next(RollState state, Move move) {
        Reading reading = new Reading(state);
        switch (move.id()) {
            case RollProcedure.ACCEPT:
                return next(position(state), move);
            case RollProcedure.KISS: {
                List<String> ids = move.inputs().picks("dice");
                var picks = new ArrayList<Pick>();
                int total = 0;
                int sixes = 0;
                for (int i = 0; i < rollers.size(); i++) {
                    Part part = reading.parts.get(i);
                    total += part.successes() + (part.spent() ? part.sixes() : 0);
                    sixes += part.spent() ? 0 : part.sixes();
                }
                for (Table.Slot slot : reading.failed) {
                    if (ids.contains(slot.die().id())) {
                        picks.add(new Pick(slot.rank(), Table.egoSpent(slot.owner(), state)));
                    }
                }
                return kiss(total, sixes, picks);
            }
            case RollProcedure.EGO: {
                List<String> who = move.inputs().has("who") ? move.inputs().picks("who") : null;
                var parts = new ArrayList<Part>();
                for (int i = 0; i < rollers.size(); i++) {
                    Part part = reading.parts.get(i);
                    boolean spends = who == null || who.contains(rollers.get(i).key());
                    parts.add(spends ? part.spending() : part);
                }
                return Lottery.certain(position(parts, reading.kissOpen));
            }
            default:
                throw new IllegalArgumentException("not a move of this roll: " + move);
        }
    }

    /**
     * The picked dice thrown again: each fails ({@code rank − 1} faces), succeeds ({@code 6 − rank}) or shows a
     * 6, which adds 2 at once when doubling, else 1 and one 6 for later Ego. The KISS round is then over.
     */
    private Lottery<Position> kiss(int total, int sixes, List<Pick> picks) {
        int k = picks.size();
        // weights over 6^k of (added successes, added 6s), as whole numbers
        BigInteger[][] w = new BigInteger[2 * k + 1][k + 1];
        for (BigInteger[] row : w) {
            Arrays.fill(row, BigInteger.ZERO);
        }
        w[0][0] = BigInteger.ONE;
        int reach = 0;
        for (Pick pick : picks) {
            BigInteger fail = BigInteger.valueOf(pick.rank() - 1);
            BigInteger other = BigInteger.valueOf(6 - pick.rank());
            for (int t = reach; t >= 0; t--) {
                for (int s = k; s >= 0; s--) {
                    BigInteger from = w[t][s];
                    if (from.signum() == 0) {
                        continue;
                    }
                    w[t][s] = from.multiply(fail);
                    w[t + 1][s] = w[t + 1][s].add(from.multiply(other));
                    if (pick.doubling()) {
                        w[t + 2][s] = w[t + 2][s].add(from);
                    } else {
                        w[t + 1][s + 1] = w[t + 1][s + 1].add(from);
                    }
                }
            }
            reach += 2;
        }
        var merged = new LinkedHashMap<Position, BigInteger>();
        for (int t = 0; t <= 2 * k; t++) {
            for (int s = 0; s <= k; s++) {
                if (w[t][s].signum() != 0) {
                    merged.merge(normal(total + t, sixes + s, 0, List.of()), w[t][s], BigInteger::add);
                }
            }
        }
        BigInteger all = SIX.pow(k);
        Lottery.Builder<Position> builder = Lottery.builder();
        merged.forEach((p, weight) -> builder.add(p, Fraction.of(weight, all)));
        return builder.build();
    }

    @Override
    public String outcome(Position position) {
        return outcome.apply(position.total());
    }

    // ------------------------------------------------------------------ the game's own answer

    /** The fewest successes that reach the goal; {@code cap + 1} if none does. */
    int threshold(Goal goal) {
        return thresholds.computeIfAbsent(goal, g -> {
            for (int s = 0; s <= cap; s++) {
                if (g.reachedBy(outcome.apply(s))) {
                    return s;
                }
            }
            return cap + 1;
        });
    }

    /**
     * Best play picks up every die the greedy pick can pay for and then spends Ego: every 6 showing for a roller
     * who has not spent it counts once more, and each re-thrown die adds 0, 1 or (a 6, with Ego) 2.
     */
    @Override
    public Optional<Fraction> value(Position position, Goal goal) {
        int threshold = threshold(goal);
        if (threshold > cap) {
            return Optional.of(Fraction.ZERO);
        }
        int need = threshold - position.total() - position.sixes();
        if (need <= 0) {
            return Optional.of(Fraction.ONE);
        }
        List<Integer> ranks = greedy(position).stream().map(Pick::rank).sorted().toList();
        if (ranks.size() * 2 < need) {
            return Optional.of(Fraction.ZERO);
        }
        Successes thrown = rethrows.computeIfAbsent(ranks, r -> {
            Successes sum = Successes.constant(0);
            for (int rank : r) {
                sum = sum.plus(RollProcedure.rethrow(rank, true));
            }
            return sum;
        });
        return Optional.of(thrown.atLeast(need));
    }

    /** The plan {@code kiss-all-ego}, which is best play: every KISS on failed dice, lowest rank first, then Ego. */
    @Override
    public Optional<Fraction> valueBeforeRoll(Goal goal) {
        int threshold = threshold(goal);
        if (threshold == 0) {
            return Optional.of(Fraction.ONE);
        }
        if (threshold > cap) {
            return Optional.of(Fraction.ZERO);
        }
        Successes plan = lending ? Plans.group(rollers, true, cap)
                : Plans.single(rollers.get(0), rollers.get(0).kisses(), true);
        return Optional.of(plan.atLeast(threshold));
    }
}
