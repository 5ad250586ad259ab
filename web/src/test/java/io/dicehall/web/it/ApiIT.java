package io.dicehall.web.it;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The JSON API through HTTP, on the real WAR on a real Payara Micro, with a small test system and
 * several misbehaving ones installed beside the bundled systems.
 */
@ExtendWith(ArquillianExtension.class)
class ApiIT {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.warWithTestSystems();
    }

    @ArquillianResource
    URL base;

    private Http http() {
        return new Http(base);
    }

    private static List<String> ids(JsonObject json, String array) {
        return json.getJsonArray(array).getValuesAs(JsonObject.class).stream().map(o -> o.getString("id")).toList();
    }

    private static void assertProblem(Http.Answer answer, int status) {
        assertThat(answer.toString(), answer.status(), is(status));
        assertThat(answer.toString(), answer.contentType(), startsWith("application/problem+json"));
        JsonObject problem = answer.json();
        assertThat(problem.getInt("status"), is(status));
        assertThat(problem.getString("title"), not(equalTo("")));
        assertThat(problem.getString("detail"), not(equalTo("")));
        assertThat(answer.body(), not(containsString("Exception")));
    }

    private static List<String> violatedFields(Http.Answer answer) {
        return answer.json().getJsonArray("violations").getValuesAs(JsonObject.class).stream()
                .map(v -> v.getString("field")).toList();
    }

    // --- systems -------------------------------------------------------------------------------

    @Test
    void listsInstalledSystemsAndReportsTheOnesThatFailedToLoad() {
        Http.Answer answer = http().get("api/systems");
        assertThat(answer.toString(), answer.status(), is(200));
        JsonObject menu = answer.json();
        assertThat(ids(menu, "systems"), hasItem("test-pool"));
        assertThat(ids(menu, "systems"), hasItem("faulty"));
        JsonObject pool = menu.getJsonArray("systems").getValuesAs(JsonObject.class).stream()
                .filter(s -> s.getString("id").equals("test-pool")).findFirst().orElseThrow();
        assertThat(pool.getJsonObject("attribution").getString("licence"), is("CC0 1.0"));
        assertThat(ids(pool, "procedures"), equalTo(List.of("pool")));
        String failed = menu.getJsonArray("failed").toString();
        assertThat(failed, containsString("blank id"));
        assertThat(failed, containsString("another system already uses"));
        assertThat(failed, containsString("cannot start"));
        assertThat(failed, containsString("SPI version"));
    }

    @Test
    void describesOneSystemWithItsForms() {
        JsonObject system = http().get("api/systems/test-pool").json();
        JsonObject procedure = system.getJsonArray("procedures").getJsonObject(0);
        var fields = procedure.getJsonObject("form").getJsonArray("fields").getValuesAs(JsonObject.class);
        JsonObject dice = fields.get(0);
        assertThat(dice.getString("kind"), is("integer"));
        assertThat(dice.getString("name"), is("dice"));
        assertThat(dice.getInt("min"), is(1));
        assertThat(dice.getInt("max"), is(30));
        assertThat(dice.getInt("default"), is(3));
        JsonObject friends = fields.get(4);
        assertThat(friends.getString("kind"), is("group"));
        assertThat(friends.getJsonArray("fields").getJsonObject(0).getString("kind"), is("text"));
        assertThat(ids(procedure, "outcomes"), equalTo(List.of("miss", "hit", "great-hit")));
        assertThat(procedure.getJsonArray("outcomes").getJsonObject(0).getString("tone"), is("bad"));
    }

    @Test
    void unknownSystemsAndProceduresAre404() {
        assertProblem(http().get("api/systems/no-such-system"), 404);
        assertProblem(http().post("api/systems/test-pool/procedures/nope/odds", "{\"inputs\":{}}"), 404);
        assertProblem(http().post("api/systems/nope/procedures/pool/odds", "{\"inputs\":{}}"), 404);
        assertProblem(http().get("api/no/such/path"), 404);
    }

    // --- odds ----------------------------------------------------------------------------------

    @Test
    void givesExactOddsBeforeRolling() {
        Http.Answer answer = http().post("api/systems/test-pool/procedures/pool/odds",
                "{\"inputs\": {\"dice\": 3, \"target\": 5}}");
        assertThat(answer.toString(), answer.status(), is(200));
        var outcomes = answer.json().getJsonArray("outcomes").getValuesAs(JsonObject.class);
        // Three dice hitting on 5+ (p = 1/3): no hit (2/3)^3 = 8/27; three hits 1/27; else 18/27.
        assertThat(outcomes.get(0).getString("fraction"), is("8/27"));
        assertThat(outcomes.get(1).getString("fraction"), is("2/3"));
        assertThat(outcomes.get(2).getString("fraction"), is("1/27"));
        assertThat(outcomes.get(0).getJsonNumber("probability").doubleValue(), is(8.0 / 27));
    }

    @Test
    void bestPlayReachesTheGoalWithEveryChoiceMadeWell() {
        JsonObject pool = http().get("api/systems/test-pool").json().getJsonArray("procedures").getJsonObject(0);
        assertThat(pool.getJsonArray("goals").getValuesAs(JsonObject.class).stream().map(g -> g.getString("id")).toList(),
                equalTo(List.of("miss", "hit", "great-hit")));
        assertThat(pool.getString("defaultGoal"), is("great-hit"));

        // Before the roll: 4 dice hitting on 5+, 2 re-rolls, aiming at a great hit.
        JsonObject odds = http().post("api/systems/test-pool/procedures/pool/odds",
                "{\"inputs\": {\"dice\": 4, \"target\": 5, \"rerolls\": 2}, \"goal\": \"great-hit\"}").json();
        JsonObject best = odds.getJsonObject("bestPlay");
        assertThat(best.getJsonObject("goal").getString("id"), is("great-hit"));
        assertThat(best.getString("fraction"), is("233/729"));
        // Best play is never below a stated plan's chance of the goal.
        for (JsonObject plan : odds.getJsonArray("plans").getValuesAs(JsonObject.class)) {
            double great = plan.getJsonArray("outcomes").getValuesAs(JsonObject.class).stream()
                    .filter(o -> o.getString("id").equals("great-hit")).mapToDouble(o -> o.getJsonNumber("probability")
                            .doubleValue()).sum();
            assertThat(plan.getString("id"), best.getJsonNumber("probability").doubleValue() >= great - 1e-12, is(true));
        }
        Http.Answer wrongGoal = http().post("api/systems/test-pool/procedures/pool/odds",
                "{\"inputs\": {}, \"goal\": \"jackpot\"}");
        assertProblem(wrongGoal, 400);
        assertThat(wrongGoal.json().getJsonArray("violations").getJsonObject(0).getString("field"), is("goal"));

        // After a throw: the best move, every move with what it gives up, and a move's value asked for.
        JsonObject roll = http().post("api/rolls", "{\"system\": \"test-pool\", \"procedure\": \"pool\","
                + " \"inputs\": {\"dice\": 4, \"target\": 6, \"rerolls\": 2}}").json();
        String id = roll.getString("id");
        JsonObject now = http().post("api/rolls/" + id + "/best-play", "{\"goal\": \"hit\"}").json().getJsonObject("bestPlay");
        if (roll.getJsonObject("state").getBoolean("complete")) {
            assertThat(now.getJsonArray("moves").size(), is(0));
            return;
        }
        JsonObject bestMove = now.getJsonObject("bestMove");
        assertThat(bestMove.getString("fraction"), is(now.getString("fraction")));
        assertThat(bestMove.getString("givesUpFraction"), is("0"));
        for (JsonObject move : now.getJsonArray("moves").getValuesAs(JsonObject.class)) {
            assertThat(move.getJsonNumber("probability").doubleValue()
                    <= now.getJsonNumber("probability").doubleValue() + 1e-12, is(true));
        }
        JsonObject asked = http().post("api/rolls/" + id + "/odds", "{\"move\": \"" + bestMove.getString("move")
                + "\", \"inputs\": " + bestMove.getJsonObject("inputs") + ", \"goal\": \"hit\"}").json()
                .getJsonObject("bestPlay").getJsonObject("thisMove");
        assertThat("the best move is worth, asked for, what best play says", asked.getString("fraction"),
                is(bestMove.getString("fraction")));
    }

    @Test
    void oddsRefuseBadInputsWithTheirFieldPaths() {
        Http.Answer answer = http().post("api/systems/test-pool/procedures/pool/odds",
                "{\"inputs\": {\"dice\": 31, \"target\": 2.5, \"faces\": [6,6,6]}}");
        assertProblem(answer, 400);
        assertThat(violatedFields(answer), equalTo(List.of("inputs.faces", "inputs.dice", "inputs.target")));
        Http.Answer rule = http().post("api/systems/test-pool/procedures/pool/odds",
                "{\"inputs\": {\"cautious\": true, \"target\": 6}}");
        assertProblem(rule, 400);
        assertThat(violatedFields(rule), equalTo(List.of("inputs.target")));
        assertThat(rule.body(), containsString("cautious"));
    }

    // --- rolls ---------------------------------------------------------------------------------

    @Test
    void rollsAndAnswers201WithLocationAndKeyOnce() {
        Http.Answer created = http().post("api/rolls",
                "{\"system\":\"test-pool\",\"procedure\":\"pool\",\"inputs\":{\"dice\":5},\"note\":\"<b>sneak</b>\"}");
        assertThat(created.toString(), created.status(), is(201));
        JsonObject roll = created.json();
        String id = roll.getString("id");
        assertThat(id, matchesPattern("[A-Za-z0-9_-]{22}"));
        assertThat(created.location(), endsWith("/api/rolls/" + id));
        assertThat(roll.getString("rollerKey"), matchesPattern("[A-Za-z0-9_-]{22}"));
        assertThat(roll.getString("note"), is("<b>sneak</b>"));
        assertThat(roll.getJsonObject("inputs").getInt("dice"), is(5));
        assertThat(roll.getJsonObject("inputs").getInt("target"), is(5));
        JsonObject state = roll.getJsonObject("state");
        var dice = state.getJsonArray("groups").getJsonObject(0).getJsonArray("dice").getValuesAs(JsonObject.class);
        assertThat(dice.size(), is(5));
        long hits = dice.stream().filter(d -> d.getString("verdict").equals("success")).count();
        assertThat(state.getJsonArray("tallies").getJsonObject(0).getInt("value"), is((int) hits));

        JsonObject read = http().get("api/rolls/" + id).json();
        assertThat(read.getString("id"), is(id));
        assertThat(read.containsKey("rollerKey"), is(false));
        assertThat(read.getJsonObject("state"), equalTo(state));
    }

    @Test
    void rollIdsAreDistinct() {
        var seen = new java.util.HashSet<String>();
        for (int i = 0; i < 20; i++) {
            seen.add(http().post("api/rolls", "{\"system\":\"test-pool\",\"procedure\":\"pool\"}").json().getString("id"));
        }
        assertThat(seen.size(), is(20));
    }

    @Test
    void movesNeedTheRollersKeyAndFollowTheRules() {
        Http http = http();
        // Many dice at a high target, so failed dice to re-roll are all but certain.
        JsonObject roll = http.post("api/rolls",
                "{\"system\":\"test-pool\",\"procedure\":\"pool\",\"inputs\":{\"dice\":12,\"target\":6,\"rerolls\":2}}").json();
        String id = roll.getString("id");
        String key = roll.getString("rollerKey");
        var moves = roll.getJsonObject("state").getJsonArray("moves").getValuesAs(JsonObject.class);
        assertThat(moves.stream().map(m -> m.getString("id")).toList(), equalTo(List.of("reroll", "accept")));
        var options = moves.get(0).getJsonObject("form").getJsonArray("fields").getJsonObject(0).getJsonArray("options")
                .getValuesAs(JsonObject.class).stream().map(o -> o.getString("value")).toList();
        String body = "{\"move\":\"reroll\",\"inputs\":{\"dice\":[\"" + options.get(0) + "\"]}}";

        assertProblem(http.post("api/rolls/" + id + "/moves", body, "application/json", null), 403);
        assertProblem(http.post("api/rolls/" + id + "/moves", body, "application/json", "wrong-key"), 403);
        assertProblem(http.post("api/rolls/" + id + "/moves", "{\"move\":\"dance\"}", "application/json", key), 409);
        Http.Answer badPick = http.post("api/rolls/" + id + "/moves",
                "{\"move\":\"reroll\",\"inputs\":{\"dice\":[\"d99\"]}}", "application/json", key);
        assertProblem(badPick, 400);
        assertThat(violatedFields(badPick), equalTo(List.of("inputs.dice[0]")));
        if (options.size() >= 3) {
            String three = "{\"move\":\"reroll\",\"inputs\":{\"dice\":[\"" + String.join("\",\"", options.subList(0, 3)) + "\"]}}";
            Http.Answer tooMany = http.post("api/rolls/" + id + "/moves", three, "application/json", key);
            assertProblem(tooMany, 409);
            assertThat(tooMany.body(), containsString("at most 2"));
        }

        Http.Answer odds = http.post("api/rolls/" + id + "/odds", body);
        assertThat(odds.toString(), odds.status(), is(200));
        assertThat(odds.json().getJsonArray("outcomes").size(), is(3));

        Http.Answer moved = http.post("api/rolls/" + id + "/moves", body, "application/json", key);
        assertThat(moved.toString(), moved.status(), is(200));
        JsonObject state = moved.json().getJsonObject("state");
        assertThat(state.getBoolean("complete"), is(true));
        assertThat(moved.json().getInt("moves"), is(1));
        JsonObject rerolled = state.getJsonArray("groups").getJsonObject(0).getJsonArray("dice")
                .getValuesAs(JsonObject.class).stream().filter(d -> d.getString("id").equals(options.get(0)))
                .findFirst().orElseThrow();
        assertThat(rerolled.containsKey("previous"), is(true));
        assertThat(state.getJsonArray("history").size(), is(2));

        assertProblem(http.post("api/rolls/" + id + "/moves", "{\"move\":\"accept\"}", "application/json", key), 409);
    }

    @Test
    void rollsRefuseHostileBodies() {
        Http http = http();
        assertProblem(http.post("api/rolls", "{\"system\":\"test-pool\",\"procedure\":"), 400);
        assertProblem(http.post("api/rolls", "[1,2,3]"), 400);
        assertProblem(http.post("api/rolls", ""), 400);
        assertProblem(http.post("api/rolls", "{\"system\":\"test-pool\",\"system\":\"faulty\",\"procedure\":\"pool\"}"), 400);
        assertProblem(http.post("api/rolls", "{\"a\":".repeat(100) + "1" + "}".repeat(100)), 400);
        assertProblem(http.postBytes("api/rolls", new byte[] {'{', '"', (byte) 0xC3, (byte) 0x28, '"', ':', '1', '}'}), 400);
        assertProblem(http.post("api/rolls", "{\"system\":\"test-pool\",\"procedure\":\"pool\",\"note\":\""
                + "x".repeat(70_000) + "\"}"), 413);
        assertProblem(http.post("api/rolls", "system=test-pool", "application/x-www-form-urlencoded", null), 415);

        Http.Answer missing = http.post("api/rolls", "{\"inputs\":{}}");
        assertProblem(missing, 400);
        assertThat(violatedFields(missing), equalTo(List.of("system", "procedure")));

        Http.Answer faces = http.post("api/rolls",
                "{\"system\":\"test-pool\",\"procedure\":\"pool\",\"faces\":[6,6,6],\"inputs\":{\"dice\":1e30}}");
        assertProblem(faces, 400);
        assertThat(violatedFields(faces), equalTo(List.of("faces")));

        Http.Answer huge = http.post("api/rolls",
                "{\"system\":\"test-pool\",\"procedure\":\"pool\",\"inputs\":{\"dice\":1000000000000000000000000,\"rerolls\":-1,\"friends\":[{\"name\":\"<script>\",\"dice\":\"2\"}]}}");
        assertProblem(huge, 400);
        assertThat(violatedFields(huge), equalTo(List.of("inputs.dice", "inputs.rerolls", "inputs.friends[0].dice")));
        assertThat(huge.body(), containsString("from 1 to 30"));

        assertProblem(http.post("api/rolls", "{\"system\":\"nope\",\"procedure\":\"pool\"}"), 404);
        assertProblem(http.post("api/rolls", "{\"system\":\"test-pool\",\"procedure\":\"nope\"}"), 404);
        assertProblem(http.post("api/rolls", "{\"system\":5,\"procedure\":\"pool\"}"), 400);
        assertProblem(http.get("api/rolls/AAAAAAAAAAAAAAAAAAAAAA"), 404);
        assertProblem(http.get("api/rolls/..%2F..%2Fetc"), 404);
        assertProblem(http.get("api/rolls/%3Cscript%3E"), 404);
    }

    @Test
    void hostileAddressesThatReachTheApiAreProblems() {
        // Control characters, an encoded percent sign, matrix parameters, a NUL in the query: all reach the API.
        // (A NUL, a backslash or bytes that are not UTF-8 in the path never do: the server refuses them while
        // decoding the address, before any application is chosen; see the README's tour of the API.)
        Http http = http();
        for (String id : List.of("%01", "%0A", "%7F", "%25", "a;b=c", "%E2%80%AE")) {
            assertProblem(http.get("api/rolls/" + id), 404);
            assertProblem(http.post("api/rolls/" + id + "/moves", "{\"move\":\"accept\"}"), 404);
            assertProblem(http.get("api/tables/" + id + "/rolls"), 404);
        }
        assertProblem(http.get("api/rolls/x?note=%00"), 404);
    }

    @Test
    void aSystemThatThrowsIsReportedNotCrashed() {
        Http.Answer roll = http().post("api/rolls", "{\"system\":\"faulty\",\"procedure\":\"explode\"}");
        assertProblem(roll, 502);
        assertThat(roll.body(), containsString("Faulty"));
        assertProblem(http().post("api/systems/faulty/procedures/explode/odds", "{}"), 502);
        // The server and the other systems carry on.
        assertThat(http().post("api/rolls", "{\"system\":\"test-pool\",\"procedure\":\"pool\"}").status(), is(201));
    }

    // --- platform ------------------------------------------------------------------------------

    @Test
    void healthReportsTheLoadedSystems() {
        Http.Answer health = http().get("/health/ready");
        assertThat(health.toString(), health.status(), is(200));
        JsonObject check = health.json().getJsonArray("checks").getValuesAs(JsonObject.class).stream()
                .filter(c -> c.getString("name").equals("rules-systems")).findFirst().orElseThrow();
        assertThat(check.getString("status"), is("UP"));
        assertThat(check.getJsonObject("data").getString("systems"), containsString("test-pool"));
        assertThat(check.getJsonObject("data").get("failed"), not(equalTo(JsonValue.NULL)));
    }

    @Test
    void openApiDocumentsTheApi() throws Exception {
        Http.Answer openapi = http().get("/openapi");
        assertThat(openapi.toString(), openapi.status(), is(200));
        assertThat(openapi.body(), containsString("/rolls/{id}/moves"));
        assertThat(openapi.body(), containsString("/systems/{system}/procedures/{procedure}/odds"));
        Http.Answer json = http().get("/openapi?format=JSON");
        assertThat(json.toString(), json.status(), is(200));
        ServedOpenApi.assertIsTheBuiltDocument(json.body(), "payara");
    }

    static String utf8(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
