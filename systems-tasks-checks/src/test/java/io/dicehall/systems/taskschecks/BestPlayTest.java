package io.dicehall.systems.taskschecks;

import static io.dicehall.systems.taskschecks.Play.map;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.Procedure;
import io.dicehall.api.contract.BruteForce;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.odds.Chance;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.odds.Plan;
import io.dicehall.api.play.BestPlay;
import io.dicehall.api.play.Goal;
import io.dicehall.api.play.MoveChance;
import io.dicehall.api.play.OutcomeOrder;
import io.dicehall.api.play.Solver;
import io.dicehall.api.state.RollState;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * Best play of every procedure with moves against the whole game tree worked out by brute force from the rules
 * alone (every face of every throw, every legal input of every move, real states), in exact fractions; best
 * play never below a stated plan; every listed move worth what making it and then playing best gives.
 */
class BestPlayTest {

    private static final int BUDGET = 400_000;

    private final CheckProcedure check = new CheckProcedure();
    private final TaskProcedure task = new TaskProcedure();
    private final GroupCheckProcedure group = new GroupCheckProcedure();
    private final Solver generic = Solver.generic();
    private final Solver standard = Solver.standard();

    private static Inputs inputs(Procedure procedure, Map<String, Object> raw) {
        Inputs inputs = InputChecker.check(procedure.form(), raw).orThrow();
        assertThat("inputs break a rule", procedure.check(inputs), empty());
        return inputs;
    }

    private static Map<String, Object> task(int level, int rank, int kisses, int objectives, int difficulty,
            int health, int... helperRanks) {
        List<Object> helpers = new ArrayList<>();
        for (int r : helperRanks) {
            helpers.add(map("name", "", "rank", r));
        }
        // one die per helper, each at their own rank: help dice at several ranks at once
        return map("job-level", level, "rank", rank, "kisses", kisses, "objectives", objectives,
                "difficulty-factors", difficulty, "health", health, "helpers", helpers, "help-rank", "each");
    }

    private static Map<String, Object> participant(int rank, int stress, int kisses) {
        return map("name", "", "rank", rank, "stress", stress, "kisses", kisses);
    }

    // ------------------------------------------------------------------ the whole tree by brute force

    @Test
    void checkAgreesWithBruteForceOverTheWholeGameTree() {
        tree(check, inputs(check, map("rank", 5, "stress", 0, "kisses", 2)));
        tree(check, inputs(check, map("rank", 3, "stress", 1, "kisses", 1)));
        tree(check, inputs(check, map("rank", 6, "stress", 0, "kisses", 3)));
        tree(check, inputs(check, map("rank", 2, "stress", 2, "kisses", 0)));
    }

    @Test
    void taskAgreesWithBruteForceOverTheWholeGameTree() {
        // pool and help dice at several ranks, fewer KISSes than failed dice
        tree(task, inputs(task, task(1, 4, 1, 1, 1, 0, 2, 6)));
        tree(task, inputs(task, task(2, 5, 2, 2, 1, 0, 3)));
        tree(task, inputs(task, task(1, 6, 2, 1, 2, 0, 3, 5)));
    }

    @Test
    void groupCheckAgreesWithBruteForceOverTheWholeGameTree() {
        // lending: the one whose dice all succeed lends to the other's failed dice
        tree(group, inputs(group, map("participants", List.of(participant(4, 1, 0), participant(2, 2, 2)))));
        tree(group, inputs(group, map("participants", List.of(participant(5, 1, 1), participant(3, 2, 1)))));
        tree(group, inputs(group, map("participants", List.of(participant(4, 2, 0), participant(6, 2, 1),
                participant(1, 2, 2)))));
    }

    @Test
    void kissesOfSuccessesFidelityHelpAndLotsAgreeWithBruteForce() {
        // a success below 6 thrown again for a 6 that Ego counts twice
        tree(check, inputs(check, map("rank", 1, "stress", 1, "kisses", 1)));
        tree(check, inputs(check, map("rank", 3, "stress", 1, "kisses", 2)));
        // Fidelity: the dice on the table count again at the advanced rank, and KISSed dice are thrown at it
        tree(check, inputs(check, map("rank", 4, "stress", 1, "kisses", 1, "fidelity", 2)));
        tree(task, inputs(task, map("job-level", 1, "rank", 5, "kisses", 1, "fidelity", 1, "objectives", 1,
                "difficulty-factors", 1, "helpers", List.of(helper(3)))));
        // several helpers: one helping die, its rank from their number, or the best helper's
        tree(task, inputs(task, map("job-level", 1, "rank", 5, "kisses", 1, "helpers", List.of(helper(6), helper(6),
                helper(6)))));
        tree(task, inputs(task, map("job-level", 1, "rank", 5, "kisses", 1, "help-rank", "best", "helpers",
                List.of(helper(6), helper(2)))));
        // a defender's Lots: more difficulty factors
        tree(task, inputs(task, map("job-level", 2, "rank", 4, "kisses", 1, "objectives", 1, "difficulty-factors", 0,
                "defender-lots", 2)));
    }

    @Test
    void groupCheckKissesOfSuccessesAgreeWithBruteForce() {
        // rank 1 and rank 3 participants, one die each: spare KISSes fish for 6s; the second may lend
        tree(group, inputs(group, map("participants", List.of(participant(1, 2, 1), participant(3, 2, 1)))));
        tree(group, inputs(group, map("participants", List.of(participant(2, 2, 2), participant(5, 2, 0)))));
        // the second lends; the first, one KISS for two dice, may let a lent KISS take over their failed die and
        // throw their own success again
        tree(group, inputs(group, map("participants", List.of(participant(4, 1, 1), participant(1, 2, 2)))));
    }

    /** On a Die of Fortune, Ego is declared with the KISSes: brute force over every legal pick, Ego or not. */
    @Test
    void egoDeclaredWithTheKissesOnADieOfFortuneAgreesWithBruteForce() {
        fortuneTree(inputs(task, map("job-level", 0, "kisses", 1, "health", 1, "objectives", 1, "difficulty-factors", 1,
                "helpers", List.of(helper(5)))));
        fortuneTree(inputs(task, map("job-level", 0, "kisses", 2, "health", 2, "objectives", 1, "difficulty-factors", 1,
                "helpers", List.of(helper(4)))));
    }

    private static Map<String, Object> helper(int rank) {
        return map("name", "", "rank", rank);
    }

    /**
     * Best play before the roll, and in every state best play can reach (every face of every listed move), for
     * every goal, with each listed move's value: the standard and the generic solver against brute force.
     */
    private void tree(Procedure procedure, Inputs inputs) {
        BruteForce brute = new BruteForce(procedure, inputs, BUDGET);
        OutcomeOrder order = procedure.outcomeOrder();
        beforeRollAgrees(procedure, inputs, brute);
        var states = new ArrayList<RollState>();
        for (var first : BruteForce.faces(dice -> procedure.start(inputs, dice), BUDGET)) {
            walk(procedure, inputs, first.getKey(), states);
        }
        assertThat(states.size(), greaterThan(0));
        for (RollState state : states) {
            for (Goal goal : order.goals()) {
                String where = procedure.id() + " " + inputs + " at " + state.history() + " at least " + goal.atLeast();
                BestPlay truth = brute.at(state, goal);
                BestPlay searched = generic.at(procedure, inputs, state, goal).orElseThrow();
                BestPlay answered = standard.at(procedure, inputs, state, goal).orElseThrow();
                assertThat(where + ": standard against generic", answered, equalTo(searched));
                assertThat(where, searched.probability(), equalTo(truth.probability()));
                for (MoveChance move : searched.moves()) {
                    Fraction value = truth.moves().stream().filter(m -> same(m.move(), move.move())).findFirst()
                            .orElseThrow(() -> new AssertionError(where + ": " + move.move() + " is not legal"))
                            .probability();
                    assertThat(where + ": " + move.move(), move.probability(), equalTo(value));
                }
            }
        }
    }

    /** Best play before the roll toward every goal: the generic and the standard solver against brute force. */
    static void beforeRollAgrees(Procedure procedure, Inputs inputs, BruteForce brute) {
        for (Goal goal : procedure.outcomeOrder().goals()) {
            Fraction truth = brute.beforeRoll(goal);
            assertThat(procedure.id() + " " + inputs + " at least " + goal.atLeast() + " (generic)",
                    Solver.generic().beforeRoll(procedure, inputs, goal).orElseThrow().probability(), equalTo(truth));
            assertThat(procedure.id() + " " + inputs + " at least " + goal.atLeast() + " (standard)",
                    Solver.standard().beforeRoll(procedure, inputs, goal).orElseThrow().probability(), equalTo(truth));
        }
    }

    /** Collects the open states from here that the listed moves lead to, over every face. */
    static void walk(Procedure procedure, Inputs inputs, RollState state, List<RollState> states) {
        if (state.complete()) {
            return;
        }
        states.add(state);
        for (Move move : procedure.game(inputs).orElseThrow().moves(state)) {
            for (var after : BruteForce.faces(dice -> procedure.apply(inputs, state, move, dice), BUDGET)) {
                walk(procedure, inputs, after.getKey(), states);
            }
        }
    }

    /** @return whether two moves are the same move with the same inputs (picks compared as sets) */
    static boolean same(Move a, Move b) {
        return a.id().equals(b.id()) && normal(a.inputs()).equals(normal(b.inputs()));
    }

    private static Map<String, Object> normal(Inputs inputs) {
        var normal = new HashMap<String, Object>();
        inputs.toMap().forEach((k, v) -> normal.put(k, v instanceof List<?> list ? new TreeSet<>(list.stream()
                .map(String::valueOf).toList()) : v));
        return normal;
    }

    // ------------------------------------------------------------------ the Die of Fortune

    /**
     * The Die of Fortune explodes, so the kit's brute force is given a stopping rule ({@link #stopAfterSixes}):
     * a call's throws stop once they have shown as many 6s as there are factors. Every 6 is a success that no
     * later move takes back, so from there every goal is reached whatever else is thrown, and the value stays
     * exact.
     */
    @Test
    void dieOfFortuneAgreesWithBruteForceOverTheWholeGameTree() {
        fortuneTree(inputs(task, task(0, 5, 1, 1, 1, 1, 5)));
        fortuneTree(inputs(task, task(0, 5, 2, 1, 1, 1, 5, 3)));
        fortuneTree(inputs(task, task(0, 5, 1, 1, 0, 1, 6, 2)));
        // a pool emptied by stress
        fortuneTree(inputs(task, map("job-level", 1, "stress", 1, "kisses", 2, "objectives", 2, "difficulty-factors",
                0, "health", 0, "helpers", List.of(map("name", "", "rank", 4)))));
    }

    /**
     * @param sixes how many 6s reach every goal (the factors)
     * @return a stopping rule for brute force: a call's throws stop once they have shown that many 6s, and every
     *     die after that shows 1
     */
    static Predicate<List<BruteForce.Drawn>> stopAfterSixes(int sixes) {
        return drawn -> drawn.stream().filter(d -> d.face() == 6).count() >= sixes;
    }

    private void fortuneTree(Inputs inputs) {
        BruteForce brute = new BruteForce(task, inputs, Integer.MAX_VALUE,
                BruteForce.Limits.DEFAULT.stopWhen(stopAfterSixes(TaskProcedure.factors(inputs))));
        List<Goal> goals = task.outcomeOrder().goals();
        beforeRollAgrees(task, inputs, brute);
        // every state the tree holds, or an even spread of them where it holds more than a few thousand
        List<RollState> all = brute.statesMet();
        int step = Math.max(1, all.size() / 2000);
        var states = new ArrayList<RollState>();
        for (int i = 0; i < all.size(); i += step) {
            states.add(all.get(i));
        }
        assertThat(states.size(), greaterThan(1));
        for (Goal goal : goals) {
            for (RollState state : states) {
                if (state.complete()) {
                    continue;
                }
                String where = inputs + " at " + state.history() + " at least " + goal.atLeast();
                BestPlay searched = generic.at(task, inputs, state, goal).orElseThrow();
                assertThat(where + ": standard against generic", standard.at(task, inputs, state, goal)
                        .orElseThrow(), equalTo(searched));
                assertThat(where, searched.probability(), equalTo(brute.value(state, goal)));
                for (MoveChance move : searched.moves()) {
                    assertThat(where + ": " + move.move(), move.probability(), equalTo(brute.value(state,
                            move.move(), goal)));
                }
                for (Move legal : brute.legalMoves(state)) {
                    assertThat(where + ": any legal move, " + legal, generic.move(task, inputs, state, legal, goal)
                            .orElseThrow().probability(), equalTo(brute.value(state, legal, goal)));
                }
            }
        }
    }

    /**
     * A magic job's exploding pool: brute force over every legal pick (failed ends, ends that succeeded, help dice),
     * Ego declared with the KISSes, and Fidelity, with the same stopping rule as the Die of Fortune (a 6 is never
     * taken back: it cannot be KISSed).
     */
    @Test
    void magicExplodingPoolAgreesWithBruteForce() {
        fortuneTree(inputs(task, map("job-level", 1, "rank", 4, "kisses", 1, "health", 1, "magic", true,
                "objectives", 1, "difficulty-factors", 1)));
        fortuneTree(inputs(task, map("job-level", 2, "rank", 5, "kisses", 1, "health", 0, "magic", true,
                "objectives", 1, "difficulty-factors", 1)));
        fortuneTree(inputs(task, map("job-level", 1, "rank", 3, "kisses", 2, "health", 1, "magic", true,
                "objectives", 1, "difficulty-factors", 1, "helpers", List.of(helper(5)))));
        fortuneTree(inputs(task, map("job-level", 1, "rank", 5, "kisses", 1, "fidelity", 2, "health", 1, "magic", true,
                "objectives", 1, "difficulty-factors", 1)));
    }

    /** Which KISS is best on a Die of Fortune depends on the goal: a rank-5 help die, or the exploding die. */
    @Test
    void onTheDieOfFortuneTheBestKissDependsOnWhatIsNeeded() {
        // Die of Fortune 1 (no success), help die at rank 5 showing 1; one KISS
        for (int difficulty : new int[] {0, 1}) {
            Inputs inputs = inputs(task, task(0, 5, 1, 1, difficulty, 0, 5));
            RollState state = task.start(inputs, Dice.scripted(1, 1));
            BestPlay play = standard.at(task, inputs, state, task.outcomeOrder().goal("pass")).orElseThrow();
            List<String> picked = play.bestMove().orElseThrow().move().inputs().picks("dice");
            if (difficulty == 0) {
                // one success: the help die (2 faces in 6) beats the Die of Fortune (1 in 6)
                assertThat(picked, contains("h1"));
                assertThat(play.probability(), equalTo(Fraction.of(1, 3)));
            } else {
                // two successes: only the Die of Fortune can bring them, exploding (1 in 36)
                assertThat(picked, contains("dof"));
                assertThat(play.probability(), equalTo(Fraction.of(1, 36)));
            }
        }
    }

    /**
     * The games' own answers (before the roll, and in seeded states with every move's value) against the
     * generic search, on inputs too large for brute force: mixed help ranks, Health, lending.
     */
    @Test
    void theGamesOwnAnswersEqualTheGenericSearchOnLargerInputs() {
        List<Object[]> cases = List.of(
                new Object[] {check, map("rank", 2, "stress", 0, "kisses", 10)},
                new Object[] {task, task(4, 5, 3, 2, 2, 3, 2, 3, 6)},
                new Object[] {task, task(0, 5, 3, 2, 2, 3, 2, 3, 3, 5, 6)},
                new Object[] {task, task(0, 5, 10, 4, 2, 4, 2, 4, 5, 6)},
                // a rank-1 helper, whose die never fails
                new Object[] {task, task(0, 5, 2, 2, 1, 2, 1, 4)},
                new Object[] {task, map("job-level", 4, "rank", 4, "kisses", 3, "fidelity", 2, "health", 2, "magic",
                        true, "objectives", 2, "difficulty-factors", 3, "helpers", List.of(helper(3), helper(5)),
                        "help-rank", "each")},
                new Object[] {task, map("job-level", 6, "rank", 5, "kisses", 4, "health", 3, "magic", true,
                        "objectives", 3, "difficulty-factors", 4, "helpers", List.of(helper(2)))},
                new Object[] {group, map("participants", List.of(participant(2, 0, 1), participant(5, 1, 0),
                        participant(4, 0, 2)))});
        for (Object[] c : cases) {
            Procedure procedure = (Procedure) c[0];
            @SuppressWarnings("unchecked")
            Inputs inputs = inputs(procedure, (Map<String, Object>) c[1]);
            for (Goal goal : procedure.outcomeOrder().goals()) {
                String what = procedure.id() + " " + inputs + " at least " + goal.atLeast();
                assertThat(what, standard.beforeRoll(procedure, inputs, goal).orElseThrow(),
                        equalTo(generic.beforeRoll(procedure, inputs, goal).orElseThrow()));
                for (long seed = 1; seed <= 6; seed++) {
                    RollState state = procedure.start(inputs, Dice.seeded(seed));
                    assertThat(what + " seed " + seed, standard.at(procedure, inputs, state, goal).orElseThrow(),
                            equalTo(generic.at(procedure, inputs, state, goal).orElseThrow()));
                }
            }
        }
    }

    // ------------------------------------------------------------------ plans

    /**
     * Best play is never below a stated plan. With plain dice it may be above "every KISS, then Ego": with KISSes
     * left after the failed dice, a success below 6 may be thrown again for a 6 that Ego doubles.
     */
    @Test
    void bestPlayIsNeverBelowAPlan() {
        List<Object[]> cases = List.of(
                new Object[] {check, map("rank", 5, "stress", 0, "kisses", 1)},
                new Object[] {check, map("rank", 2, "stress", 0, "kisses", 10)},
                new Object[] {check, map("rank", 6, "stress", 1, "kisses", 2)},
                new Object[] {task, task(10, 5, 10, 4, 4, 10, 4, 4, 4, 4, 4, 4, 4, 4)},
                new Object[] {task, task(6, 4, 3, 3, 4, 0, 2, 6, 3, 5)},
                new Object[] {task, task(0, 5, 10, 4, 4, 10, 2, 2, 2, 2, 2, 2, 2, 2)},
                new Object[] {task, task(0, 5, 3, 2, 3, 2, 6, 5, 4, 3, 2, 6)},
                new Object[] {group, map("participants", List.of(participant(2, 0, 10), participant(5, 1, 0),
                        participant(4, 2, 3), participant(6, 0, 1)))});
        for (Object[] c : cases) {
            Procedure procedure = (Procedure) c[0];
            @SuppressWarnings("unchecked")
            Inputs inputs = inputs(procedure, (Map<String, Object>) c[1]);
            Odds odds = procedure.odds(inputs);
            boolean plain = !(procedure.game(inputs).orElseThrow() instanceof FortuneGame);
            for (Goal goal : procedure.outcomeOrder().goals()) {
                Fraction best = standard.beforeRoll(procedure, inputs, goal).orElseThrow().probability();
                for (Plan plan : odds.plans()) {
                    Fraction planned = reaching(plan.outcomes(), goal);
                    assertThat(procedure.id() + " " + inputs + " " + plan.id() + " at least " + goal.atLeast(), best,
                            greaterThanOrEqualTo(planned));
                    if (plain && plan.id().equals("kiss-all-ego") && spareKissesNeverHelp(procedure, inputs)) {
                        // with no KISS ever left over for a success, the plan is best play
                        assertThat(procedure.id() + " " + inputs + " at least " + goal.atLeast(), best,
                                equalTo(planned));
                    }
                }
            }
        }
    }

    /** Whether no success below 6 can ever show: a Check at rank 6, where only a 6 succeeds. */
    private static boolean spareKissesNeverHelp(Procedure procedure, Inputs inputs) {
        return procedure.id().equals("check") && inputs.integer("rank") == 6;
    }

    /** On a Die of Fortune the plan's order (the Die of Fortune after rank 5) is not always best. */
    @Test
    void onTheDieOfFortuneBestPlayBeatsThePlan() {
        Inputs inputs = inputs(task, task(0, 5, 1, 1, 2, 0, 5));
        Goal pass = task.outcomeOrder().goal("pass");
        Fraction planned = reaching(task.odds(inputs).plans().get(1).outcomes(), pass);
        assertThat(standard.beforeRoll(task, inputs, pass).orElseThrow().probability(), greaterThan(planned));
    }

    private static Fraction reaching(List<Chance> outcomes, Goal goal) {
        Fraction sum = Fraction.ZERO;
        for (Chance chance : outcomes) {
            if (goal.reachedBy(chance.id())) {
                sum = sum.plus(chance.probability());
            }
        }
        return sum;
    }

    // ------------------------------------------------------------------ moves keep their promise

    /**
     * Each listed move's probability is what making it (over every face it throws) and then playing best gives;
     * the best move's is best play's; and no move's decision odds (nothing done after it) promise more.
     */
    @Test
    void everyMoveIsWorthWhatMakingItAndThenPlayingBestGives() {
        promise(check, inputs(check, map("rank", 4, "stress", 0, "kisses", 2)), 12);
        promise(task, inputs(task, task(3, 5, 2, 1, 2, 0, 3, 6)), 12);
        promise(group, inputs(group, map("participants", List.of(participant(3, 1, 1), participant(5, 1, 0),
                participant(2, 2, 2)))), 12);
    }

    private void promise(Procedure procedure, Inputs inputs, int seeds) {
        for (long seed = 1; seed <= seeds; seed++) {
            RollState state = procedure.start(inputs, Dice.seeded(seed));
            for (int step = 0; step < 3 && !state.complete(); step++) {
                for (Goal goal : procedure.outcomeOrder().goals()) {
                    BestPlay play = standard.at(procedure, inputs, state, goal).orElseThrow();
                    assertThat(play.bestMove().orElseThrow().probability(), equalTo(play.probability()));
                    for (MoveChance move : play.moves()) {
                        RollState from = state;
                        Fraction sum = Fraction.ZERO;
                        for (var after : BruteForce.faces(dice -> procedure.apply(inputs, from, move.move(), dice),
                                BUDGET)) {
                            sum = sum.plus(after.getValue().times(standard.at(procedure, inputs, after.getKey(), goal)
                                    .orElseThrow().probability()));
                        }
                        String where = procedure.id() + " " + inputs + " seed " + seed + " " + state.history()
                                + " at least " + goal.atLeast() + ": " + move.move();
                        assertThat(where, sum, equalTo(move.probability()));
                        procedure.odds(inputs, state, move.move()).ifPresent(odds -> assertThat(where
                                + ": its decision odds", move.probability(), greaterThanOrEqualTo(
                                        reaching(odds.outcomes(), goal))));
                    }
                }
                List<Move> moves = procedure.game(inputs).orElseThrow().moves(state);
                state = procedure.apply(inputs, state, moves.get(moves.size() - 1), Dice.seeded(seed * 31 + step));
            }
        }
    }

    // ------------------------------------------------------------------ moves of a real state

    @Test
    void theMovesOfAStateNameItsOwnDiceLowestRankFirstCheapestFirst() {
        // rank 5 pool d1 d2 d3 showing 1, 6, 2; help dice at rank 3 (h1 shows 2) and rank 6 (h2 shows 4)
        Inputs inputs = inputs(task, task(3, 5, 3, 1, 3, 0, 3, 6));
        RollState state = task.start(inputs, Dice.scripted(1, 6, 2, 2, 4));
        // three failed dice for three KISSes: none left for a success
        List<Move> moves = task.game(inputs).orElseThrow().moves(state);
        assertThat(moves.stream().map(BestPlayTest::describe).toList(),
                contains("accept", "kiss[h1]", "kiss[h1, d1]", "kiss[h1, d1, d3]", "ego"));
        // in a Group Check, lent KISSes go to the lowest-ranked failed dice left over
        Inputs groupInputs = inputs(group, map("participants", List.of(participant(5, 1, 1), participant(6, 1, 0),
                participant(2, 1, 2), participant(3, 2, 1))));
        RollState groupState = group.start(groupInputs, Dice.scripted(1, 2, 5, 1, 6, 6, 2));
        List<Move> groupMoves = group.game(groupInputs).orElseThrow().moves(groupState);
        // p1 (rank 5) 1, 2 failed, own 1 KISS; p2 (rank 6) 5, 1 failed, none; p3 lends 2; p4 (rank 3) 2 failed, 1
        assertThat(groupMoves.stream().map(BestPlayTest::describe).toList(), contains("accept", "kiss[p4-d1]",
                "kiss[p4-d1, p1-d1]", "kiss[p4-d1, p1-d1, p1-d2]", "kiss[p4-d1, p1-d1, p1-d2, p2-d1]", "ego[p3]"));
    }

    private static String describe(Move move) {
        Inputs inputs = move.inputs();
        return move.id() + (inputs.has("dice") ? inputs.picks("dice") : inputs.has("who") ? inputs.picks("who") : "");
    }

    @Test
    void versusAndOpposedRollsHaveNoOrderAndNoBestPlay() {
        for (Procedure procedure : List.of(new VersusCheckProcedure(), new OpposedTaskProcedure())) {
            assertThat(procedure.outcomeOrder(), is(OutcomeOrder.UNORDERED));
            Inputs defaults = InputChecker.check(procedure.form(), Map.of()).orThrow();
            assertTrue(standard.beforeRoll(procedure, defaults, new Goal("winner", List.of("winner"))).isEmpty());
        }
    }

    @Test
    void aSlowCheckAlwaysPasses() {
        SlowCheckProcedure slow = new SlowCheckProcedure();
        Inputs inputs = inputs(slow, map("rank", 6, "stress", 1));
        assertThat(standard.beforeRoll(slow, inputs, slow.outcomeOrder().goalByDefault()).orElseThrow().probability(),
                equalTo(Fraction.ONE));
    }
}
