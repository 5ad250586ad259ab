package io.dicehall.systems.fate;

import static io.dicehall.systems.fate.Table.move;
import static io.dicehall.systems.fate.Table.text;
import static io.dicehall.systems.fate.Table.value;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;

import io.dicehall.api.Move;
import io.dicehall.api.form.ChoiceField;
import io.dicehall.api.state.Die;
import io.dicehall.api.state.MoveOption;
import io.dicehall.api.state.RollState;
import io.dicehall.api.form.Violation;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Invoking aspects after the throw, by the player and by the opposition, and what it costs. */
class InvokeTest {

    private static List<String> moves(RollState state) {
        return state.moves().stream().map(MoveOption::id).toList();
    }

    @Test
    void withFatePointsTheRollStaysOpenForInvokesAndAccept() {
        RollState state = Table.of("overcome", "skill", 1, "difficulty", 2, "fate-points", 2).roll("0000");
        assertThat(state.complete(), is(false));
        assertThat(moves(state), contains("invoke", "accept"));
        assertThat(state.move("invoke").orElseThrow().hasOdds(), is(true));
        assertThat(text(state, "fate-points-left"), is("2 of 2"));
    }

    @Test
    void invokingForPlusTwoRaisesTheEffortAndSpendsAFatePoint() {
        Table table = Table.of("overcome", "skill", 1, "difficulty", 2, "fate-points", 2);
        RollState before = table.roll("0000");
        assertThat(before.outcome().id(), is("fail"));

        RollState after = table.apply(before,
                move(before, "invoke", "aspect", "Ex-Navy Pilot", "pay", "fate-point", "effect", "plus-two"));

        assertThat(text(after, "effort"), is("Good (+3)"));
        assertThat(value(after, "invoke-bonus"), is(2));
        assertThat(after.outcome().id(), is("succeed"));
        assertThat(value(after, "fate-points-left"), is(1));
        assertThat("the dice are untouched", after.groups(), is(before.groups()));
        assertThat(after.history(), hasSize(2));
        assertThat(after.history().get(1).text(), containsString("\u201cEx-Navy Pilot\u201d with a fate point for +2"));
        assertThat(after.memo().get("fate-points-spent"), is("1"));
    }

    @Test
    void invokingForARerollThrowsAllFourOfYourDiceAgainKeepingTheirIds() {
        Table table = Table.of("attack", "skill", 2, "difficulty", 2, "active-opposition", true, "free-invokes", 1,
                "fate-points", 0);
        RollState before = table.roll("−−0+ ++00");
        assertThat(value(before, "shifts"), is(-3));

        RollState after = table.apply(before,
                move(before, "invoke", "aspect", "Brawler", "pay", "free-invoke", "effect", "reroll"), "++0−");

        List<Die> player = after.group("player").orElseThrow().dice();
        assertThat(player.stream().map(Die::id).toList(), contains("p-d1", "p-d2", "p-d3", "p-d4"));
        assertThat(player.stream().map(Die::reading).toList(), contains("+", "+", " ", "\u2212"));
        assertThat(player.stream().map(d -> d.previous().reading()).toList(), contains("\u2212", "\u2212", " ", "+"));
        assertThat("the opposition's dice stay", after.group("opposition"), is(before.group("opposition")));
        assertThat(value(after, "dice"), is(1));
        assertThat("2 + 1 − (2 + 2)", value(after, "shifts"), is(-1));
        assertThat(after.tally("invoke-bonus").isPresent(), is(false));
        assertThat(value(after, "free-invokes-left"), is(0));
        assertThat(after.history().get(1).text(), containsString("\u2212\u22120+ → ++0\u2212"));
        assertThat("nothing left to spend: the roll is over", after.complete(), is(true));
        assertThat(after.moves(), empty());
    }

    @Test
    void theSameAspectCannotBeInvokedTwiceWithFatePoints() {
        Table table = Table.of("overcome", "skill", 0, "difficulty", 4, "fate-points", 3, "aspects", 3);
        RollState once = table.apply(table.roll("0000"),
                move(table.roll("0000"), "invoke", "aspect", "Ex-Navy Pilot", "pay", "fate-point"));

        List<Violation> refused = table.refusals(once,
                move(once, "invoke", "aspect", "  ex-navy   PILOT ", "pay", "fate-point"));

        assertThat(refused, hasSize(1));
        assertThat(refused.get(0).field(), is("aspect"));
        assertThat(refused.get(0).message(), containsString("already had a fate point spent on it this roll"));
        assertThat(refused.get(0).message(), containsString("only with a free invoke"));
        assertThat("another aspect is fine",
                table.refusals(once, move(once, "invoke", "aspect", "Lucky", "pay", "fate-point")), empty());
    }

    @Test
    void freeInvokesMayBeStackedOnTheSameAspect() {
        Table table = Table.of("overcome", "skill", 0, "difficulty", 6, "fate-points", 1, "free-invokes", 2);
        RollState state = table.roll("0000");
        state = table.apply(state, move(state, "invoke", "aspect", "On Fire", "pay", "fate-point"));
        state = table.apply(state, move(state, "invoke", "aspect", "On Fire", "pay", "free-invoke"));
        state = table.apply(state, move(state, "invoke", "aspect", "on fire", "pay", "free-invoke"));

        assertThat("three invokes for +2 each", text(state, "effort"), is("Fantastic (+6)"));
        assertThat(state.outcome().id(), is("tie"));
        assertThat(value(state, "fate-points-left"), is(0));
        assertThat(value(state, "free-invokes-left"), is(0));
        assertThat(state.complete(), is(true));
    }

    @Test
    void aFatePointMayFollowFreeInvokesOnTheSameAspect() {
        // The reproducer: a free invoke then a fate point on "Strong" was refused, while the other
        // order was allowed. One paid invoke per aspect, and any number of free ones, in any order.
        Table table = Table.of("overcome", "skill", 0, "difficulty", 8, "fate-points", 2, "aspects", 2,
                "free-invokes", 2);
        RollState state = table.roll("0000");
        state = table.apply(state, move(state, "invoke", "aspect", "Strong", "pay", "free-invoke"));
        state = table.apply(state, move(state, "invoke", "aspect", "Strong", "pay", "free-invoke"));

        Move paid = move(state, "invoke", "aspect", "strong", "pay", "fate-point");
        assertThat(table.refusals(state, paid), empty());
        state = table.apply(state, paid);
        assertThat("three invokes for +2 each", text(state, "effort"), is("Fantastic (+6)"));

        List<Violation> second = table.refusals(state, move(state, "invoke", "aspect", "Strong", "pay", "fate-point"));
        assertThat("still only one paid invoke per aspect", second, hasSize(1));
        assertThat(second.get(0).message(), containsString("already had a fate point spent on it this roll"));
    }

    @Test
    void theSameAspectRuleDoesNotDependOnTheOrder() {
        // Free, paid, free and paid, free, free: both legal, both the same effort, and a second fate point
        // refused in both.
        Table table = Table.of("overcome", "skill", 0, "difficulty", 8, "fate-points", 2, "aspects", 2,
                "free-invokes", 2);
        for (List<String> order : List.of(List.of("free-invoke", "fate-point", "free-invoke"),
                List.of("fate-point", "free-invoke", "free-invoke"),
                List.of("free-invoke", "free-invoke", "fate-point"))) {
            RollState state = table.roll("0000");
            for (String pay : order) {
                Move invoke = move(state, "invoke", "aspect", "Strong", "pay", pay);
                assertThat(order + ": " + pay, table.refusals(state, invoke), empty());
                state = table.apply(state, invoke);
            }
            assertThat(order.toString(), value(state, "effort"), is(6));
            assertThat(order.toString(),
                    table.refusals(state, move(state, "invoke", "aspect", "Strong", "pay", "fate-point")), hasSize(1));
        }
    }

    @Test
    void overSpendingIsRefused() {
        Table table = Table.of("overcome", "skill", 0, "difficulty", 6, "fate-points", 1, "free-invokes", 0);
        RollState state = table.roll("0000");

        List<Violation> noFree = table.refusals(state, move(state, "invoke", "aspect", "A", "pay", "free-invoke"));
        assertThat(noFree, hasSize(1));
        assertThat(noFree.get(0).field(), is("pay"));
        assertThat(noFree.get(0).message(), containsString("no free invokes left (there were none"));

        Table two = Table.of("overcome", "skill", 0, "difficulty", 6, "fate-points", 1, "free-invokes", 1);
        RollState spent = two.roll("0000");
        spent = two.apply(spent, move(spent, "invoke", "aspect", "A", "pay", "fate-point"));
        List<Violation> noFate = two.refusals(spent, move(spent, "invoke", "aspect", "B", "pay", "fate-point"));
        assertThat(noFate, hasSize(1));
        assertThat(noFate.get(0).message(), containsString("no fate points left (all 1 spent on this roll)"));
    }

    @Test
    void anInvokeNamesItsAspect() {
        Table table = Table.of("overcome", "fate-points", 1);
        RollState state = table.roll("0000");
        List<Violation> refused = table.refusals(state, move(state, "invoke", "aspect", "   ", "pay", "fate-point"));
        assertThat(refused, hasSize(1));
        assertThat(refused.get(0).field(), is("aspect"));
        assertThat(refused.get(0).message(), containsString("name the aspect"));
    }

    @Test
    void thePaymentOffersFreeInvokesFirstWhileThereAreAny() {
        RollState withFree = Table.of("overcome", "fate-points", 1, "free-invokes", 1).roll("0000");
        ChoiceField pay = (ChoiceField) withFree.move("invoke").orElseThrow().form().field("pay").orElseThrow();
        assertThat(pay.defaultValue(), is("free-invoke"));

        RollState withoutFree = Table.of("overcome", "fate-points", 1).roll("0000");
        pay = (ChoiceField) withoutFree.move("invoke").orElseThrow().form().field("pay").orElseThrow();
        assertThat(pay.defaultValue(), is("fate-point"));
    }

    @Test
    void theOppositionInvokesForPlusTwoToTheDifficultyWithItsOwnResources() {
        Table table = Table.of("overcome", "skill", 2, "difficulty", 2, "fate-points", 1,
                "opposition-fate-points", 1, "opposition-free-invokes", 1);
        RollState state = table.roll("+000");
        assertThat(moves(state), contains("invoke", "invoke-against", "accept"));
        assertThat(state.move("invoke-against").orElseThrow().form().field("effect").isPresent(), is(false));

        state = table.apply(state, move(state, "invoke-against", "aspect", "Pitch Black", "pay", "fate-point"));
        assertThat(text(state, "difficulty"), is("Great (+4)"));
        assertThat(value(state, "invoked-against"), is(2));
        assertThat(state.outcome().id(), is("fail"));
        assertThat("the player's fate point is not spent", value(state, "fate-points-left"), is(1));
        assertThat(value(state, "opposition-fate-points-left"), is(0));
        assertThat(state.history().get(1).text(), containsString("opposition invoked \u201cPitch Black\u201d"));

        List<Violation> again = table.refusals(state,
                move(state, "invoke-against", "aspect", "Pitch Black", "pay", "fate-point"));
        assertThat(again.stream().map(Violation::message).toList().toString(),
                containsString("the opposition has no fate points left"));
        assertThat(again.stream().map(Violation::message).toList().toString(),
                containsString("already had a fate point spent on it this roll"));

        state = table.apply(state, move(state, "invoke-against", "aspect", "Pitch Black", "pay", "free-invoke"));
        assertThat(text(state, "difficulty"), is("Fantastic (+6)"));
        assertThat("the opposition is spent; the player may still invoke", moves(state), contains("invoke", "accept"));
    }

    @Test
    void thePlayerAndTheOppositionKeepTheirOwnListsOfInvokedAspects() {
        Table table = Table.of("overcome", "fate-points", 1, "opposition-fate-points", 1);
        RollState state = table.roll("0000");
        state = table.apply(state, move(state, "invoke-against", "aspect", "Storm", "pay", "fate-point"));
        assertThat(table.refusals(state, move(state, "invoke", "aspect", "Storm", "pay", "fate-point")), empty());
    }

    @Test
    void acceptEndsTheRollAsItStands() {
        Table table = Table.of("defend", "skill", 2, "difficulty", 3, "fate-points", 3);
        RollState state = table.roll("+000");
        RollState accepted = table.apply(state, move(state, "accept"));
        assertThat(accepted.complete(), is(true));
        assertThat(accepted.moves(), empty());
        assertThat(accepted.outcome(), is(state.outcome()));
        assertThat(accepted.history().get(1).text(), is("Accepted: Tie."));
    }

    @Test
    void invokesAfterAStylishAttackStillAddToTheHit() {
        Table table = Table.of("attack", "skill", 3, "difficulty", 0, "fate-points", 1);
        RollState state = table.roll("0000");
        assertThat(value(state, "hit"), is(3));
        state = table.apply(state, move(state, "invoke", "aspect", "Haymaker", "pay", "fate-point"));
        assertThat(value(state, "hit"), is(5));
    }

    @Test
    void aFailedDefenceTurnedIntoATieByTheLastFatePointEndsTheRoll() {
        Table table = Table.of("defend", "skill", 0, "difficulty", 0, "fate-points", 1);
        RollState state = table.roll("−−00");
        assertThat(state.outcome().id(), is("fail"));
        assertThat(value(state, "hit"), is(2));
        state = table.apply(state, move(state, "invoke", "aspect", "Quick Reflexes", "pay", "fate-point",
                "effect", "plus-two"));
        assertThat(value(state, "shifts"), is(0));
        assertThat(state.outcome().id(), is("tie"));
        assertThat(state.tally("hit").isPresent(), is(false));
        assertThat(state.complete(), is(true));
    }
}
