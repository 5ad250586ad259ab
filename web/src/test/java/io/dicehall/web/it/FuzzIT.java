package io.dicehall.web.it;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThan;
import static org.hamcrest.Matchers.startsWith;

import jakarta.json.JsonObject;
import java.net.URL;
import java.util.List;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * At least 1,000 seeded hostile bodies at every JSON endpoint: never a 5xx, every refusal
 * problem+json, and nothing already stored changes because of a refused request.
 */
@ExtendWith(ArquillianExtension.class)
class FuzzIT {

    private static final int BODIES = Integer.getInteger("dicehall.fuzz.bodies", 1000);

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.war();
    }

    @ArquillianResource
    URL base;

    /** Sends hostile bodies; after each refusal the snapshot must read as before. */
    private void fuzz(long seed, String method, String path, String valid, List<String> keys, String[] headers,
            String snapshotPath, String[] snapshotHeaders) {
        Http http = new Http(base);
        Hostile hostile = new Hostile(seed);
        String before = snapshotPath == null ? null : http.send("GET", snapshotPath, null, snapshotHeaders).body();
        for (int i = 0; i < BODIES; i++) {
            byte[] body = hostile.next(valid, keys);
            Http.Answer answer = http.sendBytes(method, path, body, headers);
            String shown = new String(body, java.nio.charset.StandardCharsets.UTF_8);
            String what = method + " " + path + " #" + i + " " + (shown.length() > 300 ? shown.substring(0, 300) + "…" : shown)
                    + " → " + answer;
            assertThat(what, answer.status(), lessThan(500));
            if (answer.status() >= 400) {
                assertThat(what, answer.contentType(), startsWith("application/problem+json"));
                assertThat(what, answer.json().getInt("status"), is(answer.status()));
                if (snapshotPath != null && i % 10 == 0) {
                    assertThat(what, http.send("GET", snapshotPath, null, snapshotHeaders).body(), is(before));
                }
            } else if (snapshotPath != null) {
                before = http.send("GET", snapshotPath, null, snapshotHeaders).body();
            }
        }
    }

    @Test
    void rollsAndOddsEndpoints() {
        Http http = new Http(base);
        JsonObject roll = http.post("api/rolls",
                "{\"system\":\"tasks-checks\",\"procedure\":\"check\",\"inputs\":{\"rank\":6,\"kisses\":2}}").json();
        String id = roll.getString("id");
        String key = roll.getString("rollerKey");
        String[] none = {};
        fuzz(1, "POST", "api/rolls", "{\"system\":\"tasks-checks\",\"procedure\":\"check\",\"inputs\":{\"rank\":5},\"note\":\"n\"}",
                List.of("system", "procedure", "inputs", "note"), none, "api/rolls/" + id, none);
        fuzz(2, "POST", "api/systems/tasks-checks/procedures/group-check/odds",
                "{\"inputs\":{\"participants\":[{\"name\":\"A\",\"rank\":4}]}}", List.of("inputs"), none, null, none);
        fuzz(3, "POST", "api/systems/fatewalker/procedures/extended/odds", "{\"inputs\":{\"dice\":5}}",
                List.of("inputs"), none, null, none);
        fuzz(4, "POST", "api/rolls/" + id + "/odds", "{\"move\":\"kiss\",\"inputs\":{\"dice\":[\"d1\"]}}",
                List.of("move", "inputs"), none, null, none);
        fuzz(5, "POST", "api/rolls/" + id + "/moves", "{\"move\":\"ego\",\"inputs\":{}}", List.of("move", "inputs"),
                new String[] {"Roller-Key", key}, "api/rolls/" + id, none);
    }

    @Test
    void tableEndpoints() {
        Http http = new Http(base);
        JsonObject table = http.post("api/tables", "{\"name\":\"Fuzz\"}").json();
        String t = table.getString("id");
        String owner = table.getString("ownerKey");
        JsonObject roll = http.post("api/tables/" + t + "/rolls",
                "{\"system\":\"fate-condensed\",\"procedure\":\"overcome\",\"roller\":\"F\",\"inputs\":{\"fate-points\":3}}").json();
        String r = roll.getString("id");
        String key = roll.getString("rollerKey");
        String[] none = {};
        String[] asOwner = {"Owner-Key", owner};
        String log = "api/tables/" + t + "/rolls?limit=100";
        fuzz(6, "POST", "api/tables", "{\"name\":\"x\",\"verifiable\":true}", List.of("name", "verifiable"), none, null, none);
        fuzz(7, "PATCH", "api/tables/" + t, "{\"name\":\"Renamed\"}", List.of("name"), asOwner, null, none);
        fuzz(8, "POST", "api/tables/" + t + "/members", "{\"name\":\"Mo\"}", List.of("name"), none, null, none);
        fuzz(9, "POST", "api/tables/" + t + "/rolls",
                "{\"system\":\"action-rolls\",\"procedure\":\"action-roll\",\"roller\":\"R\",\"visibility\":\"gm\",\"inputs\":{}}",
                List.of("system", "procedure", "roller", "visibility", "inputs", "note"), none, null, none);
        fuzz(10, "POST", "api/tables/" + t + "/rolls/" + r + "/odds",
                "{\"move\":\"invoke\",\"inputs\":{\"aspect\":\"A\",\"pay\":\"fate-point\",\"effect\":\"reroll\"}}",
                List.of("move", "inputs"), none, null, none);
        fuzz(11, "POST", "api/tables/" + t + "/rolls/" + r + "/moves",
                "{\"move\":\"invoke\",\"inputs\":{\"aspect\":\"A\",\"pay\":\"free-invoke\",\"effect\":\"plus-two\"}}",
                List.of("move", "inputs"), new String[] {"Roller-Key", key}, log, asOwner);
    }
}
