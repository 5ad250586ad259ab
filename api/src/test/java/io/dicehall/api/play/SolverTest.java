package io.dicehall.api.play;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dicehall.api.Move;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Tone;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The solver on small games whose best play is known by hand or by a theorem, cycles included. */
class SolverTest {

    static final OutcomeOrder ORDER = OutcomeOrder.worstToBest(List.of(
            new Outcome("lose", "Lose", Tone.BAD, ""),
            new Outcome("stopped", "Stopped", Tone.MIXED, ""),
            new Outcome("win", "Win", Tone.GOOD, "")));
    static final Goal WIN = ORDER.goal("win");
    static final Goal STOPPED = ORDER.goal("stopped");

    /** A game written out as a table: positions are names, every move has no inputs. */
    static final class TableGame implements Game<String> {
        private final Map<String, Map<String, Lottery<String>>> moves = new LinkedHashMap<>();
        private final Map<String, String> outcomes = new HashMap<>();
        private final Map<String, Fraction> known = new HashMap<>();
        private Lottery<String> start;
        private Fraction knownBeforeRoll;

        /** @param chances position, probability ("1/3"), position, probability … */
        static Lottery<String> lottery(String... chances) {
            Lottery.Builder<String> builder = Lottery.builder();
            for (int i = 0; i < chances.length; i += 2) {
                String[] p = chances[i + 1].split("/");
                builder.add(chances[i], p.length == 1 ? Fraction.of(Long.parseLong(p[0]), 1)
                        : Fraction.of(Long.parseLong(p[0]), Long.parseLong(p[1])));
            }
            return builder.build();
        }

        TableGame start(String... chances) {
            start = lottery(chances);
            return this;
        }

        TableGame move(String from, String move, String... chances) {
            moves.computeIfAbsent(from, f -> new LinkedHashMap<>()).put(move, lottery(chances));
            return this;
        }

        TableGame over(String position, String outcome) {
            outcomes.put(position, outcome);
            return this;
        }

        TableGame known(String position, Fraction value) {
            known.put(position, value);
            return this;
        }

        @Override
        public Lottery<String> start() {
            return start;
        }

        @Override
        public String position(RollState state) {
            throw new UnsupportedOperationException("a table game has no real states");
        }

        @Override
        public List<Move> moves(String position) {
            return moves.getOrDefault(position, Map.of()).keySet().stream().map(id -> new Move(id, Inputs.NONE))
                    .toList();
        }

        @Override
        public Lottery<String> next(String position, Move move) {
            return moves.get(position).get(move.id());
        }

        @Override
        public String outcome(String position) {
            return outcomes.getOrDefault(position, "lose");
        }

        @Override
        public Optional<Fraction> value(String position, Goal goal) {
            return Optional.ofNullable(known.get(position));
        }

        @Override
        public Optional<Fraction> valueBeforeRoll(Goal goal) {
            return Optional.ofNullable(knownBeforeRoll);
        }
    }

    private static Fraction f(long n, long d) {
        return Fraction.of(n, d);
    }

    private static Fraction value(Game<String> game, String position, Goal goal) {
        return Solver.generic().atPosition(game, position, goal).probability();
    }

    private static List<String> ids(List<MoveChance> moves) {
        return moves.stream().map(m -> m.move().id()).toList();
    }

    /**
     * Half the time a choice between a safe throw (win 1/2) and a risky one (win 1/3, else a second chance that
     * wins 1/4 if pushed, or stops); half the time nothing to do.
     */
    private static TableGame twoStages() {
        return new TableGame()
                .start("a", "1/2", "b", "1/2")
                .move("a", "safe", "win", "1/2", "lose", "1/2")
                .move("a", "risky", "win", "1/3", "c", "2/3")
                .move("c", "push", "win", "1/4", "lose", "3/4")
                .move("c", "accept", "stopped", "1")
                .move("b", "accept", "lose", "1")
                .over("win", "win").over("stopped", "stopped").over("lose", "lose");
    }

    @Test
    void acyclicBestPlayByHand() {
        TableGame game = twoStages();
        // To win: at c push (1/4); at a safe 1/2 or risky 1/3 + 2/3 · 1/4 = 1/2, a tie; before the roll 1/4.
        assertThat(Solver.generic().beforeRoll(game, WIN).probability(), equalTo(f(1, 4)));
        assertThat(Solver.generic().beforeRoll(game, WIN).moves(), empty());
        BestPlay atA = Solver.generic().atPosition(game, "a", WIN);
        assertThat(atA.probability(), equalTo(f(1, 2)));
        assertThat(atA.tied(), is(true));
        assertThat(ids(atA.best()), equalTo(List.of("safe", "risky")));
        BestPlay atC = Solver.generic().atPosition(game, "c", WIN);
        assertThat(ids(atC.moves()), equalTo(List.of("push", "accept")));
        assertThat(atC.moves().get(1).probability(), equalTo(Fraction.ZERO));
        assertThat(atC.givesUp(atC.moves().get(1)), equalTo(f(1, 4)));
        assertThat(atC.tied(), is(false));
        // To stop at least: stopping at c is sure, so the risky throw is: 1/3 + 2/3 = 1; before the roll 1/2.
        assertThat(Solver.generic().beforeRoll(game, STOPPED).probability(), equalTo(f(1, 2)));
        BestPlay aStop = Solver.generic().atPosition(game, "a", STOPPED);
        assertThat(aStop.bestMove().orElseThrow().move().id(), is("risky"));
        assertThat(aStop.probability(), equalTo(Fraction.ONE));
        assertThat(ids(aStop.byMove()), equalTo(List.of("risky", "safe")));
        // Where the roll is over there is nothing to choose.
        BestPlay won = Solver.generic().atPosition(game, "win", WIN);
        assertThat(won.probability(), equalTo(Fraction.ONE));
        assertThat(won.moves(), empty());
    }

    @Test
    void aMoveThatMayComeBackIsRepeated() {
        // Retry: 1/2 back here, 1/6 win, 1/3 lose, so repeated it wins 1/6 ÷ 1/2 = 1/3; safe wins 1/4.
        TableGame game = new TableGame().start("a", "1")
                .move("a", "retry", "a", "1/2", "win", "1/6", "lose", "1/3")
                .move("a", "safe", "win", "1/4", "lose", "3/4")
                .over("win", "win");
        BestPlay play = Solver.generic().atPosition(game, "a", WIN);
        assertThat(play.probability(), equalTo(f(1, 3)));
        assertThat(ids(play.moves()), equalTo(List.of("retry", "safe")));
        assertThat(play.moves().get(1).probability(), equalTo(f(1, 4)));
        assertThat(Solver.generic().beforeRoll(game, WIN).probability(), equalTo(f(1, 3)));
    }

    /** Gambler's ruin: at {@code i} of {@code n}, bet {@code k ≤ min(i, n - i)}: win {@code p}, else lose it. */
    private static TableGame ruin(int n, Fraction p) {
        TableGame game = new TableGame().start("1", "1");
        String win = p.toString();
        String lose = p.complement().toString();
        for (int i = 1; i < n; i++) {
            for (int k = 1; k <= Math.min(i, n - i); k++) {
                String up = i + k == n ? "won" : String.valueOf(i + k);
                String down = i - k == 0 ? "ruined" : String.valueOf(i - k);
                game.move(String.valueOf(i), "bet-" + k, up, win, down, lose);
            }
        }
        return game.over("won", "win").over("ruined", "lose");
    }

    @Test
    void subfairOddsCallForBoldPlay() {
        // p = 1/3, to reach 4: bold play is best (Dubins and Savage): 1/9, 1/3, 5/9 from 1, 2, 3.
        TableGame game = ruin(4, f(1, 3));
        assertThat(value(game, "1", WIN), equalTo(f(1, 9)));
        assertThat(value(game, "2", WIN), equalTo(f(1, 3)));
        assertThat(value(game, "3", WIN), equalTo(f(5, 9)));
        BestPlay atTwo = Solver.generic().atPosition(game, "2", WIN);
        assertThat(atTwo.bestMove().orElseThrow().move().id(), is("bet-2"));
        // Betting 1 from 2, then playing best: 1/3 · 5/9 + 2/3 · 1/9.
        assertThat(atTwo.moves().get(1).probability(), equalTo(f(7, 27)));
    }

    @Test
    void superfairOddsCallForTimidPlay() {
        // p = 2/3, to reach 5: bet 1 each time; from i, (1 - (1/2)^i) / (1 - (1/2)^5) = (2^i - 1) 2^(5-i) / 31.
        TableGame game = ruin(5, f(2, 3));
        assertThat(value(game, "1", WIN), equalTo(f(16, 31)));
        assertThat(value(game, "2", WIN), equalTo(f(24, 31)));
        assertThat(value(game, "3", WIN), equalTo(f(28, 31)));
        assertThat(value(game, "4", WIN), equalTo(f(30, 31)));
        BestPlay atThree = Solver.generic().atPosition(game, "3", WIN);
        assertThat(atThree.bestMove().orElseThrow().move().id(), is("bet-1"));
        // Betting 2 from 3, then best: 2/3 + 1/3 · 16/31 = 26/31.
        assertThat(atThree.moves().get(1).probability(), equalTo(f(26, 31)));
        assertThat(Solver.generic().beforeRoll(game, WIN).probability(), equalTo(f(16, 31)));
    }

    @Test
    void goingRoundInCirclesIsWorthNothingButLeavesTheWayOutOpen() {
        // a and b lead to each other for sure; a's way out wins 1/3, b's 1/2: best is to go to b and out.
        TableGame game = new TableGame().start("a", "1")
                .move("a", "to-b", "b", "1")
                .move("a", "out", "win", "1/3", "lose", "2/3")
                .move("b", "to-a", "a", "1")
                .move("b", "out", "win", "1/2", "lose", "1/2")
                .over("win", "win");
        assertThat(value(game, "a", WIN), equalTo(f(1, 2)));
        assertThat(value(game, "b", WIN), equalTo(f(1, 2)));
        BestPlay atA = Solver.generic().atPosition(game, "a", WIN);
        assertThat(ids(atA.moves()), equalTo(List.of("to-b", "out")));
        // A play that never ends reaches no goal.
        TableGame stuck = new TableGame().start("s", "1").move("s", "wait", "s", "1").over("win", "win");
        assertThat(Solver.generic().beforeRoll(stuck, WIN).probability(), equalTo(Fraction.ZERO));
    }

    @Test
    void longPlaysNeedNoDeepStackAndTheLimitHolds() {
        TableGame chain = new TableGame().start("0", "1");
        int length = 150_000;
        for (int i = 0; i < length; i++) {
            chain.move(String.valueOf(i), "step", String.valueOf(i + 1), "1");
        }
        chain.over(String.valueOf(length), "win");
        assertThat(Solver.generic().beforeRoll(chain, WIN).probability(), equalTo(Fraction.ONE));
        SearchLimitException limit = assertThrows(SearchLimitException.class,
                () -> Solver.generic().limit(1000).beforeRoll(chain, WIN));
        assertThat(limit.limit(), is(1000));
        assertThrows(IllegalArgumentException.class, () -> Solver.generic().limit(0));
    }

    @Test
    void theStandardSolverTakesTheGamesOwnValues() {
        // Deliberately wrong own values, to see which solver reads them.
        TableGame game = twoStages().known("c", f(9, 10));
        assertThat(value(game, "a", WIN), equalTo(f(1, 2)));
        BestPlay standard = Solver.standard().atPosition(game, "a", WIN);
        assertThat(standard.bestMove().orElseThrow().move().id(), is("risky"));
        assertThat(standard.probability(), equalTo(f(1, 3).plus(f(2, 3).times(f(9, 10)))));
        // The position asked about is always searched, its own value notwithstanding.
        TableGame own = twoStages().known("a", f(1, 100));
        assertThat(Solver.standard().atPosition(own, "a", WIN).probability(), equalTo(f(1, 2)));
        assertThat(Solver.standard().beforeRoll(own, WIN).probability(), equalTo(f(1, 200)));
        own.knownBeforeRoll = f(1, 7);
        assertThat(Solver.standard().beforeRoll(own, WIN).probability(), equalTo(f(1, 7)));
        assertThat(Solver.generic().beforeRoll(own, WIN).probability(), equalTo(f(1, 4)));
    }

    @Test
    void answersHoldTheirShape() {
        Move a = new Move("a", Inputs.NONE);
        Move b = new Move("b", Inputs.NONE);
        assertThrows(IllegalArgumentException.class, () -> new BestPlay(WIN, f(1, 2),
                List.of(new MoveChance(a, f(1, 3)), new MoveChance(b, f(1, 2)))));
        assertThrows(IllegalArgumentException.class, () -> new BestPlay(WIN, f(1, 2),
                List.of(new MoveChance(a, f(1, 3)))));
        assertThrows(IllegalArgumentException.class, () -> new BestPlay(WIN, f(3, 2), List.of()));
        assertThrows(IllegalArgumentException.class, () -> new MoveChance(a, f(3, 2)));
    }
}
