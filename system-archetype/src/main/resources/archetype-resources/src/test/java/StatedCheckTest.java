package ${package};

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.is;

import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.play.Goal;
import io.dicehall.api.play.Solver;
import io.dicehall.api.stated.Read;
import io.dicehall.api.stated.Reading;
import io.dicehall.api.stated.Rerolls;
import io.dicehall.api.stated.StatedProcedure;
import io.dicehall.api.stated.Throw;
import io.dicehall.api.state.Die;
import io.dicehall.api.state.MoveOption;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Verdict;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The sample's check, stated: the same rule as {@link CheckProcedure}, with its re-rolls declared once, so that the
 * roll, the moves, the odds of each re-roll and best play all come from one statement. The tests hold it to the
 * hand-written check on every input and every throw.
 */
class StatedCheckTest {

    /** 2d6 (3d6 keeping the best two with advantage) plus a modifier; a point of luck re-rolls a die. */
    static final class StatedCheck extends StatedProcedure {

        StatedCheck() {
            super("check", "Check", "Roll 2d6 plus a modifier: 10 or more is a full hit, 7 to 9 a partial hit.",
                    new CheckProcedure().form(), CheckProcedure.OUTCOMES);
        }

        @Override
        public Throw thrown(Inputs inputs) {
            return Throw.dice(inputs.flag("advantage") ? 3 : 2, 6);
        }

        /** The best two dice count, lowest first: a third die, with advantage, is the lowest and is dropped. */
        @Override
        public Reading<?> reading(Inputs inputs) {
            return Reading.sorted(faces -> {
                int total = faces.get(faces.size() - 1) + faces.get(faces.size() - 2) + inputs.integer("modifier");
                var verdicts = new ArrayList<Verdict>();
                for (int i = 0; i < faces.size(); i++) {
                    verdicts.add(i < faces.size() - 2 ? Verdict.UNCOUNTED : Verdict.NEUTRAL);
                }
                String outcome = total >= 10 ? "hit" : total >= 7 ? "partial" : "miss";
                return Read.as(outcome).tally("total", "Total", total).verdictsSorted(verdicts);
            });
        }

        /** Each point of luck re-rolls one die of the player's choice, until a full hit. */
        @Override
        public Rerolls rerolls(Inputs inputs) {
            return Rerolls.upTo(inputs.integer("luck")).until("hit");
        }
    }

    private final CheckProcedure byHand = new CheckProcedure();
    private final StatedCheck stated = new StatedCheck();

    private Inputs inputs(int modifier, boolean advantage, int luck) {
        return InputChecker.check(byHand.form(), Map.of("modifier", modifier, "advantage", advantage, "luck", luck))
                .orThrow();
    }

    private static Dice faces(List<Integer> faces) {
        Iterator<Integer> next = faces.iterator();
        return sides -> next.next();
    }

    private static void assertSameOdds(Odds stated, Odds byHand, String what) {
        for (var outcome : CheckProcedure.OUTCOMES) {
            assertThat(what + ": " + outcome.id(), stated.probability(outcome.id()),
                    equalTo(byHand.probability(outcome.id())));
        }
    }

    /** @return each die's face and verdict, sorted */
    private static List<String> readings(RollState state) {
        return state.dice().stream().map(d -> d.face() + " " + d.verdict()).sorted().toList();
    }

    @Test
    void thePreRollOddsAgreeOnEveryInput() {
        for (int modifier = -3; modifier <= 3; modifier++) {
            for (boolean advantage : new boolean[] {false, true}) {
                for (int luck = 0; luck <= 3; luck++) {
                    Inputs inputs = inputs(modifier, advantage, luck);
                    assertSameOdds(stated.odds(inputs), byHand.odds(inputs), inputs.toString());
                }
            }
        }
    }

    @Test
    void everyThrowAndEveryRerollAgree() {
        for (int modifier = -3; modifier <= 3; modifier++) {
            for (boolean advantage : new boolean[] {false, true}) {
                Inputs inputs = inputs(modifier, advantage, 1);
                for (int throwNumber = 0; throwNumber < (advantage ? 216 : 36); throwNumber++) {
                    var thrown = new ArrayList<Integer>();
                    for (int n = throwNumber, i = 0; i < (advantage ? 3 : 2); i++, n /= 6) {
                        thrown.add(n % 6 + 1);
                    }
                    RollState mine = stated.start(inputs, faces(thrown));
                    RollState theirs = byHand.start(inputs, faces(thrown));
                    String what = inputs + ", faces " + thrown;
                    assertThat(what, mine.outcome().id(), is(theirs.outcome().id()));
                    assertThat(what, mine.tallies(), equalTo(theirs.tallies()));
                    // Which of two equal dice is dropped may differ; the faces kept and dropped may not.
                    assertThat(what, readings(mine), equalTo(readings(theirs)));
                    assertThat(what, mine.moves().stream().map(MoveOption::id).toList(),
                            equalTo(theirs.moves().stream().map(MoveOption::id).toList()));
                    for (Die die : mine.complete() ? List.<Die>of() : mine.dice()) {
                        Move reroll = new Move("reroll", InputChecker.check(mine.move("reroll").orElseThrow().form(),
                                Map.of("die", die.id())).orThrow());
                        assertSameOdds(stated.odds(inputs, mine, reroll).orElseThrow(),
                                byHand.odds(inputs, theirs, reroll).orElseThrow(), what + ", re-roll " + die.id());
                    }
                }
            }
        }
    }

    @Test
    void bestPlayComesWithTheStatement() {
        Inputs inputs = inputs(0, false, 2);
        Goal hit = stated.outcomeOrder().goal("hit");
        var best = Solver.standard().beforeRoll(stated, inputs, hit).orElseThrow();
        // Two points of luck spent well beat keeping the first throw, which hits 6 times in 36.
        assertThat(best.probability(), greaterThan(stated.odds(inputs).probability("hit")));
        assertThat("the hand-written check gives no game", byHand.game(inputs).isPresent(), is(false));
    }
}
