package io.dicehall.systems.fatewalker;

import static io.dicehall.systems.fatewalker.Rolls.inputs;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.sameInstance;

import io.dicehall.api.Dice;
import io.dicehall.api.Move;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.play.BestPlay;
import io.dicehall.api.play.Goal;
import io.dicehall.api.play.Solver;
import io.dicehall.api.state.RollState;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Best play of the extended roll from the tables shared across requests ({@link ExtendedGame.Tables}) against
 * the same answers worked out afresh, as before the tables were shared: exactly equal, on many states of the
 * largest pools (every TN and difficulty, the bonus kept and spent, a first throw and a few rolls after it), for
 * every goal, asked again and again so that every answer after the first comes from the tables.
 */
class ExtendedSharedTablesTest {

    private static final ExtendedProcedure EXTENDED = new ExtendedProcedure();
    private static final String[] DIFFICULTIES = {"simple", "normal", "difficult", "masterful", "nigh-impossible"};
    private static final List<Goal> GOALS = EXTENDED.outcomeOrder().goals();

    @Test
    void sharedTablesGiveExactlyTheAnswersWorkedOutAfresh() {
        int compared = 0;
        for (String difficulty : DIFFICULTIES) {
            for (int tn = 0; tn <= 8; tn++) {
                for (boolean first : new boolean[] {false, true}) {
                    Inputs in = inputs(EXTENDED, ExtendedOddsPinTest.largest(tn, difficulty, first));
                    for (RollState state : states(in, tn * 7L + difficulty.length())) {
                        ExtendedGame afresh = new ExtendedGame(ExtendedProcedure.Setup.of(in), false);
                        for (Goal goal : GOALS) {
                            BestPlay expected = Solver.standard().at(afresh, state, goal);
                            for (int ask = 0; ask < 2; ask++) {
                                assertThat(difficulty + ", TN " + tn + ", at " + state.memo() + ", " + goal,
                                        Solver.standard().at(EXTENDED, in, state, goal).orElseThrow(),
                                        equalTo(expected));
                            }
                            compared++;
                        }
                    }
                }
            }
        }
        assertThat("states and goals compared", compared > 500, equalTo(true));
    }

    @Test
    void gamesOfTheSameNumbersShareTheirTablesAndAnEmptiedCacheStartsAfresh() {
        Inputs in = inputs(EXTENDED, ExtendedOddsPinTest.largest(0, "normal", false));
        RollState state = EXTENDED.start(in, Dice.seeded(1));
        Goal goal = EXTENDED.outcomeOrder().goalByDefault();
        BestPlay before = Solver.standard().at(EXTENDED, in, state, goal).orElseThrow();
        ExtendedGame.Tables.clear();
        assertThat(Solver.standard().at(EXTENDED, in, state, goal).orElseThrow(), equalTo(before));
        ExtendedGame.Tables.Key key = new ExtendedGame.Tables.Key(18, 1, 0, 50, 55);
        assertThat(ExtendedGame.Tables.of(key), sameInstance(ExtendedGame.Tables.of(key)));
    }

    /** The first throw of a few seeds, and up to three rolls after it with the bonus and without. */
    private static List<RollState> states(Inputs in, long seed) {
        var states = new ArrayList<RollState>();
        for (long s = seed; s < seed + 3; s++) {
            Dice dice = Dice.seeded(s);
            RollState state = EXTENDED.start(in, dice);
            for (int step = 0; step < 4 && !state.complete(); step++) {
                states.add(state);
                List<Move> moves = new ExtendedGame(ExtendedProcedure.Setup.of(in)).moves(state);
                state = EXTENDED.apply(in, state, moves.get((int) ((s + step) % (moves.size() - 1))), dice);
            }
        }
        return states;
    }
}
