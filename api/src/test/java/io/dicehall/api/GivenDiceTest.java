package io.dicehall.api;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class GivenDiceTest {

    @Test
    void facesAreReadAsPrintedOnTheirDie() {
        GivenDice dice = GivenDice.of(List.of("4", "0", "9", "-", "", "+", "\u2212", "12"));
        assertThat(dice.roll(6), is(4));
        assertThat("a d10's 0 is its tenth face", dice.roll(10), is(10));
        assertThat(dice.roll(10), is(9));
        assertThat(dice.roll(3), is(1));
        assertThat("a blank Fudge face", dice.roll(3), is(2));
        assertThat(dice.roll(3), is(3));
        assertThat(dice.roll(3), is(1));
        assertThat(dice.roll(12), is(12));
        dice.requireAllUsed();
        assertThat(dice.used(), is(8));
    }

    @Test
    void aFaceThatFitsNoDieIsRefusedNamingTheDie() {
        GivenDice dice = GivenDice.of(List.of("3", "7"));
        dice.roll(6);
        GivenDice.Refused refused = assertThrows(GivenDice.Refused.class, () -> dice.roll(6));
        assertThat(refused.index(), is(1));
        assertThat(refused.getMessage(), is("die 2 is a d6, which shows 1 to 6, not \"7\""));
        assertThrows(GivenDice.Refused.class, () -> GivenDice.of(List.of("0")).roll(6));
        assertThrows(GivenDice.Refused.class, () -> GivenDice.of(List.of("2")).roll(3));
        assertThrows(GivenDice.Refused.class, () -> GivenDice.of(List.of("x")).roll(20));
        assertThrows(GivenDice.Refused.class, () -> GivenDice.of(List.of("11")).roll(10));
    }

    @Test
    void tooFewOrTooManyFacesAreRefused() {
        GivenDice short1 = GivenDice.of(List.of("1"));
        short1.roll(6);
        GivenDice.Refused more = assertThrows(GivenDice.Refused.class, () -> short1.roll(8));
        assertThat(more.index(), is(-1));
        assertThat(more.getMessage(), containsString("a d8 (1 to 8)"));
        GivenDice extra = GivenDice.of(List.of("1", "2", "3"));
        extra.roll(6);
        extra.roll(6);
        assertThat(assertThrows(GivenDice.Refused.class, extra::requireAllUsed).getMessage(),
                is("this roll threw 2 dice, but 3 faces were given"));
    }
}
