package io.dicehall.systems.taskschecks;

import static io.dicehall.systems.taskschecks.Play.map;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.contract.BruteForce;
import io.dicehall.api.form.Field;
import io.dicehall.api.form.GroupField;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.play.BestPlay;
import io.dicehall.api.play.Game;
import io.dicehall.api.play.Goal;
import io.dicehall.api.play.MoveChance;
import io.dicehall.api.play.SearchLimitException;
import io.dicehall.api.play.Solver;
import io.dicehall.api.state.RollState;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Fidelity in a Group Check: each participant's own points, spent while the KISS round is open, with lending
 * unchanged; best play after the throw weighs every way of spending them together with the KISSes, and is checked
 * against brute force over the rules.
 */
class GroupCheckFidelityTest {

    private static final int BUDGET = 400_000;

    private final GroupCheckProcedure group = new GroupCheckProcedure();
    private final Solver standard = Solver.standard();
    private final Solver generic = Solver.generic();

    private static Map<String, Object> p(String name, int rank, int stress, int kisses, int fidelity) {
        return map("name", name, "rank", rank, "stress", stress, "kisses", kisses, "fidelity", fidelity);
    }

    private Inputs inputs(Map<String, Object> raw) {
        Inputs inputs = InputChecker.check(group.form(), raw).orThrow();
        assertThat(group.check(inputs), empty());
        return inputs;
    }

    private Goal goal(String id) {
        return group.outcomeOrder().goal(id);
    }

    // ------------------------------------------------------------------ the input

    @Test
    void eachParticipantHasAFidelityInputFromZeroToFourDefaultZero() {
        GroupField participants = (GroupField) group.form().field("participants").orElseThrow();
        Field fidelity = participants.fields().field("fidelity").orElseThrow();
        assertThat(fidelity, equalTo(CheckProcedure.FIDELITY));
        Inputs old = InputChecker.check(group.form(), map("participants", List.of(map("name", "Ada", "rank", 4),
                map("name", "Bo")))).orThrow();
        assertThat(old.rows("participants").get(0).integer("fidelity"), is(0));
        assertThat(group.rollers(old).get(1).fidelity(), is(0));
    }

    @Test
    void fidelityOutOfRangeIsRefusedNamingTheField() {
        for (int bad : new int[] {-1, 5}) {
            var result = InputChecker.check(group.form(), map("participants", List.of(p("Ada", 4, 0, 1, 0),
                    p("Bo", 4, 0, 1, bad))));
            assertThat(result.ok(), is(false));
            assertTrue(result.violations().stream().anyMatch(v -> v.field().contains("fidelity")),
                    "no violation names fidelity: " + result.violations());
        }
    }

    // ------------------------------------------------------------------ the move

    @Test
    void eachParticipantSpendsTheirOwnPointsAndTheirDiceCountAtOnce() {
        // Ada rank 5 (Fidelity 2) throws 4, 3, 1; Bo rank 4 (no Fidelity) throws 6, 4, 2
        Play play = Play.roll(group, map("participants", List.of(p("Ada", 5, 0, 1, 2), p("Bo", 4, 0, 1, 0))),
                4, 3, 1, 6, 4, 2);
        assertThat(play.tally("p1-successes"), is(0));
        var fields = play.state.move("fidelity").orElseThrow().form().fields().stream().map(Field::name).toList();
        assertThat(fields, contains("p1"));
        play.make(play.move("fidelity", "p1", 1));
        assertThat(play.tally("p1-successes"), is(1));
        assertThat(play.state.group("p1-pool").orElseThrow().label(), containsString("rank 4, advanced by Fidelity"));
        // one more point: rank 3, the 3 succeeds too; the KISS round is still open
        play.make(play.move("fidelity", "p1", 1));
        assertThat(play.tally("p1-successes"), is(2));
        assertThat(play.state.move("fidelity").isPresent(), is(false));
        // the 1 KISSed at rank 3 shows a 3: a success
        play.kiss(new int[] {3}, "p1-d3");
        assertThat(play.tally("p1-successes"), is(3));
        assertThat(play.tally("successes"), is(5));
    }

    @Test
    void spendingNoPointOrMoreThanCanChangeSomethingIsRefused() {
        Play play = Play.roll(group, map("participants", List.of(p("Ada", 3, 2, 0, 4), p("Bo", 6, 2, 0, 1))), 1, 1);
        // Ada at rank 3 can advance two steps, to rank 1
        assertThat(play.refusal(play.move("fidelity", "p1", 0, "p2", 0)), not(empty()));
        Move tooMuch = new Move("fidelity", InputChecker.check(io.dicehall.api.form.Form.of(
                io.dicehall.api.form.IntegerField.of("p1", "p1", 0, 4, 0), io.dicehall.api.form.IntegerField.of("p2",
                        "p2", 0, 4, 0)), map("p1", 3, "p2", 0)).orThrow());
        assertThat(play.refusal(tooMuch).get(0).field(), is("p1"));
        assertThat(play.refusal(play.move("fidelity", "p1", 2, "p2", 1)), empty());
    }

    /** A participant whose dice Fidelity turns into successes may lend; lent KISSes still pull up failed dice only. */
    @Test
    void lendingRulesStayAsTheyWere() {
        // Ada rank 5 (Fidelity 1, one KISS) throws 4; Bo rank 5 (no KISS) throws 2
        Map<String, Object> raw = map("participants", List.of(p("Ada", 5, 2, 1, 1), p("Bo", 5, 2, 0, 0)));
        Play play = Play.roll(group, raw, 4, 2);
        // Ada's own die failed: her KISS is hers, not lent
        assertThat(play.refusal(play.kissMove("p2-d1")), not(empty()));
        play.make(play.move("fidelity", "p1", 1));
        // now her die succeeded: she may lend to Bo's failed die, but nobody may lend to her success
        assertThat(play.refusal(play.kissMove("p2-d1")), empty());
        Play other = Play.roll(group, map("participants", List.of(p("Ada", 5, 2, 0, 1), p("Bo", 5, 2, 1, 0))), 4, 6);
        // before: Bo lends his KISS to Ada's failed 4
        assertThat(other.refusal(other.kissMove("p1-d1")), empty());
        other.make(other.move("fidelity", "p1", 1));
        // after: her 4 is a success, which a lent KISS may not throw again, and she has no KISS of her own
        assertThat(other.state.move("kiss").isPresent(), is(false));
    }

    @Test
    void theSameDiceGiveTheSameRoll() {
        Inputs inputs = inputs(map("participants", List.of(p("Ada", 5, 0, 1, 2), p("Bo", 6, 1, 2, 3),
                p("Cy", 3, 2, 0, 4))));
        for (long seed = 1; seed <= 10; seed++) {
            RollState a = group.start(inputs, Dice.seeded(seed));
            RollState b = group.start(inputs, Dice.seeded(seed));
            assertThat(a, equalTo(b));
            if (a.move("fidelity").isEmpty()) {
                continue;
            }
            Move all = new Move("fidelity", InputChecker.check(a.move("fidelity").orElseThrow().form(), Map.of())
                    .orThrow());
            assertThat(group.apply(inputs, a, all, Dice.seeded(seed)), equalTo(group.apply(inputs, b, all,
                    Dice.seeded(seed))));
            Game<?> game = group.game(inputs).orElseThrow();
            assertThat(game.moves(a), equalTo(group.game(inputs).orElseThrow().moves(b)));
            assertThat(standard.at(group, inputs, a, goal("group-passes")), equalTo(standard.at(group, inputs, b,
                    goal("group-passes"))));
        }
    }

    // ------------------------------------------------------------------ the odds

    @Test
    void theOddsBeforeTheRollSayWhatTheyAssume() {
        Inputs none = inputs(map("participants", List.of(p("Ada", 5, 0, 1, 0), p("Bo", 4, 1, 2, 0))));
        Inputs some = inputs(map("participants", List.of(p("Ada", 5, 0, 1, 3), p("Bo", 4, 1, 2, 0))));
        Odds without = group.odds(none);
        Odds with = group.odds(some);
        // the throw as it lands and the plans without Fidelity do not change with it
        assertThat(with.outcomes(), equalTo(without.outcomes()));
        assertThat(plan(with, "kiss-all-ego"), equalTo(plan(without, "kiss-all-ego")));
        // the all-Fidelity plan is the plan at the advanced rank, and says it is not best play
        Odds advanced = group.odds(inputs(map("participants", List.of(p("Ada", 2, 0, 1, 0), p("Bo", 4, 1, 2, 0)))));
        assertThat(plan(with, "fidelity-kiss-all-ego"), equalTo(plan(advanced, "kiss-all-ego")));
        assertThat(with.note(), containsString("no Fidelity"));
        assertThat(with.note(), containsString("not best"));
    }

    private static List<io.dicehall.api.odds.Chance> plan(Odds odds, String id) {
        return odds.plans().stream().filter(p -> p.id().equals(id)).findFirst().orElseThrow().outcomes();
    }

    @Test
    void fidelityDecisionOddsAreWhatTheMoveLeaves() {
        Inputs inputs = inputs(map("participants", List.of(p("Ada", 5, 0, 1, 2), p("Bo", 6, 1, 0, 1))));
        int checked = 0;
        for (long seed = 1; seed <= 30; seed++) {
            RollState state = group.start(inputs, Dice.seeded(seed));
            if (state.move("fidelity").isEmpty()) {
                continue;
            }
            for (Move move : group.game(inputs).orElseThrow().moves(state)) {
                if (!move.id().equals("fidelity")) {
                    continue;
                }
                RollState after = group.apply(inputs, state, move, Dice.scripted());
                assertThat(group.odds(inputs, state, move).orElseThrow().probability(after.outcome().id()),
                        equalTo(Fraction.ONE));
                checked++;
            }
        }
        assertThat(checked, greaterThan(0));
    }

    // ------------------------------------------------------------------ the worked cases of docs/rulings.md

    /**
     * A (rank 6, stress 2, no KISS, Fidelity 1) throws a 5; B (rank 2, stress 2, one KISS) throws a 6 and may lend.
     * Toward a pass (4 successes): keeping the point, B's KISS throws A's failed die again (a 6 counts twice with
     * Ego), 1 in 6; spending it, the 5 is a success nobody may lend to, and the group cannot pass.
     */
    @Test
    void spendingIsNotAlwaysBest() {
        Inputs inputs = inputs(map("participants", List.of(p("A", 6, 2, 0, 1), p("B", 2, 2, 1, 0))));
        RollState state = group.start(inputs, Dice.scripted(5, 6));
        Goal pass = goal("group-passes");
        BestPlay best = standard.at(group, inputs, state, pass).orElseThrow();
        assertThat(best.probability(), equalTo(Fraction.of(1, 6)));
        assertThat(best.bestMove().orElseThrow().move().id(), is("kiss"));
        Move spend = new Move("fidelity", InputChecker.check(state.move("fidelity").orElseThrow().form(),
                map("p1", 1)).orThrow());
        assertThat(standard.move(group, inputs, state, spend, pass).orElseThrow().probability(),
                equalTo(Fraction.ZERO));
        assertThat(best.moves().stream().filter(m -> m.move().id().equals("fidelity")).findFirst().orElseThrow()
                .probability(), equalTo(Fraction.ZERO));
    }

    /**
     * Three participants toward flying colors (9 successes): A (rank 4, no stress, two KISSes, Fidelity 3) throws 4,
     * 1, 3; B (rank 4, stress 1, two KISSes) throws 6, 4; C (rank 3, stress 2, two KISSes) throws 2. A spending 0,
     * 1, 2 or 3 points and then playing best gives 17, 25, 35 and 34 chances in 432: best play spends two, and
     * lists that move.
     */
    @Test
    void spendingPartCanBeStrictlyBest() {
        Goal flying = goal("group-flying-colors");
        int[] faces = {4, 1, 3, 6, 4, 2};
        long[] in432 = {17, 25, 35, 34};
        for (int points = 0; points <= 3; points++) {
            // A may spend exactly these points, and does at once
            Inputs inputs = worked(points);
            RollState state = group.start(inputs, Dice.scripted(faces));
            if (points > 0) {
                state = group.apply(inputs, state, new Move("fidelity", InputChecker.check(state.move("fidelity")
                        .orElseThrow().form(), map("p1", points)).orThrow()), Dice.scripted());
            }
            assertThat(points + " points", standard.at(group, inputs, state, flying).orElseThrow().probability(),
                    equalTo(Fraction.of(in432[points], 432)));
        }
        // with all three points to spend, best play weighs every amount
        Inputs inputs = worked(3);
        RollState state = group.start(inputs, Dice.scripted(faces));
        BestPlay best = standard.at(group, inputs, state, flying).orElseThrow();
        assertThat(best.probability(), equalTo(Fraction.of(35, 432)));
        assertThat(best.best().stream().map(MoveChance::move).toList(), hasItem(fidelity(state, 2)));
        assertThat(standard.move(group, inputs, state, fidelity(state, 3), flying).orElseThrow().probability(),
                equalTo(Fraction.of(34, 432)));
        // one point now keeps the second for later: still 35
        assertThat(standard.move(group, inputs, state, fidelity(state, 1), flying).orElseThrow().probability(),
                equalTo(Fraction.of(35, 432)));
    }

    private Inputs worked(int fidelity) {
        return inputs(map("participants", List.of(p("A", 4, 0, 2, fidelity), p("B", 4, 1, 2, 0), p("C", 3, 2, 2, 0))));
    }

    private static Move fidelity(RollState state, int points) {
        return new Move("fidelity", InputChecker.check(state.move("fidelity").orElseThrow().form(), map("p1", points))
                .orThrow());
    }

    // ------------------------------------------------------------------ against brute force over the rules

    @Test
    void bestPlayAndEveryFidelityChoiceAgreeWithBruteForce() {
        // two participants, 1–3 dice each, small Fidelity, with and without lending
        tree(inputs(map("participants", List.of(p("A", 6, 2, 0, 1), p("B", 2, 2, 1, 0)))));
        tree(inputs(map("participants", List.of(p("A", 5, 2, 1, 2), p("B", 4, 2, 1, 1)))));
        tree(inputs(map("participants", List.of(p("A", 4, 1, 1, 1), p("B", 3, 2, 1, 0)))));
        tree(inputs(map("participants", List.of(p("A", 6, 2, 1, 3), p("B", 5, 2, 0, 0)))));
        tree(inputs(map("participants", List.of(p("A", 5, 0, 0, 1), p("B", 2, 2, 1, 0)))));
        // throws where spending part of the points, or one participant's and not the other's, is strictly best
        // (A's 2, 1, 3 at rank 3: one point of two; A's 2 and B's 3: B's point alone)
        tree(inputs(map("participants", List.of(p("A", 3, 1, 1, 2), p("B", 3, 2, 2, 0)))));
        tree(inputs(map("participants", List.of(p("A", 3, 2, 0, 2), p("B", 4, 2, 2, 1)))));
    }

    /** The throws named above: the best move spends part of the points, and beats spending none or all. */
    @Test
    void partOfThePointsIsSometimesStrictlyBest() {
        Inputs inputs = inputs(map("participants", List.of(p("A", 3, 1, 1, 2), p("B", 3, 2, 2, 0))));
        RollState state = group.start(inputs, Dice.scripted(2, 1, 3));
        BestPlay best = standard.at(group, inputs, state, goal("group-passes")).orElseThrow();
        assertThat(best.probability(), equalTo(Fraction.of(7, 27)));
        assertThat(best.bestMove().orElseThrow().move(), equalTo(fidelity(state, 1)));
        assertThat(standard.move(group, inputs, state, fidelity(state, 2), goal("group-passes")).orElseThrow()
                .probability(), equalTo(Fraction.of(1, 4)));
        Inputs other = inputs(map("participants", List.of(p("A", 3, 2, 0, 2), p("B", 4, 2, 2, 1))));
        RollState thrown = group.start(other, Dice.scripted(2, 3));
        BestPlay play = standard.at(group, other, thrown, goal("group-passes")).orElseThrow();
        assertThat(play.probability(), equalTo(Fraction.of(1, 36)));
        assertThat(play.bestMove().orElseThrow().move().inputs().toMap(), equalTo(Map.of("p1", 0, "p2", 1)));
    }

    /**
     * For every goal: best play before the roll (standard and generic solvers) against brute force; then in every
     * state the listed moves reach, best play and every listed move's value, and every legal move's value (each way
     * of spending Fidelity, each pick), against brute force.
     */
    private void tree(Inputs inputs) {
        BruteForce brute = new BruteForce(group, inputs, BUDGET);
        List<Goal> goals = group.outcomeOrder().goals();
        BestPlayTest.beforeRollAgrees(group, inputs, brute);
        var states = new ArrayList<RollState>();
        for (var first : BruteForce.faces(dice -> group.start(inputs, dice), BUDGET)) {
            BestPlayTest.walk(group, inputs, first.getKey(), states);
        }
        int fidelityStates = 0;
        for (RollState state : states) {
            fidelityStates += state.move("fidelity").isPresent() ? 1 : 0;
            for (Goal goal : goals) {
                String where = inputs + " at " + state.history() + " at least " + goal.atLeast();
                BestPlay truth = brute.at(state, goal);
                BestPlay answered = standard.at(group, inputs, state, goal).orElseThrow();
                assertThat(where + ": standard against generic", answered, equalTo(generic.at(group, inputs, state,
                        goal).orElseThrow()));
                assertThat(where, answered.probability(), equalTo(truth.probability()));
                for (MoveChance move : answered.moves()) {
                    Fraction value = truth.moves().stream().filter(m -> BestPlayTest.same(m.move(), move.move()))
                            .findFirst().orElseThrow(() -> new AssertionError(where + ": " + move.move() + " is not legal"))
                            .probability();
                    assertThat(where + ": " + move.move(), move.probability(), equalTo(value));
                }
                // every legal move, listed or not: the decision odds under best play after it
                for (Move legal : brute.legalMoves(state)) {
                    assertThat(where + ": any legal move, " + legal, standard.move(group, inputs, state, legal, goal)
                            .orElseThrow().probability(), equalTo(brute.value(state, legal, goal)));
                }
            }
        }
        assertThat(fidelityStates, greaterThan(0));
    }

    // ------------------------------------------------------------------ size

    /**
     * Eight participants at rank 5 with 4 points each (refused before the roll while the first throw was listed by
     * face): spending every point makes all 24 dice succeed, so both goals are certain, and best play before the roll
     * says so.
     */
    @Test
    void bestPlayBeforeTheRollOfALargeGroupWithFidelityIsAnswered() {
        List<Object> rows = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            rows.add(p("", 5, 0, 2, 4));
        }
        Inputs inputs = inputs(map("participants", rows));
        for (String goal : List.of("group-passes", "group-flying-colors")) {
            assertThat(goal, standard.beforeRoll(group, inputs, goal(goal)).orElseThrow().probability(),
                    equalTo(Fraction.ONE));
        }
        // the generic search, which walks the first throw by face, is still refused
        assertThrows(SearchLimitException.class, () -> generic.beforeRoll(group, inputs, goal("group-passes")));
        // after the throw it answers, every way of spending weighed
        RollState state = group.start(inputs, Dice.seeded(7));
        BestPlay best = standard.at(group, inputs, state, goal("group-flying-colors")).orElseThrow();
        assertThat(best.moves().stream().map(m -> m.move().id()).toList(), hasItem("fidelity"));
    }
}
