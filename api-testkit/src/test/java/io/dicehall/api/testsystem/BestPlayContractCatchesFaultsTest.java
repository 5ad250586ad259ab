package io.dicehall.api.testsystem;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dicehall.api.Attribution;
import io.dicehall.api.Dice;
import io.dicehall.api.GameSystem;
import io.dicehall.api.Move;
import io.dicehall.api.Procedure;
import io.dicehall.api.contract.GameSystemContract;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.Violation;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.play.Game;
import io.dicehall.api.play.Goal;
import io.dicehall.api.play.Lottery;
import io.dicehall.api.play.OutcomeOrder;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;

/** The contract kit's best-play checks fail a game that breaks its contract, each in its own way. */
class BestPlayContractCatchesFaultsTest {

    enum Fault {
        /** Throws as if the target were one higher. */
        WRONG_ODDS,
        /** Its own value of a position is half the true one. */
        WRONG_OWN_VALUE,
        /** Leaves out the move to stop. */
        MISSING_MOVE,
        /** Offers to re-roll more dice than the re-rolls allow. */
        ILLEGAL_MOVE,
        /** Says re-rolling is not the player's choice, so best play never re-rolls. */
        NO_REROLLS,
        /** Reads a hit as a great hit. */
        WRONG_OUTCOME,
        /** Its order leaves out an outcome. */
        PARTIAL_ORDER,
        /** Gives no game at all: not a fault, best play is simply skipped. */
        NO_GAME
    }

    private static List<String> failures(Fault fault, Function<GameSystemContract, Stream<DynamicTest>> checks) {
        GameSystemContract kit = new GameSystemContract() {
            @Override
            protected GameSystem system() {
                return new FaultySystem(fault);
            }
        };
        var failures = new ArrayList<String>();
        checks.apply(kit).forEach(test -> {
            try {
                test.getExecutable().execute();
            } catch (TestAbortedException skipped) {
                // Reported as skipped, with why (brute force too large on a random input): not a failure.
            } catch (AssertionError failure) {
                failures.add(failure.getMessage());
            } catch (Throwable other) {
                throw new IllegalStateException(fault + ": not a failed check", other);
            }
        });
        return failures;
    }

    @Test
    void wrongOddsFailTheTransitionCheck() {
        List<String> failed = failures(Fault.WRONG_ODDS, GameSystemContract::bestPlayTransitionsAgreeWithTheRules);
        assertThat(failed, not(empty()));
        assertThat(failed.get(0), containsString("the game's lottery differs from every face of the rules"));
        assertThat(failures(Fault.WRONG_ODDS, GameSystemContract::bestPlayAgreesWithTheGenericSolverAndBruteForce),
                not(empty()));
    }

    @Test
    void aWrongOwnValueFailsTheComparisonWithTheSearch() {
        List<String> failed = failures(Fault.WRONG_OWN_VALUE,
                GameSystemContract::bestPlayAgreesWithTheGenericSolverAndBruteForce);
        assertThat(failed, not(empty()));
        assertThat(failed.get(0), containsString("against the search"));
        assertThat(failures(Fault.WRONG_OWN_VALUE, GameSystemContract::bestPlayTransitionsAgreeWithTheRules), empty());
    }

    @Test
    void aMissingMoveFailsTheTransitionCheck() {
        List<String> failed = failures(Fault.MISSING_MOVE, GameSystemContract::bestPlayTransitionsAgreeWithTheRules);
        assertThat(failed, not(empty()));
        assertThat(failed.get(0), containsString("the open move accept is not listed"));
    }

    @Test
    void anIllegalMoveFailsTheTransitionCheck() {
        List<String> failed = failures(Fault.ILLEGAL_MOVE, GameSystemContract::bestPlayTransitionsAgreeWithTheRules);
        assertThat(failed, not(empty()));
        assertThat(failed.get(0), containsString("breaks a rule"));
    }

    @Test
    void bestPlayBelowAStatedPlanFails() {
        List<String> failed = failures(Fault.NO_REROLLS, GameSystemContract::bestPlayIsNeverBelowAStatedPlan);
        assertThat(failed, not(empty()));
        assertThat(failed.get(0), containsString("the plan reroll-all"));
        // Brute force knows re-rolls help.
        assertThat(failures(Fault.NO_REROLLS, GameSystemContract::bestPlayAgreesWithTheGenericSolverAndBruteForce),
                not(empty()));
    }

    @Test
    void aWrongOutcomeFailsTheTransitionCheck() {
        List<String> failed = failures(Fault.WRONG_OUTCOME, GameSystemContract::bestPlayTransitionsAgreeWithTheRules);
        assertThat(failed, not(empty()));
        assertThat(failed.get(0), containsString("the outcome as it stands"));
    }

    @Test
    void anOrderThatLeavesOutAnOutcomeFails() {
        List<String> failed = failures(Fault.PARTIAL_ORDER, GameSystemContract::outcomeOrderRanksEveryOutcome);
        assertThat(failed, not(empty()));
        assertThat(failed.get(0), containsString("must rank each declared outcome exactly once"));
    }

    @Test
    void aProcedureWithoutAGameSkipsTheChecks() {
        GameSystemContract kit = new GameSystemContract() {
            @Override
            protected GameSystem system() {
                return new FaultySystem(Fault.NO_GAME);
            }
        };
        for (Stream<DynamicTest> tests : List.of(kit.bestPlayTransitionsAgreeWithTheRules(),
                kit.bestPlayAgreesWithTheGenericSolverAndBruteForce(), kit.bestPlayIsNeverBelowAStatedPlan(),
                kit.everyMoveIsWorthWhatBestPlayAfterItGives())) {
            tests.forEach(test -> assertThrows(TestAbortedException.class, test.getExecutable()::execute));
        }
    }

    @Test
    void theSoundGamePassesEveryCheck() {
        for (Function<GameSystemContract, Stream<DynamicTest>> checks : List.<Function<GameSystemContract,
                Stream<DynamicTest>>>of(GameSystemContract::outcomeOrderRanksEveryOutcome,
                GameSystemContract::bestPlayTransitionsAgreeWithTheRules,
                GameSystemContract::bestPlayAgreesWithTheGenericSolverAndBruteForce,
                GameSystemContract::bestPlayIsNeverBelowAStatedPlan,
                GameSystemContract::everyMoveIsWorthWhatBestPlayAfterItGives)) {
            assertThat(failures(null, checks), empty());
        }
    }

    /** The test pool with one fault in its game (none for {@code null}). */
    private static final class FaultySystem implements GameSystem {
        private final Fault fault;

        FaultySystem(Fault fault) {
            this.fault = fault;
        }

        @Override
        public String id() {
            return "faulty-pool";
        }

        @Override
        public String name() {
            return "Faulty Pool";
        }

        @Override
        public String summary() {
            return "The test pool with a fault in its best play.";
        }

        @Override
        public Attribution attribution() {
            return new Attribution("Dicehall", "Test Pool", "CC0 1.0", "");
        }

        @Override
        public List<Procedure> procedures() {
            return List.of(new FaultyPool(fault));
        }
    }

    private static final class FaultyPool implements Procedure {
        private final PoolProcedure pool = new PoolProcedure();
        private final Fault fault;

        FaultyPool(Fault fault) {
            this.fault = fault;
        }

        @Override
        public String id() {
            return pool.id();
        }

        @Override
        public String name() {
            return pool.name();
        }

        @Override
        public String summary() {
            return pool.summary();
        }

        @Override
        public Form form() {
            return pool.form();
        }

        @Override
        public List<Outcome> outcomes() {
            return pool.outcomes();
        }

        @Override
        public List<Violation> check(Inputs inputs) {
            return pool.check(inputs);
        }

        @Override
        public RollState start(Inputs inputs, Dice dice) {
            return pool.start(inputs, dice);
        }

        @Override
        public List<Violation> checkMove(Inputs inputs, RollState state, Move move) {
            return pool.checkMove(inputs, state, move);
        }

        @Override
        public RollState apply(Inputs inputs, RollState state, Move move, Dice dice) {
            return pool.apply(inputs, state, move, dice);
        }

        @Override
        public Odds odds(Inputs inputs) {
            return pool.odds(inputs);
        }

        @Override
        public Optional<Odds> odds(Inputs inputs, RollState state, Move move) {
            return pool.odds(inputs, state, move);
        }

        @Override
        public OutcomeOrder outcomeOrder() {
            return fault == Fault.PARTIAL_ORDER ? OutcomeOrder.worstToBest(pool.outcomes().subList(0, 2))
                    : pool.outcomeOrder();
        }

        @Override
        public Optional<Game<?>> game(Inputs inputs) {
            if (fault == Fault.NO_GAME) {
                return Optional.empty();
            }
            var raw = new HashMap<String, Object>(inputs.toMap());
            raw.put("target", Math.min(6, inputs.integer("target") + 1));
            Inputs harder = InputChecker.check(pool.form(), raw).orThrow();
            return Optional.of(new FaultyGame(new PoolGame(inputs, true),
                    fault == Fault.WRONG_ODDS ? new PoolGame(harder, true) : new PoolGame(inputs, true), fault));
        }
    }

    private record FaultyGame(PoolGame game, PoolGame odds, Fault fault) implements Game<PoolGame.Position> {

        @Override
        public Lottery<PoolGame.Position> start() {
            return odds.start();
        }

        @Override
        public PoolGame.Position position(RollState state) {
            return game.position(state);
        }

        @Override
        public List<Move> moves(PoolGame.Position position) {
            return spoil(game.moves(position));
        }

        @Override
        public List<Move> moves(RollState state) {
            List<Move> moves = spoil(game.moves(state));
            if (fault == Fault.ILLEGAL_MOVE && !state.complete()) {
                var all = new ArrayList<>(moves);
                List<String> failed = state.move("reroll").orElseThrow().form().fields().get(0) instanceof
                        io.dicehall.api.form.PickField pick ? pick.options().stream().map(o -> o.value()).toList()
                        : List.of();
                all.add(0, new Move("reroll", InputChecker.check(state.move("reroll").orElseThrow().form(),
                        java.util.Map.of("dice", failed)).orThrow()));
                return all;
            }
            return moves;
        }

        private List<Move> spoil(List<Move> moves) {
            if (fault == Fault.MISSING_MOVE) {
                return moves.stream().filter(m -> !m.id().equals("accept") || moves.size() == 1).toList();
            }
            if (fault == Fault.NO_REROLLS) {
                return moves.stream().filter(m -> !m.id().equals("reroll")).toList();
            }
            return moves;
        }

        @Override
        public Lottery<PoolGame.Position> next(PoolGame.Position position, Move move) {
            return odds.next(position, move);
        }

        @Override
        public String outcome(PoolGame.Position position) {
            String outcome = game.outcome(position);
            return fault == Fault.WRONG_OUTCOME && outcome.equals("hit") ? "great-hit" : outcome;
        }

        @Override
        public boolean playerChooses(String moveId) {
            return !(fault == Fault.NO_REROLLS && moveId.equals("reroll"));
        }

        @Override
        public Optional<Fraction> value(PoolGame.Position position, Goal goal) {
            if (fault == Fault.NO_REROLLS) {
                return Optional.empty(); // the pool's own values assume re-rolls
            }
            Optional<Fraction> value = game.value(position, goal);
            return fault == Fault.WRONG_OWN_VALUE ? value.map(v -> v.times(Fraction.of(1, 2))) : value;
        }
    }
}
