package io.dicehall.systems.fate;

import static io.dicehall.systems.fate.Table.inputs;
import static io.dicehall.systems.fate.Table.real;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.fail;

import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.Procedure;
import io.dicehall.api.contract.BruteForce;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.odds.Chance;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.odds.Plan;
import io.dicehall.api.play.BestPlay;
import io.dicehall.api.play.Game;
import io.dicehall.api.play.Goal;
import io.dicehall.api.play.MoveChance;
import io.dicehall.api.play.OutcomeOrder;
import io.dicehall.api.play.Solver;
import io.dicehall.api.state.RollState;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Best play of the four actions: against {@link BruteForce} over every face and every legal invoke of the real
 * rules (its placeholders "Aspect 1" and "Aspect 2" name the aspects), the game's own values against the generic
 * search up to many invokes, plans never above best play, each move worth what it leads to, and worked examples.
 */
class FateBestPlayTest {

    private static final List<String> ACTIONS = List.of("overcome", "create-advantage", "attack", "defend");

    @Test
    void everyActionRanksItsOutcomesAsDeclaredWithSucceedAsTheDefaultGoal() {
        for (String action : ACTIONS) {
            OutcomeOrder order = real(action).outcomeOrder();
            assertThat(order.worstToBest(), equalTo(List.of("fail", "tie", "succeed", "succeed-with-style")));
            assertThat(order.defaultGoal(), is("succeed"));
        }
    }

    @Test
    void theWholeGameTreeByBruteForceMatchesTheSolverExactly() {
        for (String action : ACTIONS) {
            Procedure procedure = real(action);
            matchesBruteForce(procedure, inputs(procedure, "skill", 1, "difficulty", 2, "fate-points", 1));
            matchesBruteForce(procedure, inputs(procedure, "skill", 2, "difficulty", 0, "stunt-bonus", 2,
                    "fate-points", 0, "free-invokes", 1, "opposition-fate-points", 1));
        }
        // Two invokes (a fate point and a free invoke), each paid either way, from a few first throws: one action
        // is enough, the four read the same shifts.
        Procedure overcome = real("overcome");
        Inputs two = inputs(overcome, "skill", 0, "difficulty", 3, "fate-points", 1, "free-invokes", 1);
        Game<?> game = overcome.game(two).orElseThrow();
        BruteForce brute = new BruteForce(overcome, two, 500_000);
        for (String faces : List.of("----", "-000", "00++", "++++")) {
            RollState state = overcome.start(two, Dice.scripted(Table.faces(faces)));
            for (Goal goal : overcome.outcomeOrder().goals()) {
                BestPlay exact = brute.at(state, goal);
                BestPlay play = Solver.generic().at(game, state, goal);
                assertThat(faces + ", at least " + goal.atLeast(), play.probability(), equalTo(exact.probability()));
                for (MoveChance move : play.moves()) {
                    assertThat(faces + " " + move.move(), move.probability(), equalTo(exact.moves().stream()
                            .filter(m -> m.move().equals(move.move())).findFirst().orElseThrow().probability()));
                }
            }
        }
    }

    private static void matchesBruteForce(Procedure procedure, Inputs inputs) {
        Game<?> game = procedure.game(inputs).orElseThrow();
        BruteForce brute = new BruteForce(procedure, inputs, 2_000_000);
        List<RollState> firstThrows = BruteForce.faces(dice -> procedure.start(inputs, dice), 100).stream()
                .map(Map.Entry::getKey).toList();
        for (Goal goal : procedure.outcomeOrder().goals()) {
            String what = procedure.id() + " " + inputs + ", at least " + goal.atLeast();
            Fraction truth = brute.beforeRoll(goal);
            assertThat(what, Solver.generic().beforeRoll(game, goal).probability(), equalTo(truth));
            assertThat(what, Solver.standard().beforeRoll(game, goal).probability(), equalTo(truth));
            for (RollState state : firstThrows) {
                BestPlay exact = brute.at(state, goal);
                for (Solver solver : List.of(Solver.generic(), Solver.standard())) {
                    BestPlay play = solver.at(game, state, goal);
                    if (!play.probability().equals(exact.probability())) {
                        fail(what + " after " + state.dice() + ": " + play.probability() + ", brute force "
                                + exact.probability());
                    }
                    for (MoveChance move : play.moves()) {
                        Fraction bruteMove = exact.moves().stream().filter(m -> m.move().equals(move.move()))
                                .findFirst().orElseThrow(() -> new AssertionError(what + ": " + move.move()
                                        + " is not a legal move by brute force"))
                                .probability();
                        if (!move.probability().equals(bruteMove)) {
                            fail(what + " after " + state.dice() + ", " + move.move() + ": " + move.probability()
                                    + ", brute force " + bruteMove);
                        }
                    }
                }
                // Any legal move, paid either way, is worth what brute force says (the opposition's too).
                for (MoveChance any : exact.moves()) {
                    assertThat(what + " " + any.move(), Solver.standard().move(game, state, any.move(), goal)
                            .probability(), equalTo(any.probability()));
                }
            }
        }
    }

    @Test
    void theGamesOwnValuesAreTheGenericSearchs() {
        var random = new SplittableRandom(7);
        Object[][] cases = {
            {"overcome", 3, 4, false, 2, 2, 0, 0},
            {"attack", 5, 2, true, 3, 3, 2, 1},
            {"defend", 0, 6, true, 6, 0, 0, 3},
            {"create-advantage", 12, -4, false, 0, 10, 0, 0},
            {"overcome", -4, 12, true, 10, 10, 10, 10},
        };
        for (Object[] c : cases) {
            Procedure procedure = real((String) c[0]);
            Inputs inputs = inputs(procedure, "skill", c[1], "difficulty", c[2], "active-opposition", c[3],
                    "fate-points", c[4], "free-invokes", c[5], "opposition-fate-points", c[6],
                    "opposition-free-invokes", c[7]);
            Game<?> game = procedure.game(inputs).orElseThrow();
            for (Goal goal : procedure.outcomeOrder().goals()) {
                String what = procedure.id() + " " + inputs + ", at least " + goal.atLeast();
                assertThat(what, Solver.standard().beforeRoll(game, goal), equalTo(Solver.generic().beforeRoll(game,
                        goal)));
                for (int i = 0; i < 12; i++) {
                    RollState state = procedure.start(inputs, Dice.seeded(random.nextLong()));
                    assertThat(what + " " + state.dice(), Solver.standard().at(game, state, goal),
                            equalTo(Solver.generic().at(game, state, goal)));
                }
            }
        }
    }

    @Test
    void bestPlayIsNeverBelowInvokingWhileShort() {
        for (String action : ACTIONS) {
            Procedure procedure = real(action);
            for (int margin = -8; margin <= 6; margin += 2) {
                for (int points = 0; points <= 4; points++) {
                    for (boolean active : List.of(false, true)) {
                        Inputs inputs = inputs(procedure, "skill", 2, "difficulty", 2 - margin,
                                "active-opposition", active, "fate-points", points / 2, "free-invokes",
                                points - points / 2, "opposition-fate-points", 1);
                        Odds odds = procedure.odds(inputs);
                        for (Goal goal : procedure.outcomeOrder().goals()) {
                            Fraction best = Solver.standard().beforeRoll(procedure, inputs, goal).orElseThrow()
                                    .probability();
                            assertThat(inputs + " no invoke", best, greaterThanOrEqualTo(reaching(odds.outcomes(),
                                    goal)));
                            for (Plan plan : odds.plans()) {
                                assertThat(inputs + " " + plan.id(), best,
                                        greaterThanOrEqualTo(reaching(plan.outcomes(), goal)));
                            }
                        }
                    }
                }
            }
        }
    }

    @Test
    void everyMoveIsWorthWhatItLeadsToUnderBestPlay() {
        var random = new SplittableRandom(11);
        for (String action : ACTIONS) {
            Procedure procedure = real(action);
            Inputs inputs = inputs(procedure, "skill", 2, "difficulty", 3, "active-opposition", action.equals("attack"),
                    "fate-points", 1, "free-invokes", 1, "opposition-free-invokes", 1);
            Game<?> game = procedure.game(inputs).orElseThrow();
            for (int i = 0; i < 6; i++) {
                RollState state = procedure.start(inputs, Dice.seeded(random.nextLong()));
                for (Goal goal : procedure.outcomeOrder().goals()) {
                    BestPlay play = Solver.standard().at(game, state, goal);
                    assertThat(play.probability(), equalTo(play.bestMove().orElseThrow().probability()));
                    for (MoveChance move : play.moves()) {
                        Fraction sum = Fraction.ZERO;
                        for (var next : BruteForce.faces(dice -> procedure.apply(inputs, state, move.move(), dice),
                                100)) {
                            BestPlay after = Solver.standard().at(game, next.getKey(), goal);
                            sum = sum.plus(next.getValue().times(after.probability()));
                            // With the last invoke made and nobody left to invoke, best play is the decision odds.
                            if (next.getKey().complete() && move.move().id().equals("invoke")) {
                                assertThat(after.moves(), empty());
                            }
                        }
                        assertThat(action + " " + state.dice() + " " + move.move() + ", at least " + goal.atLeast(),
                                move.probability(), equalTo(sum));
                    }
                }
            }
        }
    }

    @Test
    void theLastInvokeIsWorthItsDecisionOdds() {
        for (String action : ACTIONS) {
            Procedure procedure = real(action);
            Inputs inputs = inputs(procedure, "skill", 1, "difficulty", 2, "fate-points", 1);
            for (long seed = 1; seed <= 20; seed++) {
                RollState state = procedure.start(inputs, Dice.seeded(seed));
                for (Goal goal : procedure.outcomeOrder().goals()) {
                    for (MoveChance move : Solver.standard().at(procedure, inputs, state, goal).orElseThrow().moves()) {
                        if (!move.move().id().equals("invoke")) {
                            continue;
                        }
                        Odds odds = procedure.odds(inputs, state, move.move()).orElseThrow();
                        assertThat(move.probability(), equalTo(reaching(odds.outcomes(), goal)));
                    }
                }
            }
        }
    }

    @Test
    void aDefenceTwoShortShouldInvokeForPlusTwoToTieButReRollToSucceed() {
        // Defend at 0 against 0 with one fate point, dice − − 0 0: shifts −2, a failure.
        Table table = Table.of("defend", "skill", 0, "difficulty", 0, "fate-points", 1);
        RollState state = table.roll("--00");
        OutcomeOrder order = table.procedure.outcomeOrder();
        // At least a tie: +2 makes it a tie for certain; a re-roll ties or better with 4dF ≥ 0, 50/81.
        BestPlay tie = Solver.standard().at(table.procedure, table.inputs, state, order.goal("tie")).orElseThrow();
        assertThat(tie.bestMove().orElseThrow().move().inputs().choice("effect"), is("plus-two"));
        assertThat(tie.probability(), equalTo(Fraction.ONE));
        assertThat(tie.moves().stream().map(MoveChance::probability).toList(),
                equalTo(List.of(Fraction.ONE, Fraction.of(50, 81), Fraction.ZERO)));
        // At least a success: +2 only ties (0); a re-roll succeeds with 4dF ≥ 1, 31/81.
        BestPlay win = Solver.standard().at(table.procedure, table.inputs, state, order.goal("succeed"))
                .orElseThrow();
        assertThat(win.bestMove().orElseThrow().move().inputs().choice("effect"), is("reroll"));
        assertThat(win.probability(), equalTo(Fraction.of(31, 81)));
        // The move names an aspect and pays with the fate point, as the player would send it.
        Move best = win.bestMove().orElseThrow().move();
        assertThat(best.inputs().text("aspect"), is("Aspect 1"));
        assertThat(best.inputs().choice("pay"), is("fate-point"));
        assertThat(table.refusals(state, best), empty());
    }

    @Test
    void aFatePointIsListedOnAnAspectNotYetPaidForAndTheOppositionsInvokesAreNotListed() {
        Table table = Table.of("overcome", "skill", 3, "difficulty", 4, "fate-points", 2, "aspects", 2,
                "opposition-fate-points", 1);
        RollState state = table.roll("0000");
        state = table.apply(state, Table.move(state, "invoke", "aspect", "Aspect 1", "pay", "fate-point",
                "effect", "plus-two"));
        Game<?> game = table.procedure.game(table.inputs).orElseThrow();
        List<Move> moves = game.moves(state);
        assertThat(moves.stream().map(Move::id).toList(), equalTo(List.of("invoke", "invoke", "accept")));
        for (Move move : moves) {
            if (move.id().equals("invoke")) {
                assertThat(move.inputs().text("aspect"), is("Aspect 2"));
                assertThat(move.inputs().choice("pay"), is("fate-point"));
            }
            assertThat(table.refusals(state, move), empty());
        }
        assertThat(game.playerChooses("invoke-against"), is(false));
        // Asked about the opposition's invoke, best play follows it: shifts 1 − 2 = −1 with one fate point left,
        // +2 reaches a success for certain.
        Move against = Table.move(state, "invoke-against", "aspect", "Dark Alley", "pay", "fate-point");
        Goal succeed = table.procedure.outcomeOrder().goal("succeed");
        assertThat(Solver.standard().move(table.procedure, table.inputs, state, against, succeed).orElseThrow()
                .probability(), equalTo(Fraction.ONE));
    }

    private static Fraction reaching(List<Chance> outcomes, Goal goal) {
        return outcomes.stream().filter(c -> goal.reachedBy(c.id())).map(Chance::probability)
                .reduce(Fraction.ZERO, Fraction::plus);
    }
}
