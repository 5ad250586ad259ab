package io.dicehall.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dicehall.api.Procedure;
import io.dicehall.api.form.InputChecker;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Param;

/** The dice notation's benchmark list is what the benchmark measures, and every expression in it is legal. */
class DiceNotationOddsTest {

    @Test
    void theParametersAreThePublishedList() throws Exception {
        Param param = DiceNotationOdds.class.getField("expression").getAnnotation(Param.class);
        assertEquals(DiceNotationOdds.EXPRESSIONS.stream().map(DiceNotationOdds.Case::expression).toList(),
                List.of(param.value()));
    }

    @Test
    void everyExpressionIsLegalAndTheLargestAreAtTheirLimit() {
        Procedure roll = Cases.procedure("dice", "roll");
        for (DiceNotationOdds.Case c : DiceNotationOdds.EXPRESSIONS) {
            var checked = InputChecker.check(roll.form(), Map.of("expression", c.expression()));
            assertTrue(checked.ok(), c.expression() + ": " + checked.violations());
            assertEquals(List.of(), roll.check(checked.inputs()), c.expression());
            roll.odds(checked.inputs());
        }
        // One more die, or one more kept, is beyond a limit.
        for (String beyond : List.of("21d6!", "101d100", "21d1000", "81d6kh1", "58d6kh29", "23d20kh12", "10d100kh1",
                "13d6!!kh1", "30d10!10>=8f1", "14d10!", "1d101*1d200")) {
            var checked = InputChecker.check(roll.form(), Map.of("expression", beyond)).orThrow();
            assertEquals(1, roll.check(checked).size(), beyond + " should be beyond a limit");
        }
    }
}
