package io.dicehall.systems.dice;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.in;
import static org.hamcrest.Matchers.is;

import io.dicehall.api.Dice;
import io.dicehall.api.GameSystem;
import io.dicehall.api.Procedure;
import io.dicehall.api.contract.GameSystemContract;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.json.ApiJson;
import io.dicehall.api.odds.Distributions;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import jakarta.json.bind.Jsonb;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** The SPI contract kit run against the dice notation. */
class DiceContractTest extends GameSystemContract {

    @Override
    protected GameSystem system() {
        return new DiceSystem();
    }

    /**
     * The kit's random legal inputs put short names ("Ada", "x") in text fields, which are never dice notation, so
     * every one is refused by {@code check} and the kit's test finds nothing to roll. This runs the same checks on
     * random expressions drawn from the whole grammar instead: each is accepted, rolls to a complete state with a
     * declared outcome that survives a JSON round trip, has one tally and one distribution per expression, and
     * odds over the declared outcomes.
     */
    @Override
    @TestFactory
    public Stream<DynamicTest> randomLegalInputsRollAndPlayToTheEnd() {
        return Stream.of(DynamicTest.dynamicTest("roll", () -> {
            var notation = new RandomNotation(seed());
            Procedure procedure = system().procedures().get(0);
            var declared = procedure.outcomes().stream().map(Outcome::id).toList();
            int rolled = 0;
            try (Jsonb jsonb = ApiJson.create()) {
                for (int i = 0; i < 300; i++) {
                    String expression = notation.roll();
                    Inputs inputs = Rolls.inputs(expression);
                    if (!procedure.check(inputs).isEmpty()) {
                        // Only a divisor that can be 0, or a limit, is refused among these.
                        String message = procedure.check(inputs).get(0).message();
                        assertThat(expression + ": " + message, message.contains("divides by")
                                || message.contains("at most"), is(true));
                        continue;
                    }
                    rolled++;
                    RollState state = procedure.start(inputs, Dice.seeded(seed() + i));
                    assertThat(expression, state.complete(), is(true));
                    assertThat(expression, state.outcome().id(), is(in(declared)));
                    assertThat(expression, jsonb.fromJson(jsonb.toJson(state), RollState.class), equalTo(state));
                    int totals = ((Distributions) procedure).distributions(inputs).size();
                    assertThat(expression, state.tallies().size(), is(totals));
                    Odds odds = procedure.odds(inputs);
                    assertThat(expression, odds.outcomes().stream().map(c -> c.id()).toList(), equalTo(declared));
                    assertThat(expression, state.history(), org.hamcrest.Matchers.not(empty()));
                }
            }
            assertThat("random expressions rolled", rolled, greaterThan(150));
        }));
    }

    /** Best play on small rolls with targets, whose every face brute force covers. */
    @Override
    protected List<Inputs> bestPlayInputs(Procedure procedure) {
        return List.of(Rolls.inputs("1d20+5 >= 15"), Rolls.inputs("2d6 >= 7 attack, 1d4kh1 >= 3 damage"),
                Rolls.inputs("3d6>=5"));
    }
}
