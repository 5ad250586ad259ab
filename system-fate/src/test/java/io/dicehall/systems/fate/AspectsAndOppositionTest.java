package io.dicehall.systems.fate;

import static io.dicehall.systems.fate.Table.inputs;
import static io.dicehall.systems.fate.Table.move;
import static io.dicehall.systems.fate.Table.real;
import static io.dicehall.systems.fate.Table.value;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThan;

import io.dicehall.api.Dice;
import io.dicehall.api.Procedure;
import io.dicehall.api.contract.BruteForce;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.Violation;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.play.BestPlay;
import io.dicehall.api.play.Goal;
import io.dicehall.api.play.MoveChance;
import io.dicehall.api.play.Solver;
import io.dicehall.api.state.RollState;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The aspects that fit a roll, the free invokes on them and the opposition's invokes, as inputs of the roll: the
 * odds and best play take only what the inputs give. Checked against golden numbers, against an enumeration of
 * every face of every throw written here (independent of {@link FateGame}), and against the contract kit's
 * {@link BruteForce} over the real rules.
 */
class AspectsAndOppositionTest {

    private static final List<String> ACTIONS = List.of("overcome", "create-advantage", "attack", "defend");

    private static Goal succeed(Procedure procedure) {
        return procedure.outcomeOrder().goal("succeed");
    }

    @Test
    void oneFittingAspectTakesOneFatePointSoSkillZeroAgainstThreeSucceedsIn427Of2187() {
        // The example: 1/81 on the dice alone; with +2 the dice need 2 or more (15/81); below that a
        // re-roll needs +4 (1/81): 15/81 + 66/81 · 1/81 = 1281/6561 = 427/2187.
        for (String action : ACTIONS) {
            Procedure procedure = real(action);
            Inputs in = inputs(procedure, "skill", 0, "difficulty", 3, "fate-points", 3);
            assertThat("one aspect fits by default", in.integer("aspects"), is(1));
            Fraction p = Solver.standard().beforeRoll(procedure, in, succeed(procedure)).orElseThrow().probability();
            assertThat(action, p, equalTo(Fraction.of(427, 2187)));
            assertThat(action, Solver.generic().beforeRoll(procedure, in, succeed(procedure)).orElseThrow()
                    .probability(), equalTo(p));
            assertThat(action, enumerated(0 - 3, 3, 1, 0, 0, 1), equalTo(p));
        }
        Procedure overcome = real("overcome");
        Inputs in = inputs(overcome, "skill", 0, "difficulty", 3, "fate-points", 3);
        assertThat("the real rules, every face and every legal invoke",
                new BruteForce(overcome, in, 200_000).beforeRoll(succeed(overcome)), equalTo(Fraction.of(427, 2187)));
    }

    @Test
    void asManyAspectsAsFatePointsIsTheOldReadingAndStillAnInput() {
        Procedure overcome = real("overcome");
        Inputs in = inputs(overcome, "skill", 0, "difficulty", 3, "fate-points", 3, "aspects", 3);
        Fraction p = Solver.standard().beforeRoll(overcome, in, succeed(overcome)).orElseThrow().probability();
        assertThat(p, equalTo(enumerated(-3, 3, 3, 0, 0, 1)));
        assertThat(p.toDouble(), greaterThan(0.97));
        assertThat(p.toDouble(), lessThan(0.99));
    }

    @Test
    void freeInvokesAreNotLimitedByAspectAndFatePointsAre() {
        Procedure overcome = real("overcome");
        for (int[] c : new int[][] {{0, 0, 2, 1}, {2, 2, 1, 1}, {3, 1, 2, 1}, {1, 3, 0, 2}, {2, 0, 3, 2}}) {
            int points = c[0];
            int aspects = c[1];
            int free = c[2];
            for (int margin = -5; margin <= 1; margin++) {
                Inputs in = inputs(overcome, "skill", margin + 4, "difficulty", 4, "fate-points", points,
                        "aspects", aspects, "free-invokes", free);
                for (Goal goal : overcome.outcomeOrder().goals()) {
                    int threshold = threshold(goal);
                    assertThat(points + " fate points, " + aspects + " aspects, " + free + " free, margin " + margin
                            + ", at least " + goal.atLeast(), Solver.standard().beforeRoll(overcome, in, goal)
                            .orElseThrow().probability(), equalTo(enumerated(margin, points, aspects, free, 0,
                                    threshold)));
                }
            }
        }
    }

    @Test
    void twoFreeInvokesOnOneAspectMatchTheRealRulesFaceByFace() {
        Procedure overcome = real("overcome");
        Inputs in = inputs(overcome, "skill", 0, "difficulty", 3, "fate-points", 0, "free-invokes", 2);
        // Two free invokes on the one aspect that fits; the kit names every invoke "Aspect 1".
        BruteForce brute = new BruteForce(overcome, in, 2_000_000, BruteForce.Limits.DEFAULT.texts(
                field -> List.of("Aspect 1")));
        for (String faces : List.of("----", "-0+0", "0+++")) {
            RollState state = overcome.start(in, Dice.scripted(Table.faces(faces)));
            Goal goal = succeed(overcome);
            BestPlay exact = brute.at(state, goal);
            BestPlay play = Solver.standard().at(overcome, in, state, goal).orElseThrow();
            assertThat(faces, play.probability(), equalTo(exact.probability()));
            for (MoveChance move : play.moves()) {
                assertThat(faces + " " + move.move(), move.probability(), equalTo(exact.moves().stream()
                        .filter(m -> m.move().equals(move.move())).findFirst().orElseThrow().probability()));
            }
        }
    }

    @Test
    void theOppositionsInvokesAreCountedAsSpentWhenThePlayerStops() {
        Procedure overcome = real("overcome");
        for (int[] c : new int[][] {{1, 1, 0, 1, 0}, {2, 1, 1, 0, 2}, {0, 1, 0, 1, 1}, {3, 2, 1, 2, 1}}) {
            for (int margin = -2; margin <= 4; margin++) {
                Inputs in = inputs(overcome, "skill", margin + 4, "difficulty", 4, "fate-points", c[0],
                        "aspects", c[1], "free-invokes", c[2], "opposition-fate-points", c[3],
                        "opposition-free-invokes", c[4]);
                for (Goal goal : overcome.outcomeOrder().goals()) {
                    assertThat(java.util.Arrays.toString(c) + ", margin " + margin + ", at least " + goal.atLeast(),
                            Solver.standard().beforeRoll(overcome, in, goal).orElseThrow().probability(),
                            equalTo(enumerated(margin, c[0], c[1], c[2], c[3] + c[4], threshold(goal))));
                }
            }
        }
        // The real rules, every face and every legal move (the opposition's own invoke too).
        Inputs in = inputs(overcome, "skill", 2, "difficulty", 0, "fate-points", 1, "opposition-free-invokes", 1);
        BruteForce brute = new BruteForce(overcome, in, 400_000);
        for (Goal goal : overcome.outcomeOrder().goals()) {
            assertThat(goal.atLeast(), Solver.standard().beforeRoll(overcome, in, goal).orElseThrow().probability(),
                    equalTo(brute.beforeRoll(goal)));
        }
    }

    @Test
    void acceptingLetsTheOppositionSpendWhatItStillHolds() {
        Table table = Table.of("overcome", "skill", 2, "difficulty", 1, "fate-points", 1,
                "opposition-fate-points", 1, "opposition-free-invokes", 1);
        RollState state = table.roll("0000");
        assertThat(state.outcome().id(), is("succeed"));
        assertThat(state.complete(), is(false));
        RollState accepted = table.apply(state, move(state, "accept"));
        assertThat(accepted.complete(), is(true));
        assertThat("1 − 4", value(accepted, "shifts"), is(-3));
        assertThat(accepted.outcome().id(), is("fail"));
        assertThat(value(accepted, "opposition-fate-points-left"), is(0));
        assertThat(value(accepted, "opposition-free-invokes-left"), is(0));
        assertThat(accepted.history().get(1).text(), containsString("spends its last 2 invokes"));
        assertThat(value(accepted, "fate-points-left"), is(1));
    }

    @Test
    void aPlayerWithNothingToInvokeWithMeetsTheOppositionsInvokesAtOnce() {
        Table table = Table.of("defend", "skill", 3, "difficulty", 1, "fate-points", 0,
                "opposition-free-invokes", 2);
        RollState state = table.roll("0000");
        assertThat(state.complete(), is(true));
        assertThat(value(state, "shifts"), is(3 - 1 - 4));
        assertThat(state.history().get(0).text(), containsString("spends its last 2 invokes"));
        assertThat(table.procedure.odds(table.inputs).outcomes().get(0).probability(),
                equalTo(FudgeDice.FOUR.p(v -> v <= 1)));
    }

    @Test
    void theOppositionInvokingSoonerChangesNothingForBestPlay() {
        Table table = Table.of("overcome", "skill", 2, "difficulty", 2, "fate-points", 1, "free-invokes", 1,
                "opposition-fate-points", 1);
        Goal goal = succeed(table.procedure);
        for (String faces : List.of("--00", "0000", "0+0+")) {
            RollState state = table.roll(faces);
            BestPlay now = Solver.standard().at(table.procedure, table.inputs, state, goal).orElseThrow();
            var against = move(state, "invoke-against", "aspect", "Dark", "pay", "fate-point");
            assertThat(faces, Solver.standard().move(table.procedure, table.inputs, state, against, goal)
                    .orElseThrow().probability(), equalTo(now.probability()));
            RollState after = table.apply(state, against);
            assertThat(faces, Solver.standard().at(table.procedure, table.inputs, after, goal).orElseThrow()
                    .probability(), equalTo(now.probability()));
        }
    }

    @Test
    void aFatePointNeedsAnAspectThatHasNotHadOne() {
        Table table = Table.of("overcome", "skill", 0, "difficulty", 6, "fate-points", 3, "aspects", 2,
                "free-invokes", 1);
        RollState state = table.roll("0000");
        state = table.apply(state, move(state, "invoke", "aspect", "Strong", "pay", "fate-point"));
        state = table.apply(state, move(state, "invoke", "aspect", "Quick", "pay", "fate-point"));
        List<Violation> third = table.refusals(state, move(state, "invoke", "aspect", "Lucky", "pay", "fate-point"));
        assertThat(third, hasSize(1));
        assertThat(third.get(0).field(), is("pay"));
        assertThat(third.get(0).message(), containsString("all 2 aspects that fit have had their fate point"));
        assertThat("a free invoke is still fine",
                table.refusals(state, move(state, "invoke", "aspect", "Strong", "pay", "free-invoke")), empty());
        state = table.apply(state, move(state, "invoke", "aspect", "Strong", "pay", "free-invoke"));
        assertThat("a fate point left, but no aspect to spend it on: the roll is over", state.complete(), is(true));
        assertThat(value(state, "fate-points-left"), is(1));
    }

    @Test
    void freeInvokesNeedAnAspectToSitOnAndOldRequestsStayValid() {
        Procedure overcome = real("overcome");
        Inputs none = inputs(overcome, "free-invokes", 2, "aspects", 0);
        List<Violation> refused = overcome.check(none);
        assertThat(refused, hasSize(1));
        assertThat(refused.get(0).field(), is("aspects"));
        assertThat(refused.get(0).message(), containsString("at least one aspect must fit"));
        Inputs old = inputs(overcome, "skill", 1, "difficulty", 2, "fate-points", 2, "free-invokes", 2,
                "opposition-fate-points", 1);
        assertThat(overcome.check(old), empty());
        assertThat(inputs(overcome, "fate-points", 0, "aspects", 0).integer("aspects"), is(0));
    }

    // ------------------------------------------------------------------ an independent enumeration

    private static int threshold(Goal goal) {
        return goal.reachedBy("fail") ? Integer.MIN_VALUE : goal.reachedBy("tie") ? 0 : goal.reachedBy("succeed")
                ? 1 : 3;
    }

    /**
     * Best play by listing all 81 faces of every throw: the player's shifts without dice ({@code margin}), fate
     * points, aspects that fit, free invokes; the opposition's invokes all land at the end; the goal is final shifts
     * of at least {@code threshold}. Each invoke is tried paid both ways and as +2 or a re-roll.
     */
    private static Fraction enumerated(int margin, int points, int aspects, int free, int against, int threshold) {
        var memo = new HashMap<List<Integer>, Fraction>();
        Fraction sum = Fraction.ZERO;
        for (int faces = 0; faces < 81; faces++) {
            sum = sum.plus(best(margin, sum(faces), points, aspects, free, against, threshold, memo)
                    .times(Fraction.of(1, 81)));
        }
        return sum;
    }

    private static int sum(int faces) {
        int total = 0;
        for (int die = 0; die < 4; die++) {
            total += faces % 3 - 1;
            faces /= 3;
        }
        return total;
    }

    private static Fraction best(int margin, int dice, int points, int aspects, int free, int against, int threshold,
            Map<List<Integer>, Fraction> memo) {
        List<Integer> key = List.of(margin, dice, points, aspects, free);
        Fraction known = memo.get(key);
        if (known != null) {
            return known;
        }
        int finalShifts = margin + dice - 2 * against;
        Fraction best = threshold == Integer.MIN_VALUE || finalShifts >= threshold ? Fraction.ONE : Fraction.ZERO;
        // {fate points, aspects, free invokes} after paying one way or the other
        var payments = new java.util.ArrayList<int[]>();
        if (points > 0 && aspects > 0) {
            payments.add(new int[] {points - 1, aspects - 1, free});
        }
        if (free > 0) {
            payments.add(new int[] {points, aspects, free - 1});
        }
        for (int[] paid : payments) {
            Fraction plusTwo = best(margin + 2, dice, paid[0], paid[1], paid[2], against, threshold, memo);
            Fraction reroll = Fraction.ZERO;
            for (int faces = 0; faces < 81; faces++) {
                reroll = reroll.plus(best(margin, sum(faces), paid[0], paid[1], paid[2], against, threshold, memo)
                        .times(Fraction.of(1, 81)));
            }
            best = max(best, max(plusTwo, reroll));
        }
        memo.put(key, best);
        return best;
    }

    private static Fraction max(Fraction a, Fraction b) {
        return a.compareTo(b) >= 0 ? a : b;
    }
}
