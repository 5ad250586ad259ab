package io.dicehall.systems.actionrolls;

import static io.dicehall.systems.actionrolls.Rolls.PROCEDURE;
import static io.dicehall.systems.actionrolls.Rolls.finn;
import static io.dicehall.systems.actionrolls.Rolls.inputs;
import static io.dicehall.systems.actionrolls.Rolls.start;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.fail;

import io.dicehall.api.Dice;
import io.dicehall.api.Move;
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
 * Best play of the Action Roll: the solver against {@link BruteForce} over every face of the real rules and
 * every legal move (every Emotion), plans never above it, and each move worth its own decision odds (the roll
 * ends after either move, so nothing follows them).
 */
class ActionBestPlayTest {

    private static final OutcomeOrder ORDER = PROCEDURE.outcomeOrder();
    private static final List<String> CHALLENGES = List.of("average", "difficult", "daunting");
    private static final List<String> RISKS = List.of("safe", "risky", "precarious");
    private static final List<String> EDGES = List.of("none", "advantage", "disadvantage");

    @Test
    void theOrderIsTheDeclaredOneWithSuccessAsTheDefaultGoal() {
        assertThat(ORDER.worstToBest(), equalTo(List.of("critical-failure", "failure", "limited-failure",
                "limited-success", "success", "critical-success")));
        assertThat(ORDER.defaultGoal(), is("success"));
    }

    @Test
    void theWholeGameTreeByBruteForceMatchesTheSolverExactly() {
        // Two d4 on every Challenge and Risk, each with one of the edges; then a d4 and a d6 both ways round.
        for (int c = 0; c < 3; c++) {
            for (int r = 0; r < 3; r++) {
                matchesBruteForce(inputs("first-ability", 1, "second-ability", 1, "challenge", CHALLENGES.get(c),
                        "risk", RISKS.get(r), "edge", EDGES.get((c + r) % 3)));
            }
        }
        matchesBruteForce(inputs("first-ability", 1, "second-ability", 2, "challenge", "difficult",
                "risk", "precarious", "edge", "none"));
        matchesBruteForce(inputs("first-ability", 2, "second-ability", 1, "challenge", "average",
                "risk", "risky", "edge", "disadvantage"));
    }

    private static void matchesBruteForce(Inputs inputs) {
        BruteForce brute = new BruteForce(PROCEDURE, inputs, 200_000);
        Game<?> game = PROCEDURE.game(inputs).orElseThrow();
        List<RollState> firstThrows = BruteForce.faces(dice -> PROCEDURE.start(inputs, dice), 100_000).stream()
                .map(Map.Entry::getKey).toList();
        for (Goal goal : ORDER.goals()) {
            String what = inputs + ", at least " + goal.atLeast();
            Fraction truth = brute.beforeRoll(goal);
            for (Solver solver : List.of(Solver.generic(), Solver.standard())) {
                assertThat(what, solver.beforeRoll(game, goal).probability(), equalTo(truth));
            }
            for (RollState state : firstThrows) {
                BestPlay exact = brute.at(state, goal);
                BestPlay play = Solver.generic().at(game, state, goal);
                if (!play.probability().equals(exact.probability())) {
                    fail(what + " after " + state.dice() + ": " + play.probability() + ", brute force "
                            + exact.probability());
                }
                for (MoveChance move : play.moves()) {
                    Fraction bruteMove = exact.moves().stream().filter(m -> m.move().equals(move.move()))
                            .findFirst().orElseThrow().probability();
                    if (!move.probability().equals(bruteMove)) {
                        fail(what + " after " + state.dice() + ", " + move.move() + ": " + move.probability()
                                + ", brute force " + bruteMove);
                    }
                }
                // Every Emotion is worth the same: the listed one stands for all four.
                for (MoveChance any : exact.moves()) {
                    assertThat(what + " " + any.move(), Solver.generic().move(game, state, any.move(), goal)
                            .probability(), equalTo(any.probability()));
                }
            }
        }
    }

    @Test
    void bestPlayIsNeverBelowStoppingOrAlwaysDaring() {
        for (int first = 1; first <= 5; first++) {
            for (int second = 1; second <= 5; second++) {
                for (String challenge : CHALLENGES) {
                    for (String risk : RISKS) {
                        for (String edge : EDGES) {
                            Inputs inputs = inputs("first-ability", first, "second-ability", second,
                                    "challenge", challenge, "risk", risk, "edge", edge);
                            Odds odds = PROCEDURE.odds(inputs);
                            for (Goal goal : ORDER.goals()) {
                                Fraction best = Solver.standard().beforeRoll(PROCEDURE, inputs, goal).orElseThrow()
                                        .probability();
                                assertThat(inputs + " stopping", best, greaterThanOrEqualTo(reaching(
                                        odds.outcomes(), goal)));
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
    }

    @Test
    void everyMoveIsWorthItsOwnDecisionOdds() {
        var random = new SplittableRandom(19);
        for (int i = 0; i < 300; i++) {
            Inputs inputs = inputs("first-ability", 1 + random.nextInt(5), "second-ability", 1 + random.nextInt(5),
                    "challenge", CHALLENGES.get(random.nextInt(3)), "risk", RISKS.get(random.nextInt(3)),
                    "edge", EDGES.get(random.nextInt(3)));
            RollState state = PROCEDURE.start(inputs, Dice.seeded(random.nextLong()));
            for (Goal goal : ORDER.goals()) {
                BestPlay play = Solver.standard().at(PROCEDURE, inputs, state, goal).orElseThrow();
                assertThat(play.probability(), equalTo(play.bestMove().orElseThrow().probability()));
                for (MoveChance move : play.moves()) {
                    Odds odds = PROCEDURE.odds(inputs, state, move.move()).orElseThrow();
                    assertThat(inputs + " " + state.dice() + " " + move.move() + ", at least " + goal.atLeast(),
                            move.probability(), equalTo(reaching(odds.outcomes(), goal)));
                }
            }
        }
    }

    @Test
    void finnShouldDareOnHisLimitedFailure() {
        // Dexterity d6 shows 4 and 2, Reasoning d4 shows 3 and 2: one success, two trouble, a Limited Failure.
        // A Success needs one more success and no more trouble: both extra dice clear of trouble (d6 4/6, d4
        // 2/4: 1/3) less both showing 3 (1/6 · 1/4): 7/24. A Critical Success would need four successes.
        RollState state = start(finn(), 4, 2, 3, 2);
        BestPlay play = Solver.standard().at(PROCEDURE, finn(), state, ORDER.goal("success")).orElseThrow();
        assertThat(play.bestMove().orElseThrow().move().id(), is("daring"));
        assertThat(play.probability(), equalTo(Fraction.of(7, 24)));
        assertThat(play.moves().get(1).move().id(), is("accept"));
        assertThat(play.moves().get(1).probability(), equalTo(Fraction.ZERO));
        assertThat(play.tied(), is(false));
        // Aiming only to avoid a Failure, stopping keeps the Limited Failure for certain; daring risks a third
        // trouble die with no second success (a Failure).
        BestPlay safe = Solver.standard().at(PROCEDURE, finn(), state, ORDER.goal("limited-failure")).orElseThrow();
        assertThat(safe.bestMove().orElseThrow().move().id(), is("accept"));
        assertThat(safe.probability(), equalTo(Fraction.ONE));
    }

    @Test
    void whenNothingCanChangeTheGoalDaringAndStoppingTie() {
        // Abilities 1 and 1 against Average and Safe: four 4s are a Critical Success, and no two dice can spoil
        // it (trouble would need 6 dice), so both moves keep it for certain.
        Inputs inputs = inputs("first-ability", 1, "second-ability", 1, "challenge", "average", "risk", "safe");
        RollState state = start(inputs, 4, 4, 4, 4);
        BestPlay play = Solver.standard().at(PROCEDURE, inputs, state, ORDER.goal("critical-success")).orElseThrow();
        assertThat(play.tied(), is(true));
        assertThat(play.best().stream().map(m -> m.move().id()).toList(), equalTo(List.of("daring", "accept")));
        assertThat(play.probability(), equalTo(Fraction.ONE));
    }

    @Test
    void anyEmotionIsWorthTheSame() {
        RollState state = start(finn(), 4, 2, 3, 2);
        Goal goal = ORDER.goal("success");
        for (String emotion : List.of("anger", "frustration", "anxiety", "guilt")) {
            Move move = Rolls.daring(emotion);
            assertThat(emotion, Solver.standard().move(PROCEDURE, finn(), state, move, goal).orElseThrow()
                    .probability(), equalTo(Fraction.of(7, 24)));
        }
    }

    private static Fraction reaching(List<Chance> outcomes, Goal goal) {
        return outcomes.stream().filter(c -> goal.reachedBy(c.id())).map(Chance::probability)
                .reduce(Fraction.ZERO, Fraction::plus);
    }
}
