package io.dicehall.web.it;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dicehall.client.ApiClient;
import io.dicehall.client.ApiException;
import io.dicehall.client.api.SystemsApi;
import io.dicehall.client.api.TablesApi;
import io.dicehall.client.model.DiceGroup;
import io.dicehall.client.model.Die;
import io.dicehall.client.model.LogPage;
import io.dicehall.client.model.Member;
import io.dicehall.client.model.MemberRequest;
import io.dicehall.client.model.MoveOption;
import io.dicehall.client.model.Odds;
import io.dicehall.client.model.OddsRequest;
import io.dicehall.client.model.Problem;
import io.dicehall.client.model.SystemDetail;
import io.dicehall.client.model.Table;
import io.dicehall.client.model.TableMoveRequest;
import io.dicehall.client.model.TableRequest;
import io.dicehall.client.model.TableRoll;
import io.dicehall.client.model.TableRollRequest;
import io.dicehall.client.model.Verdict;
import io.dicehall.client.model.Violation;
import io.dicehall.client.model.Visibility;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.InputStream;
import java.io.StringReader;
import java.net.URL;
import java.util.List;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The API through a Java client generated from its OpenAPI document alone (openapi-generator, at build time,
 * from the document the WAR serves): a group opens a table, joins, rolls, reads the log and plays the roll
 * with its key, and the errors read back as typed problems. If the document described a body, a status, a
 * key or a field other than as the server answers, this client would not compile or would fail here.
 */
@ExtendWith(ArquillianExtension.class)
class GeneratedClientIT {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.war();
    }

    @ArquillianResource
    URL base;

    private ApiClient client() {
        ApiClient client = new ApiClient();
        String root = base.toString();
        client.updateBaseUri(root.endsWith("/") ? root.substring(0, root.length() - 1) : root);
        return client;
    }

    private static Map<String, String> key(String header, String value) {
        return Map.of(header, value);
    }

    /** @return the problem+json body of a refused call, read with the client's own mapper into its Problem */
    private Problem problem(ApiClient client, ApiException refused) throws Exception {
        assertThat(refused.getResponseHeaders().firstValue("Content-Type").orElse(""),
                startsWith("application/problem+json"));
        return client.getObjectMapper().readValue(refused.getResponseBody(), Problem.class);
    }

    @Test
    void aGroupPlaysATableThroughTheGeneratedClient() throws Exception {
        ApiClient client = client();
        TablesApi tables = new TablesApi(client);

        // The GM opens a table and sits at it with the owner key; a player joins.
        Table opened = tables.openTable(new TableRequest().name("Through the client"));
        assertThat(opened.getOwnerKey(), notNullValue());
        assertThat(opened.getInvite(), is("/tables/" + opened.getId()));
        assertThat(opened.getClosed(), is(false));
        String table = opened.getId();
        Member gm = tables.joinTable(table, new MemberRequest().name("Gail"), key("Owner-Key", opened.getOwnerKey()));
        assertThat(gm.getGm(), is(true));
        Member finn = tables.joinTable(table, new MemberRequest().name("Finn"));
        assertThat(finn.getGm(), is(false));
        assertThat(finn.getMemberKey(), notNullValue());
        assertThat(tables.getTable(table).getMembers(), equalTo(List.of("Gail", "Finn")));

        // Finn rolls as himself: the roll comes back typed down to each die's verdict and each open move's form.
        TableRoll rolled = tables.rollAtTable(table, new TableRollRequest().system("fate-condensed").procedure("overcome")
                .roller("Finn").visibility(Visibility.PUBLIC).note("Over the wall")
                .inputs(Map.of("skill", 3, "difficulty", 2)), key("Member-Key", finn.getMemberKey()));
        assertThat(rolled.getSeq(), is(1L));
        assertThat("from Finn's seat", rolled.getSeat().getId(), is(finn.getId()));
        assertThat(rolled.getGuest(), is(false));
        assertThat("moves still open", rolled.getEnded(), nullValue());
        assertThat(rolled.getRollerKey(), notNullValue());
        assertThat(rolled.getCreatedAt(), notNullValue());
        List<Die> dice = rolled.getState().getGroups().stream().map(DiceGroup::getDice).flatMap(List::stream).toList();
        assertThat(dice.size(), is(4));
        assertThat(dice.stream().map(Die::getType).distinct().toList(), equalTo(List.of("dF")));
        assertThat(dice.stream().map(Die::getVerdict).toList(), not(hasItem(Verdict.UNKNOWN_DEFAULT_OPEN_API)));
        List<String> open = rolled.getState().getMoves().stream().map(MoveOption::getId).toList();
        assertThat(open, hasItem("accept"));
        assertThat(rolled.getState().getMoves().stream().allMatch(m -> m.getForm().getFields() != null), is(true));

        // The log, as anyone at the table reads it.
        LogPage log = tables.tableLog(table, null, 10);
        assertThat(log.getRolls().size(), is(1));
        assertThat(log.getRolls().get(0).getId(), is(rolled.getId()));
        assertThat(log.getRolls().get(0).getRollerKey(), nullValue());
        assertThat(log.getHidden().size(), is(0));

        // Without a key the move is refused, as a typed problem; with the roll's key it is made.
        ApiException refused = assertThrows(ApiException.class,
                () -> tables.moveTableRoll(rolled.getId(), table, new TableMoveRequest().move("accept")));
        assertThat(refused.getCode(), is(403));
        Problem forbidden = problem(client, refused);
        assertThat(forbidden.getStatus(), is(403));
        assertThat(forbidden.getType(), startsWith("/problems/"));
        assertThat(forbidden.getViolations().size(), is(0));
        TableRoll moved = tables.moveTableRoll(rolled.getId(), table, new TableMoveRequest().move("accept"),
                key("Roller-Key", rolled.getRollerKey()));
        assertThat(moved.getMoves(), is(1));
        assertThat(moved.getState().getComplete(), is(true));
        assertThat(moved.getEnded(), is(io.dicehall.client.model.RollEnded.STOPPED));
        assertThat(moved.getState().getHistory().size(), is(2));

        // A move on a finished roll conflicts; the table's owner closes it.
        ApiException again = assertThrows(ApiException.class, () -> tables.moveTableRoll(rolled.getId(), table,
                new TableMoveRequest().move("accept"), key("Roller-Key", rolled.getRollerKey())));
        assertThat(problem(client, again).getStatus(), is(409));
        assertThat(tables.closeTable(table, key("Owner-Key", opened.getOwnerKey())).getClosed(), is(true));
    }

    @Test
    void badInputIsATypedProblemNamingEachField() throws Exception {
        ApiClient client = client();
        SystemsApi systems = new SystemsApi(client);
        SystemDetail checks = systems.getSystem("tasks-checks");
        assertThat(checks.getProcedures().get(0).getForm().getFields().isEmpty(), is(false));
        Odds odds = systems.procedureOdds("check", "tasks-checks", new OddsRequest().inputs(Map.of("rank", 5)));
        assertThat(odds.getOutcomes().get(0).getFraction(), is("8/27"));

        ApiException refused = assertThrows(ApiException.class,
                () -> systems.procedureOdds("check", "tasks-checks", new OddsRequest().inputs(Map.of("rank", 99))));
        assertThat(refused.getCode(), is(400));
        Problem problem = problem(client, refused);
        assertThat(problem.getStatus(), is(400));
        assertThat(problem.getTitle(), not(equalTo("")));
        assertThat(problem.getViolations().stream().map(Violation::getField).toList(), equalTo(List.of("inputs.rank")));

        ApiException unknown = assertThrows(ApiException.class, () -> new TablesApi(client).getTable("no-such-table"));
        assertThat(problem(client, unknown).getStatus(), is(404));
    }

    /**
     * The document the server serves at {@code /openapi} is the one the build generated (and this client was
     * generated from), but for what Payara adds or leaves out by itself: a list of its endpoints (a field of
     * its own) and empty {@code additionalProperties} schemas (which say what leaving them out says).
     */
    @Test
    void theServedDocumentIsTheBuildTimeOne() throws Exception {
        Http.Answer served = new Http(base).get("/openapi?format=JSON");
        assertThat(served.toString(), served.status(), is(200));
        JsonObject built;
        try (InputStream in = GeneratedClientIT.class.getClassLoader()
                .getResourceAsStream("io/dicehall/web/platform/openapi/openapi.json")) {
            built = Json.createReader(in).readObject();
        }
        JsonObject servedDocument = Json.createReader(new StringReader(served.body())).readObject();
        servedDocument = Json.createObjectBuilder(servedDocument).remove("endpoints").build();
        assertThat(normalized(servedDocument).toString(), equalTo(normalized(built).toString()));
        assertThat(served.body(), containsString("\"operationId\":\"moveTableRoll\""));
    }

    /** The document without what the server may add or drop on its own, object keys in order. */
    private static JsonValue normalized(JsonValue value) {
        switch (value.getValueType()) {
            case OBJECT -> {
                var sorted = new java.util.TreeMap<String, JsonValue>(value.asJsonObject());
                if (JsonValue.EMPTY_JSON_OBJECT.equals(sorted.get("additionalProperties"))) {
                    sorted.remove("additionalProperties");
                }
                var out = Json.createObjectBuilder();
                sorted.forEach((k, v) -> out.add(k, normalized(v)));
                return out.build();
            }
            case ARRAY -> {
                var out = Json.createArrayBuilder();
                value.asJsonArray().forEach(v -> out.add(normalized(v)));
                return out.build();
            }
            default -> {
                return value;
            }
        }
    }
}
