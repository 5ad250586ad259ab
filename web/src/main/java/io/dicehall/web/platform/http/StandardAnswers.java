package io.dicehall.web.platform.http;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.Extensible;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.eclipse.microprofile.openapi.models.security.SecurityRequirement;

/**
 * Adds the error answers every operation shares to the OpenAPI document, by one rule, so that no operation
 * lists them: the build runs it (the SmallRye OpenAPI Maven plugin's {@code filter}) before it writes the document.
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

    /** The shared response each error code refers to. */
    static final Map<String, String> SHARED = Map.ofEntries(Map.entry("400", ApiContract.BAD_REQUEST),
            Map.entry("403", ApiContract.FORBIDDEN), Map.entry("404", ApiContract.NOT_FOUND),
            Map.entry("409", ApiContract.CONFLICT), Map.entry("413", ApiContract.TOO_LARGE),
            Map.entry("415", ApiContract.UNSUPPORTED), Map.entry("429", ApiContract.TOO_MANY),
            Map.entry("500", ApiContract.SERVER_ERROR), Map.entry("502", ApiContract.SYSTEM_FAILED),
            Map.entry("503", ApiContract.UNAVAILABLE), Map.entry("504", ApiContract.TIMED_OUT));

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
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
