package io.dicehall.systems.taskschecks;

import static io.dicehall.systems.taskschecks.Play.f;
import static io.dicehall.systems.taskschecks.Play.map;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;

import io.dicehall.api.Move;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Option;
import io.dicehall.api.form.PickField;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.state.Die;
import io.dicehall.api.state.MoveOption;
import io.dicehall.api.state.Verdict;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The rules of the Checks page and the KISSing, Ego, Stress and Stressful Rolls pages, with scripted dice. */
class CheckRulesTest {

    private final CheckProcedure check = new CheckProcedure();

    @Test
    void threeDiceLessStressNeverBelowOne() {
        assertThat(Play.roll(check, map("stress", 0), 1, 1, 1).faces("pool"), hasSize(3));
        assertThat(Play.roll(check, map("stress", 1), 1, 1).faces("pool"), hasSize(2));
        assertThat(Play.roll(check, map("stress", 2), 1).faces("pool"), hasSize(1));
    }

    @Test
    void aDieSucceedsAtOrAboveTheRank() {
        Play play = Play.roll(check, map("rank", 4, "kisses", 0), 3, 4, 6);
        List<Die> dice = play.state.group("pool").orElseThrow().dice();
        assertThat(dice.stream().map(Die::verdict).toList(), contains(Verdict.FAILURE, Verdict.SUCCESS,
                Verdict.SUCCESS));
        assertThat(play.tally("successes"), is(2));
        // rank 1: every face succeeds
        assertThat(Play.roll(check, map("rank", 1, "kisses", 0), 1, 1, 2).tally("successes"), is(3));
    }

    @Test
    void successesGiveTheFourTiers() {
        assertThat(Play.roll(check, map("rank", 5, "kisses", 0), 1, 2, 4).outcome(), is("tough-failure"));
        assertThat(Play.roll(check, map("rank", 5, "kisses", 0), 1, 5, 4).outcome(), is("partial-pass"));
        assertThat(Play.roll(check, map("rank", 5, "kisses", 0), 6, 5, 4).outcome(), is("regular-pass"));
        assertThat(Play.roll(check, map("rank", 5, "kisses", 0), 6, 5, 5).outcome(), is("flying-colors"));
    }

    @Test
    void aStressfulCheckFailsWithOneSuccessOrNone() {
        assertThat(Play.roll(check, map("stressful", true, "kisses", 0), 1, 5, 4).state.flagged("stress"), is(true));
        assertThat(Play.roll(check, map("stressful", true, "kisses", 0), 1, 2, 4).state.flagged("stress"), is(true));
        assertThat(Play.roll(check, map("stressful", true, "kisses", 0), 6, 5, 4).state.flagged("stress"),
                is(false));
        assertThat(Play.roll(check, map("stressful", false, "kisses", 0), 1, 2, 4).state.flagged("stress"),
                is(false));
    }

    @Test
    void kissOffersEveryDieButASixAndPicksAtMostOnePerKiss() {
        Play play = Play.roll(check, map("rank", 4, "kisses", 1), 1, 5, 6);
        PickField pick = (PickField) play.state.move("kiss").orElseThrow().form().fields().get(0);
        // the failed 1 and the 5 that succeeded (thrown again only to fish for a 6); never the 6
        assertThat(pick.options().stream().map(Option::value).toList(), contains("d1", "d2"));
        assertThat(pick.options().get(1).label(), containsString("a success"));
        Move both = play.kissMove("d1", "d2");
        assertThat(play.refusal(both).get(0).message(), containsString("each KISS picks up one die"));
        assertThat(play.refusal(both).get(0).message(), containsString("the KISSing rules"));
        assertThat(play.refusal(play.kissMove("d2")), empty());
    }

    @Test
    void aSixCannotBePickedUp() {
        Play play = Play.roll(check, map("rank", 4, "kisses", 2), 1, 5, 6);
        // a form that lists it, as a client might send
        Form form = Form.of(PickField.of("dice", "Dice", List.of(Option.of("d3", "d3")), 1, 1));
        Move six = new Move("kiss", InputChecker.check(form, Map.of("dice", List.of("d3"))).orThrow());
        assertThat(play.refusal(six).get(0).message(), containsString("shows a 6"));
    }

    @Test
    void aSuccessThrownAgainMayComeUpWorseAndTheNewFaceStands() {
        Play play = Play.roll(check, map("rank", 4, "kisses", 1), 1, 5, 4);
        Odds odds = play.odds(play.kissMove("d2"));
        // 2 successes now; the 5 thrown again fails on 1–3
        assertThat(odds.probability("partial-pass"), is(f(1, 2)));
        assertThat(odds.probability("regular-pass"), is(f(1, 2)));
        play.kiss(Play.faces(2), "d2");
        assertThat(play.tally("successes"), is(1));
        assertThat(play.outcome(), is("partial-pass"));
        assertThat(play.state.complete(), is(true));
    }

    @Test
    void kissedDiceAreThrownOnceAtTheSameRankAndTheNewFacesStand() {
        Play play = Play.roll(check, map("rank", 4, "kisses", 3), 1, 5, 2);
        play.kiss(Play.faces(4, 1), "d1", "d3");
        assertThat(play.faces("pool"), contains(4, 5, 1));
        Die d1 = play.state.die("d1").orElseThrow();
        assertThat(d1.previous().face(), is(1));
        assertThat(d1.verdict(), is(Verdict.SUCCESS));
        assertThat(play.tally("successes"), is(2));
        // one round of KISSing per roll: no second KISS even with KISSes left; no 6 showing, so the roll ends
        assertThat(play.state.complete(), is(true));
        assertThat(play.state.history().get(1).text(), containsString("1 → 4; 2 → 1"));
    }

    @Test
    void noKissIsOfferedWithoutKissesOrWithOnlySixes() {
        assertThat(Play.roll(check, map("kisses", 0), 1, 2, 3).state.complete(), is(true));
        assertThat(Play.roll(check, map("rank", 2, "kisses", 3), 6, 6, 6).state.moves().stream()
                .map(MoveOption::id).toList(), contains("ego", "accept"));
        // all succeeded below 6: a KISS may still fish for a 6
        assertThat(Play.roll(check, map("rank", 2, "kisses", 3), 2, 3, 4).moves(), contains("kiss", "accept"));
    }

    @Test
    void egoDoublesSixesCountedAfterKissing() {
        Play play = Play.roll(check, map("rank", 5, "kisses", 1), 6, 1, 2);
        assertThat(play.moves(), contains("kiss", "ego", "accept"));
        play.kiss(Play.faces(6), "d2");
        assertThat(play.tally("successes"), is(2));
        assertThat(play.moves(), contains("ego", "accept"));
        play.ego();
        assertThat("both 6s, the KISSed one too, count twice", play.tally("successes"), is(4));
        assertThat(play.outcome(), is("flying-colors"));
        assertThat(play.state.flagged("ego-spent"), is(true));
        assertThat(play.state.complete(), is(true));
    }

    @Test
    void egoSpentBeforeKissingStillDoublesTheSixesTheKissThrows() {
        Play play = Play.roll(check, map("rank", 5, "kisses", 1), 6, 1, 2);
        play.ego();
        assertThat(play.tally("successes"), is(2));
        assertThat(play.moves(), contains("kiss", "accept"));
        play.kiss(Play.faces(6), "d3");
        assertThat(play.tally("successes"), is(4));
    }

    @Test
    void egoIsOfferedOnlyWithASixShowing() {
        Play play = Play.roll(check, map("rank", 4, "kisses", 1), 5, 1, 2);
        assertThat(play.moves(), contains("kiss", "accept"));
    }

    @Test
    void acceptEndsTheRoll() {
        Play play = Play.roll(check, map("rank", 4, "kisses", 1), 5, 1, 2);
        play.make(play.move("accept"));
        assertThat(play.state.complete(), is(true));
        assertThat(play.state.moves(), empty());
        assertThat(play.outcome(), is("partial-pass"));
    }

    @Test
    void kissOddsCountThePickedDiceAtTheRank() {
        Play play = Play.roll(check, map("rank", 4, "kisses", 2), 1, 5, 2);
        // one success showing; two dice at rank 4 (1/2 each): 0 more 1/4, 1 more 1/2, 2 more 1/4
        Odds odds = play.odds(play.kissMove("d1", "d3"));
        assertThat(odds.probability("partial-pass"), is(f(1, 4)));
        assertThat(odds.probability("regular-pass"), is(f(1, 2)));
        assertThat(odds.probability("flying-colors"), is(f(1, 4)));
        // with Ego already spent a re-thrown 6 would count twice: 1/6 chance of +2 per die
        Play ego = Play.roll(check, map("rank", 4, "kisses", 1), 6, 1, 1);
        ego.ego();
        Odds after = ego.odds(ego.kissMove("d2"));
        assertThat(after.probability("regular-pass"), is(f(1, 2)));
        assertThat(after.probability("flying-colors"), is(f(1, 2)));
    }

    @Test
    void egoOddsAreTheDoubledCount() {
        Play play = Play.roll(check, map("rank", 5, "kisses", 0), 6, 1, 2);
        Odds odds = play.odds(play.move("ego"));
        assertThat(odds.probability("regular-pass"), is(f(1, 1)));
    }

    @Test
    void withoutKissesOnlyEgoAndAcceptAreOpen() {
        Play play = Play.roll(check, map("rank", 4, "kisses", 0), 6, 1, 2);
        assertThat(play.moves(), contains("ego", "accept"));
    }
}
