package io.dicehall.systems.taskschecks;

import io.dicehall.api.Move;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.IntegerField;
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
 * The rules of a Task rolled with a magic job's exploding pool as a game for best play: the pool's dice explode
 * at its rank before KISSing, help dice do not; one KISS round (a die that showed 6 is never picked: it has
 * exploded), Ego (Health in exploding dice at the pool's rank, declared with the KISSes), Fidelity while the round
 * is open, accept.
 *
 * <h2>Positions</h2>
 * Each pool die throws its 6s in a row and then ends on a face of 1–5; only those ends can be picked up. A
 * {@link Position} holds the successes that no move can change (the 6s, help dice that succeeded), the ends by
 * face (only as finely as the Fidelity left can tell them apart), the failed help dice by rank, the rank, the
 * KISSes and Fidelity left, and whether Ego can still be spent. The search of the generic solver works out best
 * play from them.
 *
 * <h2>Moves</h2>
 * Accept; a KISS of {@code a} failed ends, {@code b} ends that succeeded ({@code b > 0} only once every failed end
 * is picked: a failed end thrown again does at least as well as a success thrown again and the failed one left),
 * and the {@code c} lowest-ranked failed help dice, each without and with Ego declared; Ego alone, which ends the
 * round; and all the Fidelity that can still change something (each point only makes more dice succeed and
 * KISSed dice more likely to). A help die that succeeded is never worth throwing again here (Ego doubles nothing
 * on an exploding roll), so it is not listed; {@link #next(RollState, Move)} values it exactly.
 */
final class MagicGame implements Game<MagicGame.Position> {

    private static final int BITS = 5;

    /**
     * @param fixed the successes no move can change, capped at the factors
     * @param ends the pool's ends by face 1–5, packed ({@value #BITS} bits each)
     * @param help the failed help dice by rank, packed as in {@link KissGame}
     * @param rank the pool's rank now; 0 once the roll is over
     * @param kisses the KISSes left, 0 once the round is over
     * @param fidelity the points of Fidelity that can still change something
     * @param ego whether Ego can still be spent
     */
    record Position(int fixed, int ends, int help, int rank, int kisses, int fidelity, boolean ego) {

        boolean over() {
            return kisses == 0 && fidelity == 0 && !ego;
        }

        int count(int face) {
            return ends >>> (BITS * (face - 1)) & ((1 << BITS) - 1);
        }

        int succeeded() {
            int n = 0;
            for (int face = Math.max(1, rank); face <= 5 && rank > 0; face++) {
                n += count(face);
            }
            return n;
        }

        int failed() {
            int n = 0;
            for (int face = 1; face < rank && face <= 5; face++) {
                n += count(face);
            }
            return n;
        }

        int total() {
            return fixed + succeeded();
        }
    }

    private final Roller roller;
    private final int cap;
    private final IntFunction<String> outcome;
    private final Map<Long, Move> kissMoves = new HashMap<>();
    private final Map<Goal, Integer> thresholds = new HashMap<>();
    private final Map<Long, Fraction[]> tails = new HashMap<>();

    /**
     * @param roller a roller with a magic job's exploding pool
     * @param cap the factors: the successes that pass
     * @param outcome the outcome id of a number of successes, {@code 0..cap}
     */
    MagicGame(Roller roller, int cap, IntFunction<String> outcome) {
        if (!roller.magicPool()) {
            throw new IllegalArgumentException("not a magic job's exploding pool");
        }
        this.roller = roller;
        this.cap = cap;
        this.outcome = outcome;
    }

    // ------------------------------------------------------------------ positions

    private static int pack(int[] faces) {
        int packed = 0;
        for (int face = 1; face <= 5; face++) {
            packed |= faces[face] << (BITS * (face - 1));
        }
        return packed;
    }

    /**
     * A position, told apart only as far as it matters: faces every reachable rank reads alike are merged (a face
     * below the lowest reachable rank reads as 1, one at or above the rank as 5), KISSes beyond the dice they could
     * pick are dropped, and a position with nothing left to do is over.
     */
    private Position position(int fixed, int[] faces, int help, int rank, int kisses, int fidelity, boolean ego) {
        int lowest = rank - fidelity;
        int[] merged = new int[6];
        for (int face = 1; face <= 5; face++) {
            int to = face >= rank ? 5 : face < lowest ? 1 : face;
            merged[to] += faces[face];
        }
        int ends = 0;
        for (int face = 1; face <= 5; face++) {
            ends += faces[face];
        }
        int k = Math.min(kisses, ends + KissGame.size(help));
        boolean e = ego && roller.health() > 0;
        int successes = fixed + (int) java.util.stream.IntStream.rangeClosed(rank, 5).map(f -> faces[f]).sum();
        if (k == 0 && fidelity == 0 && !e) {
            return over(successes);
        }
        return new Position(Math.min(fixed, cap), pack(merged), KissGame.lowest(help, k), rank, k, fidelity, e);
    }

    private Position over(int total) {
        return new Position(Math.min(total, cap), 0, 0, 0, 0, 0, false);
    }

    private static int[] faces(Position p) {
        int[] faces = new int[6];
        for (int face = 1; face <= 5; face++) {
            faces[face] = p.count(face);
        }
        return faces;
    }

    /** A real state read: what stands, the pool's ends and help dice by kind, what is left to spend. */
    private final class Reading {
        int fixed;
        final int[] faces = new int[6];
        int helpFailed;
        final List<Table.Slot> failedEnds = new ArrayList<>();
        final List<Table.Slot> spareEnds = new ArrayList<>();
        final List<Table.Slot> help = new ArrayList<>();
        final List<Table.Slot> spareHelp = new ArrayList<>();
        final boolean open;
        final int spent;

        Reading(RollState state) {
            open = !state.memo().containsKey("kissed");
            spent = Table.fidelitySpent(roller, state.memo());
            for (Table.Slot slot : Table.slots(List.of(roller), state)) {
                int face = slot.die().face();
                if (slot.kind().equals(Table.POOL) && face != 6) {
                    faces[face]++;
                    (slot.failed() ? failedEnds : spareEnds).add(slot);
                } else if (!slot.failed()) {
                    fixed++;
                    if (slot.kind().equals(Table.HELP) && face != 6) {
                        spareHelp.add(slot);
                    }
                } else {
                    help.add(slot);
                    helpFailed = KissGame.add(helpFailed, slot.rank(), 1);
                }
            }
            help.sort(Comparator.comparingInt(Table.Slot::rank)); // stable: table order within a rank
        }

        int total() {
            return fixed + spareEnds.size();
        }
    }

    @Override
    public Position position(RollState state) {
        if (state.complete()) {
            return over(state.tally("successes").orElseThrow().value());
        }
        Reading reading = new Reading(state);
        if (!reading.open) {
            return over(reading.total());
        }
        return position(reading.fixed, reading.faces, reading.helpFailed, roller.rank(reading.spent),
                roller.kisses(), roller.usefulFidelity(reading.spent), !Table.egoSpent(roller, state));
    }

    // ------------------------------------------------------------------ the first throw

    /**
     * The pool's 6s in a row (as many exploding rank-6 dice as the pool has), the faces 1–5 its dice end on
     * (multinomial, all five alike), and each help die.
     */
    @Override
    public Lottery<Position> start() {
        return startAt(roller.rank(), roller.usefulFidelity(0));
    }

    /** The first throw read at {@code rank} with {@code fidelity} points left to spend. */
    private Lottery<Position> startAt(int rank, int fidelity) {
        int m = roller.mainDice();
        Successes sixes = Successes.exploding(m);
        Lottery.Builder<Integer> six = Lottery.builder();
        for (int v = 0; v < cap; v++) {
            six.add(v, sixes.exactly(v));
        }
        six.add(cap, sixes.atLeast(cap));
        Lottery<int[]> ends = endFaces(m, rank, fidelity);
        Lottery<Position> thrown = six.build().then(s -> ends.map(faces -> new Position(s, pack(faces), 0, 0, 0, 0,
                false)));
        int[] dice = new int[7];
        roller.helpers().forEach(h -> dice[h.rank()]++);
        for (int helpRank = 1; helpRank <= 6; helpRank++) {
            if (dice[helpRank] == 0) {
                continue;
            }
            int r = helpRank;
            int n = dice[helpRank];
            Dist failures = Dist.binomial(n, Fraction.of(helpRank - 1, 6));
            thrown = thrown.then(p -> Lottery.of(failures, f -> new Position(Math.min(p.fixed() + n - f, cap),
                    p.ends(), f == 0 ? p.help() : KissGame.add(p.help(), r, f), 0, 0, 0, false)));
        }
        return thrown.map(p -> position(p.fixed(), faces(p), p.help(), rank, roller.kisses(), fidelity, true));
    }

    /**
     * @return the faces 1–5 that {@code m} dice end on, in counts, only as finely as {@code rank} and the
     *     {@code fidelity} left tell them apart: a face below every reachable rank counts as a 1, one at or above
     *     the rank as a 5 (a multinomial over those classes, each face 1 in 5)
     */
    private static Lottery<int[]> endFaces(int m, int rank, int fidelity) {
        int lowest = rank - fidelity;
        // the classes: their representative face and how many faces each holds
        var faces = new ArrayList<Integer>();
        var sizes = new ArrayList<Integer>();
        for (int face = 1; face <= 5; face++) {
            int to = face >= rank ? 5 : face < lowest ? 1 : face;
            int at = faces.indexOf(to);
            if (at < 0) {
                faces.add(to);
                sizes.add(1);
            } else {
                sizes.set(at, sizes.get(at) + 1);
            }
        }
        Lottery.Builder<List<Integer>> builder = Lottery.builder();
        BigInteger den = BigInteger.valueOf(5).pow(m);
        compositions(m, 0, new int[faces.size()], sizes, (counts, ways) -> {
            Integer[] byFace = new Integer[6];
            java.util.Arrays.fill(byFace, 0);
            for (int i = 0; i < counts.length; i++) {
                byFace[faces.get(i)] = counts[i];
            }
            builder.add(List.of(byFace), Fraction.of(ways, den));
        });
        return builder.build().map(list -> list.stream().mapToInt(i -> i).toArray());
    }

    @FunctionalInterface
    private interface Composition {
        void accept(int[] counts, BigInteger ways);
    }

    /** Every way to share {@code left} dice among the classes from {@code at} on, with the ways to throw it. */
    private static void compositions(int left, int at, int[] counts, List<Integer> sizes, Composition each) {
        if (at == counts.length - 1) {
            counts[at] = left;
            BigInteger ways = BigInteger.ONE;
            int n = 0;
            for (int i = 0; i < counts.length; i++) {
                n += counts[i];
                ways = ways.multiply(IntPoly.binomial(n, counts[i]))
                        .multiply(BigInteger.valueOf(sizes.get(i)).pow(counts[i]));
            }
            each.accept(counts.clone(), ways);
            return;
        }
        for (int c = 0; c <= left; c++) {
            counts[at] = c;
            compositions(left - c, at + 1, counts, sizes, each);
        }
    }

    // ------------------------------------------------------------------ moves

    @Override
    public List<Move> moves(Position position) {
        if (position.over()) {
            return List.of();
        }
        var moves = new ArrayList<Move>();
        moves.add(KissGame.ACCEPT);
        int failed = position.failed();
        int spare = position.succeeded();
        int help = KissGame.size(position.help());
        for (int[] pick : picks(position.kisses(), failed, spare, help)) {
            moves.add(kissMove(pick[0], pick[1], pick[2], false));
            if (position.ego()) {
                moves.add(kissMove(pick[0], pick[1], pick[2], true));
            }
        }
        if (position.ego()) {
            moves.add(new Move(RollProcedure.EGO, Inputs.NONE));
        }
        if (position.fidelity() > 0) {
            moves.add(fidelity(position.fidelity()));
        }
        return moves;
    }

    /** Every KISS worth weighing: {@code a} failed ends, {@code b} successful ends once all failed ones are picked, {@code c} help dice. */
    private static List<int[]> picks(int kisses, int failed, int spare, int help) {
        var picks = new ArrayList<int[]>();
        for (int n = 1; n <= kisses; n++) {
            for (int c = 0; c <= Math.min(help, n); c++) {
                int ends = n - c;
                int a = Math.min(ends, failed);
                int b = ends - a;
                if (b <= spare) {
                    picks.add(new int[] {a, b, c});
                }
            }
        }
        return picks;
    }

    private static Move fidelity(int points) {
        return new Move(RollProcedure.FIDELITY, InputChecker.check(Form.of(IntegerField.of(RollProcedure.POINTS,
                "Points", 1, points, points)), Map.of(RollProcedure.POINTS, points)).orThrow());
    }

    /** In a position, a KISS picks {@code f1…}, {@code s1…} and {@code k1…}, and with {@code ego} declares Ego. */
    private Move kissMove(int a, int b, int c, boolean ego) {
        return kissMoves.computeIfAbsent((long) a << 24 | (long) b << 16 | (long) c << 8 | (ego ? 1 : 0), key -> {
            var ids = new ArrayList<String>();
            for (int i = 1; i <= a; i++) {
                ids.add("f" + i);
            }
            for (int i = 1; i <= b; i++) {
                ids.add("s" + i);
            }
            for (int i = 1; i <= c; i++) {
                ids.add("k" + i);
            }
            return FortuneGame.kissMove(ids, ego);
        });
    }

    @Override
    public List<Move> moves(RollState state) {
        if (state.complete()) {
            return List.of();
        }
        var moves = new ArrayList<Move>();
        moves.add(KissGame.ACCEPT);
        Reading reading = new Reading(state);
        Position position = position(state);
        state.move(RollProcedure.KISS).ifPresent(option -> {
            boolean ego = option.form().field(RollProcedure.EGO).isPresent();
            for (int[] pick : picks(position.kisses(), reading.failedEnds.size(), reading.spareEnds.size(),
                    reading.help.size())) {
                var ids = new ArrayList<String>();
                reading.failedEnds.subList(0, pick[0]).forEach(s -> ids.add(s.die().id()));
                reading.spareEnds.subList(0, pick[1]).forEach(s -> ids.add(s.die().id()));
                reading.help.subList(0, pick[2]).forEach(s -> ids.add(s.die().id()));
                FortuneGame.addKisses(moves, option, ids, ego);
            }
        });
        if (state.move(RollProcedure.EGO).isPresent()) {
            moves.add(new Move(RollProcedure.EGO, Inputs.NONE));
        }
        state.move(RollProcedure.FIDELITY).ifPresent(option -> moves.add(new Move(RollProcedure.FIDELITY,
                InputChecker.check(option.form(), Map.of(RollProcedure.POINTS, position.fidelity())).orThrow())));
        return moves;
    }

    // ------------------------------------------------------------------ where moves lead

    @Override
    public Lottery<Position> next(Position position, Move move) {
        return switch (move.id()) {
            case RollProcedure.ACCEPT -> Lottery.certain(over(position.total()));
            case RollProcedure.KISS -> {
                List<String> picks = move.inputs().picks("dice");
                int a = (int) picks.stream().filter(id -> id.startsWith("f")).count();
                int b = (int) picks.stream().filter(id -> id.startsWith("s")).count();
                int c = picks.size() - a - b;
                boolean ego = position.ego() && !move.inputs().picks(RollProcedure.EGO).isEmpty();
                yield thrown(position.total() - b, position.rank(), a + b + (ego ? roller.health() : 0),
                        KissGame.lowest(position.help(), c));
            }
            case RollProcedure.EGO -> thrown(position.total(), position.rank(), roller.health(), 0);
            case RollProcedure.FIDELITY -> {
                int points = move.inputs().integer(RollProcedure.POINTS);
                yield Lottery.certain(position(position.fixed(), faces(position), position.help(),
                        position.rank() - points, position.kisses(), position.fidelity() - points, position.ego()));
            }
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
        int exploding = 0;
        int lost = 0;
        for (Table.Slot slot : reading.failedEnds) {
            exploding += ids.contains(slot.die().id()) ? 1 : 0;
        }
        for (Table.Slot slot : reading.spareEnds) {
            if (ids.contains(slot.die().id())) {
                exploding++;
                lost++;
            }
        }
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
        for (Table.Slot slot : reading.spareHelp) {
            if (ids.contains(slot.die().id())) {
                help = KissGame.add(help, slot.rank(), 1);
                lost++;
            }
        }
        return thrown(reading.total() - lost, roller.rank(reading.spent), exploding, help);
    }

    /**
     * The picked dice thrown again, once, with Ego's dice if it was declared with them: the roll is then over.
     *
     * @param total what stands before the throw
     * @param exploding how many exploding dice are thrown at {@code rank}
     * @param help the help dice thrown again, packed
     */
    private Lottery<Position> thrown(int total, int rank, int exploding, int help) {
        int[] ranks = new int[exploding];
        java.util.Arrays.fill(ranks, rank);
        Successes count = Successes.explodingAt(ranks);
        for (int r = 2; r <= 6; r++) {
            for (int i = 0; i < KissGame.count(help, r); i++) {
                count = count.plus(RollProcedure.rethrow(r, false));
            }
        }
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

    @Override
    public String outcome(Position position) {
        return outcome.apply(Math.min(position.total(), cap));
    }

    // ------------------------------------------------------------------ the game's own answer

    private int threshold(Goal goal) {
        return thresholds.computeIfAbsent(goal, g -> KissGame.fewestReaching(g, cap, outcome));
    }

    /**
     * Fidelity only makes more ends succeed and KISSed dice explode at a lower rank (a success thrown again loses
     * what a failed die thrown again never had, so the same pick ends the same), so best play spends it all first.
     * Then the best of accepting, each KISS worth weighing (with Ego declared or not) and Ego alone, each a sum of
     * exploding dice at the rank and help dice thrown again, whose tails are worked out once per game.
     */
    @Override
    public Optional<Fraction> value(Position position, Goal goal) {
        int t = threshold(goal);
        if (t > cap) {
            return Optional.of(Fraction.ZERO);
        }
        Position p = position;
        if (p.fidelity() > 0) {
            p = next(p, fidelity(p.fidelity())).position(0);
        }
        int total = p.total();
        Fraction best = total >= t ? Fraction.ONE : Fraction.ZERO;
        if (p.over() || best.equals(Fraction.ONE)) {
            return Optional.of(best);
        }
        for (int[] pick : picks(p.kisses(), p.failed(), p.succeeded(), KissGame.size(p.help()))) {
            int help = KissGame.lowest(p.help(), pick[2]);
            best = max(best, tail(p.rank(), pick[0] + pick[1], help, t - total + pick[1]));
            if (p.ego()) {
                best = max(best, tail(p.rank(), pick[0] + pick[1] + roller.health(), help, t - total + pick[1]));
            }
        }
        if (p.ego()) {
            best = max(best, tail(p.rank(), roller.health(), 0, t - total));
        }
        return Optional.of(best);
    }

    /** Best play before the roll: every point of Fidelity is spent at once, so the throw is read at that rank. */
    @Override
    public Optional<Fraction> valueBeforeRoll(Goal goal) {
        Lottery<Position> first = startAt(roller.rank(roller.usefulFidelity(0)), 0);
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

    private static Fraction max(Fraction a, Fraction b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    /** @return P(X ≥ need) for X the successes of {@code exploding} exploding dice at {@code rank} and the help dice */
    private Fraction tail(int rank, int exploding, int help, int need) {
        if (need <= 0) {
            return Fraction.ONE;
        }
        Fraction[] tail = tails.computeIfAbsent(((long) help << 16) | ((long) exploding << 4) | rank, key -> {
            int[] ranks = new int[exploding];
            java.util.Arrays.fill(ranks, rank);
            Successes count = Successes.explodingAt(ranks);
            for (int r = 2; r <= 6; r++) {
                for (int i = 0; i < KissGame.count(help, r); i++) {
                    count = count.plus(RollProcedure.rethrow(r, false));
                }
            }
            Fraction[] out = new Fraction[cap + 2];
            for (int k = 0; k <= cap + 1; k++) {
                out[k] = count.atLeast(k);
            }
            return out;
        });
        return tail[Math.min(need, cap + 1)];
    }
}
