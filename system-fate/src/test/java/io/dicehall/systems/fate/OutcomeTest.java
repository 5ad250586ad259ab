package io.dicehall.systems.fate;

import static io.dicehall.systems.fate.Table.text;
import static io.dicehall.systems.fate.Table.value;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;

import io.dicehall.api.form.InputChecker;
import io.dicehall.api.state.Flag;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Tone;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Shifts = effort − difficulty: below 0 fail, 0 tie, 1–2 succeed, 3 or more succeed with style; and
 * what each action makes of them. Skill and difficulty are 0 unless said, so the dice are the shifts.
 */
class OutcomeTest {

    private static RollState roll(String action, String dice, Object... more) {
        Object[] keyValues = new Object[more.length + 6];
        keyValues[0] = "skill";
        keyValues[1] = 0;
        keyValues[2] = "difficulty";
        keyValues[3] = 0;
        keyValues[4] = "fate-points";
        keyValues[5] = 0;
        System.arraycopy(more, 0, keyValues, 6, more.length);
        return Table.of(action, keyValues).roll(dice);
    }

    private static List<String> flags(RollState state) {
        return state.flags().stream().map(Flag::id).toList();
    }

    @Test
    void shiftsDecideTheOutcomeAtEachBoundary() {
        for (String action : List.of("overcome", "create-advantage", "attack", "defend")) {
            assertThat(action, roll(action, "−−−−").outcome().id(), is("fail"));
            assertThat(action, roll(action, "−000").outcome().id(), is("fail"));
            assertThat(action, roll(action, "0000").outcome().id(), is("tie"));
            assertThat(action, roll(action, "+000").outcome().id(), is("succeed"));
            assertThat(action, roll(action, "++00").outcome().id(), is("succeed"));
            assertThat(action, roll(action, "+++0").outcome().id(), is("succeed-with-style"));
            assertThat(action, roll(action, "++++").outcome().id(), is("succeed-with-style"));
        }
    }

    @Test
    void everyActionDeclaresTheFourOutcomesInOrderWithTones() {
        for (var procedure : new FateCondensed().procedures()) {
            assertThat(procedure.outcomes().stream().map(Outcome::id).toList(),
                    contains("fail", "tie", "succeed", "succeed-with-style"));
            assertThat(procedure.outcomes().stream().map(Outcome::tone).toList(),
                    contains(Tone.BAD, Tone.MIXED, Tone.GOOD, Tone.GOOD));
        }
        assertThat(new FateCondensed().procedures().stream().map(p -> p.id()).toList(),
                contains("overcome", "create-advantage", "attack", "defend"));
    }

    @Test
    void effortIsDicePlusSkillPlusStunts() {
        RollState state = Table.of("overcome", "skill", 3, "difficulty", 6, "stunt-bonus", 4, "fate-points", 0)
                .roll("+−0+");
        assertThat(value(state, "dice"), is(1));
        assertThat(value(state, "stunt-bonus"), is(4));
        assertThat("1 + 3 + 4", text(state, "effort"), is("Legendary (+8)"));
        assertThat(value(state, "shifts"), is(2));
        assertThat("shifts are a margin, not a rating", text(state, "shifts"), is("+2"));
    }

    @Test
    void shiftsAreShownAsSignedNumbersNeverWithLadderNames() {
        // The reproducers: a 2-shift failure showed "Terrible (−2)", a 1-shift success "Average (+1)".
        RollState failure = Table.of("overcome", "skill", 0, "difficulty", 2, "fate-points", 0).roll("0000");
        assertThat(failure.outcome().id(), is("fail"));
        assertThat(value(failure, "shifts"), is(-2));
        assertThat(text(failure, "shifts"), is("\u22122"));
        RollState success = Table.of("overcome", "skill", 1, "difficulty", 0, "fate-points", 0).roll("0000");
        assertThat(success.outcome().id(), is("succeed"));
        assertThat(text(success, "shifts"), is("+1"));
        RollState tie = Table.of("overcome", "skill", 0, "difficulty", 0, "fate-points", 0).roll("0000");
        assertThat(text(tie, "shifts"), is("+0"));
        assertThat("ratings and results keep their names", text(failure, "difficulty"), is("Fair (+2)"));
        assertThat(text(success, "effort"), is("Average (+1)"));
        for (RollState state : List.of(failure, success, tie)) {
            for (String name : List.of("Terrible", "Poor", "Mediocre", "Average", "Fair")) {
                assertThat(text(state, "shifts"), not(containsString(name)));
            }
        }
    }

    @Test
    void anyStuntBonusFromOneToEightIsAccepted() {
        // Stunts normally give +2 each, but not always: odd bonuses and four stunts' +8 are allowed.
        for (var procedure : new FateCondensed().procedures()) {
            for (int bonus = 0; bonus <= 8; bonus++) {
                var checked = InputChecker.check(procedure.form(), Map.of("stunt-bonus", bonus));
                assertThat(procedure.id() + " +" + bonus, checked.ok(), is(true));
                assertThat(procedure.check(checked.orThrow()), empty());
            }
            assertThat(InputChecker.check(procedure.form(), Map.of("stunt-bonus", 9)).ok(), is(false));
            assertThat(InputChecker.check(procedure.form(), Map.of("stunt-bonus", -1)).ok(), is(false));
        }
    }

    @Test
    void anOddStuntBonusAddsToTheEffort() {
        RollState state = Table.of("overcome", "skill", 1, "difficulty", 4, "stunt-bonus", 3, "fate-points", 0)
                .roll("0000");
        assertThat(text(state, "stunt-bonus"), is("+3"));
        assertThat("0 + 1 + 3", text(state, "effort"), is("Great (+4)"));
        assertThat(state.outcome().id(), is("tie"));
        RollState four = Table.of("overcome", "skill", 0, "difficulty", 8, "stunt-bonus", 8, "fate-points", 0)
                .roll("0000");
        assertThat(text(four, "effort"), is("Legendary (+8)"));
        assertThat(four.outcome().id(), is("tie"));
    }

    @Test
    void theFormsKeepTheRulesRanges() {
        var procedure = new FateCondensed().procedures().get(0);
        assertThat(InputChecker.check(procedure.form(), Map.of("skill", 13)).ok(), is(false));
        assertThat(InputChecker.check(procedure.form(), Map.of("skill", -5)).ok(), is(false));
        assertThat(InputChecker.check(procedure.form(), Map.of("difficulty", 12, "skill", -4)).ok(), is(true));
        assertThat(InputChecker.check(procedure.form(), Map.of("stunt-bonus", 9)).ok(), is(false));
        assertThat("only create an advantage asks which aspect", procedure.form().field("aspect").isPresent(),
                is(false));
    }

    @Test
    void numbersBeyondTheLadderArePlain() {
        RollState state = Table.of("attack", "skill", 12, "difficulty", -4, "fate-points", 0).roll("++++");
        assertThat(text(state, "effort"), is("+16"));
        assertThat(text(state, "difficulty"), is("\u22124"));
        assertThat(value(state, "shifts"), is(20));
        assertThat(value(state, "hit"), is(20));
    }

    @Test
    void overcomeWithStyleAddsABoostButATieDoesNot() {
        assertThat(flags(roll("overcome", "+++0")), contains("boost"));
        assertThat(flags(roll("overcome", "0000")), empty());
        assertThat(roll("overcome", "0000").outcome().description(), containsString("small cost"));
        assertThat(roll("overcome", "−000").outcome().description(), containsString("serious cost"));
    }

    @Test
    void createANewAspect() {
        RollState fail = roll("create-advantage", "−000", "aspect", "new");
        assertThat(fail.outcome().description(), containsString("other side holds its free invoke"));
        assertThat(fail.tally("free-invokes-gained").isPresent(), is(false));

        RollState tie = roll("create-advantage", "0000", "aspect", "new");
        assertThat("a tie creates no aspect but gives a boost", flags(tie), contains("boost"));
        assertThat(tie.tally("free-invokes-gained").isPresent(), is(false));

        assertThat(value(roll("create-advantage", "++00", "aspect", "new"), "free-invokes-gained"), is(1));
        assertThat(value(roll("create-advantage", "+++0", "aspect", "new"), "free-invokes-gained"), is(2));
    }

    @Test
    void createAnAdvantageOnAKnownAspect() {
        RollState fail = roll("create-advantage", "−000", "aspect", "existing-known");
        assertThat("the enemy gets a free invoke", flags(fail), contains("enemy-free-invoke"));

        RollState tie = roll("create-advantage", "0000", "aspect", "existing-known");
        assertThat("a tie on a known aspect is a free invoke, not a boost", flags(tie), empty());
        assertThat(value(tie, "free-invokes-gained"), is(1));

        assertThat(value(roll("create-advantage", "+000", "aspect", "existing-known"), "free-invokes-gained"), is(1));
        assertThat(value(roll("create-advantage", "+++0", "aspect", "existing-known"), "free-invokes-gained"), is(2));
    }

    @Test
    void createAnAdvantageOnAHiddenAspect() {
        RollState fail = roll("create-advantage", "−000", "aspect", "existing-unknown");
        assertThat("they only may reveal it for a free invoke", flags(fail), empty());
        assertThat(fail.outcome().description(), containsString("may reveal it"));

        RollState tie = roll("create-advantage", "0000", "aspect", "existing-unknown");
        assertThat(flags(tie), contains("boost"));
        assertThat(tie.outcome().description(), containsString("stays hidden"));

        RollState success = roll("create-advantage", "+000", "aspect", "existing-unknown");
        assertThat(flags(success), contains("aspect-revealed"));
        assertThat(value(success, "free-invokes-gained"), is(1));

        RollState style = roll("create-advantage", "+++0", "aspect", "existing-unknown");
        assertThat(flags(style), contains("aspect-revealed"));
        assertThat(value(style, "free-invokes-gained"), is(2));
    }

    @Test
    void anAttackHitsAsHardAsItsShifts() {
        assertThat(roll("attack", "−000").tally("hit").isPresent(), is(false));
        RollState tie = roll("attack", "0000");
        assertThat(flags(tie), contains("boost"));
        assertThat(tie.tally("hit").isPresent(), is(false));
        assertThat(value(roll("attack", "+000"), "hit"), is(1));
        assertThat(roll("attack", "+000").outcome().description(), containsString("hit of 1 shift;"));
        assertThat(flags(roll("attack", "++00")), empty());
    }

    @Test
    void aStylishAttackMayTradeOneShiftForABoost() {
        RollState style = roll("attack", "++++");
        assertThat(value(style, "hit"), is(4));
        assertThat(flags(style), contains("trade-shift-for-boost"));
        assertThat(style.flags().get(0).text(), containsString("3 shifts"));
        assertThat(style.outcome().description(), containsString("hit of 4 shifts, or of 3 shifts and a boost"));
    }

    @Test
    void aFailedDefenceTakesTheAttackersMarginAsAHit() {
        RollState fail = roll("defend", "−−00");
        assertThat(value(fail, "hit"), is(2));
        assertThat(fail.tally("hit").orElseThrow().label(), containsString("taken"));
        assertThat(fail.tally("difficulty").orElseThrow().label(), is("Their effort"));
        assertThat(fail.history().get(0).text(), containsString("against their effort of Mediocre (+0)"));
        assertThat(roll("defend", "0000").outcome().description(), containsString("tie result"));
        assertThat(flags(roll("defend", "+00+")), empty());
        assertThat(flags(roll("defend", "+0++")), contains("boost"));
    }
}
