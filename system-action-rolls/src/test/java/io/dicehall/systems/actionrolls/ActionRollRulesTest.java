package io.dicehall.systems.actionrolls;

import static io.dicehall.systems.actionrolls.Rolls.PROCEDURE;
import static io.dicehall.systems.actionrolls.Rolls.accept;
import static io.dicehall.systems.actionrolls.Rolls.apply;
import static io.dicehall.systems.actionrolls.Rolls.daring;
import static io.dicehall.systems.actionrolls.Rolls.finn;
import static io.dicehall.systems.actionrolls.Rolls.inputs;
import static io.dicehall.systems.actionrolls.Rolls.start;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.blankOrNullString;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

import io.dicehall.api.GameSystem;
import io.dicehall.api.form.ChoiceField;
import io.dicehall.api.form.Field;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.Option;
import io.dicehall.api.form.Violation;
import io.dicehall.api.state.Die;
import io.dicehall.api.state.Flag;
import io.dicehall.api.state.MoveOption;
import io.dicehall.api.state.RollState;
import io.dicehall.api.state.Step;
import io.dicehall.api.state.Tone;
import io.dicehall.api.state.Verdict;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every rule of the Action Rolls page, read as docs/rulings.md says, played with scripted dice. */
class ActionRollRulesTest {

    // --- The document's worked example -------------------------------------------------------------

    @Test
    void finnPicksTheLockAndEndsOnALimitedSuccessAfterDaring() {
        Inputs inputs = finn();
        RollState first = start(inputs, 4, 2, 3, 2);

        assertThat(first.dice().stream().map(Die::id).toList(), contains("a1-d1", "a1-d2", "a2-d1", "a2-d2"));
        assertThat(first.dice().stream().map(Die::type).toList(), contains("d6", "d6", "d4", "d4"));
        assertThat(first.dice().stream().map(Die::verdict).toList(),
                contains(Verdict.SUCCESS, Verdict.TROUBLE, Verdict.NEUTRAL, Verdict.TROUBLE));
        assertThat(tally(first, "successes"), is(1));
        assertThat(tally(first, "trouble"), is(2));
        assertThat("one success is short of Challenge 2, two trouble short of Risk 3",
                first.outcome().id(), is("limited-failure"));
        assertThat(first.complete(), is(false));
        assertThat(first.moves().stream().map(MoveOption::id).toList(), contains("daring", "accept"));
        assertThat(first.history().get(0).text(), is("Rolled Dexterity 2 (2d6): 4, 2 and Reasoning 1 (2d4): 3, 2"
                + " → 1 success die, 2 trouble dice: Limited Failure."));

        RollState last = apply(inputs, first, daring("anxiety"), 5, 1);

        assertThat(last.group("first-ability").orElseThrow().dice(), hasSize(3));
        assertThat(last.group("second-ability").orElseThrow().dice(), hasSize(3));
        Die d6 = last.die("a1-d3").orElseThrow();
        Die d4 = last.die("a2-d3").orElseThrow();
        assertThat(List.of(d6.type(), d6.face(), d6.verdict()), contains("d6", 5, Verdict.SUCCESS));
        assertThat(List.of(d4.type(), d4.face(), d4.verdict()), contains("d4", 1, Verdict.TROUBLE));
        assertThat(tally(last, "successes"), is(2));
        assertThat(tally(last, "trouble"), is(3));
        assertThat("2 successes meet Challenge 2 and 3 trouble meet Risk 3", last.outcome().id(), is("limited-success"));
        assertThat(last.flagged("emotion-raised"), is(true));
        assertThat(flag(last, "emotion-raised"), containsString("Anxiety"));
        assertThat(last.memo().get("emotion"), is("anxiety"));
        assertThat("after the one Daring Roll the roll is over", last.complete(), is(true));
        assertThat(last.moves(), empty());
        assertThat(last.history().stream().map(Step::move).toList(), contains("start", "daring"));
        assertThat(last.history().get(1).text(), is("Daring Roll, raising Anxiety by one: Dexterity d6 shows 5, "
                + "Reasoning d4 shows 1 → 2 success dice, 3 trouble dice: Limited Success."));
    }

    // --- Dice ---------------------------------------------------------------------------------------

    @ParameterizedTest
    @CsvSource({"1, 4", "2, 6", "3, 8", "4, 10", "5, 12"})
    void anAbilityScoreGivesTwoDiceOfItsSize(int score, int sides) {
        RollState state = start(inputs("first-ability", score, "second-ability", 1), sides, sides, 4, 4);

        List<Die> dice = state.group("first-ability").orElseThrow().dice();
        assertThat(dice, hasSize(2));
        for (Die die : dice) {
            assertThat(die.sides(), is(sides));
            assertThat(die.type(), is("d" + sides));
            assertThat(die.face(), is(sides));
            assertThat(die.reading(), is(String.valueOf(sides)));
            assertThat(die.previous(), nullValue());
        }
        assertThat(state.group("second-ability").orElseThrow().dice().get(0).type(), is("d4"));
    }

    @ParameterizedTest
    @CsvSource({
        "none,         1, TROUBLE", "none,         2, TROUBLE", "none,         3, NEUTRAL", "none,         4, SUCCESS",
        "advantage,    1, TROUBLE", "advantage,    2, TROUBLE", "advantage,    3, SUCCESS", "advantage,    4, SUCCESS",
        "disadvantage, 1, TROUBLE", "disadvantage, 2, TROUBLE", "disadvantage, 3, TROUBLE", "disadvantage, 4, SUCCESS"})
    void aFaceCountsAsTheRulesSayWithAdvantageAndDisadvantageOnlyChangingTheThree(String edge, int face,
            Verdict verdict) {
        RollState state = start(inputs("first-ability", 1, "second-ability", 1, "edge", edge), face, face, face, face);

        assertThat(state.dice().stream().map(Die::verdict).distinct().toList(), contains(verdict));
    }

    @Test
    void aTwelveOnAD12IsASuccessDie() {
        RollState state = start(inputs("first-ability", 5, "second-ability", 5), 12, 5, 3, 11);

        assertThat(tally(state, "successes"), is(3));
        assertThat(tally(state, "trouble"), is(0));
    }

    @Test
    void advantageTurnsThreesIntoSuccessDice() {
        Inputs inputs = inputs("edge", "advantage", "challenge", "difficult");

        RollState state = start(inputs, 3, 3, 3, 1);

        assertThat(tally(state, "successes"), is(3));
        assertThat(tally(state, "trouble"), is(1));
        assertThat(state.outcome().id(), is("success"));
        assertThat(textTally(state, "edge"), containsString("Advantage"));
    }

    @Test
    void disadvantageTurnsThreesIntoTroubleDice() {
        Inputs inputs = inputs("edge", "disadvantage", "risk", "risky");

        RollState state = start(inputs, 3, 3, 3, 6);

        assertThat(tally(state, "successes"), is(1));
        assertThat(tally(state, "trouble"), is(3));
        assertThat(state.outcome().id(), is("failure"));
    }

    @Test
    void withoutAnEdgeThreesAreIgnored() {
        RollState state = start(inputs("edge", "none"), 3, 3, 3, 3);

        assertThat(tally(state, "successes"), is(0));
        assertThat(tally(state, "trouble"), is(0));
        assertThat(state.outcome().id(), is("limited-failure"));
    }

    // --- Outcomes -----------------------------------------------------------------------------------

    @ParameterizedTest(name = "{0} {1} {2} {3} vs {4}/{5} → {6}")
    @CsvSource({
        // exactly the Challenge, trouble one short of the Risk
        "4, 4, 1, 3, average,   precarious, success,         2, 1",
        // Challenge met and Risk reached
        "4, 4, 1, 2, average,   precarious, limited-success, 2, 2",
        // one success short, no trouble worth speaking of
        "4, 3, 3, 3, average,   safe,       limited-failure, 1, 0",
        // short of the Challenge and the Risk reached
        "4, 1, 2, 3, average,   precarious, failure,         1, 2",
        "6, 6, 6, 3, daunting,  safe,       limited-failure, 3, 0",
        "6, 6, 6, 6, daunting,  safe,       success,         4, 0",
        "5, 5, 4, 2, difficult, risky,      success,         3, 1",
        "1, 1, 2, 3, difficult, safe,       limited-failure, 0, 3",
        "1, 1, 2, 2, difficult, safe,       failure,         0, 4",
        // two or more beyond the Challenge or the Risk: a critical, whatever the table says
        "4, 5, 6, 6, average,   risky,      critical-success, 4, 0",
        "4, 5, 6, 1, average,   risky,      success,          3, 1",
        "1, 2, 1, 2, average,   precarious, critical-failure, 0, 4",
        "1, 2, 1, 3, average,   precarious, failure,          0, 3"})
    void successDiceAgainstChallengeAndTroubleDiceAgainstRiskDecideTheOutcome(int f1, int f2, int f3, int f4,
            String challenge, String risk, String outcome, int successes, int trouble) {
        Inputs inputs = inputs("challenge", challenge, "risk", risk);

        RollState state = start(inputs, f1, f2, f3, f4);

        assertThat(tally(state, "successes"), is(successes));
        assertThat(tally(state, "trouble"), is(trouble));
        assertThat(state.outcome().id(), is(outcome));
    }

    @Test
    void theOutcomesAreDeclaredWorstToBestWithTheirTones() {
        assertThat(PROCEDURE.outcomes().stream().map(o -> o.id() + ":" + o.tone()).toList(),
                contains("critical-failure:BAD", "failure:BAD", "limited-failure:BAD", "limited-success:MIXED",
                        "success:GOOD", "critical-success:GOOD"));
    }

    @Test
    void challengeRiskAndRiskCategoryAreShownAsTallies() {
        RollState state = start(inputs("challenge", "daunting", "risk", "precarious", "risk-category", "social"),
                4, 4, 4, 4);

        assertThat(state.tallies().stream().map(t -> t.id()).toList(),
                contains("successes", "trouble", "challenge", "risk", "edge", "risk-category"));
        assertThat(tally(state, "challenge"), is(4));
        assertThat(textTally(state, "challenge"), is("4 (Daunting)"));
        assertThat(tally(state, "risk"), is(2));
        assertThat(textTally(state, "risk"), is("2 (Precarious)"));
        assertThat(textTally(state, "risk-category"), containsString("Social"));
        assertThat(state.tally("risk-category").orElseThrow().value(), nullValue());
    }

    @ParameterizedTest
    @CsvSource({"narrative, Narrative", "physical, Physical", "material, Material", "social, Social"})
    void theRiskCategoryIsInformationOnly(String category, String label) {
        RollState plain = start(inputs(), 4, 1, 3, 5);
        RollState categorised = start(inputs("risk-category", category), 4, 1, 3, 5);

        assertThat(textTally(categorised, "risk-category"), containsString(label));
        assertThat(categorised.outcome(), equalTo(plain.outcome()));
        assertThat(categorised.dice(), equalTo(plain.dice()));
    }

    // --- Criticals ----------------------------------------------------------------------------------
    // The document counts a critical as a success or a failure of its own weight, so it is the outcome,
    // whatever the outcome table says of the same dice; it is never a flag beside another outcome.

    @Test
    void twoSuccessDiceBeyondTheChallengeAreACriticalSuccess() {
        RollState state = start(inputs("challenge", "average"), 4, 5, 6, 6);

        assertThat(state.outcome().id(), is("critical-success"));
        assertThat(state.outcome().label(), is("Critical Success"));
        assertThat(state.outcome().tone(), is(Tone.GOOD));
        assertThat(state.flags(), empty());
        assertThat(state.history().get(0).text(), endsWith("4 success dice, 0 trouble dice: Critical Success."));
    }

    @Test
    void oneSuccessDieBeyondTheChallengeIsNotCritical() {
        RollState state = start(inputs("challenge", "average"), 4, 5, 6, 3);

        assertThat(tally(state, "successes"), is(3));
        assertThat(state.outcome().id(), is("success"));
    }

    @Test
    void twoTroubleDiceBeyondTheRiskAreACriticalFailure() {
        RollState state = start(inputs("risk", "precarious"), 1, 2, 1, 2);

        assertThat(state.outcome().id(), is("critical-failure"));
        assertThat(state.outcome().label(), is("Critical Failure"));
        assertThat(state.outcome().tone(), is(Tone.BAD));
        assertThat(state.flags(), empty());
    }

    @Test
    void oneTroubleDieBeyondTheRiskIsNotCritical() {
        RollState state = start(inputs("risk", "precarious"), 1, 2, 1, 4);

        assertThat(state.outcome().id(), is("failure"));
    }

    @Test
    void aDaringRollToFourTroubleAtPrecariousRiskIsACriticalFailureThoughTheChallengeIsMet() {
        // The reproducer: without the critical this would read as a Limited Success.
        Inputs inputs = inputs("first-ability", 3, "second-ability", 3, "challenge", "average", "risk",
                "precarious");
        RollState first = start(inputs, 8, 8, 1, 1);
        assertThat("2 successes meet Average, 2 trouble reach Precarious", first.outcome().id(),
                is("limited-success"));

        RollState last = apply(inputs, first, daring("anger"), 1, 2);

        assertThat(tally(last, "successes"), is(2));
        assertThat(tally(last, "trouble"), is(4));
        assertThat(last.outcome().id(), is("critical-failure"));
        assertThat(last.outcome().description(), containsString("hits harder"));
        assertThat(last.history().get(1).text(), endsWith("2 success dice, 4 trouble dice: Critical Failure."));
    }

    @Test
    void aDaringRollToFourSuccessesAtPrecariousRiskIsACriticalSuccessThoughTheRiskIsReached() {
        // The second reproducer: 4 successes and 2 trouble at Risk 2 is a Success, critical.
        Inputs inputs = inputs("challenge", "average", "risk", "precarious");
        RollState first = start(inputs, 4, 4, 1, 2);
        assertThat(first.outcome().id(), is("limited-success"));

        RollState last = apply(inputs, first, daring("anger"), 5, 5);

        assertThat(tally(last, "successes"), is(4));
        assertThat(tally(last, "trouble"), is(2));
        assertThat(last.outcome().id(), is("critical-success"));
        assertThat(last.outcome().description(), containsString("extra bonus or edge"));
    }

    @Test
    void aDaringRollCanBringACriticalFailureEvenAtSafeRisk() {
        Inputs inputs = inputs("risk", "safe", "first-ability", 1, "second-ability", 1);
        RollState first = start(inputs, 1, 1, 2, 2);
        assertThat("four trouble dice reach Safe 4 but are not two beyond it", first.outcome().id(),
                is("failure"));

        RollState last = apply(inputs, first, daring("frustration"), 1, 2);

        assertThat(tally(last, "trouble"), is(6));
        assertThat(last.outcome().id(), is("critical-failure"));
    }

    @Test
    void aDauntingCriticalSuccessNeedsSixSuccessDiceSoOnlyADaringRollReachesIt() {
        Inputs inputs = inputs("challenge", "daunting");
        RollState first = start(inputs, 6, 6, 6, 6);
        assertThat(first.outcome().id(), is("success"));

        RollState last = apply(inputs, first, daring("guilt"), 4, 5);

        assertThat(last.outcome().id(), is("critical-success"));
    }

    // --- Daring Roll and stopping -------------------------------------------------------------------

    @Test
    void theDaringRollAsksWhichEmotionToRaise() {
        MoveOption daring = start(finn(), 4, 2, 3, 2).move("daring").orElseThrow();

        assertThat(daring.hasOdds(), is(true));
        ChoiceField emotion = (ChoiceField) daring.form().field("emotion").orElseThrow();
        assertThat(emotion.options().stream().map(Option::value).toList(),
                contains("anger", "frustration", "anxiety", "guilt"));
        assertThat(emotion.options().stream().map(Option::label).toList(),
                contains("Anger", "Frustration", "Anxiety", "Guilt"));
        emotion.options().forEach(o -> assertThat(o.help(), not(blankOrNullString())));
    }

    @ParameterizedTest
    @CsvSource({"anger, Anger", "frustration, Frustration", "anxiety, Anxiety", "guilt, Guilt"})
    void theDaringRollRecordsTheEmotionRaised(String emotion, String label) {
        RollState last = apply(finn(), start(finn(), 4, 2, 3, 2), daring(emotion), 3, 3);

        assertThat(flag(last, "emotion-raised"), is("Raise " + label + " by one: the price of the Daring Roll."));
        assertThat(last.memo().get("emotion"), is(emotion));
        assertThat(last.history().get(1).text(), containsString("raising " + label + " by one"));
    }

    @Test
    void aSecondDaringRollIsRefusedNamingTheRule() {
        Inputs inputs = finn();
        RollState dared = apply(inputs, start(inputs, 4, 2, 3, 2), daring("anxiety"), 5, 1);
        assertThat(dared.move("daring").isPresent(), is(false));
        // A state someone reopened by hand still may not dare twice.
        RollState reopened = dared.toBuilder().complete(false)
                .move(start(inputs, 4, 2, 3, 2).move("daring").orElseThrow()).build();

        List<Violation> refused = PROCEDURE.checkMove(inputs, reopened, daring("anger"));

        assertThat(refused, hasSize(1));
        assertThat(refused.get(0).message(), containsString("only once per Action Roll"));
        assertThat(refused.get(0).message(), containsString("Anxiety"));
    }

    @Test
    void theFirstDaringRollIsAllowed() {
        assertThat(PROCEDURE.checkMove(finn(), start(finn(), 4, 2, 3, 2), daring("anger")), empty());
        assertThat(PROCEDURE.checkMove(finn(), start(finn(), 4, 2, 3, 2), accept()), empty());
    }

    @Test
    void stoppingKeepsTheFirstThrowAndRollsNothing() {
        RollState first = start(finn(), 4, 2, 3, 2);

        RollState last = apply(finn(), first, accept() /* no faces: any roll would fail */);

        assertThat(last.complete(), is(true));
        assertThat(last.moves(), empty());
        assertThat(last.outcome(), equalTo(first.outcome()));
        assertThat(last.dice(), equalTo(first.dice()));
        assertThat(last.flagged("emotion-raised"), is(false));
        assertThat(last.history().get(1), equalTo(new Step("accept", "Stopped after the first throw: "
                + "Limited Failure stands.")));
    }

    @Test
    void theDaringRollRollsOneDieOfEachAbilityInOrder() {
        Inputs inputs = inputs("first-ability", 5, "second-ability", 3);
        RollState first = start(inputs, 1, 2, 3, 4);

        RollState last = apply(inputs, first, daring("anger"), 12, 8);

        assertThat(last.die("a1-d3").orElseThrow().type(), is("d12"));
        assertThat(last.die("a1-d3").orElseThrow().face(), is(12));
        assertThat(last.die("a2-d3").orElseThrow().type(), is("d8"));
        assertThat(last.dice(), hasSize(6));
        assertThat("the first throw stays as it was", last.dice().subList(0, 2),
                equalTo(first.group("first-ability").orElseThrow().dice()));
    }

    // --- Form and labels ----------------------------------------------------------------------------

    @Test
    void theFormHasTheAgreedFieldsInOrder() {
        assertThat(PROCEDURE.form().fields().stream().map(Field::name).toList(),
                contains("first-ability", "first-ability-name", "second-ability", "second-ability-name",
                        "challenge", "risk", "edge", "risk-category"));
        assertThat(options("challenge"), contains("average:Average (2)", "difficult:Difficult (3)",
                "daunting:Daunting (4)"));
        assertThat(options("risk"), contains("safe:Safe (4)", "risky:Risky (3)", "precarious:Precarious (2)"));
        assertThat(options("edge"), contains("none:None", "advantage:Advantage", "disadvantage:Disadvantage"));
        assertThat(options("risk-category"), contains("narrative:Narrative", "physical:Physical",
                "material:Material", "social:Social"));
    }

    @Test
    void theEdgeHelpListsEveryDriveAndSaysBothCancel() {
        String help = PROCEDURE.form().field("edge").orElseThrow().help();

        for (String drive : List.of("Authority", "Revenge", "Wealth", "Hedonism", "Distinction", "Influence",
                "Solution", "Production", "Curiosity", "Care", "Peace", "Duty", "Quest")) {
            assertThat(help, containsString(drive));
        }
        assertThat(help, containsString("Both at once cancel out: choose None."));
    }

    @Test
    void scoresOutsideOneToFiveAndOverlongNamesAreRefused() {
        var form = PROCEDURE.form();
        assertThat(InputChecker.check(form, Map.of("first-ability", 0)).ok(), is(false));
        assertThat(InputChecker.check(form, Map.of("second-ability", 6)).ok(), is(false));
        assertThat(InputChecker.check(form, Map.of("first-ability-name", "x".repeat(41))).ok(), is(false));
        assertThat(InputChecker.check(form, Map.of("first-ability-name", "x".repeat(40))).ok(), is(true));
        assertThat(InputChecker.check(form, Map.of("challenge", "easy")).violations().get(0).field(),
                is("challenge"));
    }

    @Test
    void groupsAreLabelledWithTheAbilitysNameScoreAndDie() {
        RollState named = start(finn(), 4, 2, 3, 2);
        RollState unnamed = start(inputs("first-ability", 3, "second-ability", 4), 1, 1, 1, 1);

        assertThat(named.group("first-ability").orElseThrow().label(), is("Dexterity 2 (d6)"));
        assertThat(named.group("second-ability").orElseThrow().label(), is("Reasoning 1 (d4)"));
        assertThat(unnamed.group("first-ability").orElseThrow().label(), is("First ability 3 (d8)"));
        assertThat(unnamed.group("second-ability").orElseThrow().label(), is("Second ability 4 (d10)"));
    }

    @Test
    void theSystemIsFoundByServiceLoader() {
        List<String> ids = ServiceLoader.load(GameSystem.class).stream().map(p -> p.get().id()).toList();

        assertThat(ids, contains("action-rolls"));
        assertThat(new ActionRollsSystem().procedures().stream().map(p -> p.id()).toList(), contains("action-roll"));
    }

    // --- helpers ------------------------------------------------------------------------------------

    private static int tally(RollState state, String id) {
        return state.tally(id).orElseThrow().value();
    }

    private static String textTally(RollState state, String id) {
        return state.tally(id).orElseThrow().text();
    }

    private static String flag(RollState state, String id) {
        return state.flags().stream().filter(f -> f.id().equals(id)).map(Flag::text).findFirst().orElseThrow();
    }

    private static List<String> options(String field) {
        return ((ChoiceField) PROCEDURE.form().field(field).orElseThrow()).options().stream()
                .map(o -> o.value() + ":" + o.label()).toList();
    }
}
