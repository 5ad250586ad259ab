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
import io.dicehall.api.play.SearchLimitException;
import io.dicehall.api.state.DiceGroup;
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
 * open, the dice that could be picked up: per roller who has any (a {@link Kisser}), how many failed dice and
 * how many successes below 6 ("spare" dice, which a KISS may throw again to fish for a 6) of each rank, the
 * roller's own KISSes, and where their Ego stands; and in a Group Check, the KISSes that participants whose dice
 * all succeeded can lend ({@code lend}). Rollers are not named: kissers are sorted, so rolls that differ only in
 * who is who meet in one position. Counts past what can still matter are capped: the total at the best
 * outcome's successes, a roller's failed dice at the lowest-ranked ones their KISSes (and what may be lent) could
 * pick up, their spare dice at the lowest-ranked ones their own KISSes could.
 *
 * <h2>Moves</h2>
 * Re-throwing a failed die can only add successes, and it adds more than re-throwing a spare die, whatever the
 * ranks: a failed die gives 0, 1 or (a 6, with Ego) 2 more, a spare die gives −1, 0 or +1. A lower rank succeeds
 * on every face a higher one does. So best play picks up the failed dice first, as many as can be paid for,
 * lowest rank first (each roller's own KISSes first, lent ones after: a transversal matroid, so this greedy pick
 * is at least as good as any other), and then perhaps some spare dice, lowest rank first, with what is left: how
 * many depends on the successes still needed, since a spare die thrown again may also fail. The moves listed are
 * accept, Ego for everyone who can spend it, the KISS of the {@code k} first failed dice of the greedy pick for
 * each {@code k}, and the KISS of every failed die it reaches plus the {@code s} first spare dice for each
 * {@code s}. Any other legal pick of a real state is still valued exactly by {@link #next(RollState, Move)}. Moves
 * are listed cheapest first (accept, then fewer dice), so that among moves that are exactly as good, the one that
 * spends least is named best.
 *
 * <h2>Answers</h2>
 * {@link #value} works best play out for any position: every 6 yet to come counted twice (Ego is spent), the
 * failed dice of the greedy pick thrown again, and of the spare dice the number that reaches the goal most
 * often. {@link #valueBeforeRoll} sums that over the first throw, which it lists roller by roller, merging
 * throws that meet in one position as it goes.
 *
 * <h2>Fidelity in a Group Check</h2>
 * Elsewhere spending every point of Fidelity at once is best. In a Group Check it is not: a point can turn a failed
 * die that a lent KISS could throw again into a success below 6 that no lent KISS may touch. So while someone can
 * still spend points that change something, a position holds every participant as a {@link Profile} (their dice by
 * face, rank, points left, KISSes, Ego), and {@link #value} is the best over every way of spending of the value of
 * the same throw read at those ranks ({@link #choose}). The moves list the best way toward each goal and every point
 * at once; any other way is valued exactly by {@link #next(RollState, Move)}. Before the roll, {@link
 * #valueBeforeRoll} sums the participants' throws without listing them ({@link FidelitySums#beforeRoll}); only the
 * generic search walks the first throw by face ({@link #start()}), up to {@link #FIRST_THROWS} kinds.
 */
final class KissGame implements Game<KissGame.Position> {

    /** Where a kisser's Ego stands: spent; not spent with a 6 showing (it may be spent now); not spent, no 6. */
    enum Ego { SPENT, SIX, NONE }

    /** The lowest rank, and the number of ranks (1 to 6): failed dice are ranks 2–6, spare dice 1–5. */
    private static final int LOW = 1;
    private static final int RANKS = 6;
    private static final int BITS = 5;
    private static final int MASK = (1 << BITS) - 1;
    private static final BigInteger SIX = BigInteger.valueOf(6);

    static final Move ACCEPT = new Move(RollProcedure.ACCEPT, Inputs.NONE);
    private static final Move EGO = new Move(RollProcedure.EGO, Inputs.NONE);

    /**
     * A roller whose dice may still be picked up.
     *
     * @param failed how many failed dice of each rank ({@value #BITS} bits each, rank 1 lowest)
     * @param spare how many successes below 6 of each rank, packed alike
     * @param kisses the roller's own KISSes, at most the dice they could pick up
     * @param ego where the roller's Ego stands
     */
    record Kisser(int failed, int spare, int kisses, Ego ego) {

        static final Comparator<Kisser> ORDER = Comparator.comparingInt(Kisser::failed)
                .thenComparingInt(Kisser::spare).thenComparingInt(Kisser::kisses).thenComparing(Kisser::ego);

        int count(int rank) {
            return KissGame.count(failed, rank);
        }

        Kisser spending() {
            return ego == Ego.SIX ? new Kisser(failed, spare, kisses, Ego.SPENT) : this;
        }

        @Override
        public String toString() {
            var text = new StringBuilder("[");
            for (int rank = LOW; rank < LOW + RANKS; rank++) {
                text.append(count(rank) == 0 ? "" : count(rank) + "×r" + rank + " ");
                text.append(KissGame.count(spare, rank) == 0 ? "" : KissGame.count(spare, rank) + "×s" + rank + " ");
            }
            return text.append(kisses).append(" KISS ").append(ego).append(']').toString();
        }
    }

    /** @return how many dice of {@code rank} (1–6) packed counts hold */
    static int count(int packed, int rank) {
        return packed >>> (BITS * (rank - LOW)) & MASK;
    }

    /** @return packed counts with {@code n} more dice of {@code rank} (1–6) */
    static int add(int packed, int rank, int n) {
        int count = count(packed, rank) + n;
        if (count > MASK) {
            throw new IllegalArgumentException("too many dice of rank " + rank + ": " + count);
        }
        return packed + (n << (BITS * (rank - LOW)));
    }

    /** @return the packed counts' dice in all */
    static int size(int packed) {
        int n = 0;
        for (int rank = LOW; rank < LOW + RANKS; rank++) {
            n += count(packed, rank);
        }
        return n;
    }

    /** @return the {@code n} lowest-ranked of the packed dice */
    static int lowest(int packed, int n) {
        int kept = 0;
        int taken = 0;
        for (int rank = LOW; rank < LOW + RANKS && taken < n; rank++) {
            int take = Math.min(count(packed, rank), n - taken);
            kept = add(kept, rank, take);
            taken += take;
        }
        return kept;
    }

    /**
     * A position of the roll.
     *
     * @param total the successes so far (a 6 counts twice for a roller who has spent Ego), capped
     * @param sixes the 6s showing for rollers who have not spent Ego, capped (at least 1 if any)
     * @param lend the KISSes that can be lent to others' failed dice (Group Check), while the KISS round is open
     * @param kissers the rollers whose dice may be picked up, sorted; empty once the KISS round is over or when
     *     nothing can be paid for
     * @param advanced the position once every point of Fidelity that can still change something is spent (the
     *     dice on the table counted at the advanced rank); null when none can, and always in a Group Check
     * @param profiles in a Group Check while the KISS round is open and someone can still spend Fidelity that
     *     changes something: every participant as a {@link Profile}, sorted, from which the other fields are read
     *     (nobody has spent more); null otherwise
     */
    record Position(int total, int sixes, int lend, List<Kisser> kissers, Position advanced, List<Profile> profiles) {

        Position(int total, int sixes, int lend, List<Kisser> kissers, Position advanced) {
            this(total, sixes, lend, kissers, advanced, null);
        }

        boolean over() {
            return kissers.isEmpty() && sixes == 0 && advanced == null && profiles == null;
        }

        Position advancing(Position to) {
            return new Position(total, sixes, lend, kissers, to, profiles);
        }
    }

    /**
     * A Group Check participant while Fidelity can still be spent, as a position holds them: the rank of their dice
     * now, the points that can still change something, how many of their dice show each face below 6 (packed as
     * {@link Kisser}'s counts, by face), their 6s, KISSes, and whether they spent Ego. Faces that read alike at every
     * rank still reachable are merged: one below every such rank counts as a 1, one at the rank or above as a 5.
     */
    record Profile(int rank, int useful, int faces, int sixes, int kisses, boolean spent) {

        static final Comparator<Profile> ORDER = Comparator.comparingInt(Profile::rank)
                .thenComparingInt(Profile::useful).thenComparingInt(Profile::faces).thenComparingInt(Profile::sixes)
                .thenComparingInt(Profile::kisses).thenComparing(Profile::spent);

        /** @param counts how many dice show each face, indexed by face (1–5 read; 6 is {@code sixes}) */
        static Profile of(int rank, int useful, int[] counts, int sixes, int kisses, boolean spent) {
            int low = rank - useful;
            int packed = 0;
            for (int face = 1; face <= 5; face++) {
                if (counts[face] > 0) {
                    packed = add(packed, face < low ? 1 : face >= rank ? 5 : face, counts[face]);
                }
            }
            return new Profile(rank, useful, packed, sixes, kisses, spent);
        }

        /** @return the participant as a position reads them after {@code points} more points (at most useful) */
        Part part(int points) {
            int r = rank - points;
            int failed = 0;
            int standing = 0;
            for (int face = 1; face <= 5; face++) {
                if (face < r) {
                    failed += count(faces, face);
                } else {
                    standing += count(faces, face);
                }
            }
            return new Part(standing + sixes, sixes, spent, failed == 0 ? 0 : add(0, r, failed),
                    standing == 0 ? 0 : add(0, r, standing), kisses);
        }

        /** @return the participant once {@code points} more points are spent */
        Profile advanced(int points) {
            if (points == 0) {
                return this;
            }
            int[] counts = new int[6];
            for (int face = 1; face <= 5; face++) {
                counts[face] = count(faces, face);
            }
            return of(rank - points, useful - points, counts, sixes, kisses, spent);
        }

        /** @return the participant once they spend Ego, if a 6 shows */
        Profile spending() {
            return sixes > 0 && !spent ? new Profile(rank, useful, faces, sixes, kisses, true) : this;
        }
    }

    /** One die a KISS picks up: its rank, and whether a 6 on it counts twice at once (Ego spent). */
    private record Pick(int rank, boolean doubling) {
    }

    /** What best play may pick up in a position: the failed dice, then the spare dice, each in order. */
    private record Picks(List<Pick> failed, List<Pick> spare) {
    }

    private final List<Roller> rollers;
    private final boolean lending;
    private final int cap;
    private final IntFunction<String> outcome;
    private final Map<Goal, Integer> thresholds = new HashMap<>();
    private final Map<List<Integer>, long[]> tails = new HashMap<>();
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
    private record Part(int successes, int sixes, boolean spent, int failed, int spare, int kisses) {

        Part spending() {
            return new Part(successes, sixes, true, failed, spare, kisses);
        }

        boolean lender(boolean lending) {
            return lending && failed == 0;
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
            if (part.lender(lending)) {
                lend += part.kisses();
            }
        }
        var kissers = new ArrayList<Kisser>();
        if (kissOpen) {
            int room = 0;
            for (Part part : parts) {
                int failed = lowest(part.failed(), part.kisses() + (part.lender(lending) ? 0 : lend));
                int spare = lowest(part.spare(), part.kisses());
                int nf = size(failed);
                int ns = size(spare);
                int kisses = Math.min(part.kisses(), nf + ns);
                if ((nf == 0 || kisses == 0 && lend == 0) && (ns == 0 || kisses == 0)) {
                    continue;
                }
                room += nf - Math.min(nf, part.kisses()) + ns;
                Ego ego = part.spent() ? Ego.SPENT : part.sixes() > 0 ? Ego.SIX : Ego.NONE;
                kissers.add(new Kisser(failed, spare, kisses, ego));
            }
            lend = Math.min(lend, room);
        }
        kissers.sort(Kisser.ORDER);
        return normal(total, sixes, lend, kissers);
    }

    private Position normal(int total, int sixes, int lend, List<Kisser> kissers) {
        // a spare die thrown again takes its success away first: the cap leaves room for that
        int room = 0;
        for (Kisser k : kissers) {
            room += size(k.spare());
        }
        int t = Math.min(total, cap + room);
        int s = sixes == 0 ? 0 : Math.max(1, Math.min(sixes, cap + room - t));
        return new Position(t, s, kissers.isEmpty() ? 0 : lend, List.copyOf(kissers), null);
    }

    private Position over(int total) {
        return new Position(Math.min(total, cap), 0, 0, List.of(), null);
    }

    @Override
    public Position position(RollState state) {
        if (state.complete()) {
            return over(state.tally("successes").orElseThrow().value());
        }
        if (lending) {
            List<Profile> profiles = profiles(state, new int[rollers.size()], List.of());
            if (profiles != null) {
                return fromProfiles(profiles);
            }
        }
        Reading reading = new Reading(state);
        return position(reading.parts, reading.kissOpen).advancing(advanced(state, new int[rollers.size()]));
    }

    /**
     * A Group Check's participants as profiles, in form order.
     *
     * @param points points of Fidelity each participant spends first
     * @param spenders participants who spend Ego first
     * @return the profiles; null once the KISS round is over, or when nobody could then spend Fidelity that
     *     changes something
     */
    private List<Profile> profiles(RollState state, int[] points, List<Roller> spenders) {
        if (state.memo().containsKey("kissed")) {
            return null;
        }
        var profiles = new ArrayList<Profile>();
        boolean any = false;
        for (int i = 0; i < rollers.size(); i++) {
            Roller roller = rollers.get(i);
            int spent = Table.fidelitySpent(roller, state.memo()) + points[i];
            int[] counts = new int[7];
            for (DiceGroup group : state.groups()) {
                if (group.id().equals(roller.group(Table.POOL))) {
                    group.dice().forEach(d -> counts[d.face()]++);
                }
            }
            int useful = roller.usefulFidelity(spent);
            any |= useful > 0;
            profiles.add(Profile.of(roller.rank(spent), useful, counts, counts[6], roller.kisses(),
                    Table.egoSpent(roller, state) || spenders.contains(roller)));
        }
        return any ? profiles : null;
    }

    /** The position of participants so read: the profiles kept (sorted) only while someone can spend Fidelity. */
    private Position fromProfiles(List<Profile> profiles) {
        Position base = position(profiles.stream().map(p -> p.part(0)).toList(), true);
        if (profiles.stream().noneMatch(p -> p.useful() > 0)) {
            return base;
        }
        var sorted = new ArrayList<>(profiles);
        sorted.sort(Profile.ORDER);
        return new Position(base.total(), base.sixes(), base.lend(), base.kissers(), null, List.copyOf(sorted));
    }

    /**
     * @param points points of Fidelity to spend first
     * @return the position once those and then every point of Fidelity that can still change something are spent;
     *     null if, after the first, none can (or the KISS round is over)
     */
    private Position advanced(RollState state, int[] points) {
        List<Part> parts = advancedParts(state, points);
        return parts == null ? null : position(parts, true);
    }

    /**
     * @param points points of Fidelity each roller spends first
     * @return each roller's part once those and then every point of Fidelity that can still change something are
     *     spent; null if, after the first, none can (or the KISS round is over)
     */
    private List<Part> advancedParts(RollState state, int[] points) {
        if (state.memo().containsKey("kissed")) {
            return null;
        }
        int[] spent = new int[rollers.size()];
        boolean any = false;
        for (int i = 0; i < rollers.size(); i++) {
            Roller roller = rollers.get(i);
            spent[i] = Table.fidelitySpent(roller, state.memo()) + points[i];
            int useful = roller.usefulFidelity(spent[i]);
            any |= useful > 0;
            spent[i] += useful;
        }
        return any ? new Reading(state, spent).parts : null;
    }

    /** A real state read roller by roller. */
    private final class Reading {
        final List<Part> parts = new ArrayList<>();
        final List<Table.Slot> failed = new ArrayList<>();
        final List<Table.Slot> spare = new ArrayList<>();
        final boolean kissOpen;
        final int lendable;

        Reading(RollState state) {
            this(state, null);
        }

        /** @param fidelity the points of Fidelity each roller has spent, as if so; null for as the state says */
        Reading(RollState state, int[] fidelity) {
            Map<String, String> memo = new HashMap<>(state.memo());
            List<DiceGroup> groups = state.groups();
            for (int i = 0; fidelity != null && i < rollers.size(); i++) {
                memo.put(rollers.get(i).fidelityMemo(), String.valueOf(fidelity[i]));
                groups = Table.advance(rollers.get(i), groups, fidelity[i], rollers.size() > 1);
            }
            List<Table.Slot> slots = Table.slots(rollers, groups, memo);
            int lend = 0;
            for (Roller roller : rollers) {
                int successes = 0;
                int sixes = 0;
                int failedByRank = 0;
                int spareByRank = 0;
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
                        if (slot.pickable()) {
                            spareByRank = add(spareByRank, slot.rank(), 1);
                            spare.add(slot);
                        }
                    }
                }
                boolean spent = Table.egoSpent(roller, state);
                Part part = new Part(successes, sixes, spent, failedByRank, spareByRank, roller.kisses());
                parts.add(part);
                if (part.lender(lending)) {
                    lend += roller.kisses();
                }
            }
            lendable = lend;
            kissOpen = !state.memo().containsKey("kissed");
            failed.sort(Comparator.comparingInt(Table.Slot::rank)); // stable: table order within a rank
            spare.sort(Comparator.comparingInt(Table.Slot::rank));
        }

        int total() {
            int total = 0;
            for (Part part : parts) {
                total += part.successes() + (part.spent() ? part.sixes() : 0);
            }
            return total;
        }

        int sixes() {
            int sixes = 0;
            for (Part part : parts) {
                sixes += part.spent() ? 0 : part.sixes();
            }
            return sixes;
        }

        /** The dice best play may pick up, in order, as in {@link KissGame#picks(Position)}. */
        List<List<Table.Slot>> greedy() {
            int n = rollers.size();
            int[] own = new int[n];
            int lent = 0;
            var failedOrder = new ArrayList<Table.Slot>();
            for (Table.Slot slot : failed) {
                int i = rollers.indexOf(slot.owner());
                if (own[i] < slot.owner().kisses()) {
                    own[i]++;
                    failedOrder.add(slot);
                } else if (lent < lendable) {
                    lent++;
                    failedOrder.add(slot);
                }
            }
            var spareOrder = new ArrayList<Table.Slot>();
            {
                int[] extra = new int[n];
                int[] ownFailed = own.clone();
                int[] pool = {lendable - lent};
                for (Table.Slot slot : spare) {
                    int i = rollers.indexOf(slot.owner());
                    if (takeSpare(parts.get(i).lender(lending), slot.owner().kisses(), ownFailed[i], own, extra, pool,
                            i)) {
                        spareOrder.add(slot);
                    }
                }
            }
            return List.of(failedOrder, spareOrder);
        }
    }

    /**
     * Whether one more spare die of roller {@code i} can be paid for, and if so books it: a lender pays from the
     * pool left after lending, up to their own KISSes; anyone else with their own KISSes left after their failed
     * dice, and otherwise by letting the pool take over one of their own failed dice (lent KISSes only pull up
     * failed dice).
     *
     * @param ownFailed the roller's failed dice paid with their own KISSes
     * @param used the roller's own KISSes spent so far (on failed dice, then spare ones)
     * @param swapped per roller, own failed dice the pool took over, or a lender's spare dice from the pool
     * @param pool the lendable KISSes left
     */
    private static boolean takeSpare(boolean lender, int kisses, int ownFailed, int[] used, int[] swapped,
            int[] pool, int i) {
        if (lender) {
            if (swapped[i] < kisses && pool[0] > 0) {
                swapped[i]++;
                pool[0]--;
                return true;
            }
            return false;
        }
        if (used[i] < kisses) {
            used[i]++;
            return true;
        }
        if (pool[0] > 0 && swapped[i] < ownFailed) {
            // the pool pays for one of the roller's failed dice instead, freeing one of their own KISSes
            swapped[i]++;
            pool[0]--;
            return true;
        }
        return false;
    }

    // ------------------------------------------------------------------ the first throw

    /** The first throw so far, before capping: totals, and each roller's part sorted (positions merge as it goes). */
    private record Thrown(int successes, int sixes, List<Part> parts) {
    }

    @Override
    public Lottery<Position> start() {
        if (lending && rollers.stream().anyMatch(r -> r.usefulFidelity(0) > 0)) {
            return firstProfiles().map(this::fromProfiles);
        }
        if (rollers.stream().anyMatch(r -> r.usefulFidelity(0) > 0)) {
            return startWithFidelity();
        }
        Lottery<Thrown> thrown = Lottery.certain(new Thrown(0, 0, List.of()));
        for (Roller roller : rollers) {
            Lottery<Part> part = own(roller);
            thrown = thrown.then(before -> part.map(p -> {
                var parts = new ArrayList<>(before.parts());
                // what a part adds to the totals is kept in the totals; the part keeps only its dice and KISSes
                parts.add(new Part(0, p.sixes() > 0 ? 1 : 0, false, p.failed(), p.spare(), p.kisses()));
                parts.sort(PART_ORDER);
                return new Thrown(before.successes() + p.successes() - p.sixes(), before.sixes() + p.sixes(),
                        List.copyOf(parts));
            }));
        }
        return thrown.map(t -> {
            // each part's 6 marker (0 or 1) stands for "has a 6"; the totals hold the real counts
            var parts = new ArrayList<Part>();
            int markers = 0;
            for (Part p : t.parts()) {
                parts.add(p);
                markers += p.sixes();
            }
            parts.add(new Part(t.successes() + t.sixes(), t.sixes() - markers, false, 0, 0, 0));
            return position(parts, true);
        });
    }

    /**
     * The most kinds of first throw of a Group Check with Fidelity that {@link #start()} lists (the product of each
     * participant's kinds, before merging participants alike): past it, the generic search, which walks them one by
     * one, is refused as too large. Best play's own answer ({@link #valueBeforeRoll}) does not list them.
     */
    static final int FIRST_THROWS = 20_000;

    /**
     * The first throw of a Group Check in which someone may spend Fidelity: each participant's dice by face (as a
     * {@link Profile} merges them), since which faces a point turns into successes depends on every choice.
     *
     * @throws SearchLimitException past {@link #FIRST_THROWS} kinds of throw
     */
    private Lottery<List<Profile>> firstProfiles() {
        List<Lottery<Profile>> each = rollers.stream().map(KissGame::firstProfile).toList();
        long kinds = 1;
        for (Lottery<Profile> one : each) {
            kinds *= one.size();
            if (kinds > FIRST_THROWS) {
                throw new SearchLimitException(FIRST_THROWS);
            }
        }
        Lottery<List<Profile>> thrown = Lottery.certain(List.of());
        for (Lottery<Profile> one : each) {
            thrown = thrown.then(before -> one.map(p -> {
                var all = new ArrayList<>(before);
                all.add(p);
                all.sort(Profile.ORDER);
                return List.copyOf(all);
            }));
        }
        return thrown;
    }

    /** One participant's first throw, face by face: every way their dice can show faces 1–6 (a multinomial). */
    private static Lottery<Profile> firstProfile(Roller roller) {
        int n = roller.mainDice();
        Lottery.Builder<Profile> builder = Lottery.builder();
        BigInteger all = SIX.pow(n);
        int[] counts = new int[7];
        faces(n, 1, counts, (c, ways) -> builder.add(Profile.of(roller.rank(), roller.usefulFidelity(0), c, c[6],
                roller.kisses(), false), Fraction.of(ways, all)));
        return builder.build();
    }

    /** Calls {@code each} with every way {@code n} dice fall on faces {@code face..6} and its number of orders. */
    static void faces(int n, int face, int[] counts, java.util.function.BiConsumer<int[], BigInteger> each) {
        if (face == 6) {
            counts[6] = n;
            BigInteger ways = BigInteger.ONE;
            int dice = 0;
            for (int f = 1; f <= 6; f++) {
                dice += counts[f];
                ways = ways.multiply(IntPoly.binomial(dice, counts[f]));
            }
            each.accept(counts, ways);
            return;
        }
        for (int c = 0; c <= n; c++) {
            counts[face] = c;
            faces(n - c, face + 1, counts, each);
        }
        counts[face] = 0;
    }

    /**
     * The first throw of one roller who may spend Fidelity: each pool die read at the rank now and at the rank every
     * useful point gives ({@code low}): below {@code low} it fails at both; from {@code low} up to the rank it fails
     * now and succeeds after; from the rank up to 5 it succeeds at both; a 6 is a 6. Help dice read alike at both.
     */
    private Lottery<Position> startWithFidelity() {
        Lottery<List<List<Part>>> thrown = Lottery.certain(List.of());
        for (Roller roller : rollers) {
            Lottery<List<Part>> pair = pair(roller);
            thrown = thrown.then(before -> pair.map(p -> {
                var both = new ArrayList<>(before);
                both.add(p);
                return List.copyOf(both);
            }));
        }
        return thrown.map(pairs -> position(pairs.stream().map(p -> p.get(0)).toList(), true).advancing(
                position(pairs.stream().map(p -> p.get(1)).toList(), true)));
    }

    /**
     * One roller's first throw read now and after every useful point of Fidelity: the same part twice for a roller
     * without Fidelity to spend.
     */
    private Lottery<List<Part>> pair(Roller roller) {
        if (roller.usefulFidelity(0) == 0) {
            return own(roller).map(p -> List.of(p, p));
        }
        int rank = roller.rank();
        int low = roller.rank(roller.usefulFidelity(0));
        int n = roller.mainDice();
        Part empty = new Part(0, 0, false, 0, 0, roller.kisses());
        Lottery.Builder<List<Part>> pool = Lottery.builder();
        long[] faces = {low - 1, rank - low, 6 - rank, 1};
        BigInteger all = SIX.pow(n);
        for (int a = 0; a <= n; a++) {
            for (int b = 0; a + b <= n; b++) {
                for (int c = 0; a + b + c <= n; c++) {
                    int d = n - a - b - c;
                    BigInteger ways = IntPoly.binomial(n, a).multiply(IntPoly.binomial(n - a, b))
                            .multiply(IntPoly.binomial(n - a - b, c)).multiply(BigInteger.valueOf(faces[0]).pow(a))
                            .multiply(BigInteger.valueOf(faces[1]).pow(b)).multiply(BigInteger.valueOf(faces[2]).pow(c));
                    if (ways.signum() == 0) {
                        continue;
                    }
                    Part now = new Part(c + d, d, false, add(0, rank, a + b), add(0, rank, c), roller.kisses());
                    Part after = new Part(b + c + d, d, false, add(0, low, a), add(add(0, low, b), rank, c),
                            roller.kisses());
                    pool.add(List.of(now, after), Fraction.of(ways, all));
                }
            }
        }
        Lottery<List<Part>> thrown = pool.build();
        int[] help = new int[7];
        roller.helpers().forEach(h -> help[h.rank()]++);
        for (int r = 1; r <= 6; r++) {
            if (help[r] == 0) {
                continue;
            }
            int hr = r;
            Lottery<Part> dice = throwRank(Lottery.certain(empty), r, help[r]);
            thrown = thrown.then(pair -> dice.map(h -> List.of(merge(pair.get(0), h, hr), merge(pair.get(1), h, hr))));
        }
        return thrown;
    }

    /** One roller's first throw, pool and help dice, each read at its rank. */
    private static Lottery<Part> own(Roller roller) {
        Lottery<Part> own = Lottery.certain(new Part(0, 0, false, 0, 0, roller.kisses()));
        int[] dice = new int[7];
        dice[roller.rank()] += roller.mainDice();
        roller.helpers().forEach(h -> dice[h.rank()]++);
        for (int rank = 1; rank <= 6; rank++) {
            if (dice[rank] > 0) {
                own = throwRank(own, rank, dice[rank]);
            }
        }
        return own;
    }

    /** @return the part with the help dice of one rank that {@code h} threw added */
    private static Part merge(Part part, Part h, int rank) {
        return new Part(part.successes() + h.successes(), part.sixes() + h.sixes(), false,
                add(part.failed(), rank, count(h.failed(), rank)), add(part.spare(), rank, count(h.spare(), rank)),
                part.kisses());
    }

    private static final Comparator<Part> PART_ORDER = Comparator.comparingInt(Part::failed)
            .thenComparingInt(Part::spare).thenComparingInt(Part::kisses).thenComparingInt(Part::sixes);

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
                    int spare = o == 0 ? part.spare() : add(part.spare(), rank, o);
                    builder.add(new Part(part.successes() + s + o, part.sixes() + s, false, failed, spare,
                            part.kisses()), Fraction.of(ways, all));
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
        Picks picks = picks(position);
        int f = picks.failed().size();
        for (int k = 1; k <= f; k++) {
            moves.add(kissMove(k, 0));
        }
        for (int k = 1; k <= picks.spare().size(); k++) {
            moves.add(kissMove(f, k));
        }
        if (position.sixes() > 0) {
            moves.add(EGO);
        }
        if (position.advanced() != null) {
            moves.add(FIDELITY_ALL);
        }
        if (position.profiles() != null) {
            for (int[] points : fidelityChoices(position.profiles())) {
                moves.add(fidelityMove(points));
            }
        }
        return moves;
    }

    /**
     * The ways of spending Fidelity listed in a Group Check (each participant's points, in the order given): the best
     * one toward each goal, and every point at once, fewest points first; never none at all.
     */
    private List<int[]> fidelityChoices(List<Profile> profiles) {
        var choices = new ArrayList<int[]>();
        int[] all = profiles.stream().mapToInt(Profile::useful).toArray();
        choices.add(all);
        for (int t = 1; t <= cap; t++) {
            if (!outcome.apply(t).equals(outcome.apply(t - 1))) {
                int[] points = choose(profiles, t).points();
                if (Arrays.stream(points).sum() > 0 && choices.stream().noneMatch(c -> Arrays.equals(c, points))) {
                    choices.add(points);
                }
            }
        }
        choices.sort(Comparator.comparingInt(c -> Arrays.stream(c).sum()));
        return choices;
    }

    /** In a position of a Group Check, Fidelity spends {@code x1…xn} points for the profiles in their order. */
    private static Move fidelityMove(int[] points) {
        var fields = new ArrayList<io.dicehall.api.form.Field>();
        Map<String, Object> raw = new LinkedHashMap<>();
        for (int i = 0; i < points.length; i++) {
            fields.add(io.dicehall.api.form.IntegerField.of("x" + (i + 1), "x" + (i + 1), 0, 5, 0));
            raw.put("x" + (i + 1), points[i]);
        }
        return new Move(RollProcedure.FIDELITY, InputChecker.check(new Form(fields), raw).orThrow());
    }

    /** In a position, Fidelity spends every point that can still change something. */
    private static final Move FIDELITY_ALL = new Move(RollProcedure.FIDELITY, InputChecker.check(Form.of(
            io.dicehall.api.form.IntegerField.of(RollProcedure.POINTS, "Points", 0, 0, 0)), Map.of()).orThrow());

    /**
     * In a position, a KISS of {@code f} failed and {@code s} spare dice picks {@code k1…kf} and {@code s1…ss}:
     * the first of each list of {@link #picks(Position)}.
     */
    private Move kissMove(int f, int s) {
        return kissMoves.computeIfAbsent(f * 64 + s, key -> {
            var ids = new ArrayList<String>();
            for (int i = 1; i <= f; i++) {
                ids.add("k" + i);
            }
            for (int i = 1; i <= s; i++) {
                ids.add("s" + i);
            }
            List<Option> options = ids.stream().map(id -> Option.of(id, id)).toList();
            Form form = Form.of(new PickField("dice", "Dice", "", options, 1, ids.size()));
            return new Move(RollProcedure.KISS, InputChecker.check(form, Map.of("dice", ids)).orThrow());
        });
    }

    /**
     * The dice of a position best play may pick up, in order: the failed dice, lowest rank first, own KISSes
     * first, then lent ones; and the spare dice, lowest rank first, with what is left.
     */
    private Picks picks(Position position) {
        List<Kisser> kissers = position.kissers();
        int n = kissers.size();
        int[] own = new int[n];
        int lent = 0;
        var failed = new ArrayList<Pick>();
        for (int rank = LOW; rank < LOW + RANKS; rank++) {
            for (int i = 0; i < n; i++) {
                Kisser kisser = kissers.get(i);
                for (int d = 0; d < kisser.count(rank); d++) {
                    if (own[i] < kisser.kisses()) {
                        own[i]++;
                    } else if (lent < position.lend()) {
                        lent++;
                    } else {
                        continue;
                    }
                    failed.add(new Pick(rank, kisser.ego() == Ego.SPENT));
                }
            }
        }
        var spare = new ArrayList<Pick>();
        {
            int[] extra = new int[n];
            int[] ownFailed = own.clone();
            int[] pool = {position.lend() - lent};
            for (int rank = LOW; rank < LOW + RANKS; rank++) {
                for (int i = 0; i < n; i++) {
                    Kisser kisser = kissers.get(i);
                    boolean lender = lending && kisser.failed() == 0;
                    for (int d = 0; d < count(kisser.spare(), rank); d++) {
                        if (takeSpare(lender, kisser.kisses(), ownFailed[i], own, extra, pool, i)) {
                            spare.add(new Pick(rank, kisser.ego() == Ego.SPENT));
                        }
                    }
                }
            }
        }
        return new Picks(failed, spare);
    }

    /** In a real state: accept, each KISS best play considers naming the state's own dice, and Ego for all who can. */
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
            List<List<Table.Slot>> order = reading.greedy();
            List<Table.Slot> failed = order.get(0);
            List<Table.Slot> spare = order.get(1);
            for (int k = 1; k <= failed.size() + spare.size(); k++) {
                var ids = new ArrayList<String>();
                failed.subList(0, Math.min(k, failed.size())).forEach(s -> ids.add(s.die().id()));
                spare.subList(0, Math.max(0, k - failed.size())).forEach(s -> ids.add(s.die().id()));
                moves.add(new Move(RollProcedure.KISS, InputChecker.check(form, Map.of("dice", ids)).orThrow()));
            }
        }
        state.move(RollProcedure.EGO).ifPresent(option -> {
            Map<String, Object> raw = new LinkedHashMap<>();
            option.form().field("who").ifPresent(field -> raw.put("who",
                    ((PickField) field).options().stream().map(Option::value).toList()));
            moves.add(new Move(RollProcedure.EGO, InputChecker.check(option.form(), raw).orThrow()));
        });
        // every point at once, the form's default; in a Group Check also the best way toward each goal
        state.move(RollProcedure.FIDELITY).ifPresent(option -> {
            List<Profile> profiles = lending ? profiles(state, new int[rollers.size()], List.of()) : null;
            if (profiles == null) {
                moves.add(new Move(RollProcedure.FIDELITY, InputChecker.check(option.form(), Map.of()).orThrow()));
                return;
            }
            for (int[] points : fidelityChoices(profiles)) {
                Map<String, Object> raw = new LinkedHashMap<>();
                for (int i = 0; i < rollers.size(); i++) {
                    if (option.form().field(rollers.get(i).key()).isPresent()) {
                        raw.put(rollers.get(i).key(), points[i]);
                    }
                }
                moves.add(new Move(RollProcedure.FIDELITY, InputChecker.check(option.form(), raw).orThrow()));
            }
        });
        return moves;
    }

    // ------------------------------------------------------------------ where moves lead

    @Override
    public Lottery<Position> next(Position position, Move move) {
        return switch (move.id()) {
            case RollProcedure.ACCEPT -> Lottery.certain(over(position.total()));
            // the total may hold more than the cap here (room for spare dice); over() caps it
            case RollProcedure.KISS -> {
                List<String> ids = move.inputs().picks("dice");
                int s = (int) ids.stream().filter(id -> id.startsWith("s")).count();
                Picks picks = picks(position);
                var thrown = new ArrayList<>(picks.failed().subList(0, ids.size() - s));
                thrown.addAll(picks.spare().subList(0, s));
                yield kiss(position.total() - s, position.sixes(), thrown);
            }
            case RollProcedure.EGO -> Lottery.certain(spending(position));
            case RollProcedure.FIDELITY -> {
                if (position.profiles() == null) {
                    yield Lottery.certain(position.advanced());
                }
                var after = new ArrayList<Profile>();
                for (int i = 0; i < position.profiles().size(); i++) {
                    String field = "x" + (i + 1);
                    after.add(position.profiles().get(i).advanced(move.inputs().has(field)
                            ? move.inputs().integer(field) : 0));
                }
                yield Lottery.certain(fromProfiles(after));
            }
            default -> throw new IllegalArgumentException("not a move of this roll: " + move);
        };
    }

    /** The position once everyone spends Ego: every 6 showing counts once more, and so will 6s a KISS throws. */
    private Position spending(Position position) {
        if (position == null) {
            return null;
        }
        if (position.profiles() != null) {
            return fromProfiles(position.profiles().stream().map(Profile::spending).toList());
        }
        var kissers = new ArrayList<Kisser>();
        for (Kisser k : position.kissers()) {
            kissers.add(k.spending());
        }
        kissers.sort(Kisser.ORDER);
        return normal(position.total() + position.sixes(), 0, position.lend(), kissers)
                .advancing(spending(position.advanced()));
    }

    /** Any legal move of a real state: the dice it names, the rollers who spend Ego, the Fidelity spent. */
    @Override
    public Lottery<Position> next(RollState state, Move move) {
        Reading reading = new Reading(state);
        switch (move.id()) {
            case RollProcedure.ACCEPT:
                return next(position(state), move);
            case RollProcedure.FIDELITY: {
                int[] points = RollProcedure.fidelityPoints(rollers, move);
                if (lending) {
                    List<Profile> profiles = profiles(state, points, List.of());
                    if (profiles != null) {
                        return Lottery.certain(fromProfiles(profiles));
                    }
                }
                int[] spent = new int[rollers.size()];
                for (int i = 0; i < rollers.size(); i++) {
                    spent[i] = Table.fidelitySpent(rollers.get(i), state.memo()) + points[i];
                }
                Reading after = new Reading(state, spent);
                return Lottery.certain(position(after.parts, true).advancing(advanced(state, points)));
            }
            case RollProcedure.KISS: {
                List<String> ids = move.inputs().picks("dice");
                List<Roller> spenders = RollProcedure.spenders(rollers, move, true);
                var picks = new ArrayList<Pick>();
                int standing = 0;
                for (Table.Slot slot : reading.failed) {
                    if (ids.contains(slot.die().id())) {
                        picks.add(new Pick(slot.rank(), Table.egoSpent(slot.owner(), state)
                                || spenders.contains(slot.owner())));
                    }
                }
                for (Table.Slot slot : reading.spare) {
                    if (ids.contains(slot.die().id())) {
                        picks.add(new Pick(slot.rank(), Table.egoSpent(slot.owner(), state)
                                || spenders.contains(slot.owner())));
                        standing++;
                    }
                }
                int total = reading.total();
                int sixes = reading.sixes();
                for (int i = 0; i < rollers.size(); i++) {
                    Part part = reading.parts.get(i);
                    if (spenders.contains(rollers.get(i)) && !part.spent()) {
                        total += part.sixes();
                        sixes -= part.sixes();
                    }
                }
                return kiss(total - standing, sixes, picks);
            }
            case RollProcedure.EGO: {
                List<String> who = move.inputs().has("who") ? move.inputs().picks("who") : null;
                if (lending) {
                    List<Profile> profiles = profiles(state, new int[rollers.size()], rollers.stream()
                            .filter(r -> who == null || who.contains(r.key())).toList());
                    if (profiles != null) {
                        return Lottery.certain(fromProfiles(profiles));
                    }
                }
                var parts = new ArrayList<Part>();
                List<Part> advanced = advancedParts(state, new int[rollers.size()]);
                var advancedSpending = advanced == null ? null : new ArrayList<Part>();
                for (int i = 0; i < rollers.size(); i++) {
                    boolean spends = who == null || who.contains(rollers.get(i).key());
                    Part part = reading.parts.get(i);
                    parts.add(spends ? part.spending() : part);
                    if (advanced != null) {
                        advancedSpending.add(spends ? advanced.get(i).spending() : advanced.get(i));
                    }
                }
                // Ego leaves the KISS round open, so the Fidelity that can still be spent stays
                return Lottery.certain(position(parts, reading.kissOpen).advancing(advanced == null ? null
                        : position(advancedSpending, true)));
            }
            default:
                throw new IllegalArgumentException("not a move of this roll: " + move);
        }
    }

    /**
     * The picked dice thrown again: each fails ({@code rank − 1} faces), succeeds ({@code 6 − rank}) or shows a
     * 6, which adds 2 at once when doubling, else 1 and one 6 for later Ego. The KISS round is then over.
     *
     * @param total the successes of the dice that stay
     */
    private Lottery<Position> kiss(int total, int sixes, List<Pick> picks) {
        int k = picks.size();
        // weights over 6^k (k ≤ 24, so at most 6^24: a long) of (added successes, added 6s); counts past the cap
        // meet in one position anyway, so they are kept together
        int tMax = Math.max(0, cap - total);
        int sMax = cap;
        long[][] w = new long[tMax + 1][sMax + 1];
        w[0][0] = 1;
        for (Pick pick : picks) {
            long fail = pick.rank() - 1;
            long other = 6 - pick.rank();
            long[][] next = new long[tMax + 1][sMax + 1];
            for (int t = 0; t <= tMax; t++) {
                for (int s = 0; s <= sMax; s++) {
                    long from = w[t][s];
                    if (from == 0) {
                        continue;
                    }
                    next[t][s] += from * fail;
                    next[Math.min(t + 1, tMax)][s] += from * other;
                    if (pick.doubling()) {
                        next[Math.min(t + 2, tMax)][s] += from;
                    } else {
                        next[Math.min(t + 1, tMax)][Math.min(s + 1, sMax)] += from;
                    }
                }
            }
            w = next;
        }
        var merged = new LinkedHashMap<Position, Long>();
        for (int t = 0; t <= tMax; t++) {
            for (int s = 0; s <= sMax; s++) {
                if (w[t][s] != 0) {
                    merged.merge(normal(total + t, sixes + s, 0, List.of()), w[t][s], Long::sum);
                }
            }
        }
        BigInteger all = SIX.pow(k);
        Lottery.Builder<Position> builder = Lottery.builder();
        merged.forEach((p, weight) -> builder.add(p, Fraction.of(BigInteger.valueOf(weight), all)));
        return builder.build();
    }

    @Override
    public String outcome(Position position) {
        return outcome.apply(position.total());
    }

    // ------------------------------------------------------------------ the game's own answer

    /**
     * @param outcome the outcome id of a number of successes, {@code 0..cap}
     * @return the fewest successes that reach the goal; {@code cap + 1} if none does
     */
    static int fewestReaching(Goal goal, int cap, IntFunction<String> outcome) {
        for (int s = 0; s <= cap; s++) {
            if (goal.reachedBy(outcome.apply(s))) {
                return s;
            }
        }
        return cap + 1;
    }

    /** The fewest successes that reach the goal; {@code cap + 1} if none does. */
    int threshold(Goal goal) {
        return thresholds.computeIfAbsent(goal, g -> KissGame.fewestReaching(g, cap, outcome));
    }

    /**
     * Best play spends Ego (every 6 showing for a roller who has not spent it counts once more, and each re-thrown
     * die adds 0, 1 or, a 6, 2) and picks up every failed die the greedy pick can pay for; then, of the spare
     * dice, the number {@code s} that reaches the goal most often: they stand for {@code s} successes, and thrown
     * again they bring 0, 1 or 2 each.
     */
    @Override
    public Optional<Fraction> value(Position position, Goal goal) {
        if (position.advanced() != null) {
            // Fidelity only advances the rank, so a die succeeds on every face it did: spending it all is best
            return value(position.advanced(), goal);
        }
        int threshold = threshold(goal);
        if (threshold > cap) {
            return Optional.of(Fraction.ZERO);
        }
        if (position.profiles() != null) {
            // in a Group Check it is not: every way of spending is weighed
            return Optional.of(threshold == 0 ? Fraction.ONE : choose(position.profiles(), threshold).value());
        }
        int need = threshold - position.total() - position.sixes();
        if (need <= 0) {
            return Optional.of(Fraction.ONE);
        }
        Picks picks = picks(position);
        return Optional.of(best(need, picks.failed().stream().map(Pick::rank).toList(),
                picks.spare().stream().map(Pick::rank).toList()));
    }

    /**
     * @param need the successes still needed, with every 6 showing counted twice
     * @param failed the ranks of the failed dice thrown again
     * @param spare the ranks of the spare dice that may be thrown again too, in order
     * @return the chance of best play: the failed dice and the number of spare dice that reaches {@code need} most
     *     often (each spare die thrown again must make up for its own success first)
     */
    private Fraction best(int need, List<Integer> failed, List<Integer> spare) {
        var ranks = new ArrayList<>(failed);
        long bestWays = 0;
        int bestDice = 0;
        for (int s = 0; s <= spare.size(); s++) {
            if (s > 0) {
                ranks.add(spare.get(s - 1));
            }
            if (ranks.size() * 2 < need + s) {
                continue;
            }
            long[] tail = tails.computeIfAbsent(ranks.stream().sorted().toList(), KissGame::tail);
            long ways = tail[Math.min(need + s, tail.length - 1)];
            // ways / 6^size against bestWays / 6^bestDice, cross-multiplied exactly
            if (BigInteger.valueOf(ways).multiply(SIX.pow(bestDice))
                    .compareTo(BigInteger.valueOf(bestWays).multiply(SIX.pow(ranks.size()))) > 0) {
                bestWays = ways;
                bestDice = ranks.size();
            }
        }
        return Fraction.of(BigInteger.valueOf(bestWays), SIX.pow(bestDice));
    }

    /**
     * @param ranks the ranks of dice thrown again (at most 24), every 6 counting twice
     * @return for each {@code v}, the ways over {@code 6^dice} to add at least {@code v} successes (one more entry,
     *     0, past the most)
     */
    private static long[] tail(List<Integer> ranks) {
        long[] w = new long[2 * ranks.size() + 1];
        w[0] = 1;
        int reach = 0;
        for (int rank : ranks) {
            for (int v = reach; v >= 0; v--) {
                long from = w[v];
                w[v] = from * (rank - 1);
                w[v + 1] += from * (6 - rank);
                w[v + 2] += from;
            }
            reach += 2;
        }
        long[] tail = new long[w.length + 1];
        for (int v = w.length - 1; v >= 0; v--) {
            tail[v] = tail[v + 1] + w[v];
        }
        return tail;
    }

    /**
     * Best play over the first throw: {@link #value} of each first position, weighed by its chance; in a Group
     * Check, over a summary of the throw that holds only what that value reads ({@link Summary}), and with Fidelity,
     * over the sets of sums the ways of spending reach ({@link FidelitySums#beforeRoll}).
     *
     * @throws SearchLimitException in a Group Check with Fidelity whose sets grow past {@link FidelitySums#WORK}
     */
    @Override
    public Optional<Fraction> valueBeforeRoll(Goal goal) {
        int threshold = threshold(goal);
        if (threshold == 0) {
            return Optional.of(Fraction.ONE);
        }
        if (threshold > cap) {
            return Optional.of(Fraction.ZERO);
        }
        if (lending && rollers.stream().allMatch(r -> r.usefulFidelity(0) == 0)) {
            return Optional.of(groupBeforeRoll(threshold));
        }
        if (lending) {
            // someone may spend Fidelity: the sets of sums their ways of spending reach, participant by participant
            return Optional.of(sums().beforeRoll(rollers, threshold));
        }
        if (rollers.size() == 1 && rollers.get(0).usefulFidelity(0) == 0) {
            return Optional.of(soloBeforeRoll(rollers.get(0), goal));
        }
        // the first positions' chances, summed for each value worked out once
        Lottery<Position> first = start();
        Map<Fraction, Q> byValue = new HashMap<>();
        for (int i = 0; i < first.size(); i++) {
            byValue.merge(value(first.position(i), goal).orElseThrow(), Q.of(first.probability(i)), Q::plus);
        }
        Q sum = Q.ZERO;
        for (Map.Entry<Fraction, Q> e : byValue.entrySet()) {
            sum = sum.plus(e.getValue().times(Q.of(e.getKey())));
        }
        return Optional.of(sum.toFraction());
    }

    /**
     * Best play before the roll of one roller without Fidelity: the first throw counted rank by rank in whole
     * numbers over {@code 6^dice} (at most 28 dice: a {@link BigInteger}), each first position valued once.
     */
    private Fraction soloBeforeRoll(Roller roller, Goal goal) {
        int[] dice = new int[7];
        dice[roller.rank()] += roller.mainDice();
        roller.helpers().forEach(h -> dice[h.rank()]++);
        Map<Part, BigInteger> parts = new HashMap<>();
        parts.put(new Part(0, 0, false, 0, 0, roller.kisses()), BigInteger.ONE);
        int n = 0;
        for (int rank = 1; rank <= 6; rank++) {
            int m = dice[rank];
            if (m == 0) {
                continue;
            }
            n += m;
            Map<Part, BigInteger> next = new HashMap<>();
            for (int f = 0; f <= m; f++) {
                for (int six = 0; six + f <= m; six++) {
                    int o = m - f - six;
                    BigInteger ways = IntPoly.binomial(m, f).multiply(IntPoly.binomial(m - f, six))
                            .multiply(BigInteger.valueOf(rank - 1).pow(f)).multiply(BigInteger.valueOf(6 - rank).pow(o));
                    if (ways.signum() == 0) {
                        continue;
                    }
                    for (Map.Entry<Part, BigInteger> e : parts.entrySet()) {
                        Part p = e.getKey();
                        Part q = new Part(p.successes() + six + o, p.sixes() + six, false,
                                f == 0 ? p.failed() : add(p.failed(), rank, f), o == 0 ? p.spare() : add(p.spare(), rank, o),
                                p.kisses());
                        next.merge(q, e.getValue().multiply(ways), BigInteger::add);
                    }
                }
            }
            parts = next;
        }
        Map<Fraction, BigInteger> byValue = new HashMap<>();
        for (Map.Entry<Part, BigInteger> e : parts.entrySet()) {
            byValue.merge(value(position(List.of(e.getKey()), true), goal).orElseThrow(), e.getValue(),
                    BigInteger::add);
        }
        BigInteger all = SIX.pow(n);
        Q sum = Q.ZERO;
        for (Map.Entry<Fraction, BigInteger> e : byValue.entrySet()) {
            sum = sum.plus(Q.of(e.getValue(), all).times(Q.of(e.getKey())));
        }
        return sum.toFraction();
    }

    /**
     * What {@link #value} reads of a Group Check's throw, summed over the participants so far (counts packed by
     * rank as in {@link Kisser}): the successes with every 6 counted twice (Ego is spent), capped; the KISSes
     * participants whose dice all succeeded can lend, capped at the dice; the failed dice their owners' KISSes
     * pay for ({@code own}) and those left over for lent KISSes ({@code left}); the spare dice their owners' own
     * KISSes left after their failed dice can pay for ({@code free}), and those the pool could pay for ({@code
     * pooled}: a lender's, or one whose owner lets the pool take over one of their failed dice).
     */
    private record Summary(int total, int lend, int own, int left, int free, int pooled) {
    }

    /**
     * Best play before the roll of a Group Check: the throw summed participant by participant, then valued once
     * for each different set of dice best play may throw again. The weights are whole numbers over {@code
     * 6^dice}, at most {@code 6^24} (8 participants of 3 dice), so they fit a {@code long}.
     */
    private Fraction groupBeforeRoll(int threshold) {
        int dice = rollers.stream().mapToInt(Roller::mainDice).sum();
        Map<Summary, Long> states = new HashMap<>();
        states.put(new Summary(0, 0, 0, 0, 0, 0), 1L);
        for (Roller roller : rollers) {
            int n = roller.mainDice();
            int rank = roller.rank();
            int k = roller.kisses();
            Map<Summary, Long> next = new HashMap<>();
            for (int f = 0; f <= n; f++) {
                for (int six = 0; six + f <= n; six++) {
                    int o = n - f - six;
                    long ways = IntPoly.binomial(n, f).multiply(IntPoly.binomial(n - f, six))
                            .multiply(BigInteger.valueOf(rank - 1).pow(f)).multiply(BigInteger.valueOf(6 - rank).pow(o))
                            .longValueExact();
                    if (ways == 0) {
                        continue;
                    }
                    int spare = Math.min(o, k);
                    int ownUsed = Math.min(f, k);
                    int free = f == 0 ? 0 : Math.min(spare, k - ownUsed);
                    int pooled = f == 0 ? spare : Math.min(spare - free, ownUsed);
                    int lend = f == 0 ? k : 0;
                    int total = o + 2 * six;
                    for (Map.Entry<Summary, Long> e : states.entrySet()) {
                        Summary was = e.getKey();
                        int t = Math.min(was.total() + total, threshold);
                        // once the goal is reached nothing else matters
                        Summary now = t >= threshold ? new Summary(threshold, 0, 0, 0, 0, 0)
                                : new Summary(t, Math.min(was.lend() + lend, dice), add(was.own(), rank, ownUsed),
                                        add(was.left(), rank, f - ownUsed), add(was.free(), rank, free),
                                        add(was.pooled(), rank, pooled));
                        next.merge(now, e.getValue() * ways, Long::sum);
                    }
                }
            }
            states = next;
        }
        // one value for each need and set of dice thrown again
        Map<List<Object>, Long> byPick = new HashMap<>();
        for (Map.Entry<Summary, Long> e : states.entrySet()) {
            Summary summary = e.getKey();
            int need = threshold - summary.total();
            List<Object> key = need <= 0 ? List.of(0) : List.of(need, summaryFailed(summary), summarySpare(summary));
            byPick.merge(key, e.getValue(), Long::sum);
        }
        // the ways of each value summed first (whole numbers), so that fractions are added once per value
        Map<Fraction, BigInteger> byValue = new HashMap<>();
        for (Map.Entry<List<Object>, Long> e : byPick.entrySet()) {
            List<Object> key = e.getKey();
            @SuppressWarnings("unchecked")
            Fraction value = key.size() == 1 ? Fraction.ONE : best((Integer) key.get(0), (List<Integer>) key.get(1),
                    (List<Integer>) key.get(2));
            byValue.merge(value, BigInteger.valueOf(e.getValue()), BigInteger::add);
        }
        BigInteger all = SIX.pow(dice);
        Q sum = Q.ZERO;
        for (Map.Entry<Fraction, BigInteger> e : byValue.entrySet()) {
            sum = sum.plus(Q.of(e.getValue(), all).times(Q.of(e.getKey())));
        }
        return sum.toFraction();
    }

    /** Best play in a Group Check over every way of spending Fidelity: its value, and the points each spends. */
    record Choice(Fraction value, int[] points) {
    }

    private final Map<List<Object>, Choice> choices = new HashMap<>();
    private FidelitySums sums;

    /** The sums of this Group Check's participants with Fidelity, worked out once per game. */
    private FidelitySums sums() {
        if (sums == null) {
            sums = new FidelitySums(rollers.stream().mapToInt(Roller::mainDice).sum());
        }
        return sums;
    }

    /**
     * Best play where participants may still spend Fidelity: the best over every way of spending of the value of the
     * same throw read at those ranks ({@link FidelitySums#choose}).
     *
     * @param profiles the participants, in any order
     * @return the best value, and the points each profile spends for it: of ways that are equally good, none when
     *     nothing reaches the goal, the fewest points in all when the goal can be made certain, and otherwise one in
     *     which no participant's points can be lowered without doing worse
     */
    private Choice choose(List<Profile> profiles, int threshold) {
        // worked out once for the profiles sorted (as positions hold them), the points handed back in the order given
        Integer[] order = new Integer[profiles.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparing(profiles::get, Profile.ORDER));
        var sorted = new ArrayList<Profile>();
        for (int i : order) {
            sorted.add(profiles.get(i));
        }
        List<Object> key = List.of(List.copyOf(sorted), threshold);
        Choice known = choices.get(key);
        if (known == null) {
            known = chooseOnce(sorted, threshold);
            choices.put(key, known);
        }
        int[] points = new int[order.length];
        for (int i = 0; i < order.length; i++) {
            points[order[i]] = known.points()[i];
        }
        return new Choice(known.value(), points);
    }

    private Choice chooseOnce(List<Profile> profiles, int threshold) {
        FidelitySums.Chosen chosen = sums().choose(profiles, threshold);
        return new Choice(sums().fraction(chosen.value()), chosen.points());
    }

    /** The failed dice a summary's best play throws again: all those their owners pay for, the lowest left over. */
    private static List<Integer> summaryFailed(Summary summary) {
        var ranks = new ArrayList<Integer>();
        int lend = summary.lend();
        for (int rank = LOW; rank < LOW + RANKS; rank++) {
            for (int i = 0; i < count(summary.own(), rank); i++) {
                ranks.add(rank);
            }
            for (int i = 0; i < count(summary.left(), rank) && lend > 0; i++, lend--) {
                ranks.add(rank);
            }
        }
        return ranks;
    }

    /** The spare dice a summary's best play may throw again, in order: lowest rank first, own KISSes before lent. */
    private static List<Integer> summarySpare(Summary summary) {
        int pool = summary.lend() - Math.min(summary.lend(), size(summary.left()));
        var ranks = new ArrayList<Integer>();
        for (int rank = LOW; rank < LOW + RANKS; rank++) {
            int take = count(summary.free(), rank) + Math.min(count(summary.pooled(), rank), pool);
            pool -= take - count(summary.free(), rank);
            for (int i = 0; i < take; i++) {
                ranks.add(rank);
            }
        }
        return ranks;
    }
}
