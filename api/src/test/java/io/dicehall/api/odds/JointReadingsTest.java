package io.dicehall.api.odds;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.Tone;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Pool's joint readings and Odds.of, against every face counted by hand. */
class JointReadingsTest {

    private static final List<Outcome> OUTCOMES = List.of(Outcome.of("failure", "Failure", Tone.BAD),
            Outcome.of("partial", "Partial", Tone.MIXED), Outcome.of("success", "Success", Tone.GOOD),
            Outcome.of("critical", "Critical", Tone.GOOD));

    /** Every throw of {@code count} d{@code sides}, in throw order. */
    private static List<int[]> everyThrow(int count, int sides) {
        var all = new ArrayList<int[]>();
        int total = (int) Math.pow(sides, count);
        for (int n = 0; n < total; n++) {
            int[] faces = new int[count];
            int rest = n;
            for (int i = 0; i < count; i++) {
                faces[i] = rest % sides + 1;
                rest /= sides;
            }
            all.add(faces);
        }
        return all;
    }

    @Test
    void highestAndCountIsEveryFaceCounted() {
        var counted = new HashMap<Pool.HighestAndCount, Integer>();
        for (int[] faces : everyThrow(4, 6)) {
            int highest = 0;
            int sixes = 0;
            for (int f : faces) {
                highest = Math.max(highest, f);
                sixes += f == 6 ? 1 : 0;
            }
            counted.merge(new Pool.HighestAndCount(highest, sixes), 1, Integer::sum);
        }
        Map<Pool.HighestAndCount, Fraction> joint = Pool.dice(4, 6).highestAndCount(6);
        assertThat(joint.size(), is(counted.size()));
        counted.forEach((key, n) -> assertThat(key.toString(), joint.get(key), is(Fraction.of(n, 1296))));
    }

    @Test
    void sortedFacesAreEveryThrowSorted() {
        var counted = new HashMap<List<Integer>, Integer>();
        for (int[] faces : everyThrow(3, 4)) {
            List<Integer> sorted = java.util.Arrays.stream(faces).sorted().boxed().toList();
            counted.merge(sorted, 1, Integer::sum);
        }
        Map<List<Integer>, Fraction> sorted = Pool.dice(3, 4).sortedFaces();
        assertThat(sorted.size(), is(20));
        counted.forEach((key, n) -> assertThat(key.toString(), sorted.get(key), is(Fraction.of(n, 64))));
    }

    @Test
    void sortedFacesOfAMixedPoolSumToOne() {
        Map<List<Integer>, Fraction> sorted = Pool.of(Dist.die(8), Dist.die(6), Dist.die(6)).sortedFaces();
        assertThat(sorted.values().stream().reduce(Fraction.ZERO, Fraction::plus), is(Fraction.ONE));
        assertThat(sorted.get(List.of(1, 1, 1)), is(Fraction.of(1, 288)));
        assertThat(sorted.get(List.of(6, 6, 8)), is(Fraction.of(1, 288)));
        assertThat(sorted.get(List.of(1, 2, 7)), is(Fraction.of(2, 288)));
    }

    @Test
    void tooManySortedThrowsAreRefusedWithTheCount() {
        var refused = assertThrows(IllegalArgumentException.class, () -> Pool.dice(30, 10).sortedFaces());
        assertThat(refused.getMessage().contains("sorted throws, more than"), is(true));
    }

    @Test
    void jointOfARecordMatchesTheEncodedFold() {
        record Counts(int hits, int ones) {
        }
        Map<Counts, Fraction> joint = Pool.dice(5, 6).joint(new Counts(0, 0),
                (c, f) -> new Counts(c.hits() + (f >= 5 ? 1 : 0), c.ones() + (f == 1 ? 1 : 0)));
        Dist encoded = Pool.dice(5, 6).fold(0, (v, f) -> v + (f >= 5 ? 100 : 0) + (f == 1 ? 1 : 0));
        joint.forEach((c, p) -> assertThat(c.toString(), p, is(encoded.p(c.hits() * 100 + c.ones()))));
        assertThat(joint.values().stream().reduce(Fraction.ZERO, Fraction::plus), is(Fraction.ONE));
    }

    @Test
    void oddsOfADistributionInOneCall() {
        Odds odds = Odds.of(OUTCOMES, Pool.dice(2, 6).sum(), t -> t >= 12 ? "critical" : t >= 10 ? "success"
                : t >= 7 ? "partial" : "failure");
        assertThat(odds.probability("failure"), is(Fraction.of(15, 36)));
        assertThat(odds.probability("partial"), is(Fraction.of(15, 36)));
        assertThat(odds.probability("success"), is(Fraction.of(5, 36)));
        assertThat(odds.probability("critical"), is(Fraction.of(1, 36)));
    }

    @Test
    void oddsOfAJointDistributionInOneCall() {
        // Two d6: two sixes a critical, a six a success, a 4 or 5 a partial, else a failure.
        Odds odds = Odds.of(OUTCOMES, Pool.dice(2, 6).highestAndCount(6), r -> r.count() >= 2 ? "critical"
                : r.highest() == 6 ? "success" : r.highest() >= 4 ? "partial" : "failure");
        assertThat(odds.probability("critical"), is(Fraction.of(1, 36)));
        assertThat(odds.probability("success"), is(Fraction.of(10, 36)));
        assertThat(odds.probability("partial"), is(Fraction.of(16, 36)));
        assertThat(odds.probability("failure"), is(Fraction.of(9, 36)));
    }

    @Test
    void anUndeclaredOutcomeIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> Odds.of(OUTCOMES, Dist.die(6), f -> "win"));
    }
}
