package io.dicehall.api.contract;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.anEmptyMap;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.in;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThanOrEqualTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dicehall.api.Dice;
import io.dicehall.api.GameSystem;
import io.dicehall.api.Move;
import io.dicehall.api.Procedure;
import io.dicehall.api.Text;

import io.dicehall.api.form.Form;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.TextField;
import io.dicehall.api.form.Violation;
import io.dicehall.api.json.ApiJson;
import io.dicehall.api.odds.Chance;
import io.dicehall.api.odds.Fraction;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.odds.Plan;
import io.dicehall.api.odds.Pool;
import io.dicehall.api.stated.Read;
import io.dicehall.api.stated.Reading;
import io.dicehall.api.stated.Rerolls;
import io.dicehall.api.stated.StatedProcedure;
import io.dicehall.api.stated.Throw;
import io.dicehall.api.state.MoveOption;
import io.dicehall.api.state.Outcome;
import io.dicehall.api.state.RollState;
import jakarta.json.bind.Jsonb;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The contract every {@link GameSystem} keeps, as tests. A system's test class extends this and
 * implements {@link #system()}:
 *
 * <pre>{@code
 * class MySystemContractTest extends GameSystemContract {
 *     @Override
 *     protected GameSystem system() {
 *         return new MySystem();
 *     }
 * }
 * }</pre>
 *
 * <p>It checks ids and names, forms and defaults, that every default and every random legal input
 * rolls and every open move can be played to the end, that states stay valid and survive a JSON
 * round trip, and that garbage inputs give violations, never exceptions, for the roll and for every kind of
 * move met. Odds are checked where the rules go, not only at the defaults. Pre-roll odds: on every combination
 * of the form's integer, choice and flag fields (and text fields, on the values of {@link #legalTexts}) within
 * {@link #inputBudget()} (an all-pairs covering array
 * beyond it), the defaults, the defaults with one field changed, random legal inputs and the inputs of {@link
 * #moreInputs}, each a test of its own (see {@link #oddsSumToOneAndAgreeWithASeededSample()}), compared exactly
 * with every face of the rules up to {@link #bruteForceLimit()} faces within {@link #oddsRunBudget()}, else with
 * a seeded sample on at most {@link #sampledInputs()} inputs; a stated roll's also with its statement, by dynamic
 * programming. Decision odds: on states reached from the defaults, the defaults with one field changed, random
 * legal inputs and the added inputs by random throws and then random legal moves, so a move that opens only for
 * some inputs or only after another move is met; each compared with the rules exactly, over every face, where
 * that takes at most {@link #bestPlayBudget()} runs of the rules, else with a seeded sample. A wrong probability
 * fails a check that is exact, however small the error; a sample catches only errors larger than its tolerance.
 * Everything is seeded, so a failure repeats.
 *
 * <p>The kit is its own artifact, {@code io.dicehall:dicehall-api-testkit}, a test dependency that brings
 * JUnit 5, Hamcrest and JSON-B (Yasson) with it; the API itself is plain JDK.
 *
 * <p>Best play (since 0.2): every procedure's {@linkplain Procedure#outcomeOrder() outcome order} ranks its
 * outcomes. For a procedure that gives a {@linkplain Procedure#game game}, on {@linkplain #bestPlayInputs
 * small inputs}, for every goal: the game's positions, moves and lotteries agree with {@code start} and {@code
 * apply} (exactly over every face where that is few enough, else with a seeded sample); the solver's answers
 * with the game's own values ({@link io.dicehall.api.play.Game#value}) equal the generic search's, and both
 * equal {@link BruteForce} over the real rules where that is small enough; best play is never below a stated
 * plan; and every move's probability is what making it and playing best after gives, over every face it
 * throws. The states checked come from random throws followed by moves the game lists and any legal moves
 * with random inputs. Goals are those a player may name: none at an outcome of pending tone. Each of these runs
 * once per input of {@link #bestPlayInputs}, named by the procedure and the inputs.
 *
 * <p>Nothing is skipped silently. A procedure without a game, or whose outcomes have no order, reports these
 * checks as skipped, with the reason; so does an input left out (too large for the search, or without a game),
 * and a check that could not do all it should: brute force that ran out of budget, of dice (exploding dice:
 * give it a stopping rule in {@link #bestPlayBruteForceLimits}) or of depth (plays that never end: give it a
 * cut-off there, and it checks best play within bounds), or lotteries too large to enumerate. Such a check still
 * fails on anything wrong it did find, and is otherwise reported as skipped (aborted), saying what it left out
 * and why.
 *
 * @since 0.1 (best play since 0.2; in its own artifact, exploring beyond the defaults, since 0.2; every
 *     combination of the fields, added inputs and stated rolls since 0.3)
 */
public abstract class GameSystemContract {

    /** @return the system under test; may be a new instance each call */
    protected abstract GameSystem system();

    /** @return the number of rolls in each seeded sample that odds are compared with */
    protected int sampleSize() {
        return 3000;
    }

    /** @return the seed of every random choice the kit makes */
    protected long seed() {
        return 20_261_122L;
    }

    /**
     * What "no further move" means for a procedure's pre-roll odds. The default is the state as it
     * stands. Override for procedures whose odds assume play goes on (an extended roll rolled until
     * it is done), applying the moves with {@code dice}.
     *
     * @param procedure the procedure
     * @param inputs the roll's inputs
     * @param state the state after the first throw or after a move whose odds are checked
     * @param dice dice to use for any further move
     * @return the state whose outcome the odds predict
     */
    protected RollState settle(Procedure procedure, Inputs inputs, RollState state, Dice dice) {
        return state;
    }

    /**
     * Small inputs on which best play is checked: small enough that the generic solver searches them within
     * {@link #bestPlayLimit()} positions, and preferably that brute force over every face fits {@link
     * #bestPlayBudget()}. The default is the form's defaults and up to two random legal inputs that break no
     * rule and that {@link #possible} allows, and the inputs of {@link #moreInputs}; inputs too large to search
     * are left out. Override with a few small cases (few dice, few KISSes).
     *
     * @param procedure a procedure that gives a game
     * @return inputs, checked and breaking no rule
     * @since 0.2
     */
    protected List<Inputs> bestPlayInputs(Procedure procedure) {
        List<Inputs> cases = new ArrayList<>();
        Inputs defaults = InputChecker.check(procedure.form(), Map.of()).orThrow();
        if (possible(procedure, defaults)) {
            cases.add(defaults);
        }
        var random = random(procedure, seed() + 5);
        for (int i = 0, found = 0; i < 40 && found < 2; i++) {
            Inputs inputs = InputChecker.check(procedure.form(), random.legal(procedure.form())).orThrow();
            if (procedure.check(inputs).isEmpty() && possible(procedure, inputs)) {
                cases.add(inputs);
                found++;
            }
        }
        cases.addAll(inputCases(procedure).added());
        return cases;
    }

    /**
     * @return the most positions the generic solver may visit on one of {@link #bestPlayInputs}
     * @since 0.2
     */
    protected int bestPlayLimit() {
        return 20_000;
    }

    /**
     * @return how many runs of the rules an exact enumeration of faces may take before the kit samples
     *     instead, or gives up brute force: for best play, and for pre-roll and decision odds
     * @since 0.2
     */
    protected int bestPlayBudget() {
        return 20_000;
    }

    /**
     * Whether best play must be at least as good as a stated plan. True by default; override for a plan that
     * uses something best play does not (a resource that is not among the inputs, a move the player does not
     * choose).
     *
     * @param procedure the procedure
     * @param plan one of its pre-roll plans
     * @return whether best play is compared with it
     * @since 0.2
     */
    protected boolean bestPlayCovers(Procedure procedure, Plan plan) {
        return true;
    }

    /**
     * Whether best play must be at least as good as a stated plan, on these inputs: for a plan that uses a choice
     * only some inputs give (a bonus the inputs may or may not allow on the first roll). By default, {@link
     * #bestPlayCovers(Procedure, Plan)}.
     *
     * @param procedure the procedure
     * @param inputs the inputs of the roll, one of {@link #bestPlayInputs}
     * @param plan one of its pre-roll plans on these inputs
     * @return whether best play is compared with it
     * @since 0.2
     */
    protected boolean bestPlayCovers(Procedure procedure, Inputs inputs, Plan plan) {
        return bestPlayCovers(procedure, plan);
    }

    /**
     * How far {@link BruteForce} goes on a procedure's inputs, where best play is compared with it and where each
     * move's worth is summed over its faces: dice per call, a stopping rule for exploding dice ({@link
     * BruteForce.Limits#stopWhen}), a cut-off for plays that never end ({@link BruteForce.Limits#cutOffAfter}, then
     * best play is checked within bounds), and the values tried in text fields. By default {@link
     * BruteForce.Limits#DEFAULT}, with the text values of {@link #bestPlayTexts}.
     *
     * @param procedure a procedure that gives a game
     * @param inputs one of its {@link #bestPlayInputs}
     * @return the limits
     * @since 0.2
     */
    protected BruteForce.Limits bestPlayBruteForceLimits(Procedure procedure, Inputs inputs) {
        return BruteForce.Limits.DEFAULT.texts(field -> bestPlayTexts(procedure, field));
    }

    /**
     * The values brute force tries in a text field of a move's form (the aspect an invoke names). By default
     * {@link BruteForce.Limits#placeholders}: the default, and where it is blank two placeholders from the label
     * ("Aspect 1", "Aspect 2"), so that a move whose text the rules require is played. Values the form or {@code
     * checkMove} refuse are left out.
     *
     * @param procedure the procedure
     * @param field a text field of one of its moves
     * @return the values to try
     * @since 0.2
     */
    protected List<String> bestPlayTexts(Procedure procedure, TextField field) {
        List<String> legal = legalTexts(procedure, field);
        return legal.isEmpty() ? BruteForce.Limits.placeholders(field) : legal;
    }

    /**
     * Legal values of a text field, for text the kit cannot make up: dice notation, a code, a name the rules look
     * up. Where this gives values, the kit fills the field with them wherever it makes inputs (random legal inputs
     * of the roll and of moves, the defaults with one field changed, and best play, through {@link #bestPlayTexts}),
     * and the roll's pre-roll odds are checked on each of them as on a choice field's options (every combination
     * with the other declared fields within {@link #inputBudget()}, all pairs beyond). Where it gives none, the kit
     * puts short names of its own in the field ("Ada", "Zoë", markup and quotes). {@link
     * #textExamplesAreLegalOrRefusedAsDeclared} checks that each value passes the form and {@code check} with the
     * other fields at their defaults, and where none are given, that the kit's own names do. Empty by default.
     *
     * @param procedure the procedure
     * @param field a text field of its form, or of one of its moves' forms
     * @return values that the form and the rules accept in that field; empty to leave it to the kit
     * @since 0.3
     */
    protected List<String> legalTexts(Procedure procedure, TextField field) {
        return List.of();
    }

    /**
     * Values of a text field of the roll's form that the form allows but the rules refuse (notation that does not
     * parse, a code that does not exist). {@link #textExamplesAreLegalOrRefusedAsDeclared} checks that each, with
     * the other fields at their defaults, gives at least one violation naming the field (its path, or a path
     * under it), with a message, and never an exception. Empty by default.
     *
     * @param procedure the procedure
     * @param field a text field of its form
     * @return values that the rules must refuse in that field
     * @since 0.3
     */
    protected List<String> illegalTexts(Procedure procedure, TextField field) {
        return List.of();
    }

    /**
     * Inputs the author adds to every check: pre-roll odds, decision odds, rolling and playing to the end, garbage
     * for moves, and (by default) best play. For a combination of fields that matters and that the kit's choice of
     * inputs might not meet: a large form, checked on all pairs of values rather than every combination, or an
     * integer field with a wide range. Each is checked against the form and the rules first; one they refuse fails
     * the kit. Empty by default.
     *
     * @param procedure the procedure
     * @return raw inputs, as a client would send them (field name to value)
     * @since 0.3
     */
    protected List<Map<String, Object>> moreInputs(Procedure procedure) {
        return List.of();
    }

    /**
     * Whether the kit may check a procedure on these inputs: false leaves them out of every check, for a
     * combination the form allows and {@code check} does not refuse but that play never meets. True by default.
     *
     * @param procedure the procedure
     * @param inputs checked inputs that break no rule
     * @return whether to check them
     * @since 0.3
     */
    protected boolean possible(Procedure procedure, Inputs inputs) {
        return true;
    }

    /**
     * @return the most combinations of a form's declared fields (integer, choice and flag fields) whose pre-roll
     *     odds are each checked; beyond it, an all-pairs covering array of them. 1,024 by default.
     * @since 0.3
     */
    protected int inputBudget() {
        return 1024;
    }

    /**
     * @return the most combinations of faces one input's pre-roll odds are checked over exactly, by running the
     *     rules on each; beyond it, a seeded sample (and, for a stated roll, dynamic programming). 1,000,000 by
     *     default.
     * @since 0.3
     */
    protected long bruteForceLimit() {
        return 1_000_000;
    }

    /**
     * @return the most runs of the rules one procedure's exact pre-roll checks take in all, over every input: what
     *     bounds the kit's time on a large form with large pools. Inputs met once it is spent are checked against a
     *     seeded sample (and, for a stated roll, by dynamic programming). 1,000,000 by default.
     * @since 0.3
     */
    protected long oddsRunBudget() {
        return 1_000_000;
    }

    /**
     * @return the most inputs of one procedure whose pre-roll odds are compared with a seeded sample, when they
     *     cannot be checked exactly (the earliest met: the defaults, the inputs added, the defaults with one field
     *     changed, then the combinations); beyond it, such inputs are checked only for odds over the declared
     *     outcomes that sum to 1, and their tests say so. 8 by default.
     * @since 0.3
     */
    protected int sampledInputs() {
        return 8;
    }

    private InputCases inputCases(Procedure procedure) {
        return new InputCases(procedure, this::moreInputs, this::possible, field -> legalTexts(procedure, field));
    }

    private RandomInputs random(Procedure procedure, long seed) {
        return new RandomInputs(seed, field -> legalTexts(procedure, field));
    }

    /**
     * The text values of {@link #legalTexts} and {@link #illegalTexts}, one test per procedure with a text field in
     * its form: with the other fields at their defaults, each legal value passes the form and the rules'
     * {@code check}; each illegal value is refused, by the form or by {@code check}, with a violation whose path is
     * the field's (or lies under it) and whose message is not blank, and never with an exception. Where no legal
     * values are given, the kit's own short names are tried instead; if the rules refuse any, the test is reported
     * as skipped, saying so, since random inputs and pre-roll odds then never try the field.
     *
     * @return the tests
     * @since 0.3
     */
    @TestFactory
    public Stream<DynamicTest> textExamplesAreLegalOrRefusedAsDeclared() {
        return system().procedures().stream().flatMap(procedure -> procedure.form().fields().stream()
                .filter(f -> f instanceof TextField).map(f -> (TextField) f).map(field -> DynamicTest.dynamicTest(
                        "text examples: " + procedure.id() + " " + field.name(), () -> {
                            List<String> legal = legalTexts(procedure, field);
                            List<String> illegal = illegalTexts(procedure, field);
                            if (legal.isEmpty()) {
                                var refused = new ArrayList<String>();
                                for (String own : RandomInputs.ownTexts()) {
                                    String text = own.length() > field.maxLength() ? own.substring(0,
                                            field.maxLength()) : own;
                                    if (!(field.required() && text.isBlank())
                                            && !textViolations(procedure, field, text).isEmpty()) {
                                        refused.add(text);
                                    }
                                }
                                if (!refused.isEmpty()) {
                                    Assumptions.abort(procedure.id() + ": the rules refuse " + refused + " in the"
                                            + " text field " + field.name() + ", and no legal values are given"
                                            + " (legalTexts()), so random inputs and pre-roll odds never try it");
                                }
                            }
                            for (String text : legal) {
                                List<Violation> refused = textViolations(procedure, field, text);
                                assertThat(procedure.id() + ": legalTexts() gives " + field.name() + " = \"" + text
                                        + "\", which is refused", refused, empty());
                            }
                            for (String text : illegal) {
                                List<Violation> refused = textViolations(procedure, field, text);
                                String what = procedure.id() + ": illegalTexts() gives " + field.name() + " = \""
                                        + text + "\"";
                                assertThat(what + ", which is accepted", refused, not(empty()));
                                assertTrue(refused.stream().anyMatch(v -> v.field().equals(field.name())
                                        || v.field().startsWith(field.name() + ".")
                                        || v.field().startsWith(field.name() + "[")),
                                        what + ": no violation names the field: " + refused);
                            }
                        })));
    }

    /** The violations of the defaults with {@code field} set to {@code text}: the form's, else the rules'. */
    private static List<Violation> textViolations(Procedure procedure, TextField field, String text) {
        var raw = new java.util.LinkedHashMap<String, Object>(procedure.form().defaults());
        raw.put(field.name(), text);
        InputChecker.Result result = assertDoesNotThrow(() -> InputChecker.check(procedure.form(), raw),
                () -> procedure.id() + ": the form threw on " + field.name() + " = \"" + text + "\"");
        if (!result.ok()) {
            return result.violations();
        }
        return assertDoesNotThrow(() -> procedure.check(result.inputs()),
                () -> procedure.id() + ": check threw on " + field.name() + " = \"" + text + "\"");
    }

    @TestFactory
    public Stream<DynamicTest> outcomeOrderRanksEveryOutcome() {
        return perProcedure(procedure -> checks(procedure).order());
    }

    @TestFactory
    public Stream<DynamicTest> bestPlayTransitionsAgreeWithTheRules() {
        return perBestPlayCase(false, new Named("", (checks, c, skips) -> checks.transitions(c.inputs(), c.game(),
                skips)));
    }

    /**
     * Per input, two tests: the game's own answers against the generic search, and brute force over the real rules
     * against the search (reported as skipped, with why, where brute force could not answer everything).
     */
    @TestFactory
    public Stream<DynamicTest> bestPlayAgreesWithTheGenericSolverAndBruteForce() {
        return perBestPlayCase(true,
                new Named(": the game's answers against the generic search",
                        (checks, c, skips) -> checks.search(c.inputs(), c.game())),
                new Named(": brute force over the rules against the search",
                        (checks, c, skips) -> checks.bruteForce(c.inputs(), c.game(), skips)));
    }

    @TestFactory
    public Stream<DynamicTest> bestPlayIsNeverBelowAStatedPlan() {
        return perBestPlayCase(false, new Named("", (checks, c, skips) -> checks.plans(c.inputs(), c.game())));
    }

    @TestFactory
    public Stream<DynamicTest> everyMoveIsWorthWhatBestPlayAfterItGives() {
        return perBestPlayCase(false, new Named("", (checks, c, skips) -> checks.moves(c.inputs(), c.game(), skips)));
    }

    private BestPlayChecks checks(Procedure procedure) {
        return new BestPlayChecks(procedure, new BestPlayChecks.Settings(sampleSize(), seed(), bestPlayLimit(),
                bestPlayBudget(), this::bestPlayCovers, this::bestPlayBruteForceLimits));
    }

    /**
     * One test per procedure and input of {@link #bestPlayInputs} (per check given), named by both. A procedure
     * without best play gives one test, skipped with the reason; with {@code leftOut}, inputs left out are reported
     * in a skipped test of their own. A check that could not do everything is skipped at its end, with what it
     * left out and why, after failing on anything wrong it found.
     */
    private Stream<DynamicTest> perBestPlayCase(boolean leftOut, Named... named) {
        return system().procedures().stream().flatMap(procedure -> {
            BestPlayChecks checks = checks(procedure);
            BestPlayChecks.Selection selection;
            try {
                selection = checks.cases(bestPlayInputs(procedure));
            } catch (AssertionError | RuntimeException failure) {
                return Stream.of(DynamicTest.dynamicTest(procedure.id(), () -> {
                    throw failure;
                }));
            }
            if (selection.cases().isEmpty()) {
                String why = !checks.ordered() ? procedure.id() + " gives no best play: its outcomes have no order,"
                        + " so there is no goal to aim at"
                        : procedure.id() + " gives no best play: no game (Procedure.game) on any of the "
                                + selection.leftOut().size() + " inputs tried";
                return Stream.of(DynamicTest.dynamicTest(procedure.id(), () -> Assumptions.abort(why)));
            }
            var tests = new ArrayList<DynamicTest>();
            if (leftOut && !selection.leftOut().isEmpty()) {
                var why = new ArrayList<String>();
                selection.leftOut().forEach((inputs, reason) -> why.add(inputs + ": " + reason));
                tests.add(DynamicTest.dynamicTest(procedure.id() + ": inputs left out", () -> Assumptions.abort(
                        procedure.id() + ": best play is not checked on these inputs of bestPlayInputs(): "
                                + String.join("; ", why))));
            }
            for (BestPlayChecks.Case c : selection.cases()) {
                for (Named check : named) {
                    String name = procedure.id() + " " + c.inputs() + check.suffix();
                    tests.add(DynamicTest.dynamicTest(name, () -> {
                        var skips = new BestPlayChecks.Skips();
                        check.check().run(checks, c, skips);
                        if (skips.any()) {
                            Assumptions.abort(name + ": not everything was checked: " + skips);
                        }
                    }));
                }
            }
            return tests.stream();
        });
    }

    /** A best-play check, and what its tests' names end with. */
    private record Named(String suffix, BestPlayCheck check) {
    }

    @FunctionalInterface
    private interface BestPlayCheck {
        void run(BestPlayChecks checks, BestPlayChecks.Case c, BestPlayChecks.Skips skips) throws Exception;
    }

    @Test
    public void identifiesItself() {
        GameSystem system = system();
        assertTrue(Text.isKebab(system.id()), "id must be lower-kebab-case: " + system.id());
        assertThat("name", system.name(), not(blank()));
        assertThat("summary", system.summary(), not(blank()));
        assertThat("attribution", system.attribution(), notNullValue());
        assertThat("spi version", system.spiVersion(), lessThanOrEqualTo(GameSystem.SPI_VERSION));
    }

    @Test
    public void declaresProceduresWithDistinctIdsFormsAndOutcomes() {
        List<Procedure> procedures = system().procedures();
        assertThat("procedures", procedures, not(empty()));
        var ids = new HashSet<String>();
        for (Procedure procedure : procedures) {
            assertTrue(Text.isKebab(procedure.id()), "procedure id must be lower-kebab-case: " + procedure.id());
            assertTrue(ids.add(procedure.id()), "duplicate procedure id " + procedure.id());
            assertThat(procedure.id() + " name", procedure.name(), not(blank()));
            assertThat(procedure.id() + " summary", procedure.summary(), not(blank()));
            assertThat(procedure.id() + " form", procedure.form(), notNullValue());
            assertThat(procedure.id() + " outcomes", procedure.outcomes(), not(empty()));
            var outcomeIds = new HashSet<String>();
            for (Outcome outcome : procedure.outcomes()) {
                assertTrue(outcomeIds.add(outcome.id()), procedure.id() + ": duplicate outcome " + outcome.id());
            }
        }
        assertThat("procedures are the same every time", system().procedures().stream().map(Procedure::id).toList(),
                equalTo(procedures.stream().map(Procedure::id).toList()));
    }

    @TestFactory
    public Stream<DynamicTest> defaultInputsRollAndPlayToTheEnd() {
        return perProcedure(procedure -> {
            Inputs inputs = InputChecker.check(procedure.form(), Map.of()).orThrow();
            assertThat("the defaults break a rule", procedure.check(inputs), empty());
            var random = random(procedure, seed());
            for (int i = 0; i < 20; i++) {
                playToTheEnd(procedure, inputs, random);
            }
        });
    }

    @TestFactory
    public Stream<DynamicTest> randomLegalInputsRollAndPlayToTheEnd() {
        return perProcedure(procedure -> {
            var random = random(procedure, seed() ^ procedure.id().hashCode());
            int rolled = 0;
            for (int i = 0; i < 300; i++) {
                Map<String, Object> raw = random.legal(procedure.form());
                InputChecker.Result result = InputChecker.check(procedure.form(), raw);
                assertTrue(result.ok(), "legal inputs refused: " + raw + " → " + result.violations());
                List<Violation> broken = procedure.check(result.inputs());
                assertThat("rule violations need messages", broken, everyItem(notNullValue()));
                if (broken.isEmpty() && possible(procedure, result.inputs())) {
                    playToTheEnd(procedure, result.inputs(), random);
                    rolled++;
                }
            }
            for (Inputs added : inputCases(procedure).added()) {
                for (int i = 0; i < 20; i++) {
                    playToTheEnd(procedure, added, random);
                }
            }
            assertTrue(rolled > 0, "no random legal input passed the rules' checks (for a text field whose values the"
                    + " kit cannot make up, give some with legalTexts())");
        });
    }

    @TestFactory
    public Stream<DynamicTest> garbageInputsGiveViolationsNeverExceptions() {
        return perProcedure(procedure -> {
            var random = random(procedure, seed() + 1);
            for (int i = 0; i < 200; i++) {
                Object raw = random.garbage(procedure.form());
                InputChecker.Result result = assertDoesNotThrow(() -> InputChecker.check(procedure.form(), raw),
                        () -> "checker threw on " + abbreviate(raw));
                assertThat("garbage accepted: " + abbreviate(raw), result.violations(), not(empty()));
                result.violations().forEach(v -> assertThat(v.message(), not(blank())));
            }
            // Garbage for every kind of move met on states reached from various inputs, throws and moves.
            var explorer = new Explorer(procedure, seed() + 4, inputCases(procedure));
            var met = new HashSet<String>();
            for (Inputs inputs : explorer.inputs(4)) {
                for (Explorer.Reached reached : explorer.states(inputs, 2, 3)) {
                    for (MoveOption option : reached.state().moves()) {
                        if (!met.add(option.id() + " " + option.form())) {
                            continue;
                        }
                        for (int i = 0; i < 50; i++) {
                            Object raw = random.garbage(option.form());
                            InputChecker.Result result = assertDoesNotThrow(
                                    () -> InputChecker.check(option.form(), raw),
                                    () -> "checker threw on move " + option.id() + " " + abbreviate(raw));
                            assertThat("garbage accepted for move " + option.id() + ": " + abbreviate(raw),
                                    result.violations(), not(empty()));
                        }
                    }
                }
            }
        });
    }

    /**
     * Pre-roll odds, one test per procedure and input, named by both, by where the input came from and by how the
     * odds are checked. The inputs: the defaults; those of {@link #moreInputs}; every combination of the declared
     * fields' values (integer, choice and flag fields; an integer field takes every value when it has at most 13,
     * else its bounds, their neighbours, its default and four values between) when there are at most {@link
     * #inputBudget()} of them, else an all-pairs covering array of them (every value of each field with every value
     * of each other field); the defaults with one field changed; and six random legal inputs. Inputs the rules
     * refuse or {@link #possible} excludes are left out. On each, the odds are over the declared outcomes and equal
     * to the rules' own distribution: exactly, by running the rules on every combination of faces, where that is
     * at most {@link #bruteForceLimit()} combinations and the procedure's {@link #oddsRunBudget()} is not spent;
     * else against a seeded sample of {@link #sampleSize()} rolls, on at most {@link #sampledInputs()} inputs (the
     * others only summing to 1 over the declared outcomes; their tests' names say which). For a {@linkplain
     * StatedProcedure stated roll}
     * the odds are also compared exactly with the statement, by dynamic programming over its dice, however many
     * (a sorted reading: up to {@link Pool#MAX_SORTED_THROWS} sorted throws), and brute force covers only throws of
     * at most {@link #bestPlayBudget()} combinations, with no sample beyond, since {@link
     * #statedRollsThrowAndReadAsStated} checks that {@code start} throws and reads the dice as stated.
     */
    @TestFactory
    public Stream<DynamicTest> oddsSumToOneAndAgreeWithASeededSample() {
        return system().procedures().stream().flatMap(procedure -> {
            List<InputCases.Case> cases;
            var explorer = new Explorer(procedure, seed() + 2, inputCases(procedure));
            try {
                cases = inputCases(procedure).cases(inputBudget(), explorer, 6);
            } catch (AssertionError | RuntimeException failure) {
                return Stream.of(DynamicTest.dynamicTest("pre-roll odds: " + procedure.id(), () -> {
                    throw failure;
                }));
            }
            long[] planned = {0};
            int sampled = 0;
            var tests = new ArrayList<DynamicTest>();
            for (InputCases.Case c : cases) {
                Inputs inputs = c.inputs();
                Optional<Throw> stated;
                long limit;
                long faces;
                try {
                    stated = statedThrow(procedure, inputs);
                    // A stated roll's odds are read from the statement by dynamic programming, and its start is
                    // checked against the statement (statedRollsThrowAndReadAsStated): brute force need only cover
                    // small pools.
                    limit = stated.isPresent() ? Math.min(bruteForceLimit(), bestPlayBudget()) : bruteForceLimit();
                    faces = Explorer.faces(dice -> settle(procedure, inputs, procedure.start(inputs, dice), dice),
                            limit);
                } catch (RuntimeException failure) {
                    tests.add(DynamicTest.dynamicTest("pre-roll odds: " + procedure.id() + " " + inputs + " ["
                            + c.source() + "]", () -> {
                                throw new AssertionError("pre-roll odds of " + procedure.id() + " " + inputs
                                        + ": the rules threw " + failure, failure);
                            }));
                    continue;
                }
                boolean exhaustive = faces <= limit && planned[0] + faces <= oddsRunBudget();
                if (exhaustive) {
                    planned[0] += faces;
                }
                long sample = explorer.random().nextSeed();
                String dp = stated.map(t -> "the stated roll (dynamic programming over " + t + ")").orElse("");
                boolean sampling = !exhaustive && dp.isEmpty() && sampled < sampledInputs();
                sampled += sampling ? 1 : 0;
                String how = exhaustive ? "against every face (" + faces + " combinations)"
                        + (dp.isEmpty() ? "" : " and " + dp) : !dp.isEmpty() ? "against " + dp
                        : sampling ? "against a seeded sample of " + sampleSize() + " rolls"
                        : "summing to 1 over the declared outcomes only (the exact and sampled checks' budgets are"
                                + " spent: add it with moreInputs() or raise oddsRunBudget() or sampledInputs())";
                String name = "pre-roll odds: " + procedure.id() + " " + inputs + " [" + c.source() + "] " + how;
                boolean isStated = stated.isPresent();
                tests.add(DynamicTest.dynamicTest(name, () -> checkPreRollOdds(procedure, inputs, exhaustive,
                        isStated, sampling || exhaustive ? OptionalLong.of(sample) : OptionalLong.empty())));
            }
            return tests.stream();
        });
    }

    private void checkPreRollOdds(Procedure procedure, Inputs inputs, boolean exhaustive, boolean stated,
            OptionalLong sample) {
        Odds odds = procedure.odds(inputs);
        assertOverDeclaredOutcomes(procedure, odds);
        String what = "pre-roll odds of " + procedure.id() + " " + inputs;
        if (stated) {
            StatedProcedure statement = (StatedProcedure) procedure;
            Throw thrown = statement.thrown(inputs);
            assertExactly(odds, statement.reading(inputs).outcomes(thrown), what,
                    "the stated roll (dynamic programming over " + thrown + ")");
        }
        Optional<Map<String, Fraction>> exact = exhaustive ? Explorer.outcomesExactly(
                dice -> settle(procedure, inputs, procedure.start(inputs, dice), dice), (int) bruteForceLimit())
                : Optional.empty();
        if (exact.isPresent()) {
            assertExactly(odds, exact.get(), what, "every face of the rules");
        } else if (sample.isPresent()) {
            // Sampled as planned, or brute force found more faces than the first throw showed (dice drawn only on
            // some faces): a sample instead.
            var counts = new HashMap<String, Integer>();
            Dice dice = Dice.seeded(sample.getAsLong());
            for (int n = 0; n < sampleSize(); n++) {
                RollState state = settle(procedure, inputs, procedure.start(inputs, dice), dice);
                counts.merge(state.outcome().id(), 1, Integer::sum);
            }
            assertAgree(odds, counts, what);
        }
    }

    /**
     * @return the dice of a stated roll on these inputs, where the kit can read all its throws by dynamic
     *     programming (a sorted reading of at most {@link Pool#MAX_SORTED_THROWS} sorted throws, or any fold)
     */
    private static Optional<Throw> statedThrow(Procedure procedure, Inputs inputs) {
        if (!(procedure instanceof StatedProcedure statement)) {
            return Optional.empty();
        }
        Throw thrown = statement.thrown(inputs);
        if (statement.reading(inputs).isSorted() && thrown.sortedThrows().compareTo(
                java.math.BigInteger.valueOf(Pool.MAX_SORTED_THROWS)) > 0) {
            return Optional.empty();
        }
        return Optional.of(thrown);
    }

    /**
     * Stated rolls ({@link StatedProcedure}), one test per procedure: on the defaults, the inputs of {@link
     * #moreInputs}, the defaults with one field changed and random legal inputs, 50 seeded throws each, {@code
     * start} throws exactly the dice {@code thrown} states, in order, and shows the outcome, tallies and flags of
     * the reading of their faces; and the reading gives the same read whatever the order of the faces (a fold whose
     * step depends on the order would make the derived odds wrong); where it declares re-rolls ({@link
     * StatedProcedure#rerolls}), random re-rolls played to the end throw only the die picked, leave one fewer and
     * read the dice as stated, the roll staying open exactly while re-rolls are left and its outcome does not end
     * it, and stopping keeps the dice. The moves' odds and the derived game are checked like any procedure's
     * (decision odds, best play). A system without stated rolls has no such test.
     *
     * @return the tests
     * @since 0.3
     */
    @TestFactory
    public Stream<DynamicTest> statedRollsThrowAndReadAsStated() {
        return system().procedures().stream().filter(p -> p instanceof StatedProcedure).map(procedure ->
                DynamicTest.dynamicTest("stated roll: " + procedure.id() + " throws and reads as stated", () -> {
                    StatedProcedure statement = (StatedProcedure) procedure;
                    var explorer = new Explorer(procedure, seed() + 6, inputCases(procedure));
                    for (Inputs inputs : explorer.inputs(6)) {
                        Throw thrown = statement.thrown(inputs);
                        Reading<?> reading = statement.reading(inputs);
                        for (int t = 0; t < 50; t++) {
                            Dice seeded = Dice.seeded(explorer.random().nextSeed());
                            var sides = new ArrayList<Integer>();
                            var faces = new ArrayList<Integer>();
                            RollState state = procedure.start(inputs, n -> {
                                int face = seeded.roll(n);
                                sides.add(n);
                                faces.add(face);
                                return face;
                            });
                            String what = procedure.id() + " " + inputs + ", faces " + faces;
                            assertThat(what + ": start throws the dice stated", sides, equalTo(thrown.sides()));
                            Read read = reading.read(faces);
                            assertThat(what + ": outcome", state.outcome().id(), equalTo(read.outcome()));
                            assertThat(what + ": tallies", state.tallies(), equalTo(read.tallies()));
                            assertThat(what + ": flags", state.flags().stream().map(f -> f.id()).toList(),
                                    equalTo(read.flags().stream().map(f -> f.id()).toList()));
                            var reversed = new ArrayList<>(faces);
                            java.util.Collections.reverse(reversed);
                            var rotated = new ArrayList<>(faces);
                            java.util.Collections.rotate(rotated, 1);
                            for (List<Integer> other : List.of(reversed, rotated)) {
                                Read again = reading.read(other);
                                String order = what + " read in the order " + other
                                        + ": a reading must not depend on the order of the dice";
                                assertThat(order + " (outcome)", again.outcome(), equalTo(read.outcome()));
                                assertThat(order + " (tallies)", again.tallies(), equalTo(read.tallies()));
                                assertThat(order + " (flags)", again.flags(), equalTo(read.flags()));
                            }
                            checkStatedRerolls(statement, inputs, state, explorer.random());
                        }
                    }
                }));
    }

    /**
     * Plays a stated roll's declared re-rolls ({@link StatedProcedure#rerolls}) at random to the end: each re-roll
     * throws only the die picked, with its sides, leaves one re-roll fewer and reads the dice as stated; the roll
     * stays open exactly while re-rolls are left and its outcome does not end it; stopping keeps the dice.
     */
    private static void checkStatedRerolls(StatedProcedure statement, Inputs inputs, RollState first,
            RandomInputs random) {
        Rerolls rerolls = statement.rerolls(inputs);
        Reading<?> reading = statement.reading(inputs);
        RollState state = first;
        int left = rerolls.times();
        while (true) {
            List<Integer> faces = state.dice().stream().map(d -> d.face()).toList();
            String what = statement.id() + " " + inputs + ", faces " + faces + ", " + left + " re-rolls left";
            Read read = reading.read(faces);
            assertThat(what + ": outcome", state.outcome().id(), equalTo(read.outcome()));
            assertThat(what + ": tallies", state.tallies(), equalTo(read.tallies()));
            boolean open = left > 0 && !faces.isEmpty() && !rerolls.until().contains(read.outcome());
            assertThat(what + ": open exactly while re-rolls are left and the outcome does not end the roll",
                    !state.complete(), is(open));
            if (state.complete()) {
                return;
            }
            if (random.nextInt(4) == 0) {
                RollState kept = statement.apply(inputs, state, new Move(Rerolls.ACCEPT,
                        InputChecker.check(Form.EMPTY, Map.of()).orThrow()), n -> {
                            throw new AssertionError(what + ": stopping throws a die");
                        });
                assertThat(what + ": stopping completes the roll", kept.complete(), is(true));
                assertThat(what + ": stopping keeps the dice", kept.dice(), equalTo(state.dice()));
                return;
            }
            int pick = random.nextInt(faces.size());
            String die = state.dice().get(pick).id();
            var sides = new ArrayList<Integer>();
            Dice seeded = Dice.seeded(random.nextSeed());
            Move move = new Move(Rerolls.REROLL, InputChecker.check(
                    state.move(Rerolls.REROLL).orElseThrow().form(), Map.of("die", die))
                    .orThrow());
            RollState next = statement.apply(inputs, state, move, n -> {
                sides.add(n);
                return seeded.roll(n);
            });
            assertThat(what + ": re-rolling " + die + " throws that one die", sides,
                    equalTo(List.of(state.dice().get(pick).sides())));
            for (int i = 0; i < faces.size(); i++) {
                if (i != pick) {
                    assertThat(what + ": re-rolling " + die + " keeps the other dice", next.dice().get(i).face(),
                            is(faces.get(i)));
                }
            }
            assertThat(what + ": a re-roll leaves one fewer", next.memoInt(Rerolls.LEFT, -1),
                    is(left - 1));
            state = next;
            left--;
        }
    }

    /**
     * Decision odds, on states reached from the defaults, the defaults with one field changed and random legal
     * inputs, by random throws and then random legal moves: every open move that declares odds gives them, over
     * the declared outcomes, and they equal what making the move gives (then {@link #settle}), exactly over every
     * face where that takes at most {@link #bestPlayBudget()} runs of the rules, else against a seeded sample of
     * {@link #sampleSize()} (at most eight per procedure). Every kind of move met is checked before any is
     * checked twice; at most 80 moves per procedure.
     */
    @TestFactory
    public Stream<DynamicTest> decisionOddsAgreeWithASeededSample() {
        return perProcedure(procedure -> {
            var explorer = new Explorer(procedure, seed() + 3, inputCases(procedure));
            var candidates = new ArrayList<Explorer.Candidate>();
            for (Inputs inputs : explorer.inputs(8)) {
                for (Explorer.Reached reached : explorer.states(inputs, 6, 4)) {
                    for (MoveOption option : reached.state().moves()) {
                        if (option.hasOdds()) {
                            explorer.legalMove(inputs, reached.state(), option).ifPresent(move ->
                                    candidates.add(new Explorer.Candidate(inputs, reached.state(), move)));
                        }
                    }
                }
            }
            int checked = 0;
            int sampled = 0;
            for (Explorer.Candidate c : explorer.roundRobin(candidates)) {
                if (checked >= 80) {
                    break;
                }
                Inputs inputs = c.inputs();
                RollState state = c.state();
                Move move = c.move();
                String what = "decision odds of " + procedure.id() + " " + inputs + ", move " + move + " at "
                        + describe(state);
                Optional<Odds> odds = procedure.odds(inputs, state, move);
                assertThat(procedure.id() + ": odds(inputs, state, move) never returns null", odds, notNullValue());
                assertTrue(odds.isPresent(), what + ": the move declares odds but gives none");
                assertOverDeclaredOutcomes(procedure, odds.get());
                Optional<Map<String, Fraction>> exact = Explorer.outcomesExactly(
                        dice -> settle(procedure, inputs, procedure.apply(inputs, state, move, dice), dice),
                        bestPlayBudget());
                if (exact.isPresent()) {
                    assertExactly(odds.get(), exact.get(), what, "every face of the rules");
                    checked++;
                } else if (sampled < 8) {
                    var counts = new HashMap<String, Integer>();
                    Dice dice = Dice.seeded(explorer.random().nextSeed());
                    for (int n = 0; n < sampleSize(); n++) {
                        RollState next = settle(procedure, inputs, procedure.apply(inputs, state, move, dice), dice);
                        counts.merge(next.outcome().id(), 1, Integer::sum);
                    }
                    assertAgree(odds.get(), counts, what);
                    sampled++;
                    checked++;
                }
            }
        });
    }

    private void playToTheEnd(Procedure procedure, Inputs inputs, RandomInputs random) {
        Dice dice = Dice.seeded(random.nextSeed());
        RollState state = procedure.start(inputs, dice);
        assertValid(procedure, state);
        for (int step = 0; step < 200 && !state.complete(); step++) {
            List<MoveOption> open = state.moves();
            assertThat("an open roll offers a move", open, not(empty()));
            MoveOption option = open.get(random.nextInt(open.size()));
            Move move = null;
            for (int tries = 0; tries < 10 && move == null; tries++) {
                Map<String, Object> raw = random.legal(option.form());
                Inputs moveInputs = InputChecker.check(option.form(), raw).orThrow();
                Move candidate = new Move(option.id(), moveInputs);
                if (procedure.checkMove(inputs, state, candidate).isEmpty()) {
                    move = candidate;
                }
            }
            if (move == null) {
                continue;
            }
            RollState next = procedure.apply(inputs, state, move, dice);
            assertValid(procedure, next);
            assertThat("a move adds a step to the history", next.history().size(), is(state.history().size() + 1));
            state = next;
        }
    }

    private void assertValid(Procedure procedure, RollState state) {
        assertThat("outcome is declared", state.outcome().id(),
                is(in(procedure.outcomes().stream().map(Outcome::id).toList())));
        if (state.complete()) {
            assertThat("a complete roll has no moves", state.moves(), empty());
        }
        try (Jsonb jsonb = ApiJson.create()) {
            String json = jsonb.toJson(state);
            RollState back = jsonb.fromJson(json, RollState.class);
            assertThat("JSON round trip of " + json, back, equalTo(state));
        } catch (Exception e) {
            fail("JSON round trip failed", e);
        }
    }

    private static void assertOverDeclaredOutcomes(Procedure procedure, Odds odds) {
        assertThat("odds list each declared outcome once, in order",
                odds.outcomes().stream().map(Chance::id).toList(),
                equalTo(procedure.outcomes().stream().map(Outcome::id).toList()));
    }

    /** Each outcome's sampled frequency within five standard errors (plus a small slack) of its odds. */
    private void assertAgree(Odds odds, Map<String, Integer> counts, String what) {
        int n = sampleSize();
        for (Chance chance : odds.outcomes()) {
            double p = chance.probability().toDouble();
            double observed = counts.getOrDefault(chance.id(), 0) / (double) n;
            double tolerance = 5 * Math.sqrt(p * (1 - p) / n) + 2.0 / n;
            assertTrue(Math.abs(observed - p) <= tolerance, what + ": " + chance.id() + " expected " + p
                    + " (" + chance.probability() + "), sampled " + observed + " over " + n);
        }
        var unexpected = new HashMap<>(counts);
        odds.outcomes().forEach(c -> unexpected.remove(c.id()));
        assertThat(what + ": sampled outcomes missing from the odds", unexpected, anEmptyMap());
    }

    /** Each outcome's probability equal to what the reference gives ({@code against}: every face of the rules). */
    private static void assertExactly(Odds odds, Map<String, Fraction> rules, String what, String against) {
        var lines = new java.util.TreeMap<String, String>();
        boolean differ = false;
        for (Chance chance : odds.outcomes()) {
            Fraction byRules = rules.getOrDefault(chance.id(), Fraction.ZERO);
            differ |= !byRules.equals(chance.probability());
            lines.put(chance.id(), "odds " + chance.probability() + ", rules " + byRules);
        }
        for (var entry : rules.entrySet()) {
            if (lines.putIfAbsent(entry.getKey(), "odds 0, rules " + entry.getValue()) == null) {
                differ = true;
            }
        }
        if (differ) {
            fail(what + ": the odds differ from " + against + ": " + lines);
        }
    }

    private static String describe(RollState state) {
        var text = new StringBuilder("a state with ");
        text.append(state.dice().stream().map(d -> d.id() + "=" + d.face()).toList());
        if (!state.memo().isEmpty()) {
            text.append(", memo ").append(new java.util.TreeMap<>(state.memo()));
        }
        return text.append(", after ").append(state.history().stream().map(step -> step.move()).toList()).toString();
    }

    private Stream<DynamicTest> perProcedure(ProcedureCheck check) {
        return system().procedures().stream()
                .map(p -> DynamicTest.dynamicTest(p.id(), () -> check.run(p)));
    }

    private static String abbreviate(Object raw) {
        String text = String.valueOf(raw);
        return text.length() > 200 ? text.substring(0, 200) + "…" : text;
    }

    private static org.hamcrest.Matcher<String> blank() {
        return org.hamcrest.Matchers.blankOrNullString();
    }

    @FunctionalInterface
    private interface ProcedureCheck {
        void run(Procedure procedure) throws Exception;
    }

}
