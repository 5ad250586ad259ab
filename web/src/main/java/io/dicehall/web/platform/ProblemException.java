package io.dicehall.web.platform;

/**
 * Thrown in a request to answer with a {@link Problem}: by the REST layer itself (a body it cannot read),
 * and, as a {@link Refusal}, by the domain.
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
