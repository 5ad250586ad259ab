package io.dicehall.web.platform;

import io.dicehall.api.form.Violation;
import java.util.List;

/**
 * Why a request of the domain was refused, in the domain's terms: the control classes raise it with a kind
 * (unknown, invalid, not allowed, in conflict with how things stand …), never with a protocol's codes. The
 * REST layer answers it as problem+json ({@link #problem()}, where each kind gets its HTTP status) and the
 * pages show its detail and violations as messages.
 */
public final class Refusal extends ProblemException {

    private static final long serialVersionUID = 1L;

    /** The kinds of refusal. */
    public enum Kind {
        /** Input that breaks a rule of a form or of a system. */
        INVALID(400),
        /** A key that proves nobody allowed to do this. */
        NOT_ALLOWED(403),
        /** Nothing of that id here (or nothing this viewer may see). */
        UNKNOWN(404),
        /** Not possible as things stand: a finished roll, a closed table, a move not open. */
        CONFLICT(409),
        /** The rules system failed at this request. */
        SYSTEM_FAILED(502),
        /** The store or a worker cannot take the request now; it may be tried again. */
        UNAVAILABLE(503),
        /** The rules system took too long. */
        TIMED_OUT(504);

        private final int status;

        Kind(int status) {
            this.status = status;
        }
    }

    private final transient Kind kind;

    private Refusal(Kind kind, String code, String title, String detail, String prefix, List<Violation> violations) {
        super(Problem.invalid(kind.status, code, title, detail, prefix, violations));
        this.kind = kind;
    }

    /** @return a refusal of that kind, with the words a player or client author reads */
    public static Refusal of(Kind kind, String code, String title, String detail) {
        return new Refusal(kind, code, title, detail, "", List.of());
    }

    /**
     * @param prefix where the violations' field paths sit in the request, e.g. {@code inputs}; may be empty
     * @return a refusal naming every field that broke a rule
     */
    public static Refusal violated(Kind kind, String code, String title, String detail, String prefix,
            List<Violation> violations) {
        return new Refusal(kind, code, title, detail, prefix, violations);
    }

    /** @return the kind of refusal */
    public Kind kind() {
        return kind;
    }
}
