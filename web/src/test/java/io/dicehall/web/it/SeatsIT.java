package io.dicehall.web.it;

import static org.awaitility.Awaitility.await;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;

import jakarta.json.JsonObject;
import java.net.URL;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Who rolled is certain, what is whose is clear, and the feed tidies itself, through the JSON API of the real
 * WAR: a member rolls from their seat and no one rolls under their name; names are unique at a table; a roll
 * names its character; saved rolls are their saver's; open moves end by themselves, by a newer roll, or by
 * the GM.
 */
@ExtendWith(ArquillianExtension.class)
class SeatsIT {

    private static final String OVERCOME = "\"system\":\"fate-condensed\",\"procedure\":\"overcome\"";

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.war();
    }

    @ArquillianResource
    URL base;

    private Http http() {
        return new Http(base);
    }

    /** A table opened with its GM seated at once, and a player. */
    private record Table(String id, String owner, String gm, String gmSeat, String ada) {
    }

    private Table table() {
        Http.Answer opened = http().post("api/tables", "{\"name\":\"Seats\",\"gm\":\"Gail\"}");
        assertThat(opened.toString(), opened.status(), is(201));
        JsonObject t = opened.json();
        JsonObject seat = t.getJsonObject("gmSeat");
        assertThat(seat.getString("name"), is("Gail"));
        assertThat(seat.getBoolean("gm"), is(true));
        String id = t.getString("id");
        String ada = http().post("api/tables/" + id + "/members", "{\"name\":\"Ada\"}").json().getString("memberKey");
        return new Table(id, t.getString("ownerKey"), seat.getString("memberKey"), seat.getString("id"), ada);
    }

    private Http.Answer roll(String table, String body, String... headers) {
        return http().send("POST", "api/tables/" + table + "/rolls", "{" + OVERCOME + body + "}", headers);
    }

    private JsonObject rolled(String table, String body, String... headers) {
        Http.Answer answer = roll(table, body, headers);
        assertThat(answer.toString(), answer.status(), is(201));
        return answer.json();
    }

    private JsonObject read(String table, String roll) {
        return http().send("GET", "api/tables/" + table + "/rolls/" + roll, null).json();
    }

    @Test
    void theGmIsSeatedInOneStepAndTheirKeyCanBeChecked() {
        Table t = table();
        JsonObject table = http().get("api/tables/" + t.id()).json();
        assertThat(table.getString("gm"), is("Gail"));
        assertThat(table.getJsonArray("seats").getValuesAs(JsonObject.class).stream().map(s -> s.getString("name"))
                .toList(), equalTo(List.of("Gail", "Ada")));
        assertThat("no key in a read", table.containsKey("gmSeat"), is(false));
        assertThat(table.getBoolean("guests"), is(true));
        assertThat(table.getInt("idleSeconds"), is(1800));
        JsonObject gmRoll = rolled(t.id(), "", "Member-Key", t.gm());
        assertThat(gmRoll.getJsonObject("seat").getString("id"), is(t.gmSeat()));

        String check = "api/tables/" + t.id() + "/owner";
        assertThat(http().send("GET", check, null, "Owner-Key", t.owner()).status(), is(204));
        assertThat(http().send("GET", check, null, "Owner-Key", t.ada()).status(), is(403));
        assertThat(http().send("GET", check, null).status(), is(403));
        assertThat(http().send("GET", "api/tables/AAAAAAAAAAAAAAAAAAAAAA/owner", null, "Owner-Key", t.owner()).status(),
                is(404));
    }

    @Test
    void noOneRollsUnderAMembersName() {
        Table t = table();
        // A member rolls from their seat: the name is the seat's, whatever the body says, and another is refused.
        JsonObject own = rolled(t.id(), "", "Member-Key", t.ada());
        assertThat(own.getString("roller"), is("Ada"));
        assertThat(own.getBoolean("guest"), is(false));
        assertThat(own.getJsonObject("seat").getString("name"), is("Ada"));
        assertThat(rolled(t.id(), ",\"roller\":\" ada \"", "Member-Key", t.ada()).getString("roller"), is("Ada"));
        Http.Answer posing = roll(t.id(), ",\"roller\":\"Gail\"", "Member-Key", t.ada());
        assertThat(posing.toString(), posing.status(), is(400));
        JsonObject violation = posing.json().getJsonArray("violations").getJsonObject(0);
        assertThat(violation.getString("field"), is("roller"));
        assertThat(violation.getString("message"), containsString("you are seated as \"Ada\""));

        // A guest may roll, marked as a guest's, under a name no seat has (case and spaces do not matter).
        for (String name : List.of("Ada", "ADA", "  ada ", "Gail")) {
            Http.Answer guest = roll(t.id(), ",\"roller\":\"" + name + "\"");
            assertThat(name, guest.status(), is(409));
            assertThat(guest.json().getJsonArray("violations").getJsonObject(0).getString("field"), is("roller"));
        }
        assertThat(roll(t.id(), "").status(), is(400));
        JsonObject guest = rolled(t.id(), ",\"roller\":\"Zed\"");
        assertThat(guest.getBoolean("guest"), is(true));
        assertThat(guest.containsKey("seat"), is(false));
        assertThat(http().get("api/tables/" + t.id() + "/export?format=csv").body(), containsString(",Zed,"));

        // The owner turns guest rolls off: members still roll.
        assertThat(http().send("PATCH", "api/tables/" + t.id(), "{\"guests\":false}", "Member-Key", t.ada()).status(),
                is(403));
        assertThat(http().send("PATCH", "api/tables/" + t.id(), "{\"guests\":false}", "Owner-Key", t.owner()).json()
                .getBoolean("guests"), is(false));
        Http.Answer off = roll(t.id(), ",\"roller\":\"Zed\"");
        assertThat(off.status(), is(403));
        assertThat(off.body(), containsString("guests-off"));
        assertThat(roll(t.id(), "", "Member-Key", t.ada()).status(), is(201));
    }

    @Test
    void twoSeatsNeverShareAName() {
        Table t = table();
        String members = "api/tables/" + t.id() + "/members";
        for (String name : List.of("Ada", "ada", " ADA ", "GAIL")) {
            Http.Answer twin = http().post(members, "{\"name\":\"" + name + "\"}");
            assertThat(name, twin.status(), is(409));
            JsonObject violation = twin.json().getJsonArray("violations").getJsonObject(0);
            assertThat(violation.getString("field"), is("name"));
            assertThat(violation.getString("message"), containsString("taken"));
        }
        String bo = http().post(members, "{\"name\":\"Bo\"}").json().getString("memberKey");
        Http.Answer rename = http().send("PATCH", members + "/me", "{\"name\":\"ada\"}", "Member-Key", bo);
        assertThat(rename.status(), is(409));
        assertThat("a member may change the case of their own name",
                http().send("PATCH", members + "/me", "{\"name\":\"BO\"}", "Member-Key", bo).json().getString("name"),
                is("BO"));
        Http.Answer tooLong = http().post(members, "{\"name\":\"" + "x".repeat(61) + "\"}");
        assertThat(tooLong.status(), is(400));
        assertThat(tooLong.body(), containsString("at most 60 characters"));
    }

    @Test
    void aRollNamesItsCharacterAndSavedRollsAreTheirSavers() {
        Table t = table();
        String path = "api/tables/" + t.id() + "/";
        String vex = http().send("POST", path + "characters", "{\"name\":\"Vex\",\"system\":\"fate-condensed\"}",
                "Member-Key", t.ada()).json().getString("id");

        // Roll for: Vex, from the form.
        JsonObject forVex = rolled(t.id(), ",\"character\":\"" + vex + "\"", "Member-Key", t.ada());
        assertThat(forVex.getString("characterId"), is(vex));
        assertThat(forVex.getString("character"), is("Vex"));
        String bo = http().post(path + "members", "{\"name\":\"Bo\"}").json().getString("memberKey");
        assertThat("not another player's character", roll(t.id(), ",\"character\":\"" + vex + "\"", "Member-Key", bo)
                .status(), is(403));
        assertThat("the GM's seat may roll for any character", rolled(t.id(), ",\"character\":\"" + vex + "\"",
                "Member-Key", t.gm()).getString("roller"), is("Gail"));
        assertThat("not a guest's", roll(t.id(), ",\"roller\":\"Zed\",\"character\":\"" + vex + "\"").status(), is(400));

        // A saved roll keeps its note and its character; Ada's list is hers, the GM reads it and copies it.
        JsonObject saved = http().send("POST", path + "saved-rolls", "{\"name\":\"Vex fights\"," + OVERCOME
                + ",\"character\":\"" + vex + "\",\"note\":\"for the bridge\"}", "Member-Key", t.ada()).json();
        String savedId = saved.getString("id");
        JsonObject oneClick = http().send("POST", path + "saved-rolls/" + savedId + "/roll", "{}", "Member-Key", t.ada())
                .json();
        assertThat(oneClick.getString("note"), is("for the bridge"));
        assertThat(oneClick.getString("characterId"), is(vex));
        assertThat(oneClick.getJsonObject("seat").getString("name"), is("Ada"));

        assertThat("the GM's own list is empty", http().send("GET", path + "saved-rolls", null, "Member-Key", t.gm())
                .json().getJsonArray("savedRolls").getValuesAs(JsonObject.class), is(empty()));
        List<JsonObject> gmView = http().send("GET", path + "saved-rolls", null, "Member-Key", t.gm(), "Owner-Key",
                t.owner()).json().getJsonArray("savedRolls").getValuesAs(JsonObject.class);
        assertThat(gmView.size(), is(1));
        assertThat(gmView.get(0).getBoolean("yours"), is(false));
        assertThat(gmView.get(0).getString("keeper"), is("Ada"));
        String[] gmKeys = {"Member-Key", t.gm(), "Owner-Key", t.owner()};
        assertThat("the GM does not roll Ada's", http().send("POST", path + "saved-rolls/" + savedId + "/roll", "{}",
                gmKeys).status(), is(403));
        assertThat("nor delete it", http().send("DELETE", path + "saved-rolls/" + savedId, null, gmKeys).status(),
                is(403));
        assertThat("nor change it", http().send("PATCH", path + "saved-rolls/" + savedId, "{\"name\":\"Mine\"}", gmKeys)
                .status(), is(403));
        assertThat("a player does not copy another's", http().send("POST", path + "saved-rolls/" + savedId + "/copy",
                null, "Member-Key", bo).status(), is(404));
        Http.Answer copied = http().send("POST", path + "saved-rolls/" + savedId + "/copy", null, gmKeys);
        assertThat(copied.toString(), copied.status(), is(201));
        JsonObject copy = copied.json();
        assertThat(copy.getBoolean("yours"), is(true));
        assertThat(copy.getString("note"), is("for the bridge"));
        assertThat(copy.getJsonObject("seat").getString("name"), is("Gail"));
        JsonObject gmRoll = http().send("POST", path + "saved-rolls/" + copy.getString("id") + "/roll", "{}", gmKeys)
                .json();
        assertThat("the GM's roll of the copy is the GM's", gmRoll.getString("roller"), is("Gail"));
        assertThat(gmRoll.getString("character"), is("Vex"));
        assertThat("Ada's list is unchanged", http().send("GET", path + "saved-rolls", null, "Member-Key", t.ada())
                .json().getJsonArray("savedRolls").size(), is(1));
    }

    @Test
    void openMovesEndWhenIdleSupersededOrEndedByTheGm() throws Exception {
        Table t = table();
        String path = "api/tables/" + t.id() + "/";
        BlockingQueue<String> heard = new LinkedBlockingQueue<>();
        try (var stream = http().listen(path + "events", heard, "Member-Key", t.ada())) {
            assertThat(stream.toString(), heard.poll(30, TimeUnit.SECONDS), containsString("instance"));

            // A newer roll of the same procedure (for no character) ends the earlier one's moves.
            JsonObject first = rolled(t.id(), "", "Member-Key", t.ada());
            assertThat(first.getJsonObject("state").getJsonArray("moves"), is(not(empty())));
            assertThat(first.containsKey("ended"), is(false));
            JsonObject second = rolled(t.id(), "", "Member-Key", t.ada());
            JsonObject superseded = read(t.id(), first.getString("id"));
            assertThat(superseded.getString("ended"), is("superseded"));
            assertThat(superseded.getJsonObject("state").getJsonArray("moves"), is(empty()));
            assertThat("its outcome stands", superseded.getJsonObject("state").getJsonObject("outcome"),
                    equalTo(first.getJsonObject("state").getJsonObject("outcome")));
            Http.Answer late = http().send("POST", path + "rolls/" + first.getString("id") + "/moves",
                    "{\"move\":\"accept\"}", "Member-Key", t.ada());
            assertThat(late.status(), is(409));
            assertThat(late.body(), containsString("roll-ended"));
            EventStream.awaitHolding("the table hears of it", heard, "superseded", Duration.ofSeconds(60));

            // The GM ends a roll; only the GM may.
            String end = path + "rolls/" + second.getString("id") + "/end";
            assertThat(http().send("POST", end, null, "Member-Key", t.ada()).status(), is(403));
            JsonObject ended = http().send("POST", end, null, "Owner-Key", t.owner()).json();
            assertThat(ended.getString("ended"), is("gm"));
            assertThat(ended.getJsonObject("state").getJsonArray("moves"), is(empty()));

            // A roll for another character is not superseded; its moves end after the table's idle time.
            assertThat(http().send("PATCH", "api/tables/" + t.id(), "{\"idleSeconds\":2}", "Owner-Key", t.owner())
                    .status(), is(400));
            assertThat(http().send("PATCH", "api/tables/" + t.id(), "{\"idleSeconds\":5}", "Owner-Key", t.owner()).json()
                    .getInt("idleSeconds"), is(5));
            String vex = http().send("POST", path + "characters", "{\"name\":\"Vex\",\"system\":\"fate-condensed\"}",
                    "Member-Key", t.ada()).json().getString("id");
            JsonObject idle = rolled(t.id(), ",\"character\":\"" + vex + "\"", "Member-Key", t.ada());
            JsonObject other = rolled(t.id(), "", "Member-Key", t.ada());
            assertThat("a roll for Vex is not ended by one for no character", read(t.id(), idle.getString("id"))
                    .containsKey("ended"), is(false));
            await("the idle roll's moves ended").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(500))
                    .until(() -> "idle".equals(read(t.id(), idle.getString("id")).getString("ended", null)));
            assertThat(read(t.id(), other.getString("id")).getString("ended", null), is("idle"));
            EventStream.awaitHolding("the table hears the moves ended", heard, "\"idle\"", Duration.ofSeconds(60));

            // The export tells how each ended.
            String csv = http().send("GET", path + "export?format=csv", null, "Member-Key", t.ada()).body();
            assertThat(csv, containsString(",superseded\r\n"));
            assertThat(csv, containsString(",gm\r\n"));
            // An id is random and may begin with "-", which the export defuses as any cell a spreadsheet would read
            // as a formula: with a leading apostrophe.
            String vexCell = "=+-@".indexOf(vex.charAt(0)) >= 0 ? "'" + vex : vex;
            assertThat(csv, containsString("," + vexCell + ",idle\r\n"));
        }
    }
}
