package io.dicehall.web.it;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;

import jakarta.json.JsonObject;
import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.function.Predicate;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * JARs built outside this build, dropped into the plugins directory of a running server, as a third party ships
 * them: a plugin compiled against SPI version 1 and kept as its JAR ({@code api/compat/spi-1-plugin}), which must
 * load and play unchanged on today's server; and the JAR of the project the archetype generates, as its own
 * integration test built it ({@code system-archetype/target/test-classes/projects/sample/...}).
 */
@ExtendWith(ArquillianExtension.class)
class ThirdPartyJarsIT {

    /** The SPI 1 plugin, kept as it was built (see api/compat/README.md). */
    private static final Path SPI_1_PLUGIN = Paths.get(System.getProperty("dicehall.compat", "../api/compat"),
            "spi-1-plugin", "spi-1-plugin.jar");
    /** What "mvn verify" of the archetype's sample project made, during system-archetype's integration test. */
    private static final Path ARCHETYPE_JAR = Paths.get(System.getProperty("dicehall.archetype.jar",
            "../system-archetype/target/test-classes/projects/sample/project/my-dice-system/target/"
                    + "my-dice-system-1.0.0-SNAPSHOT.jar"));

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

    private static void drop(Path jar, String name) throws IOException {
        PluginDrops.drop(jar, name);
    }

    private JsonObject menuWhen(Predicate<JsonObject> condition, String what) throws InterruptedException {
        return PluginDrops.menuWhen(base, condition, what, 30);
    }

    private static List<String> systemIds(JsonObject menu) {
        return PluginDrops.systemIds(menu);
    }

    private static List<String> fractions(Http.Answer odds) {
        return odds.json().getJsonArray("outcomes").getValuesAs(JsonObject.class).stream()
                .map(o -> o.getString("fraction")).toList();
    }

    private static List<JsonObject> moves(JsonObject state) {
        return state.getJsonArray("moves").getValuesAs(JsonObject.class);
    }

    /** The values of the first field of an open move's form: the dice a player may pick. */
    private static List<String> options(JsonObject move) {
        return move.getJsonObject("form").getJsonArray("fields").getJsonObject(0).getJsonArray("options")
                .getValuesAs(JsonObject.class).stream().map(o -> o.getString("value")).toList();
    }

    @Test
    void aPluginCompiledAgainstSpiVersionOneLoadsAndPlaysUnchanged() throws Exception {
        assertThat("the SPI 1 plugin fixture at " + SPI_1_PLUGIN.toAbsolutePath(), Files.isRegularFile(SPI_1_PLUGIN),
                is(true));
        drop(SPI_1_PLUGIN, "spi-1-plugin.jar");
        JsonObject menu = menuWhen(m -> systemIds(m).contains("test-spi-one"), "the SPI 1 plugin appears");
        assertThat(menu.getJsonArray("failed").toString(), not(containsString("spi-1-plugin.jar")));
        Http http = new Http(base);
        JsonObject system = http.get("api/systems/test-spi-one").json();
        assertThat(system.getJsonArray("procedures").getValuesAs(JsonObject.class).stream()
                .map(p -> p.getString("id")).toList(), equalTo(List.of("old-pool", "old-flip")));

        // Pre-roll odds: three dice hitting on 5+ (p = 1/3): no hit 8/27, one or two 2/3, three 1/27.
        Http.Answer odds = http.post("api/systems/test-spi-one/procedures/old-pool/odds",
                "{\"inputs\":{\"dice\":3,\"target\":\"5\"}}");
        assertThat(odds.toString(), odds.status(), is(200));
        assertThat(fractions(odds), equalTo(List.of("8/27", "2/3", "1/27")));
        // The system's own rule (check), written against SPI 1: a careful roller may not aim at 6.
        Http.Answer rule = http.post("api/systems/test-spi-one/procedures/old-pool/odds",
                "{\"inputs\":{\"careful\":true,\"target\":\"6\"}}");
        assertThat(rule.toString(), rule.status(), is(400));
        assertThat(rule.body(), containsString("careful"));

        // A roll with a move: six dice hitting only on 6 leave failed dice to re-roll but once in 46,656 throws.
        JsonObject roll = http.post("api/rolls", "{\"system\":\"test-spi-one\",\"procedure\":\"old-pool\","
                + "\"inputs\":{\"dice\":6,\"target\":\"6\",\"rerolls\":2}}").json();
        String id = roll.getString("id");
        JsonObject state = roll.getJsonObject("state");
        Assumptions.assumeFalse(state.getBoolean("complete"), "six sixes: nothing to re-roll");
        assertThat(moves(state).stream().map(m -> m.getString("id")).toList(), equalTo(List.of("reroll", "accept")));
        String die = options(moves(state).get(0)).get(0);
        String reroll = "{\"move\":\"reroll\",\"inputs\":{\"dice\":[\"" + die + "\"]}}";
        Http.Answer decision = http.post("api/rolls/" + id + "/odds", reroll);
        assertThat(decision.toString(), decision.status(), is(200));
        assertThat(fractions(decision).size(), is(3));
        Http.Answer moved = http.post("api/rolls/" + id + "/moves", reroll, "application/json",
                roll.getString("rollerKey"));
        assertThat(moved.toString(), moved.status(), is(200));
        JsonObject after = moved.json().getJsonObject("state");
        assertThat(after.getBoolean("complete"), is(true));
        assertThat(after.getJsonArray("history").size(), is(2));

        // The procedure without moves, which still writes its own apply.
        Http.Answer flip = http.post("api/rolls", "{\"system\":\"test-spi-one\",\"procedure\":\"old-flip\"}");
        assertThat(flip.toString(), flip.status(), is(201));
        assertThat(List.of("heads", "tails").contains(
                flip.json().getJsonObject("state").getJsonObject("outcome").getString("id")), is(true));
    }

    @Test
    void theArchetypesProjectJarLoadsAndRollsItsSampleProcedure() throws Exception {
        Assumptions.assumeTrue(Files.isRegularFile(ARCHETYPE_JAR), "no JAR at " + ARCHETYPE_JAR.toAbsolutePath()
                + ": the archetype's integration test makes it (mvn -pl system-archetype -am install)");
        drop(ARCHETYPE_JAR, "my-dice-system.jar");
        JsonObject menu = menuWhen(m -> systemIds(m).contains("my-dice-system"), "the archetype's system appears");
        assertThat(menu.getJsonArray("failed").toString(), not(containsString("my-dice-system.jar")));
        Http http = new Http(base);

        // 2d6: 15 of 36 throws total 6 or less, 15 total 7 to 9, 6 total 10 or more.
        Http.Answer odds = http.post("api/systems/my-dice-system/procedures/check/odds", "{\"inputs\":{\"luck\":0}}");
        assertThat(odds.toString(), odds.status(), is(200));
        assertThat(fractions(odds), equalTo(List.of("5/12", "5/12", "1/6")));

        // With a point of luck a roll short of a full hit offers a re-roll, with its decision odds.
        for (int attempt = 0; attempt < 20; attempt++) {
            Http.Answer created = http.post("api/rolls", "{\"system\":\"my-dice-system\",\"procedure\":\"check\","
                    + "\"inputs\":{\"luck\":1,\"advantage\":true}}");
            assertThat(created.toString(), created.status(), is(201));
            JsonObject roll = created.json();
            JsonObject state = roll.getJsonObject("state");
            assertThat(state.getJsonArray("groups").getJsonObject(0).getJsonArray("dice").size(), is(3));
            if (state.getBoolean("complete")) {
                assertThat(state.getJsonObject("outcome").getString("id"), is("hit"));
                continue;
            }
            assertThat(moves(state).stream().map(m -> m.getString("id")).toList(),
                    hasItems("reroll", "accept"));
            String die = options(moves(state).get(0)).get(0);
            String reroll = "{\"move\":\"reroll\",\"inputs\":{\"die\":\"" + die + "\"}}";
            Http.Answer decision = http.post("api/rolls/" + roll.getString("id") + "/odds", reroll);
            assertThat(decision.toString(), decision.status(), is(200));
            assertThat(fractions(decision).size(), is(3));
            Http.Answer moved = http.post("api/rolls/" + roll.getString("id") + "/moves", reroll, "application/json",
                    roll.getString("rollerKey"));
            assertThat(moved.toString(), moved.status(), is(200));
            assertThat("no luck left", moved.json().getJsonObject("state").getBoolean("complete"), is(true));
            return;
        }
        throw new AssertionError("20 rolls in a row were full hits");
    }
}
