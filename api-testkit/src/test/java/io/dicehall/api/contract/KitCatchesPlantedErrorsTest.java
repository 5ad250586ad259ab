package io.dicehall.api.contract;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;

import io.dicehall.api.Dice;
import io.dicehall.api.GameSystem;
import io.dicehall.api.Move;
import io.dicehall.api.Procedure;
import io.dicehall.api.contract.ActionPoolSystem.Fault;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.IntegerField;
import io.dicehall.api.stated.Read;
import io.dicehall.api.stated.Reading;
import io.dicehall.api.stated.Rerolls;
import io.dicehall.api.stated.StatedProcedure;
import io.dicehall.api.stated.Throw;
import io.dicehall.api.state.RollState;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;

/**
 * Errors planted in the odds where only a combination of fields, or only a large pool, leads: each fails the kit,
 * on every seed, and the failing test is named by the procedure, the inputs and how they were checked.
 */
class KitCatchesPlantedErrorsTest {

    /** A failed dynamic test: its name and its message. */
    record Failure(String name, String message) {
    }

    /** A kit run with the defaults but for what {@code kit} changes. */
    static List<Failure> failures(GameSystemContract kit,
            Function<GameSystemContract, Stream<DynamicTest>> checks) {
        var failures = new ArrayList<Failure>();
        checks.apply(kit).forEach(test -> {
            try {
                test.getExecutable().execute();
            } catch (TestAbortedException skipped) {
                // reported as skipped, with why: not a failure
            } catch (AssertionError failure) {
                failures.add(new Failure(test.getDisplayName(), failure.getMessage()));
            } catch (Throwable other) {
                throw new IllegalStateException(test.getDisplayName() + ": not a failed check", other);
            }
        });
        return failures;
    }

    private static GameSystemContract kit(GameSystem system, long seed) {
        return new GameSystemContract() {
            @Override
            protected GameSystem system() {
                return system;
            }

            @Override
            protected long seed() {
                return seed;
            }
        };
    }

    private static List<String> messages(List<Failure> failures) {
        return failures.stream().map(Failure::message).toList();
    }

    private static List<String> names(List<Failure> failures) {
        return failures.stream().map(Failure::name).toList();
    }

    @Test
    void withoutAFaultTheOddsChecksPass() {
        for (boolean stated : new boolean[] {false, true}) {
            GameSystemContract kit = kit(new ActionPoolSystem(Fault.NONE, stated), 1);
            assertThat(failures(kit, GameSystemContract::oddsSumToOneAndAgreeWithASeededSample), empty());
            assertThat(failures(kit, GameSystemContract::statedRollsThrowAndReadAsStated), empty());
        }
    }

    @Test
    void anErrorOfOneCombinationOfTwoFieldsFailsTheKitOnEverySeed() {
        for (long seed = 1; seed <= 10; seed++) {
            List<Failure> failures = failures(kit(new ActionPoolSystem(Fault.TWO_FIELDS, false), seed),
                    GameSystemContract::oddsSumToOneAndAgreeWithASeededSample);
            assertThat("seed " + seed, messages(failures), hasItem(allOf(containsString("pre-roll odds of action"),
                    containsString("rating=2"), containsString("assist=true"), containsString("push=false"),
                    containsString("the odds differ from every face of the rules"),
                    containsString("success=odds 19/54, rules 25/72"))));
            // The test is named by the procedure, the inputs, where they came from and how they were checked.
            assertThat("seed " + seed, names(failures), hasItem(allOf(containsString("pre-roll odds: action"),
                    containsString("rating=2"), containsString("assist=true"), containsString("[every combination]"),
                    containsString("against every face (216 combinations)"))));
        }
    }

    @Test
    void anErrorOfOneCombinationOfThreeFieldsFailsTheKitOnEverySeed() {
        for (long seed = 1; seed <= 10; seed++) {
            List<Failure> failures = failures(kit(new ActionPoolSystem(Fault.THREE_FIELDS, false), seed),
                    GameSystemContract::oddsSumToOneAndAgreeWithASeededSample);
            assertThat("seed " + seed, messages(failures), hasItem(allOf(containsString("rating=3"),
                    containsString("assist=true"), containsString("push=true"),
                    containsString("the odds differ from every face of the rules"))));
        }
    }

    @Test
    void anErrorInAPoolFarBeyondBruteForceFailsTheKitByDynamicProgramming() {
        // Twelve d6: 2,176,782,336 throws, beyond brute force; the stated roll is read by dynamic programming.
        List<Failure> failures = failures(kit(new ActionPoolSystem(Fault.LARGE_POOL, true), 1),
                GameSystemContract::oddsSumToOneAndAgreeWithASeededSample);
        assertThat(messages(failures), hasItem(allOf(containsString("bonus=6"), containsString("rating=4"),
                containsString("the odds differ from the stated roll (dynamic programming over 12d6)"))));
        assertThat(names(failures), hasItem(allOf(containsString("[every combination]"),
                containsString("against the stated roll (dynamic programming over 12d6)"))));
    }

    @Test
    void beyondTheCombinationBudgetAnInputTheAuthorAddsIsChecked() {
        // With a budget of 4 combinations the kit checks all pairs of values, which need not meet the three
        // fields together; the author adds the combination that matters, and the kit checks it.
        GameSystemContract kit = new GameSystemContract() {
            @Override
            protected GameSystem system() {
                return new ActionPoolSystem(Fault.THREE_FIELDS, false);
            }

            @Override
            protected int inputBudget() {
                return 4;
            }

            @Override
            protected List<Map<String, Object>> moreInputs(Procedure procedure) {
                return List.of(Map.of("rating", 3, "assist", true, "push", true, "position", "desperate"));
            }
        };
        List<Failure> failures = failures(kit, GameSystemContract::oddsSumToOneAndAgreeWithASeededSample);
        assertThat(names(failures), hasItem(allOf(containsString("rating=3"), containsString("assist=true"),
                containsString("push=true"), containsString("position=desperate"), containsString("[added]"))));
    }

    @Test
    void inputsTheAuthorMarksImpossibleAreLeftOut() {
        GameSystemContract kit = new GameSystemContract() {
            @Override
            protected GameSystem system() {
                return new ActionPoolSystem(Fault.TWO_FIELDS, false);
            }

            @Override
            protected boolean possible(Procedure procedure, Inputs inputs) {
                return !(inputs.integer("rating") == 2 && inputs.flag("assist"));
            }
        };
        assertThat(failures(kit, GameSystemContract::oddsSumToOneAndAgreeWithASeededSample), empty());
    }

    @Test
    void anInputTheAuthorAddsThatTheFormRefusesFailsTheKit() {
        GameSystemContract kit = new GameSystemContract() {
            @Override
            protected GameSystem system() {
                return new ActionPoolSystem(Fault.NONE, false);
            }

            @Override
            protected List<Map<String, Object>> moreInputs(Procedure procedure) {
                return List.of(Map.of("rating", 9));
            }
        };
        assertThat(messages(failures(kit, GameSystemContract::oddsSumToOneAndAgreeWithASeededSample)),
                hasItem(containsString("an input added by moreInputs() is refused by the form")));
    }

    /** A stated roll whose fold keeps the last die rather than the highest: its odds depend on the order. */
    private static GameSystem lastDieSystem() {
        var procedure = new StatedProcedure("last", "Last die", "Reads the last die thrown.",
                Form.of(IntegerField.of("dice", "Dice", 1, 3, 2)), ActionPoolSystem.OUTCOMES) {
            @Override
            public Throw thrown(Inputs inputs) {
                return Throw.dice(inputs.integer("dice"), 6);
            }

            @Override
            public Reading<?> reading(Inputs inputs) {
                return Reading.fold(0, (last, face) -> face, last -> Read.as(ActionPoolSystem.outcome(last, 0)));
            }
        };
        return new TestSystem("test-last-die", "Last die", "A fold that depends on the order of the dice.",
                procedure);
    }

    @Test
    void aFoldThatDependsOnTheOrderOfTheDiceFailsTheKit() {
        List<Failure> failures = failures(kit(lastDieSystem(), 1),
                GameSystemContract::statedRollsThrowAndReadAsStated);
        assertThat(messages(failures), hasItem(containsString("a reading must not depend on the order of the dice")));
        assertThat(names(failures), not(empty()));
    }

    /** The stated check with luck, but a re-roll always throws the first die, whichever the player picks. */
    private static GameSystem wrongDieSystem() {
        var procedure = new StatedLuckSystem.Check() {
            @Override
            public RollState apply(Inputs inputs, RollState state, Move move, Dice dice) {
                if (!move.id().equals(Rerolls.REROLL)) {
                    return super.apply(inputs, state, move, dice);
                }
                Inputs first = InputChecker.check(state.move(move.id()).orElseThrow().form(), Map.of("die", "d1"))
                        .orThrow();
                return super.apply(inputs, state, new Move(move.id(), first), dice);
            }
        };
        return new TestSystem("test-wrong-die", "Wrong die", "A re-roll that throws another die.", procedure);
    }

    @Test
    void aRerollThatThrowsAnotherDieThanPickedFailsTheKit() {
        GameSystemContract kit = kit(wrongDieSystem(), 1);
        assertThat(messages(failures(kit, GameSystemContract::statedRollsThrowAndReadAsStated)),
                hasItem(containsString("keeps the other dice")));
        assertThat(messages(failures(kit, GameSystemContract::decisionOddsAgreeWithASeededSample)),
                hasItem(containsString("the odds differ from every face of the rules")));
    }
}
