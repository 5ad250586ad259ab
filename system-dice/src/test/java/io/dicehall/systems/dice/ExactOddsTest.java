package io.dicehall.systems.dice;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.closeTo;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;

import io.dicehall.api.odds.Dist;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import java.math.BigInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The exact odds against two independent witnesses: every face sequence the roll itself can throw (so the roll
 * and the odds are checked against each other, explosions and re-rolls up to their caps included), and figures
 * worked out by hand.
 */
class ExactOddsTest {

    static Stream<String> smallRolls() {
        return Stream.of(
                "3d4", "d6", "2d3+1", "1d4-1d4", "2dF", "d%", "1d1",
                "4d3kh3", "3d4kl1", "3d4k2", "3d4dh1", "3d4dl2", "4d3d1",
                "2d4r1", "2d4ro1", "1d6r<=2", "1d4r>=3", "1d4ro<2", "1d6r1r6", "2d3r=2",
                "2d3!", "1d4!>=3", "1d3!!", "2d3!!kh1", "1d2!", "1d3!1", "1dF!",
                "3d4>=3", "3d4>=3f1", "4d3>2", "3d4<2", "3d4=4f<=1", "2d3!3>=2", "2d3!!>=4", "2d4r1>=3", "2dF>=1f<=-1",
                "1d4*1d3", "1d6/1d3", "(1d4-5)/2", "-1d4", "2*(1d3+1)", "1d4-1d4*2", "10/(1d3)",
                "2d4r1!", "1d3ro1!!", "3d3r1kl2");
    }

    @ParameterizedTest
    @MethodSource("smallRolls")
    void oddsEqualEveryFaceTheRollThrows(String expression) {
        RollProcedure small = Rolls.SMALL_CAPS;
        assertThat(expression, Rolls.asMap(Rolls.dist(small, expression, 0)),
                equalTo(Rolls.everyFace(small, expression, 0, 200_000)));
    }

    /** At the caps of play (ten explosions, ten re-rolls), on rolls whose face sequences are few enough. */
    @ParameterizedTest
    @ValueSource(strings = {"1d6!", "2d3!", "1d4!!", "2d6r1", "1d10r<=2", "1d6ro1", "2d2!>=2", "1d3!!>=3", "1dF!"})
    void oddsEqualEveryFaceAtTheCapsOfPlay(String expression) {
        assertThat(expression, Rolls.asMap(Rolls.dist(expression, 0)),
                equalTo(Rolls.everyFace(Rolls.ROLL, expression, 0, 200_000)));
    }

    @Test
    void eachExpressionOfARollHasItsOwnDistribution() {
        String roll = "1d4+1 first, 2d3kh1 second";
        assertThat(Rolls.asMap(Rolls.dist(roll, 0)), equalTo(Rolls.everyFace(Rolls.ROLL, roll, 0, 1000)));
        assertThat(Rolls.asMap(Rolls.dist(roll, 1)), equalTo(Rolls.everyFace(Rolls.ROLL, roll, 1, 1000)));
        assertThat(Rolls.ROLL.distributions(Rolls.inputs(roll)).get(1).label(), is("second"));
    }

    @Test
    void knownFigures() {
        assertThat(Rolls.dist("3d6", 0).p(10), equalTo(Fraction.of(27, 216)));
        assertThat(Rolls.dist("4d6kh3", 0).mean(), equalTo(Fraction.of(15869, 1296)));
        assertThat(Rolls.dist("4d6dl1", 0).mean(), equalTo(Fraction.of(15869, 1296)));
        assertThat(Rolls.dist("2d20kh1", 0).p(20), equalTo(Fraction.of(39, 400)));
        assertThat(Rolls.dist("2d20kl1", 0).p(1), equalTo(Fraction.of(39, 400)));
        assertThat(Rolls.dist("d%", 0).p(100), equalTo(Fraction.of(1, 100)));
        // A d6 exploding on 6 at most ten times: it shows 6k + f (f 1..5) with probability (1/6)^(k+1), and 66 only
        // when all eleven rolls are 6.
        Dist exploding = Rolls.dist("1d6!", 0);
        assertThat(exploding.p(9), equalTo(Fraction.of(1, 36)));
        assertThat(exploding.p(66), equalTo(Fraction.of(BigInteger.ONE, BigInteger.valueOf(6).pow(11))));
        assertThat(exploding.p(12), equalTo(Fraction.ZERO));
        // Re-rolling 1s once: a 1 stays only when both rolls are 1.
        assertThat(Rolls.dist("1d6ro1", 0).p(1), equalTo(Fraction.of(1, 36)));
        // Successes on 8+ of a d10 (3 in 10) less failures on a 1 (1 in 10): the mean of 8d10>=8f1 is 8 × 2/10.
        assertThat(Rolls.dist("8d10>=8f1", 0).map(v -> v + 8).mean(), equalTo(Fraction.of(96, 10)));
        assertThat(Rolls.dist("7/2", 0), equalTo(Dist.constant(3)));
        assertThat(Rolls.dist("-7/2", 0), equalTo(Dist.constant(-4)));
    }

    @Test
    void aTargetGivesTheChanceOfSuccess() {
        Odds odds = Rolls.ROLL.odds(Rolls.inputs("1d20+5 >= 15"));
        assertThat(odds.probability("success"), equalTo(Fraction.of(11, 20)));
        assertThat(odds.probability("failure"), equalTo(Fraction.of(9, 20)));
        assertThat(odds.probability("rolled"), equalTo(Fraction.ZERO));
        assertThat(odds.figures().get(0).value(), closeTo(15.5, 1e-9));
        // Two targets: both met, neither, or one of them.
        Odds two = Rolls.ROLL.odds(Rolls.inputs("1d2 = 2 a, 1d4 <= 1 b"));
        assertThat(two.probability("success"), equalTo(Fraction.of(1, 8)));
        assertThat(two.probability("failure"), equalTo(Fraction.of(3, 8)));
        assertThat(two.probability("mixed"), equalTo(Fraction.of(1, 2)));
        Odds none = Rolls.ROLL.odds(Rolls.inputs("2d6"));
        assertThat(none.probability("rolled"), equalTo(Fraction.ONE));
        assertThat(none.figures().get(0).text(), is("7.00"));
        assertThat(Rolls.ROLL.odds(Rolls.inputs("1d4-10")).figures().get(0).value(), closeTo(-7.5, 1e-9));
    }

    @Test
    void theLargestLegalRollsAreExact() {
        // 100d6: the lowest and highest totals each come from one face sequence in 6^100.
        Dist sum = Rolls.dist("100d6", 0);
        assertThat(sum.p(100), equalTo(Fraction.of(BigInteger.ONE, BigInteger.valueOf(6).pow(100))));
        assertThat(sum.p(600), equalTo(sum.p(100)));
        // The best of 80d6 is 6 unless every die shows less; the best of 2d100 is 100 unless both show less.
        assertThat(Rolls.dist("80d6kh1", 0).p(6), equalTo(Fraction.ONE.minus(Fraction.of(BigInteger.valueOf(5).pow(80),
                BigInteger.valueOf(6).pow(80)))));
        assertThat(Rolls.dist("2d%kh1", 0).p(100), equalTo(Fraction.of(199, 10_000)));
    }
}
