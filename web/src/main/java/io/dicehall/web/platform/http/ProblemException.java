package io.dicehall.web.platform.http;

/**
 * Thrown by the REST layer itself to answer with a {@link Problem} (a body it cannot read, a parameter out of
 * range). The domain never throws it: it raises a {@link Refusal}, which knows no status.
 */
public class ProblemException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient Problem problem;

    /** @param problem the answer */
    public ProblemException(Problem problem) {
        super(problem.title() + ": " + problem.detail(), null, false, false);
        this.problem = problem;
    }

    /** @return the answer */
    public Problem problem() {
        return problem;
    }
}
