package io.dicehall.web.platform.http;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.Components;
import org.eclipse.microprofile.openapi.models.Extensible;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.eclipse.microprofile.openapi.models.security.SecurityRequirement;

/**
 * Adds the error answers every operation shares to the OpenAPI document, each stated once (in
 * {@code shared-answers.txt} beside this class, and the 429 on {@link DicehallApplication}), and gives each operation
 * those of them its rule says, so that no operation lists them: the build runs it (the SmallRye OpenAPI Maven plugin's {@code filter}) before it writes the document.
 *
 * <ul>
 *   <li>500 and 503 on every operation;</li>
 *   <li>400, 413 and 415 where it reads a body; 400 too where it takes a query or header parameter;</li>
 *   <li>404 where its path has a parameter;</li>
 *   <li>403 where one of the ways it may be called needs a key.</li>
 * </ul>
 *
 * <p>What an operation answers beyond the rule (409, 429, 502, 504, or a 404 without a path parameter) it names in
 * one line, {@code @Extension(name = ApiContract.ERRORS, value = "409 429")}; a code with a minus ({@code "-503"})
 * is one the rule would give that the operation cannot answer. The extension is read here and left out of the
 * document. Each answer refers to the shared response of its code ({@link ApiContract}), a problem+json.
 *
 * <p>Likewise an operation names the ways it may be called, with which keys, in one line,
 * {@code @Extension(name = ApiContract.KEYS, value = "none owner member")}; they become its security requirements
 * (and so tell the rule whether it may answer 403).
 */
public class StandardAnswers implements OASFilter {

    /** The shared error answers, as {@code shared-answers.txt} beside this class states them. */
    static final List<Shared> DECLARED = Shared.read();

    /** The shared response each error code refers to: those of the data, and 429, declared by annotation. */
    static final Map<String, String> SHARED = shared();

    /**
     * One shared error answer.
     *
     * @param code its status
     * @param name its name under {@code components/responses}
     * @param description what it means
     */
    record Shared(String code, String name, String description) {

        /** @return the answers the data file states, in its order */
        static List<Shared> read() {
            try (InputStream in = StandardAnswers.class.getResourceAsStream("shared-answers.txt")) {
                if (in == null) {
                    throw new IllegalStateException("shared-answers.txt is missing beside StandardAnswers");
                }
                return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                        .filter(line -> !line.isBlank() && !line.startsWith("#"))
                        .map(line -> line.split("\t", 3)).map(part -> new Shared(part[0], part[1], part[2])).toList();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private static Map<String, String> shared() {
        var names = new TreeMap<String, String>();
        DECLARED.forEach(answer -> names.put(answer.code(), answer.name()));
        names.put("429", ApiContract.TOO_MANY);
        return Map.copyOf(names);
    }

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        declare(openAPI);
        if (openAPI.getPaths() == null || openAPI.getPaths().getPathItems() == null) {
            return;
        }
        List<SecurityRequirement> everywhere = openAPI.getSecurity();
        openAPI.getPaths().getPathItems().forEach((path, item) -> item.getOperations().values()
                .forEach(operation -> answer(path, operation, everywhere)));
    }

    /** The security scheme each key's word in {@link ApiContract#KEYS} stands for. */
    static final Map<String, String> KEYS = Map.of("owner", ApiContract.OWNER_KEY, "member", ApiContract.MEMBER_KEY,
            "roller", ApiContract.ROLLER_KEY);

    /**
     * Adds the shared error answers of the data to the document's components, each a problem+json; 503 carries the
     * Retry-After header of the 429 declared by annotation (its schema is made by the scanner: the model's schema
     * type is written differently in each version of MicroProfile OpenAPI this class may run against).
     */
    private static void declare(OpenAPI openAPI) {
        Components components = openAPI.getComponents();
        APIResponse tooMany = components == null || components.getResponses() == null ? null
                : components.getResponses().get(ApiContract.TOO_MANY);
        if (tooMany == null || tooMany.getHeaders() == null || !tooMany.getHeaders().containsKey(RETRY_AFTER)) {
            throw new IllegalStateException("the 429 answer with its " + RETRY_AFTER + " header is not declared");
        }
        for (Shared answer : DECLARED) {
            APIResponse response = OASFactory.createAPIResponse().description(answer.description());
            if (answer.code().equals("503")) {
                response.addHeader(RETRY_AFTER, tooMany.getHeaders().get(RETRY_AFTER));
            }
            response.content(OASFactory.createContent().addMediaType(Problem.MEDIA_TYPE,
                    OASFactory.createMediaType().schema(OASFactory.createSchema().ref("Problem"))));
            components.addResponse(answer.name(), response);
        }
        components.setResponses(new LinkedHashMap<>(new TreeMap<>(components.getResponses()))); // by name, as scanned
    }

    private static final String RETRY_AFTER = "Retry-After";

    /** Gives the operation its ways in and its error answers: the rule's, with its own additions and omissions. */
    private static void answer(String path, Operation operation, List<SecurityRequirement> everywhere) {
        List<String> ways = own(operation, ApiContract.KEYS);
        if (!ways.isEmpty()) { // distinct: the scanner may put the one extension both on the operation and its answer
            operation.setSecurity(ways.stream().distinct().map(way -> security(operation, way)).toList());
        }
        var codes = rule(path, operation, everywhere);
        for (String code : own(operation, ApiContract.ERRORS)) {
            if (code.startsWith("-")) {
                codes.remove(code.substring(1));
            } else {
                codes.add(code);
            }
        }
        var answers = new TreeMap<String, APIResponse>(operation.getResponses().getAPIResponses());
        for (String code : codes) {
            String shared = SHARED.get(code);
            if (shared == null) {
                throw new IllegalArgumentException(operation.getOperationId() + " names " + code
                        + ", which has no shared response; its codes: " + SHARED.keySet());
            }
            answers.putIfAbsent(code, OASFactory.createAPIResponse().ref(shared));
        }
        operation.getResponses().setAPIResponses(new LinkedHashMap<>(answers));
    }

    /** @return one way of calling the operation: the keys a {@link ApiContract#KEYS} word names, none for "none" */
    private static SecurityRequirement security(Operation operation, String way) {
        SecurityRequirement requirement = OASFactory.createSecurityRequirement();
        if (!way.equals("none")) {
            for (String key : way.split("\\+")) {
                String scheme = KEYS.get(key);
                if (scheme == null) {
                    throw new IllegalArgumentException(operation.getOperationId() + " names a key " + key
                            + "; the keys: " + KEYS.keySet() + " or none");
                }
                requirement.addScheme(scheme);
            }
        }
        return requirement;
    }

    /**
     * @return the words the operation names with the extension, taken out of the model: the scanner puts a method's
     *     extension on the operation, on its one declared answer when it declares one, or on both
     */
    private static List<String> own(Operation operation, String extension) {
        var named = new ArrayList<String>();
        take(operation, extension, named);
        operation.getResponses().getAPIResponses().values().forEach(answer -> take(answer, extension, named));
        return named;
    }

    private static void take(Extensible<?> part, String extension, List<String> named) {
        Object value = part.getExtensions() == null ? null : part.getExtensions().get(extension);
        if (value != null) {
            part.removeExtension(extension);
            if (part.getExtensions() != null && part.getExtensions().isEmpty()) {
                part.setExtensions(null);
            }
            named.addAll(Arrays.asList(value.toString().trim().split("\\s+")));
        }
    }

    /** @return the error codes the rule gives an operation at this path */
    static TreeSet<String> rule(String path, Operation operation, List<SecurityRequirement> everywhere) {
        var codes = new TreeSet<>(List.of("500", "503"));
        if (operation.getRequestBody() != null) {
            codes.addAll(List.of("400", "413", "415"));
        }
        List<Parameter> parameters = operation.getParameters() == null ? List.of() : operation.getParameters();
        if (parameters.stream().anyMatch(p -> p.getIn() == Parameter.In.QUERY || p.getIn() == Parameter.In.HEADER)) {
            codes.add("400");
        }
        if (path.contains("{")) {
            codes.add("404");
        }
        List<SecurityRequirement> ways = operation.getSecurity() != null ? operation.getSecurity() : everywhere;
        if (ways != null && ways.stream().anyMatch(way -> way.getSchemes() != null && !way.getSchemes().isEmpty())) {
            codes.add("403");
        }
        return codes;
    }
}
