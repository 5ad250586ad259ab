package ${package};

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

import io.dicehall.api.odds.Dist;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.odds.Pool;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.Tone;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Recipes for exact odds with {@link Dist} and {@link Pool}, each checked against a value worked out by hand.
 * Every one is computed by dynamic programming over values, never by listing every face, so they stay fast
 * for large pools. Keep the ones your rules need; delete the rest.
 */
class OddsRecipesTest {

    @Test
    void sumsAndCounts() {
        Dist threeD6 = Dist.die(6).times(3);                    // the sum of 3d6, by convolution
        Dist hits = Dist.binomial(5, Fraction.of(2, 6));        // 5d6, each hitting on 5 or 6
        assertThat(threeD6.p(18), is(Fraction.of(1, 216)));
        assertThat(hits.atLeast(1), is(Fraction.ONE.minus(Fraction.of(32, 243))));
    }

    @Test
    void keepingTheBestOrWorstDice() {
        Dist advantage = Pool.dice(3, 6).keepHighest(2);        // 3d6, keep the best two
        Dist stat = Pool.dice(4, 6).keepHighest(3);             // 4d6, drop the lowest
        Dist disadvantage = Pool.dice(2, 20).lowest();          // the worse of 2d20
        Dist mixed = Pool.of(Dist.die(8), Dist.die(6), Dist.die(6)).highest();
        assertThat(advantage.p(12), is(Fraction.of(16, 216)));
        assertThat(stat.p(18), is(Fraction.of(21, 1296)));
        assertThat(disadvantage.p(20), is(Fraction.of(1, 400)));
        assertThat(mixed.p(8), is(Fraction.of(1, 8)));
    }

    @Test
    void countingSuccessesOnMixedDice() {
        Pool pool = Pool.dice(4, 10).and(2, Dist.die(6));       // 4d10 and 2d6
        Dist successes = pool.countAtLeast(6);                  // each die at 6 or more is a success
        Dist net = Pool.dice(5, 6).sumOf(f -> f >= 5 ? 1 : f == 1 ? -1 : 0);   // a 1 cancels a hit
        assertThat(successes.p(6), is(Fraction.of(1, 16).times(Fraction.of(1, 36))));
        assertThat(net.p(5), is(Fraction.of(32, 7776)));
    }

    @Test
    void explodingDice() {
        Dist d6 = Dist.exploding(6, 3);                         // a 6 rolls again and adds, at most 3 times
        Dist tens = Dist.die(10).explode(f -> f == 10, f -> f >= 8 ? 1 : 0, 5);   // successes of one d10
        Dist pool = tens.times(6);                              // six such d10s
        assertThat(d6.p(7), is(Fraction.of(1, 36)));
        assertThat(tens.p(0), is(Fraction.of(7, 10)));
        assertThat(pool.p(0), is(Fraction.of(117_649, 1_000_000)));
    }

    @Test
    void combiningIndependentRolls() {
        Dist margin = Dist.die(6).times(2).combine(Dist.die(6).times(2), (mine, theirs) -> mine - theirs);
        assertThat(margin.p(0), is(Fraction.of(146, 1296)));
    }

    /** Two successes and trouble at once: a pair of counts, read together. */
    record Counts(int successes, int trouble) {
    }

    @Test
    void readingSeveralThingsAtOnce() {
        // The highest die and how many 6s, together: 3d6 with at least two 6s.
        Map<Pool.HighestAndCount, Fraction> top = Pool.dice(3, 6).highestAndCount(6);
        Fraction twoSixes = top.entrySet().stream().filter(e -> e.getKey().count() >= 2)
                .map(Map.Entry::getValue).reduce(Fraction.ZERO, Fraction::plus);
        // Any running value, here successes on 5+ and trouble on 1: a success with no trouble.
        Map<Counts, Fraction> counts = Pool.dice(3, 6).joint(new Counts(0, 0), (c, f) -> new Counts(
                c.successes() + (f >= 5 ? 1 : 0), c.trouble() + (f == 1 ? 1 : 0)));
        Fraction cleanSuccess = counts.entrySet().stream()
                .filter(e -> e.getKey().successes() >= 1 && e.getKey().trouble() == 0)
                .map(Map.Entry::getValue).reduce(Fraction.ZERO, Fraction::plus);
        // Every throw sorted, lowest first: the two highest of 3d6 sum to 12.
        Map<List<Integer>, Fraction> sorted = Pool.dice(3, 6).sortedFaces();
        Fraction twelve = sorted.entrySet().stream().filter(e -> e.getKey().get(1) + e.getKey().get(2) == 12)
                .map(Map.Entry::getValue).reduce(Fraction.ZERO, Fraction::plus);
        assertThat(twoSixes, is(Fraction.of(16, 216)));
        assertThat(cleanSuccess, is(Fraction.of(5 * 5 * 5 - 3 * 3 * 3, 216)));
        assertThat(twelve, is(Fraction.of(16, 216)));
    }

    @Test
    void oddsFromADistributionInOneCall() {
        List<Outcome> outcomes = List.of(Outcome.of("miss", "Miss", Tone.BAD),
                Outcome.of("partial", "Partial hit", Tone.MIXED), Outcome.of("hit", "Full hit", Tone.GOOD));
        Odds odds = Odds.of(outcomes, Pool.dice(2, 6).sum(), t -> t >= 10 ? "hit" : t >= 7 ? "partial" : "miss");
        assertThat(odds.probability("hit"), is(Fraction.of(6, 36)));
        assertThat(odds.probability("miss"), is(Fraction.of(15, 36)));
    }
}
