package io.dicehall.web.ui.roll;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;

import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.state.Die;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Tone;
import io.dicehall.api.state.Verdict;
import io.dicehall.web.ui.faces.Labels;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class ViewsTest {

    private static final Labels LABELS = Labels.of(Locale.ENGLISH);

    private static final List<Outcome> OUTCOMES = List.of(
            new Outcome("tough-failure", "Tough Failure", Tone.BAD, ""),
            new Outcome("partial", "Partial Pass", Tone.MIXED, ""),
            new Outcome("pass", "Pass", Tone.GOOD, ""),
            new Outcome("flying-colors", "Flying Colors", Tone.GOOD, ""));

    @Test
    void aD6HasPipsAndSaysWhatItShows() {
        DieView die = DieView.of(Die.of("d1", 6, 5, Verdict.SUCCESS), LABELS);
        assertThat(die.getPips(), hasSize(5));
        assertThat(die.getNumeral(), is(""));
        assertThat(die.getAlt(), is("d6 showing 5, success"));
        assertThat(die.getVerdict(), is("success"));
    }

    @Test
    void aFudgeDieShowsItsSymbolAndNamesIt() {
        assertThat(DieView.of(new Die("p1", "dF", 3, 3, "+", Verdict.SUCCESS, null), LABELS).getFudge(), is("plus"));
        DieView minus = DieView.of(new Die("p2", "dF", 3, 1, "−", Verdict.FAILURE, null), LABELS);
        assertThat(minus.getFudge(), is("minus"));
        assertThat(minus.getAlt(), is("dF showing minus, failure"));
        DieView blank = DieView.of(new Die("p3", "dF", 3, 2, " ", Verdict.NEUTRAL, null), LABELS);
        assertThat(blank.getFudge(), is("blank"));
        assertThat(blank.getAlt(), is("dF showing blank, neutral"));
    }

    @Test
    void otherDiceShowTheirReadingAndWhatTheyWere() {
        Die before = new Die("d2", "d10", 10, 1, "0", Verdict.TROUBLE, null);
        DieView die = DieView.of(before.rerolled(8, "7", Verdict.SUCCESS), LABELS);
        assertThat(die.getNumeral(), is("7"));
        assertThat(die.getPips(), empty());
        assertThat(die.getAlt(), is("d10 showing 7, success; re-rolled, it was d10 showing 0, trouble"));
        assertThat(die.getPrevious().getNumeral(), is("0"));
        assertThat(die.getOutline().split(" ").length, is(4));
        assertThat(DieView.of(Die.of("d3", 12, 11, Verdict.NEUTRAL), LABELS).getOutline().split(" ").length, is(5));
    }

    @Test
    void chartsEveryDeclaredOutcomeWithItsToneAndExactChance() {
        Odds odds = Odds.over(OUTCOMES).add("tough-failure", Fraction.of(8, 27)).add("partial", Fraction.of(4, 9))
                .add("pass", Fraction.of(2, 9)).add("flying-colors", Fraction.of(1, 27)).build();
        OddsView view = OddsView.of(odds, OUTCOMES);
        assertThat(view.isShown(), is(true));
        assertThat(view.getOutcomes().stream().map(BarView::getPercent).toList(), contains("30%", "44%", "22%", "3.7%"));
        assertThat(view.getOutcomes().get(0).getFraction(), is("8/27"));
        assertThat(view.getOutcomes().get(0).getTone(), is("bad"));
        assertThat(view.getHeadline(), is(""));
    }

    @Test
    void aMoveIsHeadedByTheChanceOfSomethingBetterNowAndAfter() {
        Odds after = Odds.over(OUTCOMES).add("partial", Fraction.of(1, 6)).add("pass", Fraction.of(2, 3))
                .add("flying-colors", Fraction.of(1, 6)).build();
        assertThat(OddsView.ofMove(after, OUTCOMES, OUTCOMES.get(1), "KISS dice", LABELS).getHeadline(),
                is("KISS dice: Pass or Flying Colors 0% → 83%"));
        assertThat("already good: the better one of the same tone",
                OddsView.ofMove(after, OUTCOMES, OUTCOMES.get(2), "KISS", LABELS).getHeadline(),
                is("KISS: Flying Colors 0% → 17%"));
        assertThat("nothing better: the chance of keeping it",
                OddsView.ofMove(after, OUTCOMES, OUTCOMES.get(3), "KISS", LABELS).getHeadline(),
                is("KISS: Flying Colors 100% → 17%"));
        assertThat(OddsView.ofMove(after, OUTCOMES, OUTCOMES.get(0), "KISS", LABELS).getHeadline(),
                is("KISS: an outcome better than Tough Failure 0% → 100%"));
    }

    @Test
    void withAGoalEveryMoveIsHeadedByTheGoalsChance() {
        Odds after = Odds.over(OUTCOMES).add("partial", Fraction.of(1, 6)).add("pass", Fraction.of(2, 3))
                .add("flying-colors", Fraction.of(1, 6)).build();
        assertThat("the goal reached or bettered, now and after",
                OddsView.ofMove(after, OUTCOMES, OUTCOMES.get(1), "KISS", "pass", LABELS).getHeadline(),
                is("KISS: Pass or better 0% → 83%"));
        assertThat("already at the goal: the chance of keeping it",
                OddsView.ofMove(after, OUTCOMES, OUTCOMES.get(2), "KISS", "partial", LABELS).getHeadline(),
                is("KISS: Partial Pass or better 100% → 100%"));
        assertThat("the best outcome has nothing better",
                OddsView.ofMove(after, OUTCOMES, OUTCOMES.get(2), "KISS", "flying-colors", LABELS).getHeadline(),
                is("KISS: Flying Colors 0% → 17%"));
        assertThat("a goal the procedure does not declare: as without one",
                OddsView.ofMove(after, OUTCOMES, OUTCOMES.get(1), "KISS", "nonsense", LABELS).getHeadline(),
                is("KISS: Pass or Flying Colors 0% → 83%"));
    }

    @Test
    void percentagesAreRoundedLikePeopleReadThem() {
        assertThat(Percent.of(Fraction.ZERO), is("0%"));
        assertThat(Percent.of(Fraction.ONE), is("100%"));
        assertThat(Percent.of(Fraction.of(1, 100_000)), is("<0.1%"));
        assertThat(Percent.of(Fraction.of(99_999, 100_000)), is(">99.9%"));
        assertThat(Percent.of(Fraction.of(1, 27)), is("3.7%"));
        assertThat(Percent.of(Fraction.of(61, 100)), is("61%"));
        assertThat(Percent.width(Fraction.of(1, 100_000)), is("0.50%"));
    }

    @Test
    void aStateShowsItsOutcomeDiceTalliesAndHistory() {
        RollState state = RollState.builder().group("pool", "<b>Ada</b>'s pool", List.of(Die.of("d1", 6, 2, Verdict.FAILURE)))
                .tally("successes", "Successes", 0).outcome(OUTCOMES.get(0)).step("start", "Rolled 1 die").build();
        StateView view = StateView.of(state, LABELS);
        assertThat(view.getOutcome(), is("Tough Failure"));
        assertThat(view.getTone(), is("bad"));
        assertThat(view.getToneLabel(), is("Bad"));
        assertThat(view.getGroups().get(0).getLabel(), is("<b>Ada</b>'s pool"));
        assertThat(view.die("d1").getAlt(), is("d6 showing 2, failure"));
        assertThat(view.getTallies().get(0).getText(), is("0"));
        assertThat(view.getHistory().get(0).getNumber(), is(1));
    }
}
