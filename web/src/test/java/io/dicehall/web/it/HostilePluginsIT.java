package io.dicehall.web.it;

import static org.awaitility.Awaitility.await;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.in;
import static org.hamcrest.Matchers.lessThanOrEqualTo;
import static org.hamcrest.Matchers.not;

import io.dicehall.api.GameSystem;
import io.dicehall.web.it.hostile.Allocate;
import io.dicehall.web.it.hostile.BlockConstructor;
import io.dicehall.web.it.hostile.Exit;
import io.dicehall.web.it.hostile.HostileSystem;
import io.dicehall.web.it.hostile.LyingOdds;
import io.dicehall.web.it.hostile.ReadFile;
import io.dicehall.web.it.hostile.Reflect;
import io.dicehall.web.it.hostile.StartThread;
import io.dicehall.web.it.hostile.SwallowInterrupts;
import io.dicehall.web.it.plugins.CoinSystem;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Predicate;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Hostile plugins dropped into a running server, each a JAR of {@link HostileSystem} and one subclass: those whose
 * bytecode uses what rules code may not (exit, a file, a thread, reflection, sleeping through interrupts) or whose
 * odds lie are refused with their reason; one whose constructor never returns is abandoned; one that allocates
 * without end is stopped and disabled; a trusted one that swallows interrupts takes only its own share of the
 * workers. After each, the other systems answer and {@code /health} tells the truth.
 */
@ExtendWith(ArquillianExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class HostilePluginsIT {

    /** The server's dicehall.plugins.trusted-file (arquillian.xml): the SHA-256s of JARs trusted with full rights. */
    private static final Path TRUSTED = Paths.get(System.getProperty("java.io.tmpdir"), "trusted-plugins.txt");
    private static final String SWALLOW_ROLL = "{\"system\":\"hostile-swallow\",\"procedure\":\"roll\",\"inputs\":{\"n\":5}}";

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.war();
    }

    @ArquillianResource
    URL base;

    @BeforeAll
    @AfterAll
    static void emptyDirectory() throws IOException {
        PluginDrops.empty();
        Files.deleteIfExists(TRUSTED);
    }

    private static JavaArchive hostile(String name, Class<? extends HostileSystem> system) {
        return ShrinkWrap.create(JavaArchive.class, name).addClasses(HostileSystem.class, system)
                .addAsServiceProvider(GameSystem.class, system);
    }

    private static String drop(JavaArchive jar) throws IOException {
        return PluginDrops.drop(jar);
    }

    private JsonObject menuWhen(Predicate<JsonObject> condition, String what) throws InterruptedException {
        return PluginDrops.menuWhen(base, condition, what, 60);
    }

    private static List<String> systemIds(JsonObject menu) {
        return PluginDrops.systemIds(menu);
    }

    /** @return the reason given for the refused JAR of that name */
    private static String reason(JsonObject menu, String jar) {
        return menu.getJsonArray("failed").getValuesAs(JsonObject.class).stream()
                .filter(f -> f.toString().contains(jar)).map(JsonObject::toString).findFirst()
                .orElseThrow(() -> new AssertionError(jar + " is not among the failed: " + menu.getJsonArray("failed")));
    }

    /** @return a number among a health check's data, which a server may give as a number or as text */
    private static long number(JsonObject check, String key) {
        var value = check.getJsonObject("data").get(key);
        assertThat(check.toString(), value != null, is(true));
        return value instanceof jakarta.json.JsonNumber n ? n.longValue()
                : Long.parseLong(((jakarta.json.JsonString) value).getString());
    }

    /** @return the liveness check of the server */
    private static JsonObject server(Http http) {
        JsonObject live = http.get("/health/live").json();
        return live.getJsonArray("checks").getValuesAs(JsonObject.class).stream()
                .filter(c -> c.getString("name").equals("server")).findFirst()
                .orElseThrow(() -> new AssertionError("no server check in " + live));
    }

    /** The others still answer, and /health says UP with every refusal counted. */
    private void othersAnswerAndHealthTellsTheTruth(String... refused) {
        Http http = new Http(base);
        assertThat(http.post("api/rolls", "{\"system\":\"action-rolls\",\"procedure\":\"action-roll\"}").status(), is(201));
        assertThat(http.get("").status(), is(200));
        Http.Answer health = http.get("/health");
        assertThat(health.toString(), health.status(), is(200));
        assertThat(health.body(), containsString("\"server\""));
        for (String jar : refused) {
            assertThat(health.body(), containsString(jar));
        }
        JsonObject systems = health.json().getJsonArray("checks").getValuesAs(JsonObject.class).stream()
                .filter(c -> c.getString("name").equals("rules-systems")).findFirst().orElseThrow();
        assertThat(number(systems, "failed"),
                is(greaterThan(refused.length - 1L)));
    }

    @Test
    @Order(1)
    void jarsThatUseWhatRulesMayNotOrLieAboutTheirOddsAreRefusedWithTheirReason() throws Exception {
        drop(hostile("exit.jar", Exit.class));
        drop(hostile("read-file.jar", ReadFile.class));
        drop(hostile("thread.jar", StartThread.class));
        drop(hostile("reflect.jar", Reflect.class));
        drop(hostile("swallow.jar", SwallowInterrupts.class));
        drop(hostile("liar.jar", LyingOdds.class));
        drop(hostile("block.jar", BlockConstructor.class));
        List<String> jars = List.of("exit.jar", "read-file.jar", "thread.jar", "reflect.jar", "swallow.jar",
                "liar.jar", "block.jar");
        JsonObject menu = menuWhen(m -> jars.stream().allMatch(j -> m.getJsonArray("failed").toString().contains(j)),
                "every hostile JAR is refused");

        String hostile = "io.dicehall.web.it.hostile.";
        assertThat(reason(menu, "exit.jar"), containsString("java.lang.System.exit in " + hostile + "Exit.<init>"));
        assertThat(reason(menu, "exit.jar"), containsString("dicehall.plugins.trusted"));
        assertThat(reason(menu, "read-file.jar"), containsString("java.nio.file.Files.readString in " + hostile
                + "ReadFile.summary"));
        assertThat(reason(menu, "read-file.jar"), containsString("java.lang.System.getenv in " + hostile + "ReadFile.summary"));
        assertThat(reason(menu, "thread.jar"), containsString("java.lang.Thread in " + hostile + "StartThread.<init>"));
        assertThat(reason(menu, "reflect.jar"), containsString("java.lang.Class.forName in " + hostile + "Reflect.summary"));
        assertThat(reason(menu, "reflect.jar"), containsString("java.lang.Class.getDeclaredFields"));
        assertThat(reason(menu, "swallow.jar"), containsString("java.lang.Thread.sleep in " + hostile
                + "SwallowInterrupts.harm"));
        assertThat(reason(menu, "liar.jar"), containsString("procedure roll"));
        assertThat(reason(menu, "liar.jar"), containsString("six declared 1/5, its rolls give 1/6"));
        assertThat(reason(menu, "block.jar"), containsString("did not finish loading within"));
        assertThat(systemIds(menu).stream().filter(id -> id.startsWith("hostile-")).toList(), is(List.of()));
        assertThat("nothing of the server's files shows", menu.toString(), not(containsString("root:")));
        othersAnswerAndHealthTellsTheTruth(jars.toArray(String[]::new));
    }

    @Test
    @Order(2)
    void aSystemThatAllocatesWithoutEndIsStoppedAndDisabled() throws Exception {
        drop(hostile("allocate.jar", Allocate.class));
        menuWhen(m -> systemIds(m).contains("hostile-allocate"), "the allocating plugin loads (its code is pure)");
        Http http = new Http(base);
        assertThat(http.post("api/rolls", "{\"system\":\"hostile-allocate\",\"procedure\":\"roll\"}").status(), is(201));
        Http.Answer greedy = http.post("api/rolls",
                "{\"system\":\"hostile-allocate\",\"procedure\":\"roll\",\"inputs\":{\"n\":5}}");
        assertThat(greedy.toString(), greedy.status(), is(502));
        assertThat(greedy.contentType(), containsString("application/problem+json"));
        assertThat(greedy.body(), containsString("memory"));
        JsonObject menu = menuWhen(m -> !systemIds(m).contains("hostile-allocate"), "the allocating plugin is disabled");
        assertThat(reason(menu, "allocate.jar"), containsString("disabled: allocated more than"));
        othersAnswerAndHealthTellsTheTruth("allocate.jar");
        JsonObject server = server(http);
        assertThat(server.toString(), server.getString("status"), is("UP"));
        assertThat(server.toString(), number(server, "plugin-calls-over-budget"),
                is(1L));
    }

    @Test
    @Order(3)
    void aTrustedSystemThatSwallowsInterruptsTakesOnlyItsOwnShareOfTheWorkers() throws Exception {
        JavaArchive jar = hostile("swallow-trusted.jar", SwallowInterrupts.class);
        Path temp = Files.createTempFile("plugin", ".jar");
        jar.as(ZipExporter.class).exportTo(temp.toFile(), true);
        Files.writeString(TRUSTED, "# trusted for a test\n" + PluginDrops.sha256(temp) + "\n");
        PluginDrops.drop(temp, jar.getName());
        drop(ShrinkWrap.create(JavaArchive.class, "coin.jar").addPackage(CoinSystem.class.getPackage())
                .addAsServiceProvider(GameSystem.class, CoinSystem.class));
        menuWhen(m -> systemIds(m).containsAll(List.of("hostile-swallow", "test-coin")),
                "the trusted JAR and the coin load");

        Http http = new Http(base);
        ExecutorService clients = Executors.newFixedThreadPool(24);
        try {
            var stuck = new ArrayList<Future<Http.Answer>>();
            for (int i = 0; i < 24; i++) {
                stuck.add(clients.submit(() -> http.post("api/rolls", SWALLOW_ROLL)));
            }
            // A call refused for a full share means its workers are all taken, sleeping through their interrupts.
            await("a swallowing call answered: its share is full").atMost(Duration.ofSeconds(60))
                    .until(() -> stuck.stream().anyMatch(Future::isDone));
            // While its workers sleep through their interrupts, another plugin rolls as ever.
            for (int i = 0; i < 5; i++) {
                Http.Answer coin = http.post("api/rolls", "{\"system\":\"test-coin\",\"procedure\":\"flip\"}");
                assertThat(coin.toString(), coin.status(), is(201));
            }
            var statuses = new ArrayList<Integer>();
            for (var answer : stuck) {
                Http.Answer a = answer.get();
                assertThat(a.toString(), a.contentType(), containsString("application/problem+json"));
                statuses.add(a.status());
            }
            assertThat(statuses.toString(), statuses, everyItem(is(in(List.of(503, 504)))));
            assertThat("at most its share (8) timed out", statuses.stream().filter(s -> s == 504).count(),
                    is(lessThanOrEqualTo(8L)));
            assertThat("the rest found its share full", statuses, hasItem(503));
        } finally {
            clients.shutdownNow();
        }
        // Past twice the time limit its threads are stopped, and its share is free again.
        await("the swallowing plugin rolling again").atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(500))
                .untilAsserted(() -> {
                    Http.Answer again = http.post("api/rolls", "{\"system\":\"hostile-swallow\",\"procedure\":\"roll\"}");
                    assertThat(again.toString(), again.status(), is(201));
                });
        assertThat(number(server(http), "plugin-threads-stopped"),
                is(greaterThan(0L)));
        othersAnswerAndHealthTellsTheTruth();
    }
}
