package io.dicehall.web.it;

import static org.awaitility.Awaitility.await;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;

import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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
import io.dicehall.api.GameSystem;
import io.dicehall.web.it.plugins.CoinSystem;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.AfterAll;
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
    private static Path work;
    private static List<String> database;
    private static List<String> clusteringA;

    @BeforeAll
    static void startTwoInstances() throws Exception {
        String url = io.dicehall.web.NeededTools.postgresUrl();
        database = List.of("dicehall.db.url=" + url,
                "dicehall.db.user=" + System.getenv().getOrDefault("DICEHALL_TEST_PG_USER", "dicehall"),
                "dicehall.db.password=" + System.getenv().getOrDefault("DICEHALL_TEST_PG_PASSWORD", "dicehall"));
        String name = "dicehall-it-" + UUID.randomUUID();
        int portA = ServerProcess.freePort();
        int portB = ServerProcess.freePort();
        work = Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir"), "cluster-it"));
        // The instances' plugins differ: only B has the coin plugin.
        Path pluginsA = Files.createDirectories(work.resolve("plugins-a"));
        Path pluginsB = Files.createDirectories(work.resolve("plugins-b"));
        ShrinkWrap.create(JavaArchive.class, "coin.jar").addPackage(CoinSystem.class.getPackage())
                .addAsServiceProvider(GameSystem.class, CoinSystem.class)
                .as(ZipExporter.class).exportTo(pluginsB.resolve("coin.jar").toFile(), true);
        clusteringA = ServerProcess.clusterOptions(name, portA, List.of(portA, portB));
        a = ServerProcess.start(work.resolve("a"), instance("a", pluginsA), clusteringA);
        b = ServerProcess.start(work.resolve("b"), instance("b", pluginsB),
                ServerProcess.clusterOptions(name, portB, List.of(portA, portB)));
        viaA = new Http(a.url());
        viaB = new Http(b.url());
        awaitMembers(viaA, 2);
    }

    private static List<String> instance(String name, Path plugins) {
        var properties = new ArrayList<>(database);
        properties.addAll(List.of("dicehall.instance.name=" + name, "dicehall.plugins.dir=" + plugins));
        return properties;
    }

    /** Waits until the instance counts that many members. */
    private static void awaitMembers(Http http, int members) {
        String body = await("the instance counting " + members + " members").atMost(Duration.ofSeconds(90))
                .pollInterval(Duration.ofMillis(500))
                .until(() -> http.get("/health/ready").body(), containsString("\"members\":\"" + members + "\""));
        if (members > 1) {
            assertThat("the instances meet through Payara's Hazelcast", body, containsString("\"cluster\":\"hazelcast\""));
        }
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

        // Characters and saved rolls kept through one instance are read and rolled through the other.
        String kim = viaA.post("api/tables/" + table + "/members", "{\"name\":\"Kim\"}").json().getString("memberKey");
        String finn = viaA.send("POST", "api/tables/" + table + "/characters",
                "{\"name\":\"Finn\",\"system\":\"tasks-checks\",\"values\":{\"rank\":3}}", "Member-Key", kim)
                .json().getString("id");
        String saved = viaA.send("POST", "api/tables/" + table + "/saved-rolls", "{\"name\":\"Finn checks\","
                + "\"system\":\"tasks-checks\",\"procedure\":\"check\",\"character\":\"" + finn + "\"}", "Member-Key", kim)
                .json().getString("id");
        assertThat(viaB.send("GET", "api/tables/" + table + "/characters/" + finn, null, "Member-Key", kim).json()
                .getJsonObject("values").getInt("rank"), is(3));
        Http.Answer rolledThroughB = viaB.send("POST", "api/tables/" + table + "/saved-rolls/" + saved + "/roll", "{}",
                "Member-Key", kim);
        assertThat(rolledThroughB.toString(), rolledThroughB.status(), is(201));
        assertThat(rolledThroughB.json().getString("character"), is("Finn"));
    }

    @Test
    @Order(2)
    void aSubscriberOnOneHearsARollMadeOnTheOther() throws Exception {
        String table = viaA.post("api/tables", "{\"name\":\"Live\"}").json().getString("id");
        BlockingQueue<String> heard = new LinkedBlockingQueue<>();
        try (var stream = viaB.listen("api/tables/" + table + "/events", heard)) {
            assertThat(stream.toString(), heard.poll(30, TimeUnit.SECONDS), containsString(table));
            JsonObject roll = tableRoll(viaA, table, "Ben");
            assertThat(heard.poll(30, TimeUnit.SECONDS), containsString(roll.getString("id")));
        }
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
    void instancesWithDifferentPluginsSayWhichHasWhich() throws Exception {
        JsonObject menuA = PluginDrops.menuWhen(viaA, m -> m.containsKey("elsewhere"), "A names what is elsewhere", 30);
        assertThat(menuA.getString("instance"), is("a"));
        JsonObject coin = menuA.getJsonArray("elsewhere").getJsonObject(0);
        assertThat(coin.getString("id"), is("test-coin"));
        assertThat(coin.getJsonArray("instances").getString(0), is("b"));
        JsonObject bundled = menuA.getJsonArray("systems").getValuesAs(JsonObject.class).stream()
                .filter(s -> s.getString("id").equals("fate-condensed")).findFirst().orElseThrow();
        assertThat(bundled.getJsonArray("instances").getValuesAs(jakarta.json.JsonString::getString), is(List.of("a", "b")));

        JsonObject menuB = PluginDrops.menuWhen(viaB, m -> m.getJsonArray("systems").getValuesAs(JsonObject.class).stream()
                .anyMatch(s -> s.getString("id").equals("test-coin")), "B lists its coin plugin", 30);
        assertThat(menuB.getString("instance"), is("b"));

        // Asked for a system it has not loaded, A says where it is, as problem+json.
        Http.Answer refused = viaA.post("api/rolls", "{\"system\":\"test-coin\",\"procedure\":\"flip\"}");
        assertThat(refused.toString(), refused.status(), is(404));
        assertThat(refused.contentType(), containsString("application/problem+json"));
        assertThat(refused.json().getString("type"), containsString("system-not-on-this-instance"));
        assertThat(refused.json().getString("detail"), containsString("only on: b"));
        assertThat(viaB.post("api/rolls", "{\"system\":\"test-coin\",\"procedure\":\"flip\"}").status(), is(201));
    }

    /**
     * Clients roll through the front while one instance is killed: every acknowledged roll is stored
     * once, the front sends new rolls to the survivor, a subscriber that was on the dead instance
     * reconnects to the other and catches up, and the killed instance, restarted, rejoins and serves.
     */
    @Test
    @Order(5)
    void killingOneInstanceBehindTheFrontLosesNoAcknowledgedRollAndItsSubscribersCatchUp() throws Exception {
        io.dicehall.web.NeededTools.need(Front.available(), "nginx is not installed");
        try (Front front = Front.start(work.resolve("front"), List.of(a.port(), b.port()))) {
            Http viaFront = new Http(front.uri().toURL());
            Http.Answer opened = viaFront.post("api/tables", "{\"name\":\"Survive\"}");
            assertThat(opened.toString(), opened.status(), is(201));
            String table = opened.json().getString("id");
            // Subscribers through the front until one is served by A, the instance about to die.
            var subscribers = new ArrayList<Subscriber>();
            var pool = Executors.newFixedThreadPool(4);
            var rolling = new java.util.concurrent.atomic.AtomicBoolean(true);
            try {
                while (subscribers.stream().noneMatch(s -> s.instances().contains("a")) && subscribers.size() < 12) {
                    Subscriber subscriber = new Subscriber(front.uri(), table);
                    subscribers.add(subscriber);
                    await("subscriber " + subscribers.size() + " told which instance serves it").atMost(Duration.ofSeconds(10))
                            .until(() -> !subscriber.instances().isEmpty());
                }
                Subscriber onA = subscribers.stream().filter(s -> s.instances().contains("a")).findFirst()
                        .orElseThrow(() -> new AssertionError("no subscriber served by a: " + subscribers));
                var acknowledged = new CopyOnWriteArrayList<String>();
                for (int t = 0; t < 4; t++) {
                    pool.submit(() -> {
                        while (rolling.get()) {
                            try {
                                Http.Answer answer = viaFront.post("api/tables/" + table + "/rolls",
                                        "{\"system\":\"tasks-checks\",\"procedure\":\"check\",\"roller\":\"Di\"}");
                                if (answer.status() == 201) {
                                    acknowledged.add(answer.json().getString("id"));
                                }
                            } catch (RuntimeException refused) {
                                // the front dropped a request in flight: not acknowledged
                            }
                        }
                    });
                }
                awaitAtLeast("rolls acknowledged before the kill", acknowledged::size, 60);
                a.kill();
                awaitAtLeast("rolls acknowledged after the kill", acknowledged::size, acknowledged.size() + 100);
                rolling.set(false);
                pool.shutdown();
                assertThat(pool.awaitTermination(60, TimeUnit.SECONDS), is(true));

                // The front routes around the dead instance: every roll now is acknowledged.
                var afterwards = new ArrayList<String>();
                for (int i = 0; i < 20; i++) {
                    afterwards.add(tableRoll(viaFront, table, "Di").getString("id"));
                }
                acknowledged.addAll(afterwards);
                // Every acknowledged roll is stored exactly once.
                List<String> ids = log(viaB, table);
                assertThat(ids, hasItems(acknowledged.toArray(new String[0])));
                assertThat(new HashSet<>(ids).size(), is(ids.size()));
                // The subscriber that was on A reconnected to B and heard every roll, missed ones included.
                await("the subscriber that was on a hearing every stored roll").atMost(Duration.ofSeconds(30))
                        .pollInterval(Duration.ofMillis(100))
                        .untilAsserted(() -> assertThat(onA.toString(), onA.heard(), hasItems(ids.toArray(new String[0]))));
                assertThat(onA.instances().toString(), onA.instances().get(onA.instances().size() - 1), is("b"));
                // Subscribers that stayed connected hear what is rolled after the failure. (A push the
                // dying instance had not yet sent is lost to them until they next read the log.)
                await("every subscriber hearing the rolls made after the failure").atMost(Duration.ofSeconds(30))
                        .pollInterval(Duration.ofMillis(100)).untilAsserted(() -> {
                            for (Subscriber subscriber : subscribers) {
                                assertThat(subscriber.toString(), subscriber.heard(),
                                        hasItems(afterwards.toArray(new String[0])));
                            }
                        });
            } finally {
                rolling.set(false);
                pool.shutdownNow();
                for (Subscriber subscriber : subscribers) {
                    subscriber.close();
                }
            }
        }
        // Restarted on its data and ports, A rejoins and serves.
        a = ServerProcess.start(work.resolve("a"), instance("a", work.resolve("plugins-a")), clusteringA, a.port());
        awaitMembers(viaB, 2);
        String table = viaA.post("api/tables", "{\"name\":\"Back\"}").json().getString("id");
        JsonObject roll = tableRoll(viaA, table, "Ed");
        assertThat(viaB.get("api/tables/" + table + "/rolls/" + roll.getString("id")).status(), is(200));
    }

    /** Waits up to a minute until a count of {@code what} reaches at least {@code n}. */
    private static void awaitAtLeast(String what, java.util.function.IntSupplier count, int n) {
        await(what).atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(20))
                .until(count::getAsInt, greaterThanOrEqualTo(n));
    }

    /** Every roll id in a table's log. */
    private static List<String> log(Http http, String table) {
        return http.wholeLog(table).stream().map(r -> r.getString("id")).toList();
    }

    /**
     * PostgreSQL restarted under load: while it is down, rolls are refused with a 503 problem+json;
     * nothing acknowledged is lost; rolling resumes by itself when it is back.
     */
    @Test
    @Order(6)
    void restartingPostgresqlUnderLoadAnswers503AndResumesLosingNothing() throws Exception {
        String cluster = System.getenv("DICEHALL_TEST_PG_CLUSTER");
        String control = System.getenv("DICEHALL_TEST_PG_CONTROL");
        io.dicehall.web.NeededTools.need(control != null && !control.isBlank()
                || cluster != null && cluster.split(" ").length == 2,
                "neither DICEHALL_TEST_PG_CONTROL (a script taking stop or start) nor DICEHALL_TEST_PG_CLUSTER names"
                        + " a PostgreSQL server this test may restart");
        String table = viaA.post("api/tables", "{\"name\":\"Outage\"}").json().getString("id");
        var acknowledged = new CopyOnWriteArrayList<String>();
        var refusals = new CopyOnWriteArrayList<Http.Answer>();
        var others = new CopyOnWriteArrayList<String>();
        var rolling = new java.util.concurrent.atomic.AtomicBoolean(true);
        var pool = Executors.newFixedThreadPool(2);
        for (Http http : List.of(viaA, viaB)) {
            pool.submit(() -> {
                while (rolling.get()) {
                    Http.Answer answer = http.post("api/tables/" + table + "/rolls",
                            "{\"system\":\"tasks-checks\",\"procedure\":\"check\",\"roller\":\"Flo\"}");
                    if (answer.status() == 201) {
                        acknowledged.add(answer.json().getString("id"));
                    } else if (answer.status() == 503) {
                        refusals.add(answer);
                    } else {
                        others.add(answer.toString());
                    }
                }
                return null;
            });
        }
        try {
            awaitAtLeast("rolls acknowledged before the stop", acknowledged::size, 30);
            String[] versionAndName = control != null && !control.isBlank() ? new String[] {control}
                    : cluster.split(" ");
            pgctl("stop", versionAndName);
            int beforeRestart = refusals.size();
            await("ten rolls refused while PostgreSQL is down").atMost(Duration.ofSeconds(20))
                    .pollInterval(Duration.ofMillis(50)).until(refusals::size, greaterThanOrEqualTo(beforeRestart + 10));
            int acknowledgedWhileDown = acknowledged.size();
            pgctl("start", versionAndName);
            await("rolls resumed after the restart").atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(50))
                    .until(acknowledged::size, greaterThanOrEqualTo(acknowledgedWhileDown + 50));
        } finally {
            rolling.set(false);
            pool.shutdown();
            pool.awaitTermination(60, TimeUnit.SECONDS);
        }
        assertThat(others.toString(), others.isEmpty(), is(true));
        assertThat(refusals.size(), greaterThanOrEqualTo(10));
        for (Http.Answer refusal : refusals) {
            assertThat(refusal.contentType(), containsString("application/problem+json"));
            assertThat(refusal.json().getString("detail"), not(containsString("Exception")));
        }
        List<String> ids = log(viaA, table);
        assertThat(ids, hasItems(acknowledged.toArray(new String[0])));
        assertThat(new HashSet<>(ids).size(), is(ids.size()));
    }

    /** Stops or starts the test's PostgreSQL: through its control script, or Debian's cluster version and name. */
    private static void pgctl(String action, String[] versionAndName) throws Exception {
        Process process = (versionAndName.length == 1 ? new ProcessBuilder(versionAndName[0], action)
                : new ProcessBuilder("pg_ctlcluster", versionAndName[0], versionAndName[1], action))
                .redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        assertThat(output, process.waitFor(), is(0));
    }
}
