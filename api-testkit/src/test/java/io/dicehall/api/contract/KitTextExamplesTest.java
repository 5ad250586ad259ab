package io.dicehall.api.contract;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasItem;

import io.dicehall.api.Dice;
import io.dicehall.api.GameSystem;
import io.dicehall.api.Procedure;
import io.dicehall.api.SingleThrowProcedure;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.TextField;
import io.dicehall.api.form.Violation;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Tone;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;

/**
 * Text the kit cannot make up: a pool written as {@code 1d6} to {@code 4d6} in a text field. Given legal values
 * ({@code legalTexts}), the kit rolls them and checks each one's odds, so an error planted in one of them fails it
 * on every seed; values declared legal that the rules refuse, or illegal that they accept, fail it too.
 */
class KitTextExamplesTest {

    private static final Pattern POOL = Pattern.compile("([1-4])d6");
    private static final List<Outcome> OUTCOMES = List.of(
            Outcome.of("none", "No six", Tone.BAD, "No die shows a 6."),
            Outcome.of("six", "A six", Tone.GOOD, "At least one die shows a 6."));
    private static final List<String> LEGAL = List.of("1d6", "2d6", "3d6", "4d6");

    /** Any die showing 6 is a six; with {@code wrongAt}, the odds of that pool are off by 1/216. */
    private static GameSystem system(int wrongAt) {
        var procedure = new SingleThrowProcedure("pool", "Pool", "Roll a pool of d6s, hoping for a six.",
                Form.of(TextField.of("pool", "Pool", 10).requiredWithDefault("2d6")), OUTCOMES) {
            @Override
            public List<Violation> check(Inputs inputs) {
                return POOL.matcher(inputs.text("pool")).matches() ? List.of()
                        : List.of(Violation.of("pool", "must be 1d6 to 4d6"));
            }

            @Override
            public RollState start(Inputs inputs, Dice dice) {
                boolean six = false;
                for (int i = 0; i < dice(inputs); i++) {
                    six |= dice.roll(6) == 6;
                }
                return RollState.builder().step("start", "Rolled " + inputs.text("pool"))
                        .outcome(OUTCOMES.get(six ? 1 : 0)).complete().build();
            }

            @Override
            public Odds odds(Inputs inputs) {
                int n = dice(inputs);
                Fraction none = Fraction.ONE;
                for (int i = 0; i < n; i++) {
                    none = none.times(Fraction.of(5, 6));
                }
                if (n == wrongAt) {
                    none = none.plus(Fraction.of(1, 216));
                }
                return Odds.over(OUTCOMES).add("none", none).add("six", Fraction.ONE.minus(none)).build();
            }

            private int dice(Inputs inputs) {
                return Integer.parseInt(inputs.text("pool").substring(0, 1));
            }
        };
        return new TestSystem("test-text-pool", "Text pool", "A pool written in a text field.", procedure);
    }

    private static GameSystemContract kit(GameSystem system, long seed, List<String> legal, List<String> illegal) {
        return new GameSystemContract() {
            @Override
            protected GameSystem system() {
                return system;
            }

            @Override
            protected long seed() {
                return seed;
            }

            @Override
            protected List<String> legalTexts(Procedure procedure, TextField field) {
                return legal;
            }

            @Override
            protected List<String> illegalTexts(Procedure procedure, TextField field) {
                return illegal;
            }
        };
    }

    /** The failures (test name and message) of these tests; skipped tests are not failures. */
    private static List<String> failures(GameSystemContract kit,
            Function<GameSystemContract, Stream<DynamicTest>> checks) {
        return KitCatchesPlantedErrorsTest.failures(kit, checks).stream().map(f -> f.name() + ": " + f.message())
                .toList();
    }

    @Test
    void withLegalValuesTheKitRollsThemAndChecksEachOnesOdds() {
        GameSystemContract kit = kit(system(0), 1, LEGAL, List.of("5d6", "2d8", "six"));
        assertThat(failures(kit, GameSystemContract::randomLegalInputsRollAndPlayToTheEnd), empty());
        assertThat(failures(kit, GameSystemContract::textExamplesAreLegalOrRefusedAsDeclared), empty());
        List<String> names = kit.oddsSumToOneAndAgreeWithASeededSample().map(DynamicTest::getDisplayName).toList();
        for (String pool : LEGAL) {
            assertThat(names, hasItem(allOf(containsString("pool=" + pool), containsString("against every face"))));
        }
    }

    @Test
    void anErrorInTheOddsOfOneLegalValueFailsTheKitOnEverySeed() {
        for (long seed = 1; seed <= 10; seed++) {
            assertThat("seed " + seed, failures(kit(system(3), seed, LEGAL, List.of()),
                    GameSystemContract::oddsSumToOneAndAgreeWithASeededSample), hasItem(allOf(
                            containsString("pool=3d6"), containsString("the odds differ from every face of the rules"))));
        }
    }

    @Test
    void withoutLegalValuesTheKitSaysToGiveThem() {
        assertThat(failures(kit(system(0), 1, List.of(), List.of()),
                GameSystemContract::randomLegalInputsRollAndPlayToTheEnd),
                hasItem(containsString("give some with legalTexts()")));
    }

    @Test
    void aLegalValueTheRulesRefuseFailsTheKit() {
        assertThat(failures(kit(system(0), 1, List.of("2d6", "5d6"), List.of()),
                GameSystemContract::textExamplesAreLegalOrRefusedAsDeclared),
                hasItem(containsString("legalTexts() gives pool = \"5d6\", which is refused")));
    }

    @Test
    void anIllegalValueTheRulesAcceptFailsTheKit() {
        assertThat(failures(kit(system(0), 1, LEGAL, List.of("4d6")),
                GameSystemContract::textExamplesAreLegalOrRefusedAsDeclared),
                hasItem(containsString("illegalTexts() gives pool = \"4d6\", which is accepted")));
    }

    @Test
    void withoutLegalValuesATextFieldTheRulesReadIsReportedAsSkipped() {
        DynamicTest test = kit(system(0), 1, List.of(), List.of()).textExamplesAreLegalOrRefusedAsDeclared()
                .findFirst().orElseThrow();
        var skipped = org.junit.jupiter.api.Assertions.assertThrows(org.opentest4j.TestAbortedException.class,
                () -> test.getExecutable().execute());
        assertThat(skipped.getMessage(), allOf(containsString("the rules refuse"), containsString("legalTexts()")));
    }
}
