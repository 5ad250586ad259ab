package io.dicehall.api.contract;

import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.Procedure;
import io.dicehall.api.form.ChoiceField;
import io.dicehall.api.form.Field;
import io.dicehall.api.form.FlagField;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.IntegerField;
import io.dicehall.api.form.Option;
import io.dicehall.api.form.PickField;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.play.BestPlay;
import io.dicehall.api.play.Goal;
import io.dicehall.api.play.MoveChance;
import io.dicehall.api.state.MoveOption;
import io.dicehall.api.state.RollState;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Best play worked out by brute force from a procedure's real rules alone: every face of every die that {@code
 * start} and {@code apply} draw, and every input of every open move that its form allows and {@code checkMove}
 * accepts, over real {@link RollState}s. It knows nothing of the procedure's {@link io.dicehall.api.play.Game},
 * so it is the yardstick the game and the solver are held to on small inputs. Exponential: keep inputs small.
 *
 * <p>Faces are enumerated by running the rules again and again with dice that replay a prefix of faces and then
 * give 1s, advancing the last face that can still go up (a depth-first walk of the tree of throws). The rules
 * must draw dice deterministically from the faces they are given, as the SPI requires.
 *
 * <p>Not thread-safe: one instance per procedure and inputs, keeping every state met with its legal moves and
 * where they lead (for any goal), and the value of every state for each goal asked.
 *
 * @since 0.2
 */
public final class BruteForce {

    /** How deep a play of moves may go before the enumeration gives up. */
    private static final int MAX_DEPTH = 200;
    /** How many dice one call may draw before the enumeration gives up (exploding dice never stop). */
    private static final int MAX_ROLLS = 64;

    private final Procedure procedure;
    private final Inputs inputs;
    private final int budget;
    private int runs;
    private int depth;
    private List<Map.Entry<RollState, Fraction>> firstThrows;
    /** Per state met: its legal moves, and where each leads over every face; the same for every goal. */
    private final Map<Key<RollState>, List<Move>> moves = new HashMap<>();
    private final Map<Key<RollState>, Map<Move, List<Map.Entry<RollState, Fraction>>>> next = new HashMap<>();
    private final Map<Goal, Map<Key<RollState>, Fraction>> values = new HashMap<>();

    /**
     * @param procedure the procedure
     * @param inputs checked inputs that broke no rule
     * @param budget how many times in all the rules may be run (each {@code start} or {@code apply} with one
     *     sequence of faces) before {@link TooLarge} is thrown; what has been run is kept for every goal
     */
    public BruteForce(Procedure procedure, Inputs inputs, int budget) {
        this.procedure = Objects.requireNonNull(procedure, "procedure");
        this.inputs = Objects.requireNonNull(inputs, "inputs");
        this.budget = budget;
    }

    /** Thrown when an enumeration would exceed its budget, or never ends. */
    public static final class TooLarge extends RuntimeException {
        private static final long serialVersionUID = 1L;

        /** @param message what was too large */
        public TooLarge(String message) {
            super(message);
        }
    }

    /**
     * @param goal the goal
     * @return the exact probability of reaching the goal under best play, over every first throw
     * @throws TooLarge if the budget runs out
     */
    public Fraction beforeRoll(Goal goal) {
        if (firstThrows == null) {
            firstThrows = faces(dice -> procedure.start(inputs, dice));
        }
        Fraction sum = Fraction.ZERO;
        for (var entry : firstThrows) {
            sum = sum.plus(entry.getValue().times(value(entry.getKey(), goal)));
        }
        return sum;
    }

    /**
     * @param state a state of the roll
     * @param goal the goal
     * @return best play there, with every legal move (every legal input of every open move) and its value
     * @throws TooLarge if the budget runs out
     */
    public BestPlay at(RollState state, Goal goal) {
        if (state.complete()) {
            return new BestPlay(goal, value(state, goal), List.of());
        }
        var chances = new ArrayList<MoveChance>();
        for (Move move : legalMoves(state)) {
            chances.add(new MoveChance(move, value(state, move, goal)));
        }
        chances.sort(Comparator.comparing(MoveChance::probability).reversed());
        return new BestPlay(goal, chances.get(0).probability(), chances);
    }

    /**
     * @param state a state of the roll
     * @param goal the goal
     * @return the exact probability of reaching the goal from it under best play
     * @throws TooLarge if the budget runs out
     */
    public Fraction value(RollState state, Goal goal) {
        Map<Key<RollState>, Fraction> known = values.computeIfAbsent(goal, g -> new HashMap<>());
        Key<RollState> key = new Key<>(state);
        Fraction value = known.get(key);
        if (value != null) {
            return value;
        }
        if (state.complete()) {
            value = goal.reachedBy(state.outcome().id()) ? Fraction.ONE : Fraction.ZERO;
        } else {
            List<Move> legal = legalMoves(state);
            if (legal.isEmpty()) {
                throw new IllegalStateException("an open state offers no legal move: " + state.moves());
            }
            value = Fraction.ZERO;
            for (Move move : legal) {
                Fraction v = value(state, move, goal);
                if (v.compareTo(value) > 0) {
                    value = v;
                }
            }
        }
        known.put(key, value);
        return value;
    }

    /**
     * @param state an open state
     * @param move a legal move there
     * @param goal the goal
     * @return the exact probability of reaching the goal if the move is made now and best play follows
     * @throws TooLarge if the budget runs out
     */
    public Fraction value(RollState state, Move move, Goal goal) {
        depth++;
        try {
            if (depth > MAX_DEPTH) {
                throw new TooLarge("plays longer than " + MAX_DEPTH + " moves");
            }
            Fraction sum = Fraction.ZERO;
            for (var entry : after(state, move)) {
                sum = sum.plus(entry.getValue().times(value(entry.getKey(), goal)));
            }
            return sum;
        } finally {
            depth--;
        }
    }

    /** @return every state the move leads to, with its probability over the faces it throws */
    private List<Map.Entry<RollState, Fraction>> after(RollState state, Move move) {
        Map<Move, List<Map.Entry<RollState, Fraction>>> byMove = next.computeIfAbsent(new Key<>(state),
                k -> new HashMap<>());
        List<Map.Entry<RollState, Fraction>> known = byMove.get(move);
        if (known == null) {
            known = faces(dice -> procedure.apply(inputs, state, move, dice));
            byMove.put(move, known);
        }
        return known;
    }

    /**
     * @param state an open state
     * @return every open move with every input its form allows and {@code checkMove} accepts
     * @throws TooLarge if a move's form allows too many inputs
     */
    public List<Move> legalMoves(RollState state) {
        Key<RollState> key = new Key<>(state);
        List<Move> known = moves.get(key);
        if (known != null) {
            return known;
        }
        var legal = new ArrayList<Move>();
        for (MoveOption option : state.moves()) {
            for (Inputs moveInputs : everyInput(option.form(), Math.max(1, budget - runs))) {
                Move move = new Move(option.id(), moveInputs);
                if (procedure.checkMove(inputs, state, move).isEmpty()) {
                    legal.add(move);
                }
            }
        }
        moves.put(key, List.copyOf(legal));
        return moves.get(key);
    }

    private <T> List<Map.Entry<T, Fraction>> faces(Function<Dice, T> call) {
        int left = budget - runs;
        if (left <= 0) {
            throw new TooLarge("more than " + budget + " runs of the rules");
        }
        Enumeration<T> enumeration = enumerate(call, left);
        runs += enumeration.runs;
        return enumeration.outcomes;
    }

    /**
     * Every result a call of the rules can give, with its exact probability over the faces it draws.
     *
     * @param call the rules, drawing from the dice they are given (e.g. {@code dice -> procedure.start(inputs,
     *     dice)}); results are merged by {@code equals}
     * @param maxRuns the most runs of {@code call} allowed
     * @return each distinct result with its probability, summing to 1, in the order first met (a list, since
     *     a roll state's own hash is too weak for a large map)
     * @throws TooLarge if more runs are needed, or a run draws more than 64 dice
     * @throws IllegalStateException if the rules draw differently from the same faces
     */
    public static <T> List<Map.Entry<T, Fraction>> faces(Function<Dice, T> call, int maxRuns) {
        return enumerate(call, maxRuns).outcomes;
    }

    private record Enumeration<T>(List<Map.Entry<T, Fraction>> outcomes, int runs) {
    }

    /**
     * A map key with a hash over the whole value. A roll state's own hash reads only a few fields (it is
     * cheap for JSON-B), so thousands of states thrown with the same outcome would share one bucket.
     */
    private static final class Key<T> {
        final T value;
        private final int hash;

        Key(T value) {
            this.value = value;
            this.hash = value instanceof RollState state ? deepHash(state) : Objects.hashCode(value);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Key<?> that && hash == that.hash && Objects.equals(value, that.value);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    private static int deepHash(RollState state) {
        int h = Objects.hash(state.outcome().id(), state.complete(), state.memo(), state.history().size());
        for (var group : state.groups()) {
            h = 31 * h + group.id().hashCode();
            for (var die : group.dice()) {
                for (var d = die; d != null; d = d.previous()) {
                    h = 31 * h + Objects.hash(d.id(), d.face(), d.verdict());
                }
            }
        }
        for (var tally : state.tallies()) {
            h = 31 * h + Objects.hash(tally.id(), tally.value(), tally.text());
        }
        for (var flag : state.flags()) {
            h = 31 * h + flag.id().hashCode();
        }
        for (var move : state.moves()) {
            h = 31 * h + move.id().hashCode();
        }
        return h;
    }

    private static <T> Enumeration<T> enumerate(Function<Dice, T> call, int maxRuns) {
        var keyed = new LinkedHashMap<Key<T>, Fraction>();
        var prefix = new ArrayList<int[]>();
        int runs = 0;
        while (true) {
            if (++runs > maxRuns) {
                throw new TooLarge("more than " + maxRuns + " runs of the rules");
            }
            Replay dice = new Replay(prefix);
            T result = call.apply(dice);
            BigInteger ways = BigInteger.ONE;
            for (int[] roll : dice.path) {
                ways = ways.multiply(BigInteger.valueOf(roll[0]));
            }
            keyed.merge(new Key<>(result), Fraction.of(BigInteger.ONE, ways), Fraction::plus);
            int last = dice.path.size() - 1;
            while (last >= 0 && dice.path.get(last)[1] == dice.path.get(last)[0]) {
                last--;
            }
            if (last < 0) {
                var outcomes = new ArrayList<Map.Entry<T, Fraction>>();
                keyed.forEach((key, p) -> outcomes.add(Map.entry(key.value, p)));
                return new Enumeration<>(List.copyOf(outcomes), runs);
            }
            prefix = new ArrayList<>(dice.path.subList(0, last + 1));
            int[] advanced = prefix.get(last).clone();
            advanced[1]++;
            prefix.set(last, advanced);
        }
    }

    /** Dice that replay given faces, then give 1s; they record every die drawn as {sides, face}. */
    private static final class Replay implements Dice {
        private final List<int[]> prefix;
        final List<int[]> path = new ArrayList<>();

        Replay(List<int[]> prefix) {
            this.prefix = prefix;
        }

        @Override
        public int roll(int sides) {
            if (sides < 1) {
                throw new IllegalArgumentException("a die needs at least one side: " + sides);
            }
            int at = path.size();
            if (at >= MAX_ROLLS) {
                throw new TooLarge("a call drew more than " + MAX_ROLLS + " dice");
            }
            int face = 1;
            if (at < prefix.size()) {
                if (prefix.get(at)[0] != sides) {
                    throw new IllegalStateException("the rules drew a d" + sides + " where the same faces drew a d"
                            + prefix.get(at)[0] + " before: they must be a function of their dice");
                }
                face = prefix.get(at)[1];
            }
            path.add(new int[] {sides, face});
            return face;
        }
    }

    /**
     * Every input a form allows: every integer in range, every option, both flags, every pick of options within
     * its bounds (in option order); text and groups keep their defaults.
     *
     * @param form a form
     * @param max the most inputs to make
     * @return the checked inputs
     * @throws TooLarge if the form allows more than {@code max}
     */
    public static List<Inputs> everyInput(Form form, int max) {
        List<Map<String, Object>> raws = new ArrayList<>();
        raws.add(new LinkedHashMap<>());
        for (Field field : form.fields()) {
            List<Object> values = values(field, max);
            var product = new ArrayList<Map<String, Object>>();
            for (Map<String, Object> raw : raws) {
                for (Object value : values) {
                    if (product.size() >= max) {
                        throw new TooLarge("a form allows more than " + max + " inputs");
                    }
                    var more = new LinkedHashMap<>(raw);
                    if (value != null) {
                        more.put(field.name(), value);
                    }
                    product.add(more);
                }
            }
            raws = product;
        }
        var inputs = new ArrayList<Inputs>();
        for (Map<String, Object> raw : raws) {
            InputChecker.Result result = InputChecker.check(form, raw);
            if (result.ok()) {
                inputs.add(result.inputs());
            }
        }
        return inputs;
    }

    private static List<Object> values(Field field, int max) {
        var values = new ArrayList<Object>();
        if (field instanceof IntegerField f) {
            if ((long) f.max() - f.min() >= max) {
                throw new TooLarge(f.name() + " allows more than " + max + " values");
            }
            for (int v = f.min(); v <= f.max(); v++) {
                values.add(v);
            }
        } else if (field instanceof ChoiceField f) {
            f.options().forEach(o -> values.add(o.value()));
        } else if (field instanceof FlagField) {
            values.add(false);
            values.add(true);
        } else if (field instanceof PickField f) {
            List<String> options = f.options().stream().map(Option::value).toList();
            if (options.size() > 20) {
                throw new TooLarge(f.name() + " offers more than 20 options");
            }
            for (int mask = 0; mask < 1 << options.size(); mask++) {
                int count = Integer.bitCount(mask);
                if (count < f.minPicks() || count > f.maxPicks()) {
                    continue;
                }
                var picks = new ArrayList<String>();
                for (int i = 0; i < options.size(); i++) {
                    if ((mask & 1 << i) != 0) {
                        picks.add(options.get(i));
                    }
                }
                values.add(picks);
                if (values.size() > max) {
                    throw new TooLarge(f.name() + " allows more than " + max + " picks");
                }
            }
        } else {
            values.add(null);
        }
        return values;
    }
}
