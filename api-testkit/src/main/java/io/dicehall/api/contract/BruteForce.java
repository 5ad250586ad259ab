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
import io.dicehall.api.form.TextField;
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
import java.util.function.Predicate;

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
 * <p>{@link Limits} (since 0.2) let the caller take it further: a rule that stops a call's throws once the rest
 * cannot change best play ({@link Limits#stopWhen}: exploding dice), a cut-off after a number of moves ({@link
 * Limits#cutOffAfter}: rolls whose plays never end, such as an extended roll, then answered as {@link Bounds}),
 * more dice per call, and the values tried in text fields (by default a placeholder such as "Aspect 1" where a
 * field is blank, so that a move whose text the rules require is played).
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
    private final Limits limits;
    private int runs;
    private int depth;
    private List<Map.Entry<RollState, Fraction>> firstThrows;
    /** Per state met: its legal moves, and where each leads over every face; the same for every goal. */
    private final Map<Key<RollState>, List<Move>> moves = new HashMap<>();
    private final Map<Key<RollState>, Map<Move, List<Map.Entry<RollState, Fraction>>>> next = new LinkedHashMap<>();
    private final Map<Goal, Map<Key<RollState>, Bounds>> values = new HashMap<>();

    /**
     * @param procedure the procedure
     * @param inputs checked inputs that broke no rule
     * @param budget how many times in all the rules may be run (each {@code start} or {@code apply} with one
     *     sequence of faces) before {@link TooLarge} is thrown; what has been run is kept for every goal
     */
    public BruteForce(Procedure procedure, Inputs inputs, int budget) {
        this(procedure, inputs, budget, Limits.DEFAULT);
    }

    /**
     * @param procedure the procedure
     * @param inputs checked inputs that broke no rule
     * @param budget how many times in all the rules may be run before {@link TooLarge} is thrown
     * @param limits how far to go: dice per call, a stopping rule, a cut-off, the values of text fields
     * @since 0.2
     */
    public BruteForce(Procedure procedure, Inputs inputs, int budget, Limits limits) {
        this.procedure = Objects.requireNonNull(procedure, "procedure");
        this.inputs = Objects.requireNonNull(inputs, "inputs");
        this.budget = budget;
        this.limits = Objects.requireNonNull(limits, "limits");
    }

    /**
     * One die a call of the rules drew, as a {@linkplain Limits#stopWhen stopping rule} sees it.
     *
     * @param sides its sides
     * @param face its face, 1 to {@code sides}
     * @since 0.2
     */
    public record Drawn(int sides, int face) {
    }

    /**
     * How far brute force goes, and what it fills in. Immutable: start from {@link #DEFAULT} and change what the
     * rules need.
     *
     * <ul>
     *   <li>{@link #maxDice}: how many dice one call of the rules may draw (64 by default) before {@link TooLarge};
     *   <li>{@link #stopWhen}: a rule that stops a call's throws early. Exploding dice never stop on their own,
     *       but once a call has shown enough (as many 6s as any goal needs), what it throws next cannot change
     *       best play: from there every die the call draws shows 1 and is no longer branched on, its whole
     *       probability going to that one run. The values stay exact if, and only if, no result reached past the
     *       stop is worth more or less, for any goal, than the real ones it stands for;
     *   <li>{@link #cutOffAfter}: a play of more moves than this (counted in the state's history, the first
     *       throw's steps aside) is cut off, and valued at 0 and at 1 to bound best play from below and above
     *       ({@link Bounds}). For rolls whose plays never end (an extended roll, whose totals come round again);
     *       without it such a roll throws {@link TooLarge} after 200 moves;
     *   <li>{@link #texts}: the values tried in each text field of a move's form. By default {@link
     *       #placeholders}: the field's default, and, where that is blank, "Aspect 1" and "Aspect 2" for a field
     *       labelled "Aspect" (so that a move whose text the rules require, such as the aspect an invoke names,
     *       is played).
     * </ul>
     *
     * @since 0.2
     */
    public static final class Limits {

        /** 64 dice a call, no stopping rule, no cut-off, {@linkplain #placeholders placeholders} in text fields. */
        public static final Limits DEFAULT = new Limits(MAX_ROLLS, null, 0, Limits::placeholders);

        private final int maxDice;
        private final Predicate<List<Drawn>> stop;
        private final int cutOff;
        private final Function<TextField, List<String>> texts;

        private Limits(int maxDice, Predicate<List<Drawn>> stop, int cutOff, Function<TextField, List<String>> texts) {
            this.maxDice = maxDice;
            this.stop = stop;
            this.cutOff = cutOff;
            this.texts = texts;
        }

        /**
         * @param dice how many dice one call of the rules may draw, at least 1
         * @return these limits with that many dice a call
         */
        public Limits maxDice(int dice) {
            if (dice < 1) {
                throw new IllegalArgumentException("a call needs at least one die: " + dice);
            }
            return new Limits(dice, stop, cutOff, texts);
        }

        /**
         * @param rule given the dice a call has drawn so far, in order, whether what it throws next can no longer
         *     change best play; from then on every die of the call shows 1 and is not branched on
         * @return these limits with that stopping rule
         */
        public Limits stopWhen(Predicate<List<Drawn>> rule) {
            return new Limits(maxDice, Objects.requireNonNull(rule, "rule"), cutOff, texts);
        }

        /**
         * @param moves the most moves of a play, at least 1; plays that go further are cut off, and best play is
         *     then known only within {@link Bounds}
         * @return these limits with that cut-off
         */
        public Limits cutOffAfter(int moves) {
            if (moves < 1) {
                throw new IllegalArgumentException("a cut-off needs at least one move: " + moves);
            }
            return new Limits(maxDice, stop, moves, texts);
        }

        /**
         * @param values the values to try in a text field of a move's form; those the form or {@code checkMove}
         *     refuse are left out
         * @return these limits with those values
         */
        public Limits texts(Function<TextField, List<String>> values) {
            return new Limits(maxDice, stop, cutOff, Objects.requireNonNull(values, "values"));
        }

        /** @return how many dice one call may draw */
        public int maxDice() {
            return maxDice;
        }

        /** @return the most moves of a play before it is cut off; 0 for no cut-off */
        public int cutOff() {
            return cutOff;
        }

        /** @return the values tried in this text field */
        public List<String> texts(TextField field) {
            return List.copyOf(texts.apply(field));
        }

        /**
         * The values tried in a text field by default: its default value; and, where that is blank, two
         * placeholders made from its label, "Aspect 1" and "Aspect 2" for a field labelled "Aspect" (cut to the
         * field's length). Two, so that a rule such as "one fate point per aspect" leaves a second one open.
         *
         * @param field a text field
         * @return the values to try, the default first
         */
        public static List<String> placeholders(TextField field) {
            if (!field.defaultValue().isBlank()) {
                return List.of(field.defaultValue());
            }
            var values = new ArrayList<String>();
            values.add(field.defaultValue());
            for (int n = 1; n <= 2; n++) {
                String text = field.label().strip() + " " + n;
                if (text.codePointCount(0, text.length()) > field.maxLength()) {
                    text = String.valueOf(n);
                }
                values.add(text);
            }
            return values;
        }
    }

    /**
     * Best play known within bounds: exactly when they meet. A play cut off ({@link Limits#cutOffAfter}) counts as
     * missing the goal for {@code low} and as reaching it for {@code high}.
     *
     * @param low the least it can be
     * @param high the most it can be
     * @since 0.2
     */
    public record Bounds(Fraction low, Fraction high) {

        private static final Bounds ZERO = new Bounds(Fraction.ZERO, Fraction.ZERO);
        private static final Bounds ONE = new Bounds(Fraction.ONE, Fraction.ONE);
        private static final Bounds UNKNOWN = new Bounds(Fraction.ZERO, Fraction.ONE);

        /** Checks that {@code low} is at most {@code high}. */
        public Bounds {
            Objects.requireNonNull(low, "low");
            Objects.requireNonNull(high, "high");
            if (low.compareTo(high) > 0) {
                throw new IllegalArgumentException("bounds the wrong way round: " + low + " > " + high);
            }
        }

        /** @return whether the value is known exactly */
        public boolean exact() {
            return low.equals(high);
        }

        /** @return whether {@code value} lies within the bounds, both included */
        public boolean contains(Fraction value) {
            return low.compareTo(value) <= 0 && value.compareTo(high) <= 0;
        }

        @Override
        public String toString() {
            return exact() ? low.toString() : "between " + low + " and " + high;
        }
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
     * @throws TooLarge if the budget runs out, or plays were cut off so that only {@link #boundsBeforeRoll} is known
     */
    public Fraction beforeRoll(Goal goal) {
        return exactly(boundsBeforeRoll(goal), "best play before the roll");
    }

    /**
     * @param goal the goal
     * @return best play before the roll, within bounds where plays were cut off, else exactly
     * @throws TooLarge if the budget runs out
     * @since 0.2
     */
    public Bounds boundsBeforeRoll(Goal goal) {
        if (firstThrows == null) {
            firstThrows = faces(dice -> procedure.start(inputs, dice));
        }
        return expect(firstThrows, goal);
    }

    /**
     * @param state a state of the roll
     * @param goal the goal
     * @return best play there, with every legal move (every legal input of every open move) and its value
     * @throws TooLarge if the budget runs out, or plays were cut off so that only bounds are known
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
     * @throws TooLarge if the budget runs out, or plays were cut off so that only {@link #bounds(RollState, Goal)}
     *     are known
     */
    public Fraction value(RollState state, Goal goal) {
        return exactly(bounds(state, goal), "best play");
    }

    /**
     * @param state a state of the roll
     * @param goal the goal
     * @return best play from it, within bounds where plays were cut off, else exactly
     * @throws TooLarge if the budget runs out
     * @since 0.2
     */
    public Bounds bounds(RollState state, Goal goal) {
        Map<Key<RollState>, Bounds> known = values.computeIfAbsent(goal, g -> new HashMap<>());
        Key<RollState> key = new Key<>(state);
        Bounds value = known.get(key);
        if (value != null) {
            return value;
        }
        if (state.complete()) {
            value = goal.reachedBy(state.outcome().id()) ? Bounds.ONE : Bounds.ZERO;
        } else if (limits.cutOff() > 0 && movesMade(state) >= limits.cutOff()) {
            value = Bounds.UNKNOWN;
        } else {
            List<Move> legal = legalMoves(state);
            if (legal.isEmpty()) {
                throw new IllegalStateException("an open state offers no legal move: " + state.moves());
            }
            Fraction low = Fraction.ZERO;
            Fraction high = Fraction.ZERO;
            for (Move move : legal) {
                Bounds v = bounds(state, move, goal);
                low = v.low().compareTo(low) > 0 ? v.low() : low;
                high = v.high().compareTo(high) > 0 ? v.high() : high;
            }
            value = new Bounds(low, high);
        }
        known.put(key, value);
        return value;
    }

    /**
     * @param state an open state
     * @param move a legal move there
     * @param goal the goal
     * @return the exact probability of reaching the goal if the move is made now and best play follows
     * @throws TooLarge if the budget runs out, or plays were cut off so that only bounds are known
     */
    public Fraction value(RollState state, Move move, Goal goal) {
        return exactly(bounds(state, move, goal), "the move " + move.id());
    }

    /**
     * @param state an open state
     * @param move a legal move there
     * @param goal the goal
     * @return the probability of reaching the goal if the move is made now and best play follows, within bounds
     *     where plays were cut off, else exactly
     * @throws TooLarge if the budget runs out
     * @since 0.2
     */
    public Bounds bounds(RollState state, Move move, Goal goal) {
        depth++;
        try {
            if (depth > MAX_DEPTH) {
                throw new TooLarge("plays longer than " + MAX_DEPTH + " moves (do its states come round again?"
                        + " Limits.cutOffAfter bounds them)");
            }
            return expect(after(state, move), goal);
        } finally {
            depth--;
        }
    }

    /** @return the expected value of best play over a lottery of states; the gap between bounds only where cut off */
    private Bounds expect(List<Map.Entry<RollState, Fraction>> lottery, Goal goal) {
        Fraction low = Fraction.ZERO;
        Fraction gap = Fraction.ZERO;
        for (var entry : lottery) {
            Bounds v = bounds(entry.getKey(), goal);
            low = low.plus(entry.getValue().times(v.low()));
            if (!v.exact()) {
                gap = gap.plus(entry.getValue().times(v.high().minus(v.low())));
            }
        }
        return gap.isZero() ? new Bounds(low, low) : new Bounds(low, low.plus(gap));
    }

    private Fraction exactly(Bounds bounds, String what) {
        if (!bounds.exact()) {
            throw new TooLarge(what + " is known only " + bounds + ": plays longer than " + limits.cutOff()
                    + " moves were cut off");
        }
        return bounds.low();
    }

    /** @return the moves made so far: the steps of the history, the first throw's aside */
    private static int movesMade(RollState state) {
        return (int) state.history().stream().filter(step -> !step.move().equals("start")).count();
    }

    /** @return every state the move leads to, with its probability over the faces it throws */
    private List<Map.Entry<RollState, Fraction>> after(RollState state, Move move) {
        Map<Move, List<Map.Entry<RollState, Fraction>>> byMove = next.computeIfAbsent(new Key<>(state),
                k -> new LinkedHashMap<>());
        List<Map.Entry<RollState, Fraction>> known = byMove.get(move);
        if (known == null) {
            known = faces(dice -> procedure.apply(inputs, state, move, dice));
            byMove.put(move, known);
        }
        return known;
    }

    /**
     * @return every distinct state met so far, in the order first met: the first throws (once asked for), then
     *     where each move enumerated leads; with a {@linkplain Limits#stopWhen stopping rule}, the states past a
     *     stop are those its dice of 1 give
     * @since 0.2
     */
    public List<RollState> statesMet() {
        var met = new LinkedHashMap<Key<RollState>, RollState>();
        if (firstThrows != null) {
            firstThrows.forEach(entry -> met.putIfAbsent(new Key<>(entry.getKey()), entry.getKey()));
        }
        next.values().forEach(byMove -> byMove.values().forEach(lottery -> lottery.forEach(entry ->
                met.putIfAbsent(new Key<>(entry.getKey()), entry.getKey()))));
        return List.copyOf(met.values());
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
            for (Inputs moveInputs : everyInput(option.form(), Math.max(1, budget - runs), limits::texts)) {
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
        Enumeration<T> enumeration = enumerate(call, left, limits, budget);
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
        return enumerate(call, maxRuns, Limits.DEFAULT, maxRuns).outcomes;
    }

    /**
     * Every result a call of the rules can give, with its exact probability over the faces it draws, within
     * limits: at most {@link Limits#maxDice} dice a run, and throws stopped where {@link Limits#stopWhen} says
     * (the results past a stop stand for every run they cover).
     *
     * @param call the rules, drawing from the dice they are given; results are merged by {@code equals}
     * @param maxRuns the most runs of {@code call} allowed
     * @param limits the dice a run may draw and the stopping rule; the rest is not used here
     * @return each distinct result with its probability, summing to 1, in the order first met
     * @throws TooLarge if more runs are needed, or a run draws more dice than the limits allow
     * @throws IllegalStateException if the rules draw differently from the same faces
     * @since 0.2
     */
    public static <T> List<Map.Entry<T, Fraction>> faces(Function<Dice, T> call, int maxRuns, Limits limits) {
        return enumerate(call, maxRuns, Objects.requireNonNull(limits, "limits"), maxRuns).outcomes;
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

    /** @param budget the budget {@code maxRuns} is what is left of, for the message */
    private static <T> Enumeration<T> enumerate(Function<Dice, T> call, int maxRuns, Limits limits, int budget) {
        var keyed = new LinkedHashMap<Key<T>, Fraction>();
        var prefix = new ArrayList<int[]>();
        int runs = 0;
        while (true) {
            if (++runs > maxRuns) {
                throw new TooLarge("more than " + budget + " runs of the rules");
            }
            Replay dice = new Replay(prefix, limits);
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

    /**
     * Dice that replay given faces, then give 1s; they record every die drawn as {sides, face}. Once the stopping
     * rule says so, every further die shows 1 and is not recorded, so it is not branched on.
     */
    private static final class Replay implements Dice {
        private final List<int[]> prefix;
        private final Limits limits;
        final List<int[]> path = new ArrayList<>();
        private final List<Drawn> drawn = new ArrayList<>();
        private boolean stopped;

        Replay(List<int[]> prefix, Limits limits) {
            this.prefix = prefix;
            this.limits = limits;
        }

        @Override
        public int roll(int sides) {
            if (sides < 1) {
                throw new IllegalArgumentException("a die needs at least one side: " + sides);
            }
            if (stopped) {
                return 1;
            }
            int at = path.size();
            if (at >= limits.maxDice()) {
                throw new TooLarge("a call drew more than " + limits.maxDice() + " dice (exploding dice?"
                        + " Limits.stopWhen ends them)");
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
            if (limits.stop != null) {
                drawn.add(new Drawn(sides, face));
                stopped = limits.stop.test(java.util.Collections.unmodifiableList(drawn));
            }
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
        return everyInput(form, max, field -> List.of(field.defaultValue()));
    }

    /**
     * Every input a form allows, as {@link #everyInput(Form, int)}, with each text field taking each of the values
     * {@code texts} gives it (those the form refuses are left out); groups keep their defaults.
     *
     * @param form a form
     * @param max the most inputs to make
     * @param texts the values to try in a text field, e.g. {@link Limits#placeholders}
     * @return the checked inputs
     * @throws TooLarge if the form allows more than {@code max}
     * @since 0.2
     */
    public static List<Inputs> everyInput(Form form, int max, Function<TextField, List<String>> texts) {
        List<Map<String, Object>> raws = new ArrayList<>();
        raws.add(new LinkedHashMap<>());
        for (Field field : form.fields()) {
            List<Object> values = values(field, max, texts);
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

    private static List<Object> values(Field field, int max, Function<TextField, List<String>> texts) {
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
        } else if (field instanceof TextField f) {
            var distinct = new java.util.LinkedHashSet<String>(texts.apply(f));
            if (distinct.isEmpty()) {
                values.add(null);
            } else {
                distinct.forEach(values::add);
            }
        } else {
            values.add(null);
        }
        return values;
    }
}
