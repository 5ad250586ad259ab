package io.dicehall.systems.taskschecks;

import static io.dicehall.systems.taskschecks.Play.f;
import static io.dicehall.systems.taskschecks.Play.map;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;

import io.dicehall.api.Move;
import io.dicehall.api.Procedure;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.odds.Chance;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.play.BestPlay;
import io.dicehall.api.play.Goal;
import io.dicehall.api.play.MoveChance;
import io.dicehall.api.play.Solver;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The audit's examples, where the texts allow a player more than an earlier reading did: exact figures for the
 * KISS of a die that already succeeded, and for Ego declared with the KISSes on a Die of Fortune.
 */
class TextReadingsTest {

    private final CheckProcedure check = new CheckProcedure();
    private final TaskProcedure task = new TaskProcedure();

    private static Inputs inputs(Procedure procedure, Map<String, Object> raw) {
        return InputChecker.check(procedure.form(), raw).orThrow();
    }

    private static Fraction before(Solver solver, Procedure procedure, Inputs inputs, String goal) {
        return solver.beforeRoll(procedure, inputs, procedure.outcomeOrder().goal(goal)).orElseThrow().probability();
    }

    @Test
    void aCheckAtRankOneMayKissASuccessToFishForASixForEgo() {
        // rank 1, stress 1: two dice that always succeed; Flying Colors needs a 6 and Ego. Without the KISS of a
        // success: 1 − (5/6)² = 11/36; with it, a second chance at a 6 when neither die shows one: 11/36 + 25/216
        Inputs inputs = inputs(check, map("rank", 1, "stress", 1, "kisses", 1));
        assertThat(before(Solver.standard(), check, inputs, "flying-colors"), equalTo(f(91, 216)));
        assertThat(before(Solver.generic(), check, inputs, "flying-colors"), equalTo(f(91, 216)));
        // the stated plan (KISSes on failed dice only, then Ego) stays at the old figure
        Chance planned = check.odds(inputs).plans().stream().filter(p -> p.id().equals("kiss-all-ego")).findFirst()
                .orElseThrow().outcomes().stream().filter(c -> c.id().equals("flying-colors")).findFirst()
                .orElseThrow();
        assertThat(planned.probability(), equalTo(f(11, 36)));
    }

    @Test
    void afterFiveFiveAtRankFiveAKissOfASuccessWithEgoGivesOneInSixAtFlyingColors() {
        Play play = Play.roll(check, map("rank", 5, "stress", 1, "kisses", 1), 5, 5);
        assertThat(play.outcome(), equalTo("regular-pass"));
        Goal goal = check.outcomeOrder().goal("flying-colors");
        BestPlay best = Solver.standard().at(check, play.inputs, play.state, goal).orElseThrow();
        assertThat(best.probability(), equalTo(f(1, 6)));
        MoveChance kiss = best.moves().stream().filter(m -> m.move().id().equals("kiss")).findFirst().orElseThrow();
        assertThat(kiss.probability(), equalTo(f(1, 6)));
        assertThat(kiss.move().inputs().picks("dice"), equalTo(List.of("d1")));
        // the move's own decision odds, with Ego declared with the KISS: a 6 (1 in 6) counts twice
        Move withEgo = play.move("kiss", "dice", List.of("d1"), "ego", List.of("you"));
        assertThat(play.refusal(withEgo), equalTo(List.of()));
        Map<String, Fraction> odds = outcomes(play.odds(withEgo).outcomes());
        assertThat(odds.get("flying-colors"), equalTo(f(1, 6)));
        assertThat(odds.get("regular-pass"), equalTo(f(1, 6)));
        assertThat(odds.get("partial-pass"), equalTo(f(4, 6)));
        // and played: the 5 becomes a 6, which Ego counts twice
        play.make(withEgo, 6);
        assertThat(play.outcome(), equalTo("flying-colors"));
        assertThat(play.tally("successes"), equalTo(3));
    }

    @Test
    void egoOnTheDieOfFortuneIsDeclaredWithTheKissesNotSeenBeforeThem() {
        // one rank-5 help die, 1 KISS, Health 1, 2 factors: seeing Ego's die before the KISS gave 247/972
        Inputs inputs = inputs(task, map("job-level", 0, "kisses", 1, "health", 1, "objectives", 1,
                "difficulty-factors", 1, "helpers", List.of(map("name", "", "rank", 5))));
        assertThat(before(Solver.standard(), task, inputs, "pass"), equalTo(f(469, 1944)));
        assertThat(before(Solver.generic(), task, inputs, "pass"), equalTo(f(469, 1944)));
    }

    private static Map<String, Fraction> outcomes(List<Chance> chances) {
        var map = new java.util.LinkedHashMap<String, Fraction>();
        chances.forEach(c -> map.put(c.id(), c.probability()));
        return map;
    }
}
