package io.dicehall.api.contract;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThanOrEqualTo;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.Procedure;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.odds.Chance;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.odds.Plan;
import io.dicehall.api.play.BestPlay;
import io.dicehall.api.play.Game;
import io.dicehall.api.play.Goal;
import io.dicehall.api.play.Lottery;
import io.dicehall.api.play.MoveChance;
import io.dicehall.api.play.OutcomeOrder;
import io.dicehall.api.play.SearchLimitException;
import io.dicehall.api.play.Solver;
import io.dicehall.api.state.MoveOption;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Tone;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.BiFunction;
import java.util.function.Function;

/** The contract kit's checks of best play, for one procedure; see {@link GameSystemContract}. */
final class BestPlayChecks {

    /** Which stated plans best play is held to, given the inputs. */
    @FunctionalInterface
    interface Covers {
        boolean test(Procedure procedure, Inputs inputs, Plan plan);
    }

    /**
     * What the kit's settings say: sample size, seed, search limit, enumeration budget, which plans count, and how
     * far brute force goes.
     */
    record Settings(int sampleSize, long seed, int limit, int budget, Covers covers,
            BiFunction<Procedure, Inputs, BruteForce.Limits> bruteForce) {
    }

    /** Inputs whose roll has a game small enough to search. */
    record Case(Inputs inputs, Game<?> game) {
    }

    /**
     * The inputs best play is checked on, and those left out, with why.
     *
     * @param cases inputs with a game the generic search can answer
     * @param leftOut each input left out, with the reason
     */
    record Selection(List<Case> cases, Map<Inputs, String> leftOut) {
    }

    /**
     * What a check could not do, and why, so that it is reported rather than passed over: each reason with how
     * often it happened, in the order first met.
     */
    static final class Skips {
        private final Map<String, Integer> reasons = new LinkedHashMap<>();

        void add(String reason) {
            reasons.merge(reason, 1, Integer::sum);
        }

        boolean any() {
            return !reasons.isEmpty();
        }

        @Override
        public String toString() {
            var parts = new ArrayList<String>();
            reasons.forEach((reason, times) -> parts.add(times == 1 ? reason : reason + " (" + times + " times)"));
            return String.join("; ", parts);
        }
    }

    private final Procedure procedure;
    private final Settings settings;
    private final OutcomeOrder order;
    private final List<Goal> goals;
    private final Solver generic;
    private final Solver standard;

    BestPlayChecks(Procedure procedure, Settings settings) {
        this.procedure = procedure;
        this.settings = settings;
        this.order = procedure.outcomeOrder();
        this.goals = goals(procedure, order);
        this.generic = Solver.generic().limit(settings.limit());
        this.standard = Solver.standard().limit(settings.limit());
    }

    /**
     * @return the goals a player may aim at: one per ranked outcome, worst first, but none at an outcome of {@link
     *     Tone#PENDING} tone (an extended roll's "in progress"), which is never final and is not offered as a goal
     */
    static List<Goal> goals(Procedure procedure, OutcomeOrder order) {
        var pending = new java.util.HashSet<String>();
        for (Outcome outcome : procedure.outcomes()) {
            if (outcome.tone() == Tone.PENDING) {
                pending.add(outcome.id());
            }
        }
        return order.goals().stream().filter(goal -> !pending.contains(goal.atLeast())).toList();
    }

    /** The order ranks every declared outcome once, names a ranked default goal, and is the same every time. */
    void order() {
        assertTrue(order.covers(procedure.outcomes()), procedure.id() + ": the outcome order " + order.tiers()
                + " must rank each declared outcome exactly once");
        assertThat(procedure.id() + ": the order is the same every time", procedure.outcomeOrder(), equalTo(order));
        if (order.ordered()) {
            assertTrue(order.ranks(order.defaultGoal()), "the default goal is ranked");
        }
    }

    /** @return whether the outcomes are ordered, so that goals and best play exist */
    boolean ordered() {
        return order.ordered();
    }

    /**
     * @param candidates inputs to try
     * @return the candidates that have a game whose best play the generic solver finds within the limit, and those
     *     left out; no case if the procedure has no order (the checks are then skipped)
     */
    Selection cases(List<Inputs> candidates) {
        if (!order.ordered()) {
            return new Selection(List.of(), Map.of());
        }
        var cases = new ArrayList<Case>();
        var leftOut = new LinkedHashMap<Inputs, String>();
        int tooLarge = 0;
        for (Inputs inputs : new LinkedHashSet<>(candidates)) {
            Optional<Game<?>> game = procedure.game(inputs);
            assertThat(procedure.id() + ": game() never returns null", game, org.hamcrest.Matchers.notNullValue());
            if (game.isEmpty()) {
                leftOut.put(inputs, "no game for these inputs");
                continue;
            }
            try {
                generic.beforeRoll(game.get(), order.goalByDefault());
                cases.add(new Case(inputs, game.get()));
            } catch (SearchLimitException e) {
                tooLarge++;
                leftOut.put(inputs, "the generic search needs more than " + settings.limit() + " positions");
            }
        }
        if (cases.isEmpty() && tooLarge > 0) {
            fail(procedure.id() + ": every input tried needs more than " + settings.limit() + " positions for the"
                    + " generic search; override bestPlayInputs() with small inputs");
        }
        return new Selection(List.copyOf(cases), leftOut);
    }

    /**
     * Real states of a roll to check best play in: first throws, and a few moves after them, each either one the
     * game lists or (every other time) any legal move of the state with random inputs, since a player may make a
     * move the game would not and then ask for best play.
     */
    <P> List<RollState> states(Inputs inputs, Game<P> game) {
        var random = new SplittableRandom(settings.seed() ^ procedure.id().hashCode() ^ inputs.hashCode());
        var explorer = new Explorer(procedure, random.nextLong());
        var states = new LinkedHashSet<RollState>();
        for (int i = 0; i < 16 && states.size() < 24; i++) {
            Dice dice = Dice.seeded(random.nextLong());
            RollState state = procedure.start(inputs, dice);
            states.add(state);
            for (int step = 0; step < 3 && !state.complete(); step++) {
                Move move;
                if (random.nextBoolean() && !state.moves().isEmpty()) {
                    MoveOption option = state.moves().get(random.nextInt(state.moves().size()));
                    Optional<Move> any = explorer.legalMove(inputs, state, option);
                    if (any.isEmpty()) {
                        break;
                    }
                    move = any.get();
                } else {
                    List<Move> moves = game.moves(state);
                    if (moves.isEmpty()) {
                        break;
                    }
                    move = moves.get(random.nextInt(moves.size()));
                    if (!legal(inputs, state, move)) {
                        break; // reported by the transition check
                    }
                }
                state = procedure.apply(inputs, state, move, dice);
                states.add(state);
            }
        }
        return List.copyOf(states);
    }

    private boolean legal(Inputs inputs, RollState state, Move move) {
        Optional<MoveOption> option = state.move(move.id());
        return option.isPresent() && InputChecker.check(option.get().form(), move.inputs().toMap()).ok()
                && procedure.checkMove(inputs, state, move).isEmpty();
    }

    /** How a lottery was compared with the rules. */
    private enum Compared { EXACTLY, BY_SAMPLE, NOT }

    /** (d) The game's positions, moves and lotteries agree with the real rules. */
    <P> void transitions(Inputs inputs, Game<P> game, Skips skips) {
        var random = new SplittableRandom(settings.seed() + 7);
        String roll = procedure.id() + " " + inputs;
        compare(game.start(), dice -> game.position(procedure.start(inputs, dice)), "the first throw of " + roll,
                random);
        int sampled = 0;
        for (RollState state : states(inputs, game)) {
            P position = game.position(state);
            String where = roll + " at " + position;
            assertThat(where + ": the outcome as it stands", game.outcome(position), equalTo(state.outcome().id()));
            List<Move> moves = game.moves(state);
            assertThat(where + ": moves are listed exactly when the state is open", moves.isEmpty(),
                    is(state.complete()));
            assertThat(where + ": the position has moves exactly when the state is open",
                    game.moves(position).isEmpty(), is(state.complete()));
            for (Move move : moves) {
                Optional<MoveOption> option = state.move(move.id());
                assertTrue(option.isPresent(), where + ": " + move.id() + " is not an open move of the state");
                assertTrue(game.playerChooses(move.id()), where + ": " + move.id()
                        + " is listed, but the player does not choose it");
                InputChecker.Result checked = InputChecker.check(option.get().form(), move.inputs().toMap());
                assertTrue(checked.ok(), where + ": the inputs of " + move + " do not pass the move's form: "
                        + checked.violations());
                assertThat(where + ": " + move + " breaks a rule", procedure.checkMove(inputs, state, move), empty());
            }
            for (MoveOption option : state.moves()) {
                if (game.playerChooses(option.id())) {
                    assertTrue(moves.stream().anyMatch(m -> m.id().equals(option.id())), where + ": the open move "
                            + option.id() + " is not listed (list it, or say the player does not choose it)");
                }
            }
            var checked = new ArrayList<>(moves);
            // A few legal moves the game may not list (other dice picked): a player may ask what they are worth.
            if (!state.complete()) {
                try {
                    List<Move> legal = new BruteForce(procedure, inputs, settings.budget()).legalMoves(state);
                    for (int i = 0; i < 3 && !legal.isEmpty(); i++) {
                        Move other = legal.get(random.nextInt(legal.size()));
                        if (checked.stream().noneMatch(m -> same(m, other)) && game.playerChooses(other.id())) {
                            checked.add(other);
                        }
                    }
                } catch (BruteForce.TooLarge tooLarge) {
                    skips.add("legal moves the game does not list were not tried where the kit could not list"
                            + " them all (" + tooLarge.getMessage() + ")");
                }
            }
            for (Move move : checked) {
                Lottery<P> next = game.next(state, move);
                Compared compared = compare(next, dice -> game.position(procedure.apply(inputs, state, move,
                        dice)), where + ", move " + move, sampled < 6 ? random : null);
                if (compared == Compared.BY_SAMPLE) {
                    sampled++;
                } else if (compared == Compared.NOT) {
                    skips.add("lotteries of moves with more faces than bestPlayBudget() runs of the rules were"
                            + " not compared beyond the first 6, which were sampled");
                }
            }
        }
    }

    /**
     * Compares a lottery with the rules: exactly when every face can be enumerated within the budget, else with
     * a seeded sample (if {@code random} is given).
     *
     * @return how it was compared
     */
    private <P> Compared compare(Lottery<P> lottery, Function<Dice, P> rules, String what, SplittableRandom random) {
        Fraction sum = Fraction.ZERO;
        for (int i = 0; i < lottery.size(); i++) {
            sum = sum.plus(lottery.probability(i));
        }
        assertThat(what + ": the lottery sums to 1", sum, equalTo(Fraction.ONE));
        Map<P, Fraction> exact;
        try {
            exact = new HashMap<>();
            for (var entry : BruteForce.faces(rules, settings.budget())) {
                exact.put(entry.getKey(), entry.getValue());
            }
        } catch (BruteForce.TooLarge tooLarge) {
            exact = null;
        }
        if (exact != null) {
            if (!lottery.asMap().equals(exact)) {
                Map<P, Fraction> rulesGive = exact;
                var lines = new TreeMap<String, String>();
                lottery.asMap().forEach((p, f) -> lines.put(String.valueOf(p), "game " + f + ", rules "
                        + exactOrZero(rulesGive, p)));
                rulesGive.forEach((p, f) -> lines.putIfAbsent(String.valueOf(p), "game 0, rules " + f));
                fail(what + ": the game's lottery differs from every face of the rules: " + lines);
            }
            return Compared.EXACTLY;
        }
        if (random == null) {
            return Compared.NOT;
        }
        int n = settings.sampleSize();
        var counts = new HashMap<P, Integer>();
        Dice dice = Dice.seeded(random.nextLong());
        for (int i = 0; i < n; i++) {
            counts.merge(rules.apply(dice), 1, Integer::sum);
        }
        Map<P, Fraction> expected = lottery.asMap();
        for (P position : counts.keySet()) {
            assertTrue(expected.containsKey(position), what + ": the rules reached " + position
                    + ", which the game's lottery does not have: " + expected.keySet());
        }
        expected.forEach((position, probability) -> {
            double p = probability.toDouble();
            double observed = counts.getOrDefault(position, 0) / (double) n;
            double tolerance = 5 * Math.sqrt(p * (1 - p) / n) + 2.0 / n;
            assertTrue(Math.abs(observed - p) <= tolerance, what + ": " + position + " expected " + p + " ("
                    + probability + "), sampled " + observed + " over " + n);
        });
        return Compared.BY_SAMPLE;
    }

    private static <P> Fraction exactOrZero(Map<P, Fraction> map, P key) {
        return map.getOrDefault(key, Fraction.ZERO);
    }

    /** (a) The solver's answers with the game's own values equal the generic search's. */
    <P> void search(Inputs inputs, Game<P> game) {
        List<RollState> states = states(inputs, game);
        for (Goal goal : goals) {
            String what = procedure.id() + " " + inputs + ", at least " + goal.atLeast();
            Fraction searched = generic.beforeRoll(game, goal).probability();
            assertThat(what + ": best play before the roll, the game's answer against the search",
                    standard.beforeRoll(game, goal).probability(), equalTo(searched));
            for (RollState state : states) {
                P position = game.position(state);
                BestPlay search = generic.at(game, state, goal);
                assertThat(what + " at " + position + ": the game's answer against the search",
                        standard.at(game, state, goal), equalTo(search));
                assertThat(what + " at " + position + ": the state's moves are worth what the position's are",
                        worth(generic.atPosition(game, position, goal)), equalTo(worth(search)));
                Optional<Fraction> own = game.value(position, goal);
                if (own.isPresent()) {
                    assertThat(what + " at " + position + ": the game's own value against the search", own.get(),
                            equalTo(search.probability()));
                }
            }
        }
    }

    /**
     * (a) {@link BruteForce} over the real rules equals the search: before the roll, in every open state checked,
     * and for every move the game lists there; within its bounds where the brute force's limits cut plays off.
     * Where it runs out (budget, dice, depth), what it could not answer is reported.
     */
    <P> void bruteForce(Inputs inputs, Game<P> game, Skips skips) {
        List<RollState> states = states(inputs, game).stream().filter(s -> !s.complete()).toList();
        BruteForce brute = new BruteForce(procedure, inputs, settings.budget(),
                settings.bruteForce().apply(procedure, inputs));
        int answers = goals.size() * (1 + states.size());
        int answered = 0;
        try {
            for (Goal goal : goals) {
                String what = procedure.id() + " " + inputs + ", at least " + goal.atLeast();
                agree(what + ": best play before the roll", brute.boundsBeforeRoll(goal),
                        generic.beforeRoll(game, goal).probability());
                answered++;
                for (RollState state : states) {
                    P position = game.position(state);
                    BestPlay search = generic.at(game, state, goal);
                    agree(what + " at " + position + ": best play", brute.bounds(state, goal), search.probability());
                    List<Move> legal = brute.legalMoves(state);
                    for (MoveChance move : search.moves()) {
                        Move same = legal.stream().filter(m -> same(m, move.move())).findFirst()
                                .orElseThrow(() -> new AssertionError(what + ": " + move.move()
                                        + " is not a legal move by brute force"));
                        agree(what + " at " + position + ": " + move.move(), brute.bounds(state, same, goal),
                                move.probability());
                    }
                    answered++;
                }
            }
        } catch (BruteForce.TooLarge tooLarge) {
            skips.add("brute force over the rules answered " + answered + " of " + answers + " (best play before"
                    + " the roll and in each open state, for each goal), then gave up: " + tooLarge.getMessage());
        }
    }

    private static void agree(String what, BruteForce.Bounds truth, Fraction searched) {
        if (truth.exact()) {
            assertThat(what + ", brute force against the search", searched, equalTo(truth.low()));
        } else {
            assertTrue(truth.contains(searched), what + ": brute force, its plays cut off, bounds it " + truth
                    + ", but the search gives " + searched);
        }
    }

    /**
     * @return best play, then the distinct values of its moves, best first: not the moves themselves, which a
     *     state names its own way (and may list more of, where the position lists one up to symmetry)
     */
    private static List<Fraction> worth(BestPlay play) {
        var worth = new ArrayList<Fraction>();
        worth.add(play.probability());
        play.moves().stream().map(MoveChance::probability).distinct().forEach(worth::add);
        return worth;
    }

    /** Whether two moves are the same, whatever the order of picks. */
    static boolean same(Move a, Move b) {
        return a.id().equals(b.id()) && normal(a.inputs()).equals(normal(b.inputs()));
    }

    private static Map<String, Object> normal(Inputs inputs) {
        var map = new HashMap<String, Object>();
        inputs.toMap().forEach((key, value) -> {
            if (value instanceof List<?> list && list.stream().allMatch(String.class::isInstance)) {
                map.put(key, new java.util.TreeSet<>(list.stream().map(String.class::cast).toList()));
            } else {
                map.put(key, value);
            }
        });
        return map;
    }

    /** (b) Best play before the roll is never below a stated plan, for every goal. */
    <P> void plans(Inputs inputs, Game<P> game) {
        Odds odds = procedure.odds(inputs);
        for (Goal goal : goals) {
            Fraction best = standard.beforeRoll(game, goal).probability();
            for (Plan plan : odds.plans()) {
                if (!settings.covers().test(procedure, inputs, plan)) {
                    continue;
                }
                Fraction planned = Fraction.ZERO;
                for (Chance chance : plan.outcomes()) {
                    if (goal.reachedBy(chance.id())) {
                        planned = planned.plus(chance.probability());
                    }
                }
                assertThat(procedure.id() + " " + inputs + ": the plan " + plan.id() + " reaches at least "
                        + goal.atLeast() + " with " + planned + ", more than best play", planned,
                        lessThanOrEqualTo(best));
            }
        }
    }

    /**
     * (c) Each move's probability is what making it and then playing best gives, over every face it throws (within
     * the brute force's limits: a stopping rule ends exploding dice); and the best move's is best play's. A move
     * whose faces are too many is reported.
     */
    <P> void moves(Inputs inputs, Game<P> game, Skips skips) {
        List<RollState> states = states(inputs, game);
        BruteForce.Limits limits = settings.bruteForce().apply(procedure, inputs);
        for (Goal goal : goals) {
            // What best play gives from a state depends on its position only; the answers are kept per position.
            var afterwards = new HashMap<P, Fraction>();
            for (RollState state : states) {
                if (state.complete()) {
                    continue;
                }
                BestPlay play = standard.at(game, state, goal);
                assertThat("best play is its best move's", play.bestMove().orElseThrow().probability(),
                        equalTo(play.probability()));
                for (MoveChance move : play.moves()) {
                    List<Map.Entry<RollState, Fraction>> after;
                    try {
                        after = BruteForce.faces(dice -> procedure.apply(inputs, state, move.move(), dice),
                                settings.budget(), limits);
                    } catch (BruteForce.TooLarge tooLarge) {
                        skips.add("moves not checked over their faces, too many to enumerate: "
                                + tooLarge.getMessage());
                        continue;
                    }
                    Fraction sum = Fraction.ZERO;
                    for (var entry : after) {
                        Fraction value = afterwards.computeIfAbsent(game.position(entry.getKey()),
                                p -> standard.atPosition(game, p, goal).probability());
                        sum = sum.plus(entry.getValue().times(value));
                    }
                    assertThat(procedure.id() + " " + inputs + " at " + game.position(state) + ", at least "
                            + goal.atLeast() + ": " + move.move() + " then best play, over every face it throws",
                            sum, equalTo(move.probability()));
                }
            }
        }
    }
}
