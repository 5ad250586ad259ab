package io.dicehall.web.platform;

import io.dicehall.api.form.Violation;
import java.util.List;

/**
 * Why a request of the domain was refused, in the domain's terms: the control classes raise it with a kind
 * (unknown, invalid, not allowed, in conflict with how things stand …), a code naming the reason, a title, the
 * detail a player or client author reads, and for bad input every field that broke a rule. It knows nothing of a
 * protocol: the REST layer answers it as problem+json ({@link ProblemMappers.Refused}, where each kind gets its
 * status), the pages show its detail and violations as messages.
 */
public final class Refusal extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** The kinds of refusal. */
    public enum Kind {
        /** Input that breaks a rule of a form or of a system. */
        INVALID,
        /** A key that proves nobody allowed to do this. */
        NOT_ALLOWED,
        /** Nothing of that id here (or nothing this viewer may see). */
        UNKNOWN,
        /** Not possible as things stand: a finished roll, a closed table, a move not open. */
        CONFLICT,
        /** Over a limit of how much one client or one table may do; it may be tried again later. */
        TOO_MANY,
        /** The rules system failed at this request. */
        SYSTEM_FAILED,
        /** The store or a worker cannot take the request now; it may be tried again. */
        UNAVAILABLE,
        /** The rules system took too long. */
        TIMED_OUT
    }

    private final transient Kind kind;
    private final String code;
    private final String title;
    private final String detail;
    private final transient List<Violation> violations;
    private final long retryAfterSeconds;

    private Refusal(Kind kind, String code, String title, String detail, List<Violation> violations,
            long retryAfterSeconds) {
        super(title + ": " + detail, null, false, false);
        this.kind = kind;
        this.code = code;
        this.title = title;
        this.detail = detail;
        this.violations = List.copyOf(violations);
        this.retryAfterSeconds = retryAfterSeconds;
    }

    /** @return a refusal of that kind, with the words a player or client author reads */
    public static Refusal of(Kind kind, String code, String title, String detail) {
        return new Refusal(kind, code, title, detail, List.of(), 0);
    }

    /**
     * @param prefix where the violations' field paths sit in the request, e.g. {@code inputs}; may be empty
     * @return a refusal naming every field that broke a rule
     */
    public static Refusal violated(Kind kind, String code, String title, String detail, String prefix,
            List<Violation> violations) {
        return new Refusal(kind, code, title, detail, violations.stream().map(v -> v.under(prefix)).toList(), 0);
    }

    /**
     * @param seconds when to try again, in whole seconds (at least 1)
     * @param detail what was over which limit, in plain words
     * @return a refusal of kind {@link Kind#TOO_MANY}, code {@code too-many-requests}
     */
    public static Refusal tooMany(long seconds, String detail) {
        return new Refusal(Kind.TOO_MANY, "too-many-requests", "Too many requests", detail, List.of(),
                Math.max(1, seconds));
    }

    /** @return the kind of refusal */
    public Kind kind() {
        return kind;
    }

    /** @return a short lower-case name of the reason, e.g. {@code unknown-table} or {@code invalid-input} */
    public String code() {
        return code;
    }

    /** @return a short summary of the kind of reason, e.g. "Unknown table" */
    public String title() {
        return title;
    }

    /** @return what went wrong this time, in words a player or client author understands */
    public String detail() {
        return detail;
    }

    /** @return every field that broke a rule, each path from the top of the request; empty when none did */
    public List<Violation> violations() {
        return violations;
    }

    /** @return for {@link Kind#TOO_MANY}, the seconds to wait before trying again; 0 otherwise */
    public long retryAfterSeconds() {
        return retryAfterSeconds;
    }

    /** @return the same refusal with other violations (the code, title and detail kept) */
    public Refusal withViolations(List<Violation> others) {
        return new Refusal(kind, code, title, detail, others, retryAfterSeconds);
    }
}
