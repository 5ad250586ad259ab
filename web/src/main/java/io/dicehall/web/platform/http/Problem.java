package io.dicehall.web.platform.http;

import io.dicehall.web.platform.Refusal;

import io.dicehall.api.form.Violation;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * An RFC 9457 problem detail, the body of every error answer of the API.
 *
 * @param type a URI naming the kind of problem (relative, e.g. {@code /problems/invalid-input})
 * @param title a short summary of the kind of problem
 * @param status the HTTP status
 * @param detail what went wrong this time, in words a player or client author understands
 * @param violations for bad input: every field that broke a rule and the rule; empty otherwise
 */
@Schema(name = "Problem", description = "An error answer (RFC 9457 problem details, application/problem+json)",
        requiredProperties = {"type", "title", "status", "detail", "violations"})
public record Problem(
        @Schema(description = "Names the kind of problem, relative to the server: /problems/invalid-input, "
                + "/problems/malformed-json, /problems/unknown-table, /problems/roller-key-wrong, /problems/move-not-open, "
                + "/problems/system-fault, /problems/storage-unavailable …", format = "uri-reference",
                example = "/problems/invalid-input") String type,
        @Schema(description = "A short summary of the kind of problem", example = "Invalid input") String title,
        @Schema(description = "The HTTP status", minimum = "400", maximum = "599", example = "400") int status,
        @Schema(description = "What went wrong this time, in words a player or client author understands",
                example = "The request breaks 1 rule.") String detail,
        @Schema(description = "For bad input, every field that broke a rule and the rule; empty otherwise")
        List<ViolationView> violations) {

    /** The media type of problem details. */
    public static final String MEDIA_TYPE = "application/problem+json";

    /** One violated rule of one field. */
    @Schema(name = "Violation", description = "One field that broke a rule, and the rule",
            requiredProperties = {"field", "message"})
    public record ViolationView(
            @Schema(description = "Where the field sits in the request: name, inputs.dice, inputs.friends[0].dice, faces[1]",
                    example = "inputs.dice") String field,
            @Schema(description = "The rule it broke", example = "must be a whole number from 1 to 30") String message) {
    }

    /** Copies the violations. */
    public Problem {
        violations = List.copyOf(violations);
    }

    /** @return a problem without violations */
    public static Problem of(int status, String kind, String title, String detail) {
        return new Problem("/problems/" + kind, title, status, detail, List.of());
    }

    /** @return a problem listing violations, each field path placed under {@code prefix} */
    public static Problem invalid(int status, String kind, String title, String detail, String prefix,
            List<Violation> violations) {
        return new Problem("/problems/" + kind, title, status, detail,
                violations.stream().map(v -> v.under(prefix)).map(v -> new ViolationView(v.field(), v.message())).toList());
    }

    /**
     * @return the answer to a refusal of the domain: its code under {@code /problems/}, its title, detail and
     *     violations, and the status its kind has over HTTP
     */
    public static Problem of(Refusal refusal) {
        return new Problem("/problems/" + refusal.code(), refusal.title(), status(refusal.kind()), refusal.detail(),
                refusal.violations().stream().map(v -> new ViolationView(v.field(), v.message())).toList());
    }

    /** @return the HTTP status that answers a refusal of that kind */
    public static int status(Refusal.Kind kind) {
        return switch (kind) {
            case INVALID -> 400;
            case NOT_ALLOWED -> 403;
            case UNKNOWN -> 404;
            case CONFLICT -> 409;
            case TOO_MANY -> 429;
            case SYSTEM_FAILED -> 502;
            case UNAVAILABLE -> 503;
            case TIMED_OUT -> 504;
        };
    }

    /** @return the answer carrying this problem */
    public Response response() {
        return Response.status(status).type(MediaType.valueOf(MEDIA_TYPE)).entity(this).build();
    }

    /** @return the exception that answers with this problem */
    public ProblemException exception() {
        return new ProblemException(this);
    }
}
