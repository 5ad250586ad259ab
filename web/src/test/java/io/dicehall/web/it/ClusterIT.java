package io.dicehall.web.it;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.is;

import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Two instances as one: Payara's Hazelcast found by TCP/IP on loopback, one PostgreSQL. Runs when
 * {@code DICEHALL_TEST_PG_URL} names a PostgreSQL server, as {@code .ci/run} does.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterIT {

    private static ServerProcess a;
    private static ServerProcess b;
    private static Http viaA;
    private static Http viaB;

    @BeforeAll
    static void startTwoInstances() throws Exception {
        String url = System.getenv("DICEHALL_TEST_PG_URL");
        Assumptions.assumeTrue(url != null && !url.isBlank(),
                "DICEHALL_TEST_PG_URL names no PostgreSQL server (.ci/run starts one)");
        List<String> properties = List.of("dicehall.ds=java:app/jdbc/dicehall-postgres", "dicehall.db.url=" + url,
                "dicehall.db.user=" + System.getenv().getOrDefault("DICEHALL_TEST_PG_USER", "dicehall"),
                "dicehall.db.password=" + System.getenv().getOrDefault("DICEHALL_TEST_PG_PASSWORD", "dicehall"));
        String name = "dicehall-it-" + UUID.randomUUID();
        int portA = ServerProcess.freePort();
        int portB = ServerProcess.freePort();
        Path work = Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir"), "cluster-it"));
        a = ServerProcess.start(work.resolve("a"), properties, ServerProcess.clusterOptions(name, portA, List.of(portA, portB)));
        b = ServerProcess.start(work.resolve("b"), properties, ServerProcess.clusterOptions(name, portB, List.of(portA, portB)));
        viaA = new Http(a.url());
        viaB = new Http(b.url());
        // Wait until the two have found each other.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!viaA.get("/health/ready").body().contains("\"members\":\"2\"") && System.nanoTime() < deadline) {
            Thread.sleep(500);
        }
        assertThat(viaA.get("/health/ready").body(), containsString("\"members\":\"2\""));
    }

    @AfterAll
    static void stop() throws Exception {
        if (a != null) {
            a.close();
        }
        if (b != null) {
            b.close();
        }
    }

    private static JsonObject tableRoll(Http http, String table, String roller) {
        Http.Answer answer = http.post("api/tables/" + table + "/rolls",
                "{\"system\":\"tasks-checks\",\"procedure\":\"check\",\"roller\":\"" + roller + "\",\"inputs\":{\"rank\":6,\"kisses\":3}}");
        assertThat(answer.toString(), answer.status(), is(201));
        return answer.json();
    }

    @Test
    @Order(1)
    void aRollThroughOneIsReadAndMovedThroughTheOther() {
        String table = viaA.post("api/tables", "{\"name\":\"Two\"}").json().getString("id");
        JsonObject roll = tableRoll(viaA, table, "Ann");
        Http.Answer read = viaB.get("api/tables/" + table + "/rolls/" + roll.getString("id"));
        assertThat(read.status(), is(200));
        assertThat(read.json().getJsonObject("state"), equalTo(roll.getJsonObject("state")));
        Http.Answer moved = viaB.send("POST", "api/tables/" + table + "/rolls/" + roll.getString("id") + "/moves",
                "{\"move\":\"accept\"}", "Roller-Key", roll.getString("rollerKey"));
        assertThat(moved.toString(), moved.status(), is(200));

        // A loose roll, shared through Hazelcast.
        JsonObject loose = viaA.post("api/rolls", "{\"system\":\"action-rolls\",\"procedure\":\"action-roll\"}").json();
        assertThat(viaB.get("api/rolls/" + loose.getString("id")).json().getJsonObject("state"),
                equalTo(loose.getJsonObject("state")));
        Http.Answer looseMove = viaB.send("POST", "api/rolls/" + loose.getString("id") + "/moves",
                "{\"move\":\"daring\",\"inputs\":{\"emotion\":\"anger\"}}", "Roller-Key", loose.getString("rollerKey"));
        assertThat(looseMove.toString(), looseMove.status(), is(200));
        assertThat(viaA.get("api/rolls/" + loose.getString("id")).json().getInt("moves"), is(1));
    }

    @Test
    @Order(2)
    void aSubscriberOnOneHearsARollMadeOnTheOther() throws Exception {
        String table = viaA.post("api/tables", "{\"name\":\"Live\"}").json().getString("id");
        BlockingQueue<String> heard = new LinkedBlockingQueue<>();
        var stream = viaB.listen("api/tables/" + table + "/events", heard);
        assertThat(heard.poll(30, TimeUnit.SECONDS), containsString(table));
        JsonObject roll = tableRoll(viaA, table, "Ben");
        String event = heard.poll(30, TimeUnit.SECONDS);
        stream.cancel(true);
        assertThat(event, containsString(roll.getString("id")));
    }

    @Test
    @Order(3)
    void concurrentRollsOverBothInstancesAreNumberedWithoutGapsAndAVerifiableTableReplays() throws Exception {
        JsonObject created = viaA.post("api/tables", "{\"name\":\"Busy\",\"verifiable\":true}").json();
        String table = created.getString("id");
        var pool = Executors.newFixedThreadPool(8);
        try {
            var futures = new ArrayList<Future<Integer>>();
            for (int i = 0; i < 200; i++) {
                Http http = i % 2 == 0 ? viaA : viaB;
                Callable<Integer> call = () -> tableRoll(http, table, "Cy").getInt("seq");
                futures.add(pool.submit(call));
            }
            var seqs = new HashSet<Integer>();
            for (Future<Integer> f : futures) {
                seqs.add(f.get(300, TimeUnit.SECONDS));
            }
            var expected = new HashSet<Integer>();
            for (int i = 1; i <= 200; i++) {
                expected.add(i);
            }
            assertThat(seqs, equalTo(expected));
        } finally {
            pool.shutdownNow();
        }
        viaB.send("POST", "api/tables/" + table + "/close", null, "Owner-Key", created.getString("ownerKey"));
        JsonObject verification = viaA.get("api/tables/" + table + "/verification").json();
        assertThat(verification.getBoolean("verified"), is(true));
        assertThat(verification.getJsonArray("rolls").size(), is(200));
    }

    @Test
    @Order(4)
    void killingOneInstanceMidLoadLosesNoAcknowledgedRoll() throws Exception {
        String table = viaB.post("api/tables", "{\"name\":\"Survive\"}").json().getString("id");
        var acknowledged = new CopyOnWriteArrayList<String>();
        Thread roller = new Thread(() -> {
            for (int i = 0; i < 400; i++) {
                try {
                    Http.Answer answer = viaA.post("api/tables/" + table + "/rolls",
                            "{\"system\":\"tasks-checks\",\"procedure\":\"check\",\"roller\":\"Di\"}");
                    if (answer.status() == 201) {
                        acknowledged.add(answer.json().getString("id"));
                    }
                } catch (RuntimeException instanceGone) {
                    return;
                }
            }
        });
        roller.start();
        while (acknowledged.size() < 40 && roller.isAlive()) {
            Thread.sleep(20);
        }
        a.kill();
        roller.join(60_000);
        assertThat(acknowledged.size(), greaterThanOrEqualTo(40));
        // B goes on: it still rolls, and it has every roll A acknowledged, once each.
        tableRoll(viaB, table, "Di");
        var ids = new ArrayList<String>();
        String next = null;
        do {
            JsonObject page = viaB.get("api/tables/" + table + "/rolls?limit=100" + (next == null ? "" : "&before=" + next)).json();
            page.getJsonArray("rolls").getValuesAs(JsonObject.class).forEach(r -> ids.add(r.getString("id")));
            next = !page.containsKey("next") || page.isNull("next") ? null : page.getString("next");
        } while (next != null);
        assertThat(ids, hasItems(acknowledged.toArray(new String[0])));
        assertThat(new HashSet<>(ids).size(), is(ids.size()));
    }
}
