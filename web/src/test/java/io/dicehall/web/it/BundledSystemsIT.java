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

    /** Our own reading of an Action Roll: success dice ≥ 4, trouble 1–2, a 3 by the edge. */
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
        Http.Answer odd = http().post("api/systems/fate-condensed/procedures/attack/odds",
                "{\"inputs\":{\"stunt-bonus\":3}}");
        assertThat(odd.status(), is(400));
        assertThat(odd.body(), containsString("inputs.stunt-bonus"));
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
}
