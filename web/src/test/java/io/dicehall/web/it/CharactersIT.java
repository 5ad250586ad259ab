package io.dicehall.web.it;

import static org.awaitility.Awaitility.await;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;

import io.dicehall.api.GameSystem;
import io.dicehall.web.it.gauge.GaugeSystem;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.StringReader;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Characters and saved rolls, dice rolled by hand, and the log exported, through the JSON API of the real
 * WAR: who sees and changes what, a saved roll rolled in one request, a value a later version of a plugin
 * refuses named as the field's mistake, faces checked against their dice, and exports that match the log
 * and hold only what the requester may see.
 */
@ExtendWith(ArquillianExtension.class)
class CharactersIT {

    private static final Path PLUGINS = Paths.get(System.getProperty("dicehall.it.plugins", "target/it-plugins"));

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.war();
    }

    @ArquillianResource
    URL base;

    @AfterAll
    static void removeGauge() throws IOException {
        Files.deleteIfExists(PLUGINS.resolve("gauge.jar"));
    }

    private Http http() {
        return new Http(base);
    }

    /** A table with its owner key and two members' keys. */
    private record Table(String id, String owner, String ada, String bo) {
    }

    private Table table(boolean verifiable) {
        JsonObject made = http().post("api/tables", "{\"name\":\"Characters\",\"verifiable\":" + verifiable + "}").json();
        String id = made.getString("id");
        String ada = http().post("api/tables/" + id + "/members", "{\"name\":\"Ada\"}").json().getString("memberKey");
        String bo = http().post("api/tables/" + id + "/members", "{\"name\":\"Bo\"}").json().getString("memberKey");
        return new Table(id, made.getString("ownerKey"), ada, bo);
    }

    @Test
    void charactersAndSavedRollsAreKeptSeenAndRolledAsTheirKeeperMay() {
        Table t = table(false);
        String path = "api/tables/" + t.id() + "/";

        // Bo's event stream will hear that the table's characters changed, and nothing of them.
        BlockingQueue<String> boHears = new LinkedBlockingQueue<>();
        String finnId;
        try (var boStream = http().listen(path + "events", boHears, "Member-Key", t.bo())) {
            assertThat("the stream opens with ready: " + boStream, poll(boHears), containsString("instance"));

            // Ada keeps a character of Tasks & Checks: its values are checked by the system's character fields.
            Http.Answer bad = http().send("POST", path + "characters",
                    "{\"name\":\"Finn\",\"system\":\"tasks-checks\",\"values\":{\"rank\":9}}", "Member-Key", t.ada());
            assertThat(bad.toString(), bad.status(), is(400));
            assertThat(bad.body(), containsString("values.rank"));
            assertThat(http().post(path + "characters", "{\"name\":\"Finn\",\"system\":\"tasks-checks\"}").status(), is(403));
            JsonObject finn = http().send("POST", path + "characters",
                    "{\"name\":\"Finn\",\"system\":\"tasks-checks\",\"values\":{\"rank\":5,\"stress\":1,\"kisses\":2}}",
                    "Member-Key", t.ada()).json();
            finnId = finn.getString("id");
            assertThat(finn.getJsonObject("values").getInt("rank"), is(5));
            assertThat("only the kept character is heard of", poll(boHears), is("{\"table\":\"" + t.id() + "\"}"));
        }

        // Everyone sees its name; only Ada and the GM its values; only they may change it.
        JsonObject asBo = http().send("GET", path + "characters", null, "Member-Key", t.bo()).json()
                .getJsonArray("characters").getJsonObject(0);
        assertThat(asBo.getString("name"), is("Finn"));
        assertThat(asBo.getString("keeper"), is("Ada"));
        assertThat(asBo.containsKey("values") && !asBo.isNull("values"), is(false));
        assertThat(http().send("GET", path + "characters/" + finnId, null, "Owner-Key", t.owner()).json()
                .getJsonObject("values").getInt("stress"), is(1));
        assertThat(http().send("PATCH", path + "characters/" + finnId, "{\"name\":\"Stolen\"}", "Member-Key", t.bo())
                .status(), is(403));
        assertThat(http().send("PATCH", path + "characters/" + finnId, "{\"values\":{\"rank\":4,\"stress\":0,\"kisses\":2}}",
                "Member-Key", t.ada()).json().getJsonObject("values").getInt("rank"), is(4));

        // A saved roll with the character: one request rolls it, with the character's values.
        JsonObject saved = http().send("POST", path + "saved-rolls", "{\"name\":\"Finn climbs\",\"system\":\"tasks-checks\","
                + "\"procedure\":\"check\",\"character\":\"" + finnId + "\",\"inputs\":{\"stressful\":true},\"note\":\"the wall\"}",
                "Member-Key", t.ada()).json();
        String savedId = saved.getString("id");
        assertThat(saved.getString("characterName"), is("Finn"));
        assertThat("Bo does not see Ada's saved rolls", http().send("GET", path + "saved-rolls", null, "Member-Key", t.bo())
                .json().getJsonArray("savedRolls").size(), is(0));
        var gmReads = http().send("GET", path + "saved-rolls", null, "Owner-Key", t.owner())
                .json().getJsonArray("savedRolls").getValuesAs(JsonObject.class);
        assertThat("the GM does, under its owner's seat, read only", gmReads.size(), is(1));
        assertThat(gmReads.get(0).getBoolean("yours"), is(false));
        assertThat(gmReads.get(0).getJsonObject("seat").getString("name"), is("Ada"));
        assertThat("Ada's own list says it is hers", http().send("GET", path + "saved-rolls", null, "Member-Key", t.ada())
                .json().getJsonArray("savedRolls").getJsonObject(0).getBoolean("yours"), is(true));
        JsonObject odds = http().send("POST", path + "saved-rolls/" + savedId + "/odds", null, "Member-Key", t.ada()).json();
        JsonObject checkOdds = http().post("api/systems/tasks-checks/procedures/check/odds",
                "{\"inputs\":{\"rank\":4,\"stress\":0,\"kisses\":2,\"stressful\":true}}").json();
        assertThat("the saved roll's odds are those of its inputs with the character's values",
                odds.getJsonArray("outcomes"), equalTo(checkOdds.getJsonArray("outcomes")));
        Http.Answer rolled = http().send("POST", path + "saved-rolls/" + savedId + "/roll", "{}", "Member-Key", t.ada());
        assertThat(rolled.toString(), rolled.status(), is(201));
        JsonObject roll = rolled.json();
        assertThat(roll.getString("character"), is("Finn"));
        assertThat(roll.getString("characterId"), is(finnId));
        assertThat(roll.getString("roller"), is("Ada"));
        assertThat(roll.getJsonObject("seat").getString("name"), is("Ada"));
        assertThat(roll.getBoolean("guest"), is(false));
        assertThat(roll.getString("note"), is("the wall"));
        assertThat(roll.getJsonObject("inputs").getInt("rank"), is(4));
        assertThat(roll.getJsonObject("inputs").getBoolean("stressful"), is(true));
        assertThat(http().send("POST", path + "saved-rolls/" + savedId + "/roll", "{}", "Member-Key", t.bo()).status(),
                is(404));
        assertThat("the GM reads it but does not roll it as theirs", http().send("POST", path + "saved-rolls/" + savedId
                + "/roll", "{}", "Owner-Key", t.owner()).status(), is(403));

        // Deleting the character leaves the saved roll with its own inputs.
        assertThat(http().send("DELETE", path + "characters/" + finnId, null, "Member-Key", t.ada()).status(), is(204));
        JsonObject after = http().send("GET", path + "saved-rolls/" + savedId, null, "Member-Key", t.ada()).json();
        assertThat(after.containsKey("character") && !after.isNull("character"), is(false));
        assertThat(http().send("DELETE", path + "saved-rolls/" + savedId, null, "Member-Key", t.ada()).status(), is(204));
        assertThat(http().send("GET", path + "saved-rolls/" + savedId, null, "Member-Key", t.ada()).status(), is(404));
    }

    @Test
    void aValueALaterVersionOfItsSystemRefusesIsNamedNeverA500() throws Exception {
        drop(GaugeSystem.class);
        awaitSystem("test-gauge", 10);
        Table t = table(false);
        String path = "api/tables/" + t.id() + "/";
        String hero = http().send("POST", path + "characters",
                "{\"name\":\"Hero\",\"system\":\"test-gauge\",\"values\":{\"level\":8}}", "Member-Key", t.ada()).json()
                .getString("id");
        String saved = http().send("POST", path + "saved-rolls", "{\"name\":\"Strike\",\"system\":\"test-gauge\","
                + "\"procedure\":\"check\",\"character\":\"" + hero + "\"}", "Member-Key", t.ada()).json().getString("id");
        assertThat(http().send("POST", path + "saved-rolls/" + saved + "/roll", "{}", "Member-Key", t.ada()).status(),
                is(201));

        // The plugin is upgraded to a version that takes levels up to 5 only.
        drop(GaugeSystem.Narrowed.class);
        awaitSystem("test-gauge", 5);
        Http.Answer refused = http().send("POST", path + "saved-rolls/" + saved + "/roll", "{}", "Member-Key", t.ada());
        assertThat(refused.toString(), refused.status(), is(400));
        assertThat(refused.contentType(), containsString("application/problem+json"));
        JsonObject violation = refused.json().getJsonArray("violations").getJsonObject(0);
        assertThat(violation.getString("field"), is("character.level"));
        assertThat(violation.getString("message"), containsString("Hero"));
        assertThat("the character stays stored", http().send("GET", path + "characters/" + hero, null,
                "Member-Key", t.ada()).json().getJsonObject("values").getInt("level"), is(8));

        // Once the plugin is gone, the character stays stored and shows as unavailable.
        Files.delete(PLUGINS.resolve("gauge.jar"));
        awaitSystem("test-gauge", 0);
        JsonObject gone = http().send("GET", path + "characters/" + hero, null, "Member-Key", t.ada()).json();
        assertThat(gone.getBoolean("available"), is(false));
        assertThat(http().send("POST", path + "saved-rolls/" + saved + "/roll", "{}", "Member-Key", t.ada()).status(),
                is(404));
    }

    @Test
    void diceRolledByHandAreCheckedDieByDieWhereTheTableAllowsThem() {
        Table verifiable = table(true);
        Http.Answer never = http().send("PATCH", "api/tables/" + verifiable.id(), "{\"physicalDice\":true}",
                "Owner-Key", verifiable.owner());
        assertThat("never on a verifiable table", never.status(), is(409));

        Table t = table(false);
        String rolls = "api/tables/" + t.id() + "/rolls";
        String body = "{\"system\":\"tasks-checks\",\"procedure\":\"check\",\"roller\":\"Ada\","
                + "\"inputs\":{\"rank\":5,\"kisses\":2},\"faces\":";
        assertThat("off by default", http().send("POST", rolls, body + "[1,2,6]}", "Member-Key", t.ada()).status(), is(409));
        assertThat(http().send("PATCH", "api/tables/" + t.id(), "{\"physicalDice\":true}", "Member-Key", t.ada())
                .status(), is(403));
        assertThat(http().send("PATCH", "api/tables/" + t.id(), "{\"physicalDice\":true}", "Owner-Key", t.owner()).json()
                .getBoolean("physicalDice"), is(true));

        Http.Answer wrong = http().send("POST", rolls, body + "[1,7,3]}", "Member-Key", t.ada());
        assertThat(wrong.status(), is(400));
        assertThat(wrong.json().getJsonArray("violations").getJsonObject(0).getString("field"), is("faces[1]"));
        assertThat(wrong.body(), containsString("d6"));
        assertThat(http().send("POST", rolls, body + "[1,2]}", "Member-Key", t.ada()).status(), is(400));
        assertThat(http().send("POST", rolls, body + "[1,2,3,4]}", "Member-Key", t.ada()).status(), is(400));

        JsonObject roll = http().send("POST", rolls, body + "[1,2,6]}", "Member-Key", t.ada()).json();
        assertThat(roll.getBoolean("byHand"), is(true));
        assertThat(roll.getJsonObject("state").getJsonArray("groups").getJsonObject(0).getJsonArray("dice")
                .getValuesAs(JsonObject.class).stream().map(d -> d.getInt("face")).toList(), equalTo(List.of(1, 2, 6)));

        // A KISS of two dice by hand takes exactly two faces.
        String moves = rolls + "/" + roll.getString("id") + "/moves";
        String kiss = "{\"move\":\"kiss\",\"inputs\":{\"dice\":[\"d1\",\"d2\"]},\"faces\":";
        Http.Answer one = http().send("POST", moves, kiss + "[5]}", "Member-Key", t.ada());
        assertThat(one.status(), is(400));
        assertThat(one.body(), containsString("more dice than the 1 given"));
        assertThat(http().send("POST", moves, kiss + "[5,6,6]}", "Member-Key", t.ada()).status(), is(400));
        JsonObject kissed = http().send("POST", moves, kiss + "[5,6]}", "Member-Key", t.ada()).json();
        assertThat(kissed.getJsonObject("state").getJsonArray("groups").getJsonObject(0).getJsonArray("dice")
                .getValuesAs(JsonObject.class).stream().map(d -> d.getInt("face")).toList(), equalTo(List.of(5, 6, 6)));

        // Fair dice stay fair: a server-thrown roll takes no faces for its moves.
        JsonObject fair = http().send("POST", rolls, "{\"system\":\"tasks-checks\",\"procedure\":\"check\","
                + "\"roller\":\"Ada\",\"inputs\":{\"kisses\":3}}", "Member-Key", t.ada()).json();
        assertThat(fair.getBoolean("byHand"), is(false));
    }

    @Test
    void exportsMatchTheLogAndHoldOnlyWhatTheirRequesterMaySee() throws Exception {
        Table t = table(false);
        String rolls = "api/tables/" + t.id() + "/rolls";
        for (String visibility : List.of("public", "gm", "public", "roller")) {
            Http.Answer made = http().send("POST", rolls, "{\"system\":\"action-rolls\",\"procedure\":\"action-roll\","
                    + "\"roller\":\"Ada\",\"visibility\":\"" + visibility + "\",\"note\":\"=a, \\\"quoted\\\" note\"}",
                    "Member-Key", t.ada());
            assertThat(made.toString(), made.status(), is(201));
        }
        String export = "api/tables/" + t.id() + "/export?format=";

        // JSON: every roll the keys may see, with every step; the others by number, marked hidden, with nothing of
        // their content, so that numbers never jump.
        JsonObject asBo = http().send("GET", export + "json", null, "Member-Key", t.bo()).json();
        List<JsonObject> boRolls = asBo.getJsonArray("rolls").getValuesAs(JsonObject.class);
        assertThat(boRolls.stream().map(r -> r.getInt("number")).toList(), equalTo(List.of(1, 2, 3, 4)));
        assertThat(boRolls.stream().map(r -> r.getBoolean("hidden")).toList(), equalTo(List.of(false, true, false, true)));
        assertThat(boRolls.get(1).keySet(), equalTo(java.util.Set.of("number", "time", "roller", "seat", "guest",
                "visibility", "hidden")));
        assertThat(boRolls.get(1).getString("visibility"), is("gm"));
        assertThat(boRolls.get(0).getJsonObject("seat").getString("name"), is("Ada"));
        JsonObject asGm = http().send("GET", export + "json", null, "Owner-Key", t.owner()).json();
        assertThat(asGm.getJsonArray("rolls").getValuesAs(JsonObject.class).stream().filter(r -> !r.getBoolean("hidden"))
                .count(), is(3L));
        JsonObject asAda = http().send("GET", export + "json", null, "Member-Key", t.ada()).json();
        assertThat(asAda.getJsonArray("rolls").getValuesAs(JsonObject.class).stream().filter(r -> !r.getBoolean("hidden"))
                .count(), is(4L));
        List<JsonObject> log = http().send("GET", rolls + "?limit=100", null, "Member-Key", t.ada()).json()
                .getJsonArray("rolls").getValuesAs(JsonObject.class);
        for (JsonObject exported : asAda.getJsonArray("rolls").getValuesAs(JsonObject.class)) {
            JsonObject logged = log.stream().filter(r -> r.getString("id").equals(exported.getString("id"))).findFirst()
                    .orElseThrow();
            // The same dice and outcome; each roll but the last was superseded by the next (same procedure, no
            // character), so the log shows it ended, with no open move, where the export keeps the stored state.
            JsonObject stored = exported.getJsonArray("steps").getJsonObject(0).getJsonObject("state");
            for (String part : List.of("groups", "outcome", "history", "tallies")) {
                assertThat(part, stored.get(part), equalTo(logged.getJsonObject("state").get(part)));
            }
            assertThat(exported.getString("ended", null), is(logged.getString("ended", null)));
            assertThat(exported.getString("ended", null), is(stored.getJsonArray("moves").isEmpty() ? "stopped"
                    : exported.getInt("number") < 4 ? "superseded" : null));
            assertThat(exported.getString("note"), is(logged.getString("note")));
        }

        // CSV: a standard parser reads the columns and the awkward note back as written.
        Http.Answer csv = http().send("GET", export + "csv", null, "Member-Key", t.bo());
        assertThat(csv.contentType(), containsString("text/csv"));
        List<CSVRecord> rows = CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).build()
                .parse(new StringReader(csv.body())).getRecords();
        assertThat(rows.size(), is(4));
        assertThat(rows.get(0).getParser().getHeaderNames(), equalTo(List.of("number", "time", "roller", "character",
                "system", "procedure", "outcome", "dice", "note", "by_hand", "visibility", "seat", "guest",
                "character_id", "ended")));
        assertThat(rows.stream().map(r -> r.get("number")).toList(), equalTo(List.of("1", "2", "3", "4")));
        assertThat(rows.stream().map(r -> r.get("visibility")).toList(), equalTo(List.of("public", "gm", "public",
                "roller")));
        assertThat(rows.get(1).get("outcome"), is("hidden (GM only)"));
        assertThat("nothing of a hidden roll but who and when", rows.get(1).get("note"), is(""));
        assertThat(rows.get(3).get("outcome"), is("hidden (roller only)"));
        assertThat(rows.get(0).get("guest"), is("no"));
        assertThat("quoted, and defused as a formula", rows.get(0).get("note"), is("'=a, \"quoted\" note"));
        assertThat(rows.get(0).get("system"), is("action-rolls"));
        assertThat(rows.get(0).get("by_hand"), is("no"));
        assertThat(rows.get(0).get("outcome"), is(log.stream().filter(r -> r.getInt("seq") == 1).findFirst().orElseThrow()
                .getJsonObject("state").getJsonObject("outcome").getString("label")));

        // Markdown: a journal of the same rolls; a range picks numbers.
        String markdown = http().send("GET", export + "markdown&from=2&to=3", null, "Owner-Key", t.owner()).body();
        assertThat(markdown, containsString("## 2. Ada — Action Roll, Action Rolls"));
        assertThat(markdown, containsString("## 3. Ada"));
        assertThat(markdown, not(containsString("## 1. Ada")));
        assertThat("display names, lightly escaped", markdown, not(containsString("action\\-roll")));
        assertThat(markdown, containsString("> =a, \"quoted\" note"));
        String boJournal = http().send("GET", export + "md", null, "Member-Key", t.bo()).body();
        assertThat(boJournal, containsString("## 2. Ada — hidden (GM only)"));
        assertThat(boJournal, containsString("## 4. Ada — hidden (roller only)"));
        assertThat(http().get(export + "pdf").status(), is(400));
        assertThat(http().get(export + "csv&from=zero").status(), is(400));
    }

    // --- helpers -----------------------------------------------------------------------------------------

    private static String poll(BlockingQueue<String> heard) {
        try {
            return heard.poll(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void drop(Class<? extends GameSystem> system) throws IOException {
        Files.createDirectories(PLUGINS);
        JavaArchive jar = ShrinkWrap.create(JavaArchive.class, "gauge.jar").addPackage(GaugeSystem.class.getPackage())
                .addAsServiceProvider(GameSystem.class, system);
        Path temp = Files.createTempFile("gauge", ".jar");
        jar.as(ZipExporter.class).exportTo(temp.toFile(), true);
        Files.move(temp, PLUGINS.resolve("gauge.jar"), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Waits until the system answers with that highest level (0: until it is gone). */
    private void awaitSystem(String id, int maxLevel) {
        await(maxLevel == 0 ? id + " gone" : id + " answering with levels up to " + maxLevel)
                .atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).until(() -> {
                    Http.Answer system = http().get("api/systems/" + id);
                    return maxLevel == 0 ? system.status() == 404 : system.status() == 200 && system.json()
                            .getJsonArray("procedures").getJsonObject(0).getJsonObject("form").getJsonArray("fields")
                            .getJsonObject(0).getInt("max") == maxLevel;
                });
    }
}
