package io.dicehall.api.state;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dicehall.api.form.Option;
import io.dicehall.api.odds.Chance;
import io.dicehall.api.odds.Fraction;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The factories of 0.3 build what the canonical constructors build, with the same checks. */
class FactoriesTest {

    @Test
    void eachFactoryIsItsRecord() {
        assertThat(Tally.of("shifts", "Shifts", 3, "+3 Good"), is(new Tally("shifts", "Shifts", 3, "+3 Good")));
        assertThat(Option.of("risky", "Risky", "The usual position."),
                is(new Option("risky", "Risky", "The usual position.")));
        assertThat(Option.of("risky", "Risky").help("The usual position."),
                is(new Option("risky", "Risky", "The usual position.")));
        assertThat(Flag.of("critical", "Two sixes"), is(new Flag("critical", "Two sixes")));
        assertThat(Step.of("start", "Rolled 3d6"), is(new Step("start", "Rolled 3d6")));
        Die zero = Die.of("d1", "d10", 10, 10, "0", Verdict.PARTIAL);
        assertThat(zero, is(new Die("d1", "d10", 10, 10, "0", Verdict.PARTIAL, null)));
        assertThat(DiceGroup.of("dice", "Dice", List.of(zero)), is(new DiceGroup("dice", "Dice", List.of(zero))));
        assertThat(Chance.of("hit", "Hit", Fraction.of(1, 2)), is(new Chance("hit", "Hit", Fraction.of(1, 2))));
    }

    @Test
    void factoriesCheckAsTheConstructorsDo() {
        assertThrows(IllegalArgumentException.class, () -> Tally.of("Not Kebab", "Shifts", 3, "+3"));
        assertThrows(IllegalArgumentException.class, () -> Tally.of("shifts", "Shifts", 3, " "));
        assertThrows(IllegalArgumentException.class, () -> Option.of("", "Risky", "help"));
        assertThrows(IllegalArgumentException.class, () -> Die.of("d1", "d10", 10, 11, "1", Verdict.NEUTRAL));
    }
}
