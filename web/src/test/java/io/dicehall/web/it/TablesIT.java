package io.dicehall.web.it;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

import jakarta.json.JsonObject;
import java.net.URL;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Tables through HTTP on the real WAR with its embedded H2: invites, visibility, the log, pushes, verifiable rolls. */
@ExtendWith(ArquillianExtension.class)
class TablesIT {

    private static final String ROLL = "\"system\":\"action-rolls\",\"procedure\":\"action-roll\"";

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.war();
    }

    @ArquillianResource
    URL base;

    Http http() {
        return new Http(base);
    }

    JsonObject table(boolean verifiable) {
        Http.Answer created = http().post("api/tables", "{\"name\":\"<b>Friday</b> group\",\"verifiable\":" + verifiable + "}");
        assertThat(created.toString(), created.status(), is(201));
        return created.json();
    }

    String join(String table, String name) {
        Http.Answer joined = http().post("api/tables/" + table + "/members", "{\"name\":\"" + name + "\"}");
        assertThat(joined.toString(), joined.status(), is(201));
        return joined.json().getString("memberKey");
    }

    JsonObject roll(String table, String memberKey, String roller, String visibility) {
        Http.Answer answer = http().send("POST", "api/tables/" + table + "/rolls", "{" + ROLL + ",\"roller\":\"" + roller
                + "\",\"visibility\":\"" + visibility + "\"}", "Member-Key", memberKey);
        assertThat(answer.toString(), answer.status(), is(201));
        return answer.json();
    }

    List<String> logIds(String table, String... headers) {
        Http.Answer log = http().send("GET", "api/tables/" + table + "/rolls?limit=100", null, headers);
        assertThat(log.toString(), log.status(), is(200));
        return log.json().getJsonArray("rolls").getValuesAs(JsonObject.class).stream().map(r -> r.getString("id")).toList();
    }

    @Test
    void aTableHasAnUnguessableInviteAndStrangersSeeNothing() {
        JsonObject table = table(false);
        String id = table.getString("id");
        assertThat(id, matchesPattern("[A-Za-z0-9_-]{22}"));
        assertThat(table.getString("invite"), is("/tables/" + id));
        assertThat(table.getString("ownerKey"), matchesPattern("[A-Za-z0-9_-]{22}"));
        assertThat(table.getString("name"), is("<b>Friday</b> group"));
        assertThat(http().get("api/tables/" + id).json().containsKey("ownerKey"), is(false));

        Http.Answer stranger = http().get("api/tables/AAAAAAAAAAAAAAAAAAAAAA/rolls");
        assertThat(stranger.status(), is(404));
        assertThat(stranger.contentType(), startsWith("application/problem+json"));
        assertThat(http().get("api/tables/AAAAAAAAAAAAAAAAAAAAAA").status(), is(404));

        Http.Answer renamed = http().send("PATCH", "api/tables/" + id, "{\"name\":\"Saturday\"}", "Owner-Key", "wrong");
        assertThat(renamed.status(), is(403));
        Http.Answer ok = http().send("PATCH", "api/tables/" + id, "{\"name\":\"Saturday\"}", "Owner-Key", table.getString("ownerKey"));
        assertThat(ok.json().getString("name"), is("Saturday"));
        assertThat(http().post("api/tables", "{\"name\":\"\"}").status(), is(400));
        assertThat(http().post("api/tables", "{\"name\":\"x\",\"owner\":\"me\"}").status(), is(400));
    }

    @Test
    void hiddenRollsReachOnlyThoseWhoMaySeeThem() throws Exception {
        JsonObject table = table(false);
        String id = table.getString("id");
        String owner = table.getString("ownerKey");
        String ada = join(id, "Ada");
        String bo = join(id, "Bo");

        BlockingQueue<String> boHears = new LinkedBlockingQueue<>();
        BlockingQueue<String> gmHears = new LinkedBlockingQueue<>();
        JsonObject secret;
        JsonObject own;
        JsonObject open;
        try (var boStream = http().listen("api/tables/" + id + "/events", boHears, "Member-Key", bo);
                var gmStream = http().listen("api/tables/" + id + "/events", gmHears, "Owner-Key", owner)) {
            // Each stream opens with a "ready" event naming the table.
            assertThat(boStream.toString(), boHears.poll(30, TimeUnit.SECONDS), containsString(id));
            assertThat(gmStream.toString(), gmHears.poll(30, TimeUnit.SECONDS), containsString(id));

            secret = roll(id, ada, "Ada", "gm");
            own = roll(id, ada, "Ada", "roller");
            open = roll(id, ada, "Ada", "public");

            // The GM hears the GM-only roll and the public one; Bo hears only the public one.
            String gmFirst = gmHears.poll(30, TimeUnit.SECONDS);
            assertThat(gmFirst, containsString(secret.getString("id")));
            // Ada's next roll of the same procedure ended the secret roll's open moves: the GM hears that too.
            if (!secret.getJsonObject("state").getJsonArray("moves").isEmpty()) {
                String gmSecond = gmHears.poll(30, TimeUnit.SECONDS);
                assertThat(gmSecond, containsString(secret.getString("id")));
                assertThat(gmSecond, containsString("\"ended\":\"superseded\""));
            }
            assertThat(gmHears.poll(30, TimeUnit.SECONDS), containsString(open.getString("id")));
            String boFirst = boHears.poll(30, TimeUnit.SECONDS);
            assertThat(boFirst, containsString(open.getString("id")));
            // Nothing more reaches Bo: a bounded wait that nothing arrives.
            assertThat(boHears.poll(2, TimeUnit.SECONDS), is(nullValue()));
        }

        assertThat(logIds(id, "Member-Key", bo), equalTo(List.of(open.getString("id"))));
        assertThat(logIds(id), equalTo(List.of(open.getString("id"))));
        assertThat(logIds(id, "Owner-Key", owner), equalTo(List.of(open.getString("id"), secret.getString("id"))));
        assertThat(logIds(id, "Member-Key", ada),
                equalTo(List.of(open.getString("id"), own.getString("id"), secret.getString("id"))));
        Http.Answer boLog = http().send("GET", "api/tables/" + id + "/rolls", null, "Member-Key", bo);
        assertThat(boLog.body(), not(containsString(secret.getString("id"))));
        // What Bo may know of the rolls he may not see: that they happened, by whom and for whom; nothing else.
        var hidden = boLog.json().getJsonArray("hidden").getValuesAs(jakarta.json.JsonObject.class);
        assertThat(hidden.stream().map(h -> h.getInt("seq")).toList(),
                equalTo(List.of(own.getInt("seq"), secret.getInt("seq"))));
        for (var h : hidden) {
            assertThat(h.keySet(), equalTo(java.util.Set.of("seq", "roller", "visibility", "createdAt", "guest")));
            assertThat("Ada rolled from her seat", h.getBoolean("guest"), is(false));
        }
        assertThat(hidden.get(1).getString("visibility"), is("gm"));

        String secretPath = "api/tables/" + id + "/rolls/" + secret.getString("id");
        assertThat(http().send("GET", secretPath, null, "Member-Key", bo).status(), is(404));
        assertThat(http().send("GET", secretPath, null, "Owner-Key", owner).status(), is(200));
        assertThat(http().send("GET", secretPath, null, "Roller-Key", secret.getString("rollerKey")).status(), is(200));
        String ownPath = "api/tables/" + id + "/rolls/" + own.getString("id");
        assertThat(http().send("GET", ownPath, null, "Owner-Key", owner).status(), is(404));
    }

    @Test
    void movesNeedTheRollersKeyAndTheLogPages() {
        JsonObject table = table(false);
        String id = table.getString("id");
        var rolls = new ArrayList<JsonObject>();
        for (int i = 0; i < 5; i++) {
            rolls.add(roll(id, null, "Cy", "public"));
        }
        assertThat(rolls.stream().map(r -> r.getInt("seq")).toList(), equalTo(List.of(1, 2, 3, 4, 5)));

        JsonObject first = rolls.get(0);
        String movePath = "api/tables/" + id + "/rolls/" + first.getString("id") + "/moves";
        String accept = "{\"move\":\"accept\"}";
        assertThat(http().send("POST", movePath, accept, "Roller-Key", "wrong").status(), is(403));
        assertThat(http().send("POST", movePath, accept).status(), is(403));
        Http.Answer moved = http().send("POST", movePath, accept, "Roller-Key", first.getString("rollerKey"));
        assertThat(moved.toString(), moved.status(), is(200));
        assertThat(moved.json().getJsonObject("state").getBoolean("complete"), is(true));
        assertThat(http().send("POST", movePath, accept, "Roller-Key", first.getString("rollerKey")).status(), is(409));

        JsonObject page1 = http().get("api/tables/" + id + "/rolls?limit=2").json();
        var seqs1 = page1.getJsonArray("rolls").getValuesAs(JsonObject.class).stream().map(r -> r.getInt("seq")).toList();
        assertThat(seqs1, equalTo(List.of(5, 4)));
        JsonObject page2 = http().get("api/tables/" + id + "/rolls?limit=2&before=" + page1.getString("next")).json();
        var seqs2 = page2.getJsonArray("rolls").getValuesAs(JsonObject.class).stream().map(r -> r.getInt("seq")).toList();
        assertThat(seqs2, equalTo(List.of(3, 2)));
        JsonObject reread = http().get("api/tables/" + id + "/rolls/" + first.getString("id")).json();
        assertThat(reread.getInt("moves"), is(1));
        assertThat("a roll reads back made when its answer said", reread.getString("createdAt"),
                is(first.getString("createdAt")));
        assertThat(reread.getJsonObject("state").getJsonArray("history").size(), is(2));
        assertThat(http().get("api/tables/" + id + "/rolls?limit=0").status(), is(400));
        assertThat(http().get("api/tables/" + id + "/rolls?before=abc").status(), is(400));
    }

    @Test
    void concurrentRollsGetDistinctSequenceNumbersWithoutGaps() throws Exception {
        String id = table(false).getString("id");
        var pool = Executors.newFixedThreadPool(6);
        try {
            var futures = new ArrayList<Future<Integer>>();
            for (int i = 0; i < 24; i++) {
                Callable<Integer> call = () -> roll(id, null, "Dee", "public").getInt("seq");
                futures.add(pool.submit(call));
            }
            var seqs = new HashSet<Integer>();
            for (Future<Integer> f : futures) {
                seqs.add(f.get(120, TimeUnit.SECONDS));
            }
            var expected = new HashSet<Integer>();
            for (int i = 1; i <= 24; i++) {
                expected.add(i);
            }
            assertThat(seqs, equalTo(expected));
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aVerifiableTableRevealsItsSeedAndEveryRollReplays() {
        JsonObject table = table(true);
        String id = table.getString("id");
        String owner = table.getString("ownerKey");
        assertThat(table.getString("seedCommitment"), matchesPattern("[0-9a-f]{64}"));
        assertThat(table.containsKey("seed"), is(false));
        for (int i = 0; i < 4; i++) {
            JsonObject r = roll(id, null, "Eve", i == 3 ? "gm" : "public");
            if (i == 0) {
                http().send("POST", "api/tables/" + id + "/rolls/" + r.getString("id") + "/moves",
                        "{\"move\":\"daring\",\"inputs\":{\"emotion\":\"anger\"}}", "Roller-Key", r.getString("rollerKey"));
            }
        }
        assertThat(http().get("api/tables/" + id + "/verification").status(), is(409));
        Http.Answer closed = http().send("POST", "api/tables/" + id + "/close", null, "Owner-Key", owner);
        assertThat(closed.toString(), closed.status(), is(200));
        assertThat(closed.json().getString("seed"), matchesPattern("[0-9a-f]{64}"));
        assertThat(http().post("api/tables/" + id + "/rolls", "{" + ROLL + ",\"roller\":\"Eve\"}").status(), is(409));

        JsonObject verification = http().get("api/tables/" + id + "/verification").json();
        assertThat(verification.toString(), verification.getBoolean("verified"), is(true));
        assertThat(verification.getBoolean("commitmentHolds"), is(true));
        // The GM-only roll, still hidden at closing, is not replayed: its number alone is listed.
        assertThat(verification.getJsonArray("rolls").size(), is(3));
        assertThat(verification.getJsonArray("unverifiable").size(), is(1));
        assertThat(verification.getJsonArray("unverifiable").getJsonObject(0).getInt("seq"), is(4));
    }
}
