package io.dicehall.systems.fate;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import org.junit.jupiter.api.Test;

class LadderTest {

    @Test
    void namesEveryRungFromTerribleToLegendary() {
        String[] expected = {
            "Terrible (\u22122)", "Poor (\u22121)", "Mediocre (+0)", "Average (+1)", "Fair (+2)", "Good (+3)",
            "Great (+4)", "Superb (+5)", "Fantastic (+6)", "Epic (+7)", "Legendary (+8)"
        };
        for (int value = -2; value <= 8; value++) {
            assertThat(Ladder.of(value), is(expected[value + 2]));
        }
    }

    @Test
    void showsPlainNumbersBeyondTheLadder() {
        assertThat(Ladder.of(9), is("+9"));
        assertThat(Ladder.of(16), is("+16"));
        assertThat(Ladder.of(-3), is("\u22123"));
        assertThat(Ladder.of(-16), is("\u221216"));
    }
}
