package io.dicehall.web.ui.home;

import io.dicehall.web.systems.control.LoadProblem;

/** A system that failed to load, and why: for the operator. */
public final class FailedSystem {

    private final String source;
    private final String reason;

    /** @param problem what the registry reported */
    public FailedSystem(LoadProblem problem) {
        source = problem.source();
        reason = problem.reason();
    }

    public String getSource() {
        return source;
    }

    public String getReason() {
        return reason;
    }
}
