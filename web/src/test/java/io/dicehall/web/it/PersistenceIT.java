package io.dicehall.web.it;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;

import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Tables survive a restart: on the embedded H2 kept in Payara's root folder, and on a real
 * PostgreSQL server (when {@code DICEHALL_TEST_PG_URL} names one, as {@code .ci/run} does). A
 * database file made before the schema moved to Flyway upgrades in place.
 */
class PersistenceIT {

    private static final Path WORK = Path.of(System.getProperty("java.io.tmpdir"), "persistence-it");

    private static String createTableWithRolls(Http http, int rolls) {
        JsonObject table = http.post("api/tables", "{\"name\":\"Survivors\"}").json();
        String id = table.getString("id");
        for (int i = 0; i < rolls; i++) {
            Http.Answer roll = http.post("api/tables/" + id + "/rolls",
                    "{\"system\":\"fate-condensed\",\"procedure\":\"overcome\",\"roller\":\"Flo\",\"note\":\"roll " + i + "\"}");
            assertThat(roll.toString(), roll.status(), is(201));
        }
        return id;
    }

    private static List<Integer> seqs(Http http, String table) {
        Http.Answer log = http.get("api/tables/" + table + "/rolls");
        assertThat(log.toString(), log.status(), is(200));
        return log.json().getJsonArray("rolls").getValuesAs(JsonObject.class).stream().map(r -> r.getInt("seq")).toList();
    }

    @Test
    void theLogSurvivesARestartOnTheEmbeddedDatabase() throws Exception {
        Path root = Files.createDirectories(WORK).resolve("h2-data");
        String table;
        String firstState;
        String memberKey;
        String savedRoll;
        try (ServerProcess server = ServerProcess.start(root, List.of())) {
            Http http = new Http(server.url());
            table = createTableWithRolls(http, 3);
            firstState = http.get("api/tables/" + table + "/rolls").json().getJsonArray("rolls").getJsonObject(2)
                    .getJsonObject("state").toString();
            // A character and a saved roll are kept with the table.
            memberKey = http.post("api/tables/" + table + "/members", "{\"name\":\"Kim\"}").json().getString("memberKey");
            String character = http.send("POST", "api/tables/" + table + "/characters",
                    "{\"name\":\"Finn\",\"system\":\"tasks-checks\",\"values\":{\"rank\":3}}", "Member-Key", memberKey)
                    .json().getString("id");
            savedRoll = http.send("POST", "api/tables/" + table + "/saved-rolls", "{\"name\":\"Finn checks\","
                    + "\"system\":\"tasks-checks\",\"procedure\":\"check\",\"character\":\"" + character + "\"}",
                    "Member-Key", memberKey).json().getString("id");
        }
        try (ServerProcess server = ServerProcess.start(root, List.of())) {
            Http http = new Http(server.url());
            assertThat(seqs(http, table), equalTo(List.of(3, 2, 1)));
            assertThat(http.get("api/tables/" + table + "/rolls").json().getJsonArray("rolls").getJsonObject(2)
                    .getJsonObject("state").toString(), is(firstState));
            JsonObject kept = http.send("GET", "api/tables/" + table + "/characters", null, "Member-Key", memberKey).json()
                    .getJsonArray("characters").getJsonObject(0);
            assertThat(kept.getString("name"), is("Finn"));
            assertThat(kept.getJsonObject("values").getInt("rank"), is(3));
            JsonObject rolled = http.send("POST", "api/tables/" + table + "/saved-rolls/" + savedRoll + "/roll", "{}",
                    "Member-Key", memberKey).json();
            assertThat(rolled.getString("character"), is("Finn"));
            assertThat(rolled.getJsonObject("inputs").getInt("rank"), is(3));
            assertThat("numbering goes on where it stopped", rolled.getInt("seq"), is(4));
            Http.Answer next = http.post("api/tables/" + table + "/rolls",
                    "{\"system\":\"fate-condensed\",\"procedure\":\"overcome\",\"roller\":\"Flo\"}");
            assertThat(next.json().getInt("seq"), is(5));
        }
    }

    /**
     * {@code src/test/fixtures/h2-schema-v2}: the H2 file the code before Flyway made (schema version 2
     * in {@code dh_schema}) with a table, its GM and a member, three rolls (the first one moved) and a
     * closed verifiable table. The new code baselines it at 2, runs only the later migrations, and serves
     * everything in it as before.
     */
    @Test
    void aDatabaseMadeBeforeFlywayUpgradesInPlace() throws Exception {
        Path fixtures = Path.of(System.getProperty("dicehall.fixtures", "src/test/fixtures"), "h2-schema-v2");
        JsonObject made;
        try (var in = Files.newInputStream(fixtures.resolve("fixture.json"))) {
            made = jakarta.json.Json.createReader(in).readObject();
        }
        Path root = WORK.resolve("h2-before-flyway");
        if (Files.exists(root)) {
            try (var old = Files.walk(root)) {
                old.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
        Files.createDirectories(root);
        Files.copy(fixtures.resolve("dicehall.mv.db"), root.resolve("dicehall.mv.db"));
        String table = made.getString("table");
        try (ServerProcess server = ServerProcess.start(root, List.of())) {
            Http http = new Http(server.url());
            JsonObject read = http.get("api/tables/" + table).json();
            assertThat(read.toString(), read.getString("gm"), is("Gail"));
            assertThat(seqs(http, table), equalTo(List.of(3, 2, 1)));
            String first = made.getJsonArray("rolls").getString(0);
            assertThat(http.get("api/tables/" + table + "/rolls/" + first).json().getInt("moves"), is(1));
            // The member's key still plays: they roll, numbered after the old rolls.
            Http.Answer next = http.send("POST", "api/tables/" + table + "/rolls",
                    "{\"system\":\"fate-condensed\",\"procedure\":\"overcome\",\"roller\":\"Finn\"}",
                    "Member-Key", made.getString("memberKey"));
            assertThat(next.toString(), next.status(), is(201));
            assertThat(next.json().getInt("seq"), is(4));
            JsonObject verification = http.get("api/tables/" + made.getString("verifiableTable") + "/verification").json();
            assertThat(verification.toString(), verification.getBoolean("verified"), is(true));
        }
    }

    @Test
    void theLogIsStoredInPostgresqlWhenConfigured() throws Exception {
        String url = io.dicehall.web.NeededTools.postgresUrl();
        String user = System.getenv().getOrDefault("DICEHALL_TEST_PG_USER", "dicehall");
        String password = System.getenv().getOrDefault("DICEHALL_TEST_PG_PASSWORD", "dicehall");
        List<String> properties = List.of("dicehall.db.url=" + url,
                "dicehall.db.user=" + user, "dicehall.db.password=" + password);
        Path root = Files.createDirectories(WORK).resolve("pg-data");
        String table;
        try (ServerProcess server = ServerProcess.start(root, properties)) {
            table = createTableWithRolls(new Http(server.url()), 2);
        }
        try (Connection db = DriverManager.getConnection(url, user, password);
                PreparedStatement sql = db.prepareStatement("SELECT COUNT(*), MAX(seq) FROM dh_roll WHERE table_id = ?")) {
            sql.setString(1, table);
            try (ResultSet row = sql.executeQuery()) {
                row.next();
                assertThat(row.getInt(1), is(2));
                assertThat(row.getInt(2), is(2));
            }
        }
        // A new server with an empty folder of its own: everything comes from PostgreSQL.
        try (ServerProcess server = ServerProcess.start(Files.createDirectories(WORK).resolve("pg-data-2"), properties)) {
            assertThat(seqs(new Http(server.url()), table), equalTo(List.of(2, 1)));
        }
    }
}
