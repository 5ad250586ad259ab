package io.dicehall.api.play;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dicehall.api.odds.Dist;
import io.dicehall.api.odds.Fraction;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Lotteries: exact, merged, summing to 1. */
class LotteryTest {

    @Test
    void fromADistributionMergesEqualPositions() {
        // Three d6 hitting on 5+: 0 hits 8/27, 1 hit 12/27, 2 hits 6/27, 3 hits 1/27; "at least 2" merges two.
        Lottery<String> lottery = Lottery.of(Dist.binomial(3, Fraction.of(1, 3)), h -> h >= 2 ? "two+" : "h" + h);
        assertThat(lottery.size(), is(3));
        assertThat(lottery.positions(), equalTo(List.of("h0", "h1", "two+")));
        assertThat(lottery.probability("h0"), equalTo(Fraction.of(8, 27)));
        assertThat(lottery.probability("h1"), equalTo(Fraction.of(4, 9)));
        assertThat(lottery.probability("two+"), equalTo(Fraction.of(7, 27)));
        assertThat(lottery.probability("nowhere"), equalTo(Fraction.ZERO));
        assertThat(lottery.toString(), is("{h0: 8/27, h1: 4/9, two+: 7/27}"));
    }

    @Test
    void buildsFromFractionsOfUnlikeDenominators() {
        Lottery<Integer> lottery = Lottery.<Integer>builder().add(1, Fraction.of(1, 4)).add(2, Fraction.of(1, 6))
                .add(1, Fraction.of(1, 3)).add(3, Fraction.of(1, 4)).add(4, Fraction.ZERO).build();
        assertThat(lottery.asMap(), equalTo(Map.of(1, Fraction.of(7, 12), 2, Fraction.of(1, 6), 3,
                Fraction.of(1, 4))));
        assertThat(lottery.total().intValue(), is(12));
    }

    @Test
    void mapsAndChains() {
        Lottery<Integer> die = Lottery.of(Dist.die(6), v -> v);
        Lottery<Boolean> even = die.map(v -> v % 2 == 0);
        assertThat(even.asMap(), equalTo(Map.of(true, Fraction.of(1, 2), false, Fraction.of(1, 2))));
        // Two dice one after the other: the chance that the second beats the first.
        Lottery<String> twice = die.then(first -> Lottery.of(Dist.die(6), second -> second > first ? "beat"
                : "not"));
        assertThat(twice.probability("beat"), equalTo(Fraction.of(15, 36)));
        assertThat(Lottery.certain("here").probability("here"), equalTo(Fraction.ONE));
    }

    @Test
    void equalWhenTheSameChancesInAnyOrder() {
        var ab = new LinkedHashMap<String, Fraction>();
        ab.put("a", Fraction.of(1, 3));
        ab.put("b", Fraction.of(2, 3));
        var ba = new LinkedHashMap<String, Fraction>();
        ba.put("b", Fraction.of(2, 3));
        ba.put("a", Fraction.of(1, 3));
        assertThat(Lottery.of(ab), equalTo(Lottery.of(ba)));
        assertThat(Lottery.of(ab).hashCode(), is(Lottery.of(ba).hashCode()));
    }

    @Test
    void refusesProbabilitiesThatDoNotSumToOne() {
        assertThrows(IllegalArgumentException.class,
                () -> Lottery.<String>builder().add("a", Fraction.of(1, 2)).build());
        assertThrows(IllegalArgumentException.class,
                () -> Lottery.<String>builder().add("a", Fraction.of(2, 3)).add("b", Fraction.of(1, 2)).build());
        assertThrows(IllegalArgumentException.class, () -> Lottery.<String>builder().add("a", Fraction.of(3, 2)));
        assertThrows(IllegalArgumentException.class, () -> Lottery.<String>builder().build());
        assertThrows(NullPointerException.class, () -> Lottery.<String>builder().add(null, Fraction.ONE));
    }
}
