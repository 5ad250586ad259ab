package io.dicehall.web.it;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.startsWith;

import jakarta.json.JsonObject;
import java.net.URL;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Every bundled system played through the JSON API of the real WAR: procedures, moves and refusals,
 * with each outcome and each odds figure checked against rules worked out here independently.
 */
@ExtendWith(ArquillianExtension.class)
class BundledSystemsIT {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.war();
    }

    @ArquillianResource
    URL base;

    Http http() {
        return new Http(base);
    }

    static Map<String, String> fractions(JsonObject odds) {
        return odds.getJsonArray("outcomes").getValuesAs(JsonObject.class).stream()
                .filter(o -> !o.getString("fraction").equals("0"))
                .collect(Collectors.toMap(o -> o.getString("id"), o -> o.getString("fraction"), (a, b) -> a, TreeMap::new));
    }

    static List<JsonObject> dice(JsonObject state) {
        return state.getJsonArray("groups").getValuesAs(JsonObject.class).stream()
                .flatMap(g -> g.getJsonArray("dice").getValuesAs(JsonObject.class).stream()).toList();
    }

    static int tally(JsonObject state, String id) {
        return state.getJsonArray("tallies").getValuesAs(JsonObject.class).stream()
                .filter(t -> t.getString("id").equals(id)).findFirst().orElseThrow(() -> new AssertionError("no tally " + id))
                .getInt("value");
    }

    static List<String> moves(JsonObject state) {
        return state.getJsonArray("moves").getValuesAs(JsonObject.class).stream().map(m -> m.getString("id")).toList();
    }

    static boolean flagged(JsonObject state, String id) {
        return state.getJsonArray("flags").getValuesAs(JsonObject.class).stream().anyMatch(f -> f.getString("id").equals(id));
    }

    JsonObject roll(String system, String procedure, String inputs) {
        Http.Answer answer = http().post("api/rolls", "{\"system\":\"" + system + "\",\"procedure\":\"" + procedure
                + "\",\"inputs\":" + inputs + "}");
        assertThat(answer.toString(), answer.status(), is(201));
        return answer.json();
    }

    Http.Answer move(JsonObject roll, String body) {
        return http().post("api/rolls/" + roll.getString("id") + "/moves", body, "application/json",
                roll.getString("rollerKey"));
    }

    @Test
    void theMenuListsEveryBundledSystem() {
        JsonObject menu = http().get("api/systems").json();
        var ids = menu.getJsonArray("systems").getValuesAs(JsonObject.class).stream().map(s -> s.getString("id")).toList();
        assertThat(ids, hasItems("action-rolls", "fate-condensed", "fatewalker", "tasks-checks"));
        assertThat(menu.getJsonArray("failed").size(), is(0));
    }

    // --- Action Rolls --------------------------------------------------------------------------

    /**
     * Our own reading of an Action Roll: success dice ≥ 4, trouble 1–2, a 3 by the edge; two or more
     * trouble dice beyond the Risk, or success dice beyond the Challenge, are a critical of their own.
     */
    static String actionOutcome(int[] faces, int challenge, int risk, String edge) {
        int successes = 0;
        int trouble = 0;
        for (int f : faces) {
            if (f >= 4 || (f == 3 && edge.equals("advantage"))) {
                successes++;
            } else if (f <= 2 || (f == 3 && edge.equals("disadvantage"))) {
                trouble++;
            }
        }
        if (trouble >= risk + 2) {
            return "critical-failure";
        }
        if (successes >= challenge + 2) {
            return "critical-success";
        }
        boolean made = successes >= challenge;
        boolean hurt = trouble >= risk;
        return made ? (hurt ? "limited-success" : "success") : (hurt ? "failure" : "limited-failure");
    }

    @Test
    void actionRollOddsMatchEveryFaceCombination() {
        String inputs = "{\"first-ability\":2,\"second-ability\":1,\"challenge\":\"difficult\",\"risk\":\"risky\",\"edge\":\"advantage\"}";
        JsonObject odds = http().post("api/systems/action-rolls/procedures/action-roll/odds", "{\"inputs\":" + inputs + "}").json();
        assertThat(fractions(odds), equalTo(Exact.enumerate(new int[] {6, 6, 4, 4},
                faces -> actionOutcome(faces, 3, 3, "advantage"))));
    }

    @Test
    void actionRollPlaysWithTheDaringRoll() {
        JsonObject roll = roll("action-rolls", "action-roll",
                "{\"first-ability\":3,\"first-ability-name\":\"<i>Grit</i>\",\"second-ability\":5,\"challenge\":\"average\",\"risk\":\"precarious\"}");
        JsonObject state = roll.getJsonObject("state");
        List<JsonObject> dice = dice(state);
        assertThat(dice.stream().map(d -> d.getString("type")).toList(), equalTo(List.of("d8", "d8", "d12", "d12")));
        int[] faces = dice.stream().mapToInt(d -> d.getInt("face")).toArray();
        assertThat(state.getJsonObject("outcome").getString("id"), is(actionOutcome(faces, 2, 2, "none")));
        assertThat(moves(state), equalTo(List.of("daring", "accept")));

        // Decision odds of daring, against every face of the two extra dice.
        JsonObject odds = http().post("api/rolls/" + roll.getString("id") + "/odds",
                "{\"move\":\"daring\",\"inputs\":{\"emotion\":\"guilt\"}}").json();
        assertThat(fractions(odds), equalTo(Exact.enumerate(new int[] {8, 12}, extra -> actionOutcome(
                new int[] {faces[0], faces[1], faces[2], faces[3], extra[0], extra[1]}, 2, 2, "none"))));

        Http.Answer badEmotion = move(roll, "{\"move\":\"daring\",\"inputs\":{\"emotion\":\"joy\"}}");
        assertThat(badEmotion.toString(), badEmotion.status(), is(400));
        assertThat(badEmotion.body(), containsString("inputs.emotion"));

        Http.Answer dared = move(roll, "{\"move\":\"daring\",\"inputs\":{\"emotion\":\"guilt\"}}");
        assertThat(dared.toString(), dared.status(), is(200));
        JsonObject after = dared.json().getJsonObject("state");
        int[] six = dice(after).stream().mapToInt(d -> d.getInt("face")).toArray();
        assertThat(six.length, is(6));
        assertThat(after.getJsonObject("outcome").getString("id"), is(actionOutcome(six, 2, 2, "none")));
        assertThat(after.getBoolean("complete"), is(true));
        assertThat(flagged(after, "emotion-raised"), is(true));
        assertThat(move(roll, "{\"move\":\"daring\",\"inputs\":{\"emotion\":\"anger\"}}").status(), is(409));
    }

    // --- Fate Condensed ------------------------------------------------------------------------

    static String fateOutcome(int shifts) {
        return shifts < 0 ? "fail" : shifts == 0 ? "tie" : shifts <= 2 ? "succeed" : "succeed-with-style";
    }

    static int fudge(int[] faces, int from, int to) {
        int sum = 0;
        for (int i = from; i < to; i++) {
            sum += faces[i] - 2;
        }
        return sum;
    }

    @Test
    void fateOddsMatchEveryFaceCombination() {
        JsonObject odds = http().post("api/systems/fate-condensed/procedures/overcome/odds",
                "{\"inputs\":{\"skill\":1,\"difficulty\":2}}").json();
        assertThat(fractions(odds), equalTo(Exact.enumerate(new int[] {3, 3, 3, 3},
                faces -> fateOutcome(fudge(faces, 0, 4) + 1 - 2))));
        JsonObject opposed = http().post("api/systems/fate-condensed/procedures/attack/odds",
                "{\"inputs\":{\"skill\":3,\"difficulty\":2,\"active-opposition\":true,\"stunt-bonus\":2}}").json();
        assertThat(fractions(opposed), equalTo(Exact.enumerate(new int[] {3, 3, 3, 3, 3, 3, 3, 3},
                faces -> fateOutcome(fudge(faces, 0, 4) + 3 + 2 - fudge(faces, 4, 8) - 2))));
        Http.Answer beyond = http().post("api/systems/fate-condensed/procedures/attack/odds",
                "{\"inputs\":{\"stunt-bonus\":9}}");
        assertThat(beyond.status(), is(400));
        assertThat(beyond.body(), containsString("inputs.stunt-bonus"));
    }

    @Test
    void fateInvokesAreTrackedAndOverspendingRefused() {
        JsonObject roll = roll("fate-condensed", "overcome", "{\"skill\":0,\"difficulty\":8,\"fate-points\":1,\"free-invokes\":1}");
        JsonObject state = roll.getJsonObject("state");
        int dice = fudge(dice(state).stream().mapToInt(d -> d.getInt("face")).toArray(), 0, 4);
        assertThat(tally(state, "effort"), is(dice));
        assertThat(state.getJsonObject("outcome").getString("id"), is(fateOutcome(dice - 8)));
        assertThat(moves(state), hasItems("invoke", "accept"));

        Http.Answer first = move(roll, "{\"move\":\"invoke\",\"inputs\":{\"aspect\":\"Strong as an Ox\",\"pay\":\"fate-point\",\"effect\":\"plus-two\"}}");
        assertThat(first.toString(), first.status(), is(200));
        JsonObject after = first.json().getJsonObject("state");
        assertThat(tally(after, "effort"), is(dice + 2));
        assertThat(tally(after, "fate-points-left"), is(0));

        Http.Answer again = move(roll, "{\"move\":\"invoke\",\"inputs\":{\"aspect\":\"Quick\",\"pay\":\"fate-point\",\"effect\":\"plus-two\"}}");
        assertThat(again.toString(), again.status(), is(409));
        assertThat(again.body(), containsString("fate point"));
        assertThat(again.contentType(), startsWith("application/problem+json"));

        Http.Answer free = move(roll, "{\"move\":\"invoke\",\"inputs\":{\"aspect\":\"Quick\",\"pay\":\"free-invoke\",\"effect\":\"plus-two\"}}");
        assertThat(free.toString(), free.status(), is(200));
        assertThat(tally(free.json().getJsonObject("state"), "effort"), is(dice + 4));
    }

    // --- Tasks & Checks -------------------------------------------------------------------------

    static String checkTier(int successes) {
        return successes == 0 ? "tough-failure" : successes == 1 ? "partial-pass" : successes == 2 ? "regular-pass"
                : "flying-colors";
    }

    static int atLeast(int[] faces, int rank) {
        int count = 0;
        for (int f : faces) {
            count += f >= rank ? 1 : 0;
        }
        return count;
    }

    @Test
    void checkOddsMatchEveryFaceCombination() {
        JsonObject odds = http().post("api/systems/tasks-checks/procedures/check/odds",
                "{\"inputs\":{\"rank\":5,\"stress\":0,\"kisses\":0}}").json();
        assertThat(fractions(odds), equalTo(Map.of("tough-failure", "8/27", "partial-pass", "4/9",
                "regular-pass", "2/9", "flying-colors", "1/27")));
        JsonObject stressed = http().post("api/systems/tasks-checks/procedures/check/odds",
                "{\"inputs\":{\"rank\":3,\"stress\":2}}").json();
        // Two stress leave one die of the three.
        assertThat(fractions(stressed), equalTo(Exact.enumerate(new int[] {6}, faces -> checkTier(atLeast(faces, 3)))));
    }

    @Test
    void aCheckIsKissedOnceWithTheOddsOfThePickShownFirst() {
        // Rank 6 fails often, so a failed die to KISS is all but certain; roll until one shows.
        JsonObject roll = null;
        for (int i = 0; i < 20 && (roll == null || !moves(roll.getJsonObject("state")).contains("kiss")); i++) {
            roll = roll("tasks-checks", "check", "{\"rank\":6,\"kisses\":1}");
        }
        JsonObject state = roll.getJsonObject("state");
        int[] faces = dice(state).stream().mapToInt(d -> d.getInt("face")).toArray();
        assertThat(faces.length, is(3));
        assertThat(state.getJsonObject("outcome").getString("id"), is(checkTier(atLeast(faces, 6))));
        int failed = 0;
        while (faces[failed] == 6) {
            failed++;
        }
        String die = dice(state).get(failed).getString("id");
        String kiss = "{\"move\":\"kiss\",\"inputs\":{\"dice\":[\"" + die + "\"]}}";
        JsonObject odds = http().post("api/rolls/" + roll.getString("id") + "/odds", kiss).json();
        int kept = atLeast(faces, 6);
        assertThat(fractions(odds), equalTo(Exact.enumerate(new int[] {6}, face -> checkTier(kept + (face[0] == 6 ? 1 : 0)))));

        String two = "{\"move\":\"kiss\",\"inputs\":{\"dice\":[\"d1\",\"d2\",\"d3\"]}}";
        if (kept == 0) {
            Http.Answer tooMany = move(roll, two);
            assertThat(tooMany.toString(), tooMany.status(), is(409));
        }
        Http.Answer kissed = move(roll, kiss);
        assertThat(kissed.toString(), kissed.status(), is(200));
        JsonObject after = kissed.json().getJsonObject("state");
        assertThat(moves(after).contains("kiss"), is(false));
        JsonObject rerolled = dice(after).get(failed);
        assertThat(rerolled.containsKey("previous"), is(true));
        int[] now = dice(after).stream().mapToInt(d -> d.getInt("face")).toArray();
        assertThat(after.getJsonObject("outcome").getString("id"), is(checkTier(atLeast(now, 6))));
    }

    @Test
    void aSlowCheckIsRefusedAtTwoStressNamingTheRule() {
        Http.Answer refused = http().post("api/rolls",
                "{\"system\":\"tasks-checks\",\"procedure\":\"slow-check\",\"inputs\":{\"rank\":4,\"stress\":2}}");
        assertThat(refused.toString(), refused.status(), is(400));
        assertThat(refused.body(), containsString("inputs.stress"));
        assertThat(refused.body(), containsString("Slow Check"));
        JsonObject slow = roll("tasks-checks", "slow-check", "{\"rank\":4,\"stress\":1}").getJsonObject("state");
        assertThat(slow.getBoolean("complete"), is(true));
        assertThat(slow.getJsonObject("outcome").getString("id"), is("automatic-pass"));
    }

    @Test
    void aTaskPassesWhenItsSuccessesCoverItsFactors() {
        for (int i = 0; i < 5; i++) {
            JsonObject state = roll("tasks-checks", "task",
                    "{\"job-level\":4,\"rank\":4,\"objectives\":2,\"difficulty-factors\":1,\"kisses\":0}")
                    .getJsonObject("state");
            int[] faces = dice(state).stream().mapToInt(d -> d.getInt("face")).toArray();
            assertThat(faces.length, is(4));
            boolean pass = atLeast(faces, 4) >= 3;
            assertThat(state.getJsonObject("outcome").getString("id"), is(pass ? "pass" : "fail"));
            assertThat(flagged(state, "experience-point"), is(!pass));
        }
        Http.Answer offered = http().post("api/rolls",
                "{\"system\":\"tasks-checks\",\"procedure\":\"task\",\"inputs\":{\"objectives\":2,\"offered-dice\":2}}");
        assertThat(offered.toString(), offered.status(), is(400));
        assertThat(offered.body(), containsString("inputs.offered-dice"));
    }

    // --- Fatewalker -----------------------------------------------------------------------------

    /** Our reading of a Fatewalker roll: d10 read 0–9, a success at or under the TN. */
    static String fatewalkerOutcome(int[] faces, int tn) {
        int successes = 0;
        int lowest = 9;
        for (int f : faces) {
            int reading = f % 10;
            successes += reading <= tn ? 1 : 0;
            lowest = Math.min(lowest, reading);
        }
        if (successes > 0) {
            return successes == 1 ? "near-miss" : successes == 2 ? "base-success" : successes == 3 ? "total-success"
                    : "exceptional-success";
        }
        int failure = lowest - tn;
        return failure <= 1 ? "complete-failure" : failure <= 3 ? "dramatic-failure" : "catastrophic-failure";
    }

    @Test
    void fatewalkerOddsMatchEveryFaceCombination() {
        JsonObject odds = http().post("api/systems/fatewalker/procedures/roll/odds",
                "{\"inputs\":{\"dice\":2,\"tn\":1,\"bonus-dice\":1}}").json();
        assertThat(fractions(odds), equalTo(Exact.enumerate(new int[] {10, 10, 10}, faces -> fatewalkerOutcome(faces, 1))));
        JsonObject opposed = http().post("api/systems/fatewalker/procedures/opposed/odds",
                "{\"inputs\":{\"initiator-dice\":2,\"initiator-tn\":3,\"opponent-dice\":2,\"opponent-tn\":5}}").json();
        assertThat(fractions(opposed), equalTo(Exact.enumerate(new int[] {10, 10, 10, 10}, f -> {
            int mine = (f[0] % 10 <= 3 ? 1 : 0) + (f[1] % 10 <= 3 ? 1 : 0);
            int theirs = (f[2] % 10 <= 5 ? 1 : 0) + (f[3] % 10 <= 5 ? 1 : 0);
            return mine >= theirs ? "initiator-wins" : "opponent-wins";
        })));
    }

    @Test
    void aFatewalkerRollReadsItsDiceZeroToNine() {
        JsonObject state = roll("fatewalker", "roll", "{\"dice\":6,\"tn\":3}").getJsonObject("state");
        List<JsonObject> dice = dice(state);
        assertThat(dice.size(), is(6));
        for (JsonObject die : dice) {
            assertThat(die.getString("type"), is("d10"));
            assertThat(die.getString("reading"), is(String.valueOf(die.getInt("face") % 10)));
        }
        int[] faces = dice.stream().mapToInt(d -> d.getInt("face")).toArray();
        assertThat(state.getJsonObject("outcome").getString("id"), is(fatewalkerOutcome(faces, 3)));
        assertThat(state.getBoolean("complete"), is(true));
    }

    @Test
    void anExtendedRollGoesOnUntilItIsDone() {
        JsonObject roll = roll("fatewalker", "extended",
                "{\"dice\":8,\"tn\":6,\"difficulty\":\"simple\",\"one-time-bonus\":2}");
        JsonObject state = roll.getJsonObject("state");
        int moves = 0;
        boolean bonusUsed = false;
        while (!state.getBoolean("complete") && moves < 50) {
            assertThat(state.getJsonObject("outcome").getString("id"), is("in-progress"));
            assertThat(state.getJsonObject("outcome").getString("tone"), is("pending"));
            Http.Answer next = move(roll, "{\"move\":\"roll-again\",\"inputs\":{\"use-one-time-bonus\":" + !bonusUsed + "}}");
            assertThat(next.toString(), next.status(), is(200));
            bonusUsed = true;
            state = next.json().getJsonObject("state");
            moves++;
            if (!state.getBoolean("complete")) {
                Http.Answer again = move(roll, "{\"move\":\"roll-again\",\"inputs\":{\"use-one-time-bonus\":true}}");
                assertThat(again.toString(), again.status(), is(409));
            }
        }
        String outcome = state.getJsonObject("outcome").getString("id");
        assertThat(List.of("completed", "failed").contains(outcome), is(true));
        assertThat(state.getJsonArray("history").size(), is(moves + 1));
    }
}
