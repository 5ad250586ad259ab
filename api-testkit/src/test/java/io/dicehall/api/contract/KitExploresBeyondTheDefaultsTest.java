package io.dicehall.api.contract;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;

import io.dicehall.api.Dice;
import io.dicehall.api.GameSystem;
import io.dicehall.api.Procedure;
import io.dicehall.api.contract.HiddenMoveSystem.Fault;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.state.RollState;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.hamcrest.Matcher;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;

/**
 * The contract kit checks odds where only inputs other than the defaults, or other moves, lead: a probability
 * wrong there fails it, exactly, even when the difference is far too small for a sample to show.
 */
class KitExploresBeyondTheDefaultsTest {

    private static List<String> failures(Fault fault, Function<GameSystemContract, Stream<DynamicTest>> checks) {
        GameSystemContract kit = new GameSystemContract() {
            @Override
            protected GameSystem system() {
                return new HiddenMoveSystem(fault);
            }
        };
        var failures = new ArrayList<String>();
        checks.apply(kit).forEach(test -> {
            try {
                test.getExecutable().execute();
            } catch (AssertionError failure) {
                failures.add(failure.getMessage());
            } catch (Throwable other) {
                throw new IllegalStateException(fault + ": not a failed check", other);
            }
        });
        return failures;
    }

    private static Matcher<Iterable<? super String>> aFailure(String... parts) {
        List<Matcher<? super String>> all = new ArrayList<>();
        for (String part : parts) {
            all.add(containsString(part));
        }
        return hasItem(Matchers.allOf(all));
    }

    @Test
    void theDefaultsNeverOfferAMove() {
        // So a kit that looked only at the defaults would never have met the push or the nudge.
        Procedure gamble = new HiddenMoveSystem().procedures().get(0);
        Inputs defaults = gamble.form().defaultInputs();
        for (int a = 1; a <= 6; a++) {
            for (int b = 1; b <= 6; b++) {
                RollState state = gamble.start(defaults, Dice.scripted(a, b));
                assertThat(a + ", " + b, state.moves(), empty());
                assertThat(state.complete(), is(true));
            }
        }
    }

    @Test
    void withoutAFaultEveryOddsCheckPasses() {
        assertThat(failures(Fault.NONE, GameSystemContract::decisionOddsAgreeWithASeededSample), empty());
        assertThat(failures(Fault.NONE, GameSystemContract::oddsSumToOneAndAgreeWithASeededSample), empty());
    }

    @Test
    void wrongOddsOfAMoveOpenOnlyToADaringRollerFailTheKit() {
        assertThat(failures(Fault.PUSH_REROLLS_THE_WRONG_DIE, GameSystemContract::decisionOddsAgreeWithASeededSample),
                aFailure("decision odds of gamble", "daring=true", "move Move[id=push",
                        "the odds differ from every face of the rules"));
    }

    @Test
    void oddsOfAMoveRoundedToAPercentFailTheKitExactly() {
        // 17/100 for 1/6: within any sample's tolerance, but not what every face of the rules gives.
        assertThat(failures(Fault.PUSH_ROUNDED_TO_A_PERCENT, GameSystemContract::decisionOddsAgreeWithASeededSample),
                aFailure("move Move[id=push", "the odds differ from every face of the rules", "/100"));
    }

    @Test
    void wrongOddsOfAMoveOnlyAfterAnotherMoveFailTheKit() {
        List<String> failures = failures(Fault.PUSH_FORGETS_THE_NUDGES,
                GameSystemContract::decisionOddsAgreeWithASeededSample);
        assertThat(failures, aFailure("move Move[id=push", "nudge]", "the odds differ from every face of the rules"));
        // The same odds are right before any nudge, so the kit found the state only by playing a move first.
        assertThat(failures, not(hasItem(containsString("after [start]"))));
    }

    @Test
    void preRollOddsWrongOnlyAtAFieldsBoundFailTheKit() {
        assertThat(failures(Fault.LARGEST_BONUS_ROUNDED, GameSystemContract::oddsSumToOneAndAgreeWithASeededSample),
                aFailure("pre-roll odds of gamble", "bonus=2", "the odds differ from every face of the rules",
                        "success=odds 29/50, rules 7/12"));
        assertThat(failures(Fault.LARGEST_BONUS_ROUNDED, GameSystemContract::decisionOddsAgreeWithASeededSample),
                empty());
    }
}
