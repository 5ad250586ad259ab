package io.dicehall.web.it;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;

import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The built WAR, unchanged, on Eclipse GlassFish 7 (no Hazelcast, no MicroProfile Health or OpenAPI)
 * with its stock default database, Derby: the README's tour of the API, a table with its event
 * stream, the pages, and {@code /health} and {@code /openapi} answered by the application itself.
 * Then, when {@code DICEHALL_TEST_PG_URL} names a PostgreSQL server, the same server pointed at it
 * with the README's commands.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class GlassFishIT {

    private static GlassFishServer server;
    private static Http http;

    @BeforeAll
    static void deployOnGlassFish() throws Exception {
        server = GlassFishServer.prepare(Path.of(System.getProperty("java.io.tmpdir"), "glassfish-it"));
        if (postgresUrl() != null) {
            server.addDriver(Path.of(System.getProperty("dicehall.postgres.driver")));
        }
        try {
            server.start();
            server.deploy(Path.of(System.getProperty("dicehall.war")));
        } catch (RuntimeException | java.io.IOException e) {
            server.close();
            throw e;
        }
        http = new Http(server.url());
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Test
    @Order(1)
    void theTourOfTheApi() {
        // The menu: every bundled system.
        Http.Answer systems = http.get("api/systems");
        assertThat(systems.toString(), systems.status(), is(200));
        List<String> ids = systems.json().getJsonArray("systems").getValuesAs(JsonObject.class).stream()
                .map(s -> s.getString("id")).toList();
        assertThat(ids, hasItems("tasks-checks", "fatewalker", "fate-condensed", "action-rolls"));

        assertThat(http.get("api/systems/action-rolls").json().getString("id"), is("action-rolls"));

        // Exact odds before rolling.
        Http.Answer odds = http.post("api/systems/tasks-checks/procedures/check/odds", "{\"inputs\": {\"rank\": 5}}");
        assertThat(odds.toString(), odds.status(), is(200));
        Map<String, String> fractions = new HashMap<>();
        odds.json().getJsonArray("outcomes").getValuesAs(JsonObject.class)
                .forEach(o -> fractions.put(o.getString("id"), o.getString("fraction")));
        assertThat(fractions, equalTo(Map.of("tough-failure", "8/27", "partial-pass", "4/9", "regular-pass", "2/9",
                "flying-colors", "1/27")));

        // A roll, read again, its decision odds, a move with the roller's key (and refused without it).
        Http.Answer roll = http.post("api/rolls", "{\"system\": \"action-rolls\", \"procedure\": \"action-roll\","
                + " \"inputs\": {\"first-ability\": 2, \"second-ability\": 1, \"challenge\": \"average\", \"risk\": \"risky\"},"
                + " \"note\": \"Finn climbs the wall\"}");
        assertThat(roll.toString(), roll.status(), is(201));
        String id = roll.json().getString("id");
        assertThat(roll.location(), containsString("/api/rolls/" + id));
        String key = roll.json().getString("rollerKey");
        assertThat(http.get("api/rolls/" + id).json().getJsonObject("state"), equalTo(roll.json().getJsonObject("state")));
        String daring = "{\"move\": \"daring\", \"inputs\": {\"emotion\": \"anxiety\"}}";
        Http.Answer decision = http.post("api/rolls/" + id + "/odds", daring);
        assertThat(decision.toString(), decision.status(), is(200));
        assertThat(http.send("POST", "api/rolls/" + id + "/moves", daring).status(), is(403));
        Http.Answer moved = http.send("POST", "api/rolls/" + id + "/moves", daring, "Roller-Key", key);
        assertThat(moved.toString(), moved.status(), is(200));
        assertThat(http.get("api/rolls/" + id).json().getInt("moves"), is(1));

        // Errors are problem+json.
        Http.Answer missing = http.get("api/rolls/nothing-here");
        assertThat(missing.status(), is(404));
        assertThat(missing.contentType(), startsWith("application/problem+json"));
    }

    @Test
    @Order(2)
    void aTableWithItsEventStreamStoredInDerby() throws Exception {
        Http.Answer opened = http.post("api/tables", "{\"name\": \"On GlassFish\", \"verifiable\": true}");
        assertThat(opened.toString(), opened.status(), is(201));
        String table = opened.json().getString("id");
        String owner = opened.json().getString("ownerKey");
        Http.Answer gm = http.send("POST", "api/tables/" + table + "/members", "{\"name\": \"Gail\"}", "Owner-Key", owner);
        assertThat(gm.toString(), gm.status(), is(201));
        assertThat(gm.json().getBoolean("gm"), is(true));
        String member = http.post("api/tables/" + table + "/members", "{\"name\": \"Finn\"}").json().getString("memberKey");

        BlockingQueue<String> heard = new LinkedBlockingQueue<>();
        try (var stream = http.listen("api/tables/" + table + "/events", heard)) {
            assertThat("the stream opens with ready: " + stream, heard.poll(30, TimeUnit.SECONDS), containsString(table));
            // The longest note: the log's long texts (inputs, states) are CLOBs on Derby.
            Http.Answer rolled = http.send("POST", "api/tables/" + table + "/rolls",
                    "{\"system\": \"tasks-checks\", \"procedure\": \"check\", \"roller\": \"Finn\", \"note\": \"" + "n".repeat(500)
                            + "\", \"inputs\": {\"rank\": 6, \"kisses\": 3}}", "Member-Key", member);
            assertThat(rolled.toString(), rolled.status(), is(201));
            String roll = rolled.json().getString("id");
            // table events (the joins) may come first
            EventStream.awaitHolding("the roll arrives on the stream", heard, roll, Duration.ofSeconds(30));
            Http.Answer move = http.send("POST", "api/tables/" + table + "/rolls/" + roll + "/moves",
                    "{\"move\": \"accept\"}", "Member-Key", member);
            assertThat(move.toString(), move.status(), is(200));
        }
        JsonObject log = http.get("api/tables/" + table + "/rolls").json();
        assertThat(log.getJsonArray("rolls").getJsonObject(0).getInt("seq"), is(1));
        assertThat(log.getJsonArray("rolls").getJsonObject(0).getString("note").length(), is(500));

        // A verifiable table replays from its seed once closed.
        assertThat(http.send("POST", "api/tables/" + table + "/close", null, "Owner-Key", owner).status(), is(200));
        JsonObject verification = http.get("api/tables/" + table + "/verification").json();
        assertThat(verification.toString(), verification.getBoolean("verified"), is(true));
    }

    @Test
    @Order(3)
    void thePages() {
        Http.Answer menu = http.get("");
        assertThat(menu.toString(), menu.status(), is(200));
        assertThat(menu.contentType(), startsWith("text/html"));
        assertThat(menu.body(), containsString("Fate Condensed"));
        // The footer links where the application itself answers.
        assertThat(menu.body(), containsString("href=\"/openapi\""));
        assertThat(menu.body(), containsString("href=\"/health\""));

        String table = http.post("api/tables", "{\"name\": \"A page\"}").json().getString("id");
        Http.Answer page = http.get("tables/" + table);
        assertThat(page.toString(), page.status(), is(200));
        assertThat(page.body(), containsString("A page"));
        Http.Answer rolling = http.get("systems/fate-condensed/overcome");
        assertThat(rolling.toString(), rolling.status(), is(200));
    }

    @Test
    @Order(4)
    void healthAndOpenApiWithoutMicroProfile() throws Exception {
        Http.Answer health = http.get("health");
        assertThat(health.toString(), health.status(), is(200));
        assertThat(health.json().getString("status"), is("UP"));
        JsonObject check = health.json().getJsonArray("checks").getJsonObject(0);
        assertThat(check.getString("name"), is("rules-systems"));
        assertThat(check.getJsonObject("data").getInt("members"), is(1));
        assertThat("no Hazelcast here: this instance alone", check.getJsonObject("data").getString("cluster"), is("local"));
        assertThat(http.get("health/ready").status(), is(200));
        assertThat(http.get("health/live").json().getString("status"), is("UP"));

        Http.Answer yaml = http.get("openapi");
        assertThat(yaml.toString(), yaml.status(), is(200));
        assertThat(yaml.body(), containsString("/api/rolls"));
        Http.Answer json = http.get("openapi?format=JSON");
        assertThat(json.json().getJsonObject("paths").containsKey("/api/tables"), is(true));
        ServedOpenApi.assertIsTheBuiltDocument(json.body(), "glassfish");

        // The server's own log is not asked for the fallback's line: GlassFish writes that file from a queue of its
        // own, and in some runs none of the server's lines had reached it by the time the server stopped.
        assertThat(Files.readString(server.log()), not(containsString("could not be brought up to date")));
    }

    private static String postgresUrl() {
        String url = System.getenv("DICEHALL_TEST_PG_URL");
        return url == null || url.isBlank() ? null : url;
    }

    @Test
    @Order(5)
    void onPostgresqlWithTheReadmesCommands() throws Exception {
        String url = postgresUrl();
        io.dicehall.web.NeededTools.need(url != null, "DICEHALL_TEST_PG_URL names no PostgreSQL server");
        String user = System.getenv().getOrDefault("DICEHALL_TEST_PG_USER", "dicehall");
        String password = System.getenv().getOrDefault("DICEHALL_TEST_PG_PASSWORD", "dicehall");
        // A schema of its own, as a database of its own would be.
        String schema = "dh_glassfish_it_" + java.util.UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        try (var db = java.sql.DriverManager.getConnection(url, user, password); var sql = db.createStatement()) {
            sql.execute("CREATE SCHEMA " + schema);
        }
        try {
            server.usePostgres(url + (url.contains("?") ? "&" : "?") + "currentSchema=" + schema, user, password);
            String table = http.post("api/tables", "{\"name\": \"In PostgreSQL\"}").json().getString("id");
            Http.Answer rolled = http.post("api/tables/" + table + "/rolls",
                    "{\"system\": \"fate-condensed\", \"procedure\": \"overcome\", \"roller\": \"Pia\"}");
            assertThat(rolled.toString(), rolled.status(), is(201));
            try (var db = java.sql.DriverManager.getConnection(url, user, password);
                    var sql = db.prepareStatement("SELECT COUNT(*) FROM " + schema + ".dh_roll WHERE table_id = ?")) {
                sql.setString(1, table);
                try (var row = sql.executeQuery()) {
                    row.next();
                    assertThat(row.getInt(1), is(1));
                }
            }
        } finally {
            server.close();
            server = null;
            try (var db = java.sql.DriverManager.getConnection(url, user, password); var sql = db.createStatement()) {
                sql.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
            }
        }
    }
}
