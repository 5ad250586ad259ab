package io.dicehall.web.platform.http;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;

import io.dicehall.web.characters.boundary.CharacterRequests;
import io.dicehall.web.rolls.boundary.RollRequests;
import io.dicehall.web.systems.boundary.OddsRequest;
import io.dicehall.web.tables.boundary.TableRequests;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.InputStream;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The OpenAPI document the build generated (and every server serves) holds the contract the API keeps:
 * what the linter cannot know. Each request body is the record the resource reads with {@link JsonBody}, field
 * for field, and no other field is taken; every operation has its own operationId, says which keys it takes
 * and answers its errors as problem+json; every operation that reads a body lists 400, 413 and 415; the shared
 * answers {@link StandardAnswers} adds by its rule are there, and the extension operations name theirs with is not.
 */
class OpenApiDocumentTest {

    private static JsonObject document;

    @BeforeAll
    static void read() throws Exception {
        try (InputStream in = OpenApiDocumentTest.class.getClassLoader()
                .getResourceAsStream(OpenApiServlet.FOLDER + "openapi.json")) {
            assertThat("the build generates the document at process-classes", in != null, is(true));
            document = Json.createReader(in).readObject();
        }
    }

    private static List<JsonObject> operations() {
        var all = new ArrayList<JsonObject>();
        document.getJsonObject("paths").values().forEach(path -> path.asJsonObject().values()
                .forEach(operation -> all.add(operation.asJsonObject())));
        return all;
    }

    private static JsonObject schema(String name) {
        return document.getJsonObject("components").getJsonObject("schemas").getJsonObject(name);
    }

    @Test
    void eachRequestBodyIsTheRecordTheResourceReadsAndNothingElse() {
        for (Class<? extends Record> request : List.of(RollRequests.RollRequest.class, RollRequests.MoveRequest.class,
                RollRequests.DecisionRequest.class, RollRequests.GoalRequest.class, OddsRequest.class,
                TableRequests.TableRequest.class, TableRequests.TableChange.class, TableRequests.MemberRequest.class,
                TableRequests.TableRollRequest.class, TableRequests.TableMoveRequest.class,
                TableRequests.VisibilityChange.class, CharacterRequests.CharacterRequest.class,
                CharacterRequests.CharacterChange.class, CharacterRequests.SavedRollRequest.class,
                CharacterRequests.SavedRollChange.class, CharacterRequests.SavedRollThrow.class)) {
            String name = request.getSimpleName();
            JsonObject schema = schema(name);
            assertThat(name + " is described", schema != null, is(true));
            assertThat(name, schema.getJsonObject("properties").keySet(), equalTo(new TreeSet<>(
                    Arrays.stream(request.getRecordComponents()).map(RecordComponent::getName).toList())));
            assertThat(name + " takes no other field", schema.get("additionalProperties"), equalTo(JsonValue.FALSE));
        }
        var bodies = new HashSet<String>();
        for (JsonObject operation : operations()) {
            if (operation.containsKey("requestBody")) {
                String ref = operation.getJsonObject("requestBody").getJsonObject("content")
                        .getJsonObject("application/json").getJsonObject("schema").getString("$ref");
                bodies.add(ref.substring(ref.lastIndexOf('/') + 1));
                assertThat(operation.getString("operationId"),
                        operation.getJsonObject("responses").keySet(), hasItems("400", "413", "415"));
            }
        }
        assertThat("every body an operation reads is one of the request records", bodies.stream()
                .filter(b -> schema(b).get("additionalProperties") != JsonValue.FALSE).toList(), empty());
    }

    @Test
    void everyOperationHasItsOwnIdItsKeysAndProblemsForErrors() {
        Set<String> ids = new HashSet<>();
        Set<String> schemes = document.getJsonObject("components").getJsonObject("securitySchemes").keySet();
        assertThat(schemes, equalTo(Set.of(ApiContract.OWNER_KEY, ApiContract.MEMBER_KEY, ApiContract.ROLLER_KEY)));
        for (String scheme : schemes) {
            JsonObject declared = document.getJsonObject("components").getJsonObject("securitySchemes")
                    .getJsonObject(scheme);
            assertThat(declared.getString("type") + " " + declared.getString("in"), is("apiKey header"));
        }
        JsonObject responses = document.getJsonObject("components").getJsonObject("responses");
        for (JsonObject operation : operations()) {
            String id = operation.getString("operationId");
            assertThat("operationId " + id + " is unique", ids.add(id), is(true));
            operation.getJsonObject("responses").forEach((status, answer) -> {
                if (status.startsWith("4") || status.startsWith("5")) {
                    String ref = answer.asJsonObject().getString("$ref");
                    JsonObject shared = responses.getJsonObject(ref.substring(ref.lastIndexOf('/') + 1));
                    assertThat(id + " " + status, shared.getJsonObject("content").getJsonObject(Problem.MEDIA_TYPE)
                            .getJsonObject("schema").getString("$ref"), is("#/components/schemas/Problem"));
                }
            });
            for (JsonValue requirement : operation.containsKey("security") ? operation.getJsonArray("security")
                    : document.getJsonArray("security")) {
                assertThat(id, schemes.containsAll(requirement.asJsonObject().keySet()), is(true));
            }
            assertThat(id + " takes keys only as security schemes", operation.containsKey("parameters")
                    ? operation.getJsonArray("parameters").getValuesAs(JsonObject.class).stream()
                            .map(p -> p.getString("name")).filter(n -> n.endsWith("-Key")).toList() : List.of(), empty());
        }
        assertThat(schema("Problem").getJsonArray("required").getValuesAs(JsonString.class).stream()
                .map(JsonString::getString).toList(), equalTo(List.of("type", "title", "status", "detail", "violations")));
    }

    @Test
    void everyLimitedOperationListsTooManyRequestsWithRetryAfter() {
        var limited = new TreeSet<String>();
        for (JsonObject operation : operations()) {
            JsonObject tooMany = operation.getJsonObject("responses").getJsonObject("429");
            if (tooMany != null) {
                assertThat(operation.getString("operationId"), tooMany.getString("$ref"),
                        equalTo("#/components/responses/" + ApiContract.TOO_MANY));
                limited.add(operation.getString("operationId"));
            }
        }
        assertThat(limited, equalTo(new TreeSet<>(List.of("openTable", "joinTable", "rollAtTable", "tableEvents",
                "rollSavedRoll"))));
        JsonObject response = document.getJsonObject("components").getJsonObject("responses")
                .getJsonObject(ApiContract.TOO_MANY);
        assertThat(response.getJsonObject("headers").containsKey("Retry-After"), is(true));
        assertThat(response.getJsonObject("content").containsKey(Problem.MEDIA_TYPE), is(true));
    }

    @Test
    void theSharedAnswersFollowTheRuleAndTheExtensionIsNotServed() {
        assertThat(document.toString(), not(containsString(ApiContract.ERRORS)));
        assertThat(document.toString(), not(containsString(ApiContract.KEYS)));
        JsonObject shared = document.getJsonObject("components").getJsonObject("responses");
        assertThat(shared.keySet(), equalTo(Set.copyOf(StandardAnswers.SHARED.values())));
        StandardAnswers.DECLARED.forEach(answer -> {
            JsonObject response = shared.getJsonObject(answer.name());
            assertThat(answer.name(), response.getString("description"), equalTo(answer.description()));
            assertThat(answer.name(), response.getJsonObject("content").getJsonObject(Problem.MEDIA_TYPE)
                    .getJsonObject("schema").getString("$ref"), equalTo("#/components/schemas/Problem"));
        });
        assertThat(shared.getJsonObject("Unavailable").getJsonObject("headers").containsKey("Retry-After"), is(true));
        document.getJsonObject("paths").forEach((path, item) -> item.asJsonObject().forEach((method, op) -> {
            JsonObject operation = op.asJsonObject();
            Set<String> codes = operation.getJsonObject("responses").keySet();
            String id = method + " " + path;
            if (!path.equals("/api/ping")) {
                assertThat(id, codes, hasItems("500"));
            }
            if (path.contains("{")) {
                assertThat(id, codes, hasItems("404"));
            }
            boolean keyed = operation.containsKey("security") && operation.getJsonArray("security")
                    .getValuesAs(JsonObject.class).stream().anyMatch(way -> !way.isEmpty());
            if (keyed) {
                assertThat(id, codes, hasItems("403"));
            }
            operation.getJsonObject("responses").forEach((code, answer) -> {
                if (code.startsWith("4") || code.startsWith("5")) {
                    assertThat(id + " " + code, answer.asJsonObject().getString("$ref"),
                            equalTo("#/components/responses/" + StandardAnswers.SHARED.get(code)));
                }
            });
        }));
    }

    @Test
    void keysAreNeverTakenFromTheAddress() {
        document.getJsonObject("paths").forEach((path, item) -> item.asJsonObject().forEach((method, op) -> {
            var parameters = op.asJsonObject().getJsonArray("parameters");
            if (parameters != null) {
                for (JsonObject parameter : parameters.getValuesAs(JsonObject.class)) {
                    boolean key = "query".equals(parameter.getString("in", ""))
                            && List.of("owner", "member", "roller").contains(parameter.getString("name", ""));
                    assertThat(method + " " + path + " takes " + parameter, key, is(false));
                }
            }
        }));
    }
}
