package io.dicehall.web.it;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;

import io.dicehall.api.GameSystem;
import io.dicehall.web.it.broken.BrokenSystems;
import io.dicehall.web.it.plugins.CoinSystem;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
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
 * Third-party systems dropped into the plugins directory of a running server: JARs built here from
 * classes of the test tree, exactly as a third party would ship them.
 */
@ExtendWith(ArquillianExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PluginsIT {

    private static final Path DIR = PluginDrops.DIR;

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
    }

    private static JavaArchive plugin(String name, Class<? extends GameSystem> system) {
        return ShrinkWrap.create(JavaArchive.class, name).addPackage(CoinSystem.class.getPackage())
                .addAsServiceProvider(GameSystem.class, system);
    }

    private static void drop(JavaArchive jar) throws IOException {
        PluginDrops.drop(jar);
    }

    private JsonObject menuWhen(Predicate<JsonObject> condition, String what) throws InterruptedException {
        return PluginDrops.menuWhen(base, condition, what, 30);
    }

    private static List<String> systemIds(JsonObject menu) {
        return PluginDrops.systemIds(menu);
    }

    private static String failures(JsonObject menu) {
        return menu.getJsonArray("failed").toString();
    }

    @Test
    @Order(1)
    void aDroppedJarAppearsAndRollsWithoutRestart() throws Exception {
        drop(plugin("coin.jar", CoinSystem.class));
        menuWhen(m -> systemIds(m).contains("test-coin"), "the coin plugin appears");
        Http http = new Http(base);
        Http.Answer roll = http.post("api/rolls", "{\"system\":\"test-coin\",\"procedure\":\"flip\"}");
        assertThat(roll.toString(), roll.status(), is(201));
        Http.Answer odds = http.post("api/systems/test-coin/procedures/flip/odds", "{}");
        assertThat(odds.json().getJsonArray("outcomes").getJsonObject(1).getString("fraction"), is("1/2"));
    }

    @Test
    @Order(2)
    void brokenJarsAreReportedAndHarmNothing() throws Exception {
        Files.write(DIR.resolve("not-a-jar.jar"), "this is not a zip".getBytes(StandardCharsets.UTF_8));
        drop(ShrinkWrap.create(JavaArchive.class, "no-service.jar").addPackage(CoinSystem.class.getPackage()));
        drop(ShrinkWrap.create(JavaArchive.class, "wrong-service.jar").addPackage(CoinSystem.class.getPackage())
                .addAsManifestResource(new StringAsset("com.example.Missing\n"), "services/" + GameSystem.class.getName()));
        drop(ShrinkWrap.create(JavaArchive.class, "constructor-throws.jar").addPackage(BrokenSystems.class.getPackage())
                .addAsServiceProvider(GameSystem.class, BrokenSystems.ThrowingConstructor.class));
        drop(plugin("impostor.jar", CoinSystem.Impostor.class));
        drop(plugin("procedures-throw.jar", CoinSystem.ThrowingProcedures.class));
        drop(ShrinkWrap.create(JavaArchive.class, "future.jar").addPackage(BrokenSystems.class.getPackage())
                .addAsServiceProvider(GameSystem.class, BrokenSystems.FutureSpi.class));
        drop(plugin("hanging.jar", CoinSystem.Hanging.class));
        drop(plugin("garbage.jar", CoinSystem.Garbage.class));

        JsonObject menu = menuWhen(m -> systemIds(m).contains("test-garbage") && failures(m).contains("future.jar")
                && failures(m).contains("procedures-throw.jar") && failures(m).contains("impostor.jar"),
                "every dropped JAR is loaded or reported");
        String failed = failures(menu);
        assertThat(failed, containsString("not-a-jar.jar"));
        assertThat(failed, containsString("is not a JAR"));
        assertThat(failed, containsString("has no META-INF/services"));
        assertThat(failed, containsString("com.example.Missing"));
        assertThat(failed, containsString("cannot start"));
        assertThat(failed, containsString("another system already uses"));
        assertThat(failed, containsString("no procedures today"));
        assertThat(failed, containsString("SPI version"));
        // The bundled impostor's target is still the real one.
        JsonObject actionRolls = new Http(base).get("api/systems/action-rolls").json();
        assertThat(actionRolls.getString("name"), is("Action Rolls"));
        assertThat(systemIds(menu), hasItem("test-coin"));

        Http http = new Http(base);
        Http.Answer hung = http.post("api/rolls", "{\"system\":\"test-hanging\",\"procedure\":\"flip\",\"inputs\":{\"n\":5}}");
        assertThat(hung.toString(), hung.status(), is(504));
        assertThat(hung.contentType(), containsString("application/problem+json"));
        Http.Answer garbage = http.post("api/rolls", "{\"system\":\"test-garbage\",\"procedure\":\"flip\",\"inputs\":{\"n\":5}}");
        assertThat(garbage.toString(), garbage.status(), is(502));
        assertThat(http.post("api/rolls", "{\"system\":\"action-rolls\",\"procedure\":\"action-roll\"}").status(), is(201));
        assertThat(http.get("/health/ready").body(), containsString("not-a-jar.jar"));
    }

    @Test
    @Order(3)
    void replacingAJarUpdatesItsSystemsAndRemovingTakesThemAway() throws Exception {
        Http http = new Http(base);
        Http.Answer before = http.post("api/rolls", "{\"system\":\"test-coin\",\"procedure\":\"flip\"}");
        String rollId = before.json().getString("id");

        drop(plugin("coin.jar", CoinSystem.Renamed.class));
        menuWhen(m -> m.getJsonArray("systems").getValuesAs(JsonObject.class).stream()
                .anyMatch(s -> s.getString("name").equals("Test Coin Two")), "the replaced plugin's new name");

        Files.delete(DIR.resolve("coin.jar"));
        JsonObject menu = menuWhen(m -> !systemIds(m).contains("test-coin"), "the removed plugin disappears");
        assertThat(systemIds(menu), not(hasItem("test-coin")));
        assertThat(http.get("api/systems/test-coin").status(), is(404));
        // A roll made before keeps its stored state.
        Http.Answer kept = http.get("api/rolls/" + rollId);
        assertThat(kept.status(), is(200));
        assertThat(kept.json().getString("system"), is("test-coin"));
    }
}
