package io.dicehall.web.systems.control;

/**
 * A system that could not be loaded, for the operator.
 *
 * @param source where it came from: its class name, or the service entry that failed
 * @param reason why it was skipped, in plain words
 */
public record LoadProblem(String source, String reason) {
}
