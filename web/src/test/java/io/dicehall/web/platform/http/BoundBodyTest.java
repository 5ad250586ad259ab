package io.dicehall.web.platform.http;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dicehall.web.characters.boundary.CharacterRequests.CharacterChange;
import io.dicehall.web.characters.boundary.CharacterRequests.CharacterRequest;
import io.dicehall.web.characters.boundary.CharacterRequests.SavedRollChange;
import io.dicehall.web.rolls.boundary.RollRequests.RollRequest;
import io.dicehall.web.tables.boundary.TableRequests;
import io.dicehall.web.tables.boundary.TableRequests.MemberRequest;
import io.dicehall.web.tables.boundary.TableRequests.TableChange;
import io.dicehall.web.tables.boundary.TableRequests.TableRequest;
import io.dicehall.web.tables.boundary.TableRequests.TableRollRequest;
import io.dicehall.web.tables.boundary.TableRequests.VisibilityChange;
import io.dicehall.web.tables.boundary.TableRequests.VisibilitySchema;
import io.dicehall.web.tables.control.TableRolls;
import io.dicehall.web.tables.entity.Visibility;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A body is bound to its record and checked by the constraints on it, with the messages clients know. */
class BoundBodyTest {

    private static InputStream body(String json) {
        return new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8));
    }

    private static Problem refusal(String json, Class<? extends Record> type) {
        return assertThrows(ProblemException.class, () -> BoundBody.read(body(json), type)).problem();
    }

    @Test
    void aValidBodyIsBoundWithItsTextStripped() {
        TableRequest table = BoundBody.read(body("{\"name\": \"  Friday  \", \"verifiable\": true}"), TableRequest.class);
        assertThat(table.name(), is("Friday"));
        assertThat(table.verifiable(), is(true));
        assertThat(table.gm(), nullValue());
    }

    @Test
    void textIsMeasuredInCharactersNotInUtf16Units() {
        String emoji = "\uD83C\uDFB2"; // a die: one character, two UTF-16 units
        assertThat(BoundBody.read(body("{\"name\": \"" + emoji.repeat(60) + "\"}"), MemberRequest.class).name()
                .codePointCount(0, 120), is(60));
        assertThat(refusal("{\"name\": \"" + emoji.repeat(61) + "\"}", MemberRequest.class).violations(),
                contains(new Problem.ViolationView("name", "must be at most 60 characters")));
    }

    @Test
    void aMissingRequiredFieldIsRequired() {
        Problem problem = refusal("{}", MemberRequest.class);
        assertThat(problem.status(), is(400));
        assertThat(problem.type(), is("/problems/invalid-input"));
        assertThat(problem.detail(), is("The request breaks 1 rule."));
        assertThat(problem.violations(), contains(new Problem.ViolationView("name", "is required")));
    }

    @Test
    void blankAndTooLongTextIsRefusedWithTheLimitFromTheRecord() {
        assertThat(refusal("{\"name\": \"   \"}", MemberRequest.class).violations(),
                contains(new Problem.ViolationView("name", "must not be blank")));
        assertThat(refusal("{\"name\": \"" + "x".repeat(61) + "\"}", MemberRequest.class).violations(),
                contains(new Problem.ViolationView("name", "must be at most 60 characters")));
        assertThat(BoundBody.read(body("{\"name\": \"" + "x".repeat(60) + "\"}"), MemberRequest.class).name().length(),
                is(60));
    }

    @Test
    void wrongTypesControlCharactersAndUnknownFieldsAreEachNamed() {
        Problem problem = refusal("{\"gm\": \"a\\u0007b\", \"verifiable\": 1, \"name\": 5, \"size\": 3}", TableRequest.class);
        assertThat(problem.detail(), is("The request breaks 4 rules."));
        assertThat(problem.violations(), contains(
                new Problem.ViolationView("size", "is not a field here; expected one of: gm, name, verifiable"),
                new Problem.ViolationView("name", "must be text"),
                new Problem.ViolationView("verifiable", "must be true or false"),
                new Problem.ViolationView("gm", "must not contain control characters")));
    }

    @Test
    void theStrictReaderStillComesFirst() {
        Problem twice = refusal("{\"name\": \"a\", \"name\": \"b\"}", MemberRequest.class);
        assertThat(twice.type(), is("/problems/malformed-json"));
        Problem large = refusal("{\"name\": \"" + "x".repeat(JsonBody.MAX_BYTES) + "\"}", MemberRequest.class);
        assertThat(large.status(), is(413));
    }

    @Test
    void everyBrokenRuleIsListedInTheOrderOfTheRecord() {
        assertThat(refusal("{\"gm\": \"\", \"name\": \"\"}", TableRequest.class).violations(), is(List.of(
                new Problem.ViolationView("name", "must not be blank"), new Problem.ViolationView("gm", "must not be blank"))));
    }

    @Test
    void wholeNumbersAreBoundWithinTheRecordsRange() {
        assertThat(BoundBody.read(body("{\"idleSeconds\": 60.0}"), TableChange.class).idleSeconds(), is(60));
        for (String wrong : List.of("4", "604801", "1e30", "-1e30", "2.5", "\"60\"", "true", "[60]")) {
            assertThat(wrong, refusal("{\"idleSeconds\": " + wrong + "}", TableChange.class).violations(), contains(
                    new Problem.ViolationView("idleSeconds", "must be a whole number from 5 to 604800")));
        }
    }

    @Test
    void inputsAreKeptAsTheStrictReaderReadThemForTheirForm() {
        RollRequest roll = BoundBody.read(body("{\"system\": \"dice\", \"procedure\": \"sum\", \"inputs\": "
                + "{\"dice\": 2, \"sides\": 6.50}}"), RollRequest.class);
        assertThat(roll.inputs(), is(Map.of("dice", new BigDecimal("2"), "sides", new BigDecimal("6.50"))));
        assertThat(BoundBody.read(body("{\"system\": \"dice\", \"procedure\": \"sum\", \"inputs\": 3}"),
                RollRequest.class).inputs(), is(new BigDecimal("3")));
        assertThat(refusal("{\"procedure\": \"sum\", \"note\": \"" + "n".repeat(501) + "\"}", RollRequest.class)
                .violations(), contains(new Problem.ViolationView("system", "is required"),
                new Problem.ViolationView("note", "must be at most 500 characters")));
    }

    @Test
    void theKeysGivenTellAnExplicitNullFromAnAbsentField() {
        BoundBody.Given<SavedRollChange> none = BoundBody.readGiven(body("{\"character\": null}"), SavedRollChange.class);
        assertThat(none.request().character(), nullValue());
        assertThat(none.given(), is(Set.of("character")));
        assertThat(BoundBody.readGiven(body("{\"note\": \"hi\"}"), SavedRollChange.class).given(), is(Set.of("note")));
    }

    @Test
    void aVisibilityIsOneOfItsConstantsInLowerCase() {
        assertThat(BoundBody.read(body("{\"visibility\": \"gm\"}"), VisibilityChange.class).visibility(),
                is(VisibilitySchema.GM));
        assertThat(VisibilitySchema.seen(null), is(Visibility.PUBLIC));
        assertThat(VisibilitySchema.seen(VisibilitySchema.ROLLER), is(Visibility.ROLLER));
        for (String wrong : List.of("\"GM\"", "\"everyone\"", "\"\"", "3", "[\"gm\"]", "true")) {
            assertThat(wrong, refusal("{\"visibility\": " + wrong + "}", VisibilityChange.class).violations(),
                    contains(new Problem.ViolationView("visibility", "must be one of: public, gm, roller")));
        }
        assertThat(refusal("{}", VisibilityChange.class).violations(),
                contains(new Problem.ViolationView("visibility", "is required")));
    }

    @Test
    void facesAreTextsWithWholeNumbersReadAsTheirDigitsAndEachBadOneNamedByItsPlace() {
        TableRollRequest roll = BoundBody.read(body("{\"system\": \"s\", \"procedure\": \"p\", \"faces\": "
                + "[4, \"+\", 0, \"10\"]}"), TableRollRequest.class);
        assertThat(roll.faces(), is(List.of("4", "+", "0", "10")));
        assertThat(refusal("{\"system\": \"s\", \"procedure\": \"p\", \"faces\": [1, 2.5, true, \""
                + "x".repeat(13) + "\", null, 3]}", TableRollRequest.class).violations(), is(List.of(
                new Problem.ViolationView("faces[1]", TableRequests.FACE),
                new Problem.ViolationView("faces[2]", TableRequests.FACE),
                new Problem.ViolationView("faces[3]", TableRequests.FACE),
                new Problem.ViolationView("faces[4]", TableRequests.FACE))));
        String tooMany = "[" + "1, ".repeat(TableRolls.MAX_FACES) + "1]";
        String message = "must be a list of at most " + TableRolls.MAX_FACES + " faces, e.g. [3, 5] or [\"+\", \"0\"]";
        for (String wrong : List.of(tooMany, "\"4 5\"", "4", "{\"a\": 1}")) {
            assertThat(wrong, refusal("{\"system\": \"s\", \"procedure\": \"p\", \"faces\": " + wrong + "}",
                    TableRollRequest.class).violations(), contains(new Problem.ViolationView("faces", message)));
        }
    }

    @Test
    void aTableRollListsEveryBrokenRuleInTheOrderOfItsFields() {
        assertThat(refusal("{\"character\": \"\", \"faces\": [true], \"visibility\": \"all\", \"roller\": \""
                + "r".repeat(61) + "\", \"note\": 5, \"system\": \"\"}", TableRollRequest.class).violations(),
                is(List.of(new Problem.ViolationView("system", "must not be blank"),
                        new Problem.ViolationView("procedure", "is required"),
                        new Problem.ViolationView("note", "must be text"),
                        new Problem.ViolationView("roller", "must be at most 60 characters"),
                        new Problem.ViolationView("visibility", "must be one of: public, gm, roller"),
                        new Problem.ViolationView("faces[0]", TableRequests.FACE),
                        new Problem.ViolationView("character", "must not be blank"))));
    }

    @Test
    void aCharactersValuesAreAnObjectKeptAsRead() {
        CharacterRequest made = BoundBody.read(body("{\"name\": \"Ana\", \"system\": \"fate\", \"values\": "
                + "{\"skill\": 2}}"), CharacterRequest.class);
        assertThat(made.values(), is(Map.of("skill", new BigDecimal("2"))));
        assertThat(refusal("{\"name\": \"Ana\", \"system\": \"fate\", \"values\": [1]}", CharacterRequest.class)
                .violations(), contains(new Problem.ViolationView("values", "must be an object of named fields")));
        assertThat(refusal("{\"name\": \"\"}", CharacterChange.class).violations(),
                contains(new Problem.ViolationView("name", "must not be blank")));
        assertThat(BoundBody.read(body("{}"), CharacterChange.class).name(), nullValue());
    }
}
