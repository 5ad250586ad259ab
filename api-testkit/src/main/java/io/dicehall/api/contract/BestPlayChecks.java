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
import io.dicehall.api.state.RollState;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.BiPredicate;
import java.util.function.Function;

/** The contract kit's checks of best play, for one procedure; see {@link GameSystemContract}. */
final class BestPlayChecks {

    /** What the kit's settings say: sample size, seed, search limit, enumeration budget, which plans count. */
    record Settings(int sampleSize, long seed, int limit, int budget, BiPredicate<Procedure, Plan> covers) {
    }

    /** Inputs whose roll has a game small enough to search. */
    record Case(Inputs inputs, Game<?> game) {
    }

    private final Procedure procedure;
    private final Settings settings;
    private final OutcomeOrder order;
    private final Solver generic;
    private final Solver standard;

    BestPlayChecks(Procedure procedure, Settings settings) {
        this.procedure = procedure;
        this.settings = settings;
        this.order = procedure.outcomeOrder();
        this.generic = Solver.generic().limit(settings.limit());
        this.standard = Solver.standard().limit(settings.limit());
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

    /**
     * @param candidates inputs to try
     * @return the candidates that have a game whose best play the generic solver finds within the limit; empty
     *     if the procedure has no order or no game (the checks are then skipped)
     */
    List<Case> cases(List<Inputs> candidates) {
        if (!order.ordered()) {
            return List.of();
        }
        var cases = new ArrayList<Case>();
        int tooLarge = 0;
        for (Inputs inputs : candidates) {
            Optional<Game<?>> game = procedure.game(inputs);
            assertThat(procedure.id() + ": game() never returns null", game, org.hamcrest.Matchers.notNullValue());
            if (game.isEmpty()) {
                continue;
            }
            try {
                generic.beforeRoll(game.get(), order.goalByDefault());
                cases.add(new Case(inputs, game.get()));
            } catch (SearchLimitException e) {
                tooLarge++;
            }
        }
        if (cases.isEmpty() && tooLarge > 0) {
            fail(procedure.id() + ": every input tried needs more than " + settings.limit() + " positions for the"
                    + " generic search; override bestPlayInputs() with small inputs");
        }
        return cases;
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

    /** (d) The game's positions, moves and lotteries agree with the real rules. */
    <P> void transitions(Inputs inputs, Game<P> game) {
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
                    // only the listed moves, then
                }
            }
            for (Move move : checked) {
                Lottery<P> next = game.next(state, move);
                boolean exact = compare(next, dice -> game.position(procedure.apply(inputs, state, move, dice)),
                        where + ", move " + move, sampled < 6 ? random : null);
                if (!exact) {
                    sampled++;
                }
            }
        }
    }

    /**
     * Compares a lottery with the rules: exactly when every face can be enumerated within the budget, else with
     * a seeded sample (if {@code random} is given).
     *
     * @return whether the comparison was exact
     */
    private <P> boolean compare(Lottery<P> lottery, Function<Dice, P> rules, String what, SplittableRandom random) {
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
            return true;
        }
        if (random == null) {
            return false;
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
        return false;
    }

    private static <P> Fraction exactOrZero(Map<P, Fraction> map, P key) {
        return map.getOrDefault(key, Fraction.ZERO);
    }

    /** (a) The solver's answers with the game's own values equal the generic search's, and brute force. */
    <P> void agreement(Inputs inputs, Game<P> game) {
        List<RollState> states = states(inputs, game);
        BruteForce brute = new BruteForce(procedure, inputs, settings.budget());
        for (Goal goal : order.goals()) {
            String what = procedure.id() + " " + inputs + ", at least " + goal.atLeast();
            Fraction searched = generic.beforeRoll(game, goal).probability();
            assertThat(what + ": best play before the roll, the game's answer against the search",
                    standard.beforeRoll(game, goal).probability(), equalTo(searched));
            try {
                if (brute != null) {
                    assertThat(what + ": best play before the roll, brute force against the search",
                            brute.beforeRoll(goal), equalTo(searched));
                }
            } catch (BruteForce.TooLarge tooLarge) {
                brute = null;
            }
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
                if (brute == null || state.complete()) {
                    continue;
                }
                try {
                    BestPlay truth = brute.at(state, goal);
                    assertThat(what + " at " + position + ": best play, brute force against the search",
                            truth.probability(), equalTo(search.probability()));
                    for (MoveChance move : search.moves()) {
                        MoveChance same = truth.moves().stream().filter(m -> same(m.move(), move.move())).findFirst()
                                .orElseThrow(() -> new AssertionError(what + ": " + move.move()
                                        + " is not a legal move by brute force"));
                        assertThat(what + " at " + position + ": " + move.move() + ", brute force against the search",
                                same.probability(), equalTo(move.probability()));
                    }
                } catch (BruteForce.TooLarge tooLarge) {
                    brute = null;
                }
            }
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
        for (Goal goal : order.goals()) {
            Fraction best = standard.beforeRoll(game, goal).probability();
            for (Plan plan : odds.plans()) {
                if (!settings.covers().test(procedure, plan)) {
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
     * (c) Each move's probability is what making it and then playing best gives, over every face it throws; and
     * the best move's is best play's.
     */
    <P> void moves(Inputs inputs, Game<P> game) {
        List<RollState> states = states(inputs, game);
        for (Goal goal : order.goals()) {
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
                                settings.budget());
                    } catch (BruteForce.TooLarge tooLarge) {
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
