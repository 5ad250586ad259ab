package io.dicehall.web.platform.http;

import io.dicehall.web.platform.Refusal;

import jakarta.json.bind.JsonbException;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.NotSupportedException;
import jakarta.ws.rs.NotAcceptableException;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Turns every exception that reaches JAX-RS into problem+json, so that no answer of the API is an
 * HTML error page or a stack trace.
 */
public final class ProblemMappers {

    private static final Logger LOG = Logger.getLogger(ProblemMappers.class.getName());

    private ProblemMappers() {
    }

    /** A problem raised on purpose. */
    @Provider
    public static class Raised implements ExceptionMapper<ProblemException> {
        @Override
        public Response toResponse(ProblemException e) {
            return e instanceof TooManyRequests tooMany ? tooMany.response() : e.problem().response();
        }
    }

    /**
     * A refusal of the domain: problem+json with the status of its kind, and {@code Retry-After} when it says
     * when to come back.
     */
    @Provider
    public static class Refused implements ExceptionMapper<Refusal> {
        @Override
        public Response toResponse(Refusal e) {
            Response answer = Problem.of(e).response();
            return e.retryAfterSeconds() > 0 ? Response.fromResponse(answer)
                    .header(jakarta.ws.rs.core.HttpHeaders.RETRY_AFTER, Long.toString(e.retryAfterSeconds())).build()
                    : answer;
        }
    }

    /** The framework's own refusals: unknown path, wrong method, wrong media type. */
    @Provider
    public static class Web implements ExceptionMapper<WebApplicationException> {
        @Override
        public Response toResponse(WebApplicationException e) {
            int status = e.getResponse() == null ? 500 : e.getResponse().getStatus();
            Problem problem;
            if (e instanceof NotFoundException) {
                problem = Problem.of(404, "not-found", "Not found", "There is nothing at this address.");
            } else if (e instanceof NotAllowedException) {
                problem = Problem.of(405, "method-not-allowed", "Method not allowed",
                        "This address does not accept that method; allowed: " + e.getResponse().getAllowedMethods());
            } else if (e instanceof NotSupportedException) {
                problem = Problem.of(415, "unsupported-media-type", "Unsupported media type",
                        "Send the body as application/json.");
            } else if (e instanceof NotAcceptableException) {
                problem = Problem.of(406, "not-acceptable", "Not acceptable",
                        "This API answers in application/json and application/problem+json only.");
            } else if (status >= 500) {
                LOG.log(Level.WARNING, "request failed", e);
                problem = Problem.of(500, "server-error", "Server error", "The server could not answer this request.");
            } else {
                problem = Problem.of(status, "bad-request", "Bad request", "The request could not be understood.");
            }
            Response.ResponseBuilder answer = problem.response().getStatus() == 405
                    ? Response.fromResponse(problem.response()).allow(e.getResponse().getAllowedMethods())
                    : Response.fromResponse(problem.response());
            return answer.build();
        }
    }

    /** A body the JSON binding could not read or write. */
    @Provider
    public static class Binding implements ExceptionMapper<JsonbException> {
        @Override
        public Response toResponse(JsonbException e) {
            return Problem.of(400, "malformed-json", "Malformed JSON", "The body is not the JSON this address expects.")
                    .response();
        }
    }

    /** A body the framework could not process. */
    @Provider
    public static class Processing implements ExceptionMapper<ProcessingException> {
        @Override
        public Response toResponse(ProcessingException e) {
            return Problem.of(400, "malformed-body", "Malformed body", "The body could not be read.").response();
        }
    }

    /** @return whether the failure came from the database (unreachable, restarting, out of connections) */
    static boolean storageFailed(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof java.sql.SQLException || cause instanceof jakarta.persistence.PersistenceException
                    || cause instanceof jakarta.resource.ResourceException) {
                return true;
            }
            if (cause.getCause() == cause) {
                break;
            }
        }
        return false;
    }

    /**
     * A transaction that could not commit: the database went away while a change was being stored.
     * Ranked above the framework's own mapper of the same exception.
     */
    @Provider
    @jakarta.annotation.Priority(1)
    public static class Commit implements ExceptionMapper<jakarta.transaction.TransactionalException> {
        @Override
        public Response toResponse(jakarta.transaction.TransactionalException e) {
            if (e.getCause() instanceof ProblemException problem) {
                return new Raised().toResponse(problem);
            }
            if (e.getCause() instanceof Refusal refusal) {
                return new Refused().toResponse(refusal);
            }
            LOG.log(Level.WARNING, "a change could not be committed", e);
            return Response.fromResponse(Problem.of(503, "storage-unavailable", "Storage unavailable",
                    "The database went away while this was being stored, so it was not acknowledged. Read the "
                            + "log before trying again.").response())
                    .header("Retry-After", "5").build();
        }
    }

    /** Anything else: a bug, logged with its stack trace and answered without one. */
    @Provider
    public static class Unexpected implements ExceptionMapper<Throwable> {
        @Override
        public Response toResponse(Throwable e) {
            if (e instanceof WebApplicationException web) {
                return new Web().toResponse(web);
            }
            if (storageFailed(e)) {
                LOG.log(Level.WARNING, "the database could not be reached", e);
                return Response.fromResponse(Problem.of(503, "storage-unavailable", "Storage unavailable",
                        "The database cannot be reached just now; nothing was stored. Try again shortly.").response())
                        .header("Retry-After", "5").build();
            }
            LOG.log(Level.SEVERE, "unexpected failure", e);
            return Problem.of(500, "server-error", "Server error", "The server could not answer this request.")
                    .response();
        }
    }
}
