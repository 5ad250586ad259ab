package io.dicehall.web.platform.http;

import io.dicehall.web.platform.Refusal;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.nullValue;

import io.dicehall.api.form.Violation;
import jakarta.ws.rs.core.Response;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A refusal of the domain carries no status; the edge answers it as the problem+json clients know. */
class RefusalAnswerTest {

    @ParameterizedTest
    @CsvSource({"INVALID,400", "NOT_ALLOWED,403", "UNKNOWN,404", "CONFLICT,409", "TOO_MANY,429", "SYSTEM_FAILED,502",
            "UNAVAILABLE,503", "TIMED_OUT,504"})
    void eachKindIsAnsweredWithItsStatus(Refusal.Kind kind, int status) {
        Response answer = new ProblemMappers.Refused().toResponse(Refusal.of(kind, "some-code", "Some title", "Why."));
        assertThat(answer.getStatus(), is(status));
        assertThat(answer.getMediaType().toString(), is(Problem.MEDIA_TYPE));
        Problem problem = (Problem) answer.getEntity();
        assertThat(problem, is(new Problem("/problems/some-code", "Some title", status, "Why.", List.of())));
    }

    @Test
    void violationsAreAnsweredUnderTheirPrefixInOrder() {
        Refusal refused = Refusal.violated(Refusal.Kind.INVALID, "invalid-input", "Invalid input", "Two rules.", "inputs",
                List.of(new Violation("dice", "must be a whole number from 1 to 30"), new Violation("", "is empty")));
        assertThat(refused.violations(), contains(new Violation("inputs.dice", "must be a whole number from 1 to 30"),
                new Violation("inputs", "is empty")));
        Problem problem = Problem.of(refused);
        assertThat(problem.type(), is("/problems/invalid-input"));
        assertThat(problem.status(), is(400));
        assertThat(problem.violations(), contains(
                new Problem.ViolationView("inputs.dice", "must be a whole number from 1 to 30"),
                new Problem.ViolationView("inputs", "is empty")));
        assertThat(new ProblemMappers.Refused().toResponse(refused).getHeaderString("Retry-After"), is(nullValue()));
    }

    @Test
    void otherViolationsKeepTheReason() {
        Refusal refused = Refusal.of(Refusal.Kind.INVALID, "wrong-faces", "Faces do not fit", "Look again.")
                .withViolations(List.of(new Violation("faces[1]", "is not a face of a d6")));
        assertThat(Problem.of(refused), is(new Problem("/problems/wrong-faces", "Faces do not fit", 400, "Look again.",
                List.of(new Problem.ViolationView("faces[1]", "is not a face of a d6")))));
    }

    @Test
    void aTransactionThatFailedOnARefusalIsAnsweredAsTheRefusal() {
        var failed = new jakarta.transaction.TransactionalException("rolled back",
                Refusal.of(Refusal.Kind.CONFLICT, "table-closed", "Table closed", "Closed."));
        Response answer = new ProblemMappers.Commit().toResponse(failed);
        assertThat(answer.getStatus(), is(409));
        assertThat(((Problem) answer.getEntity()).type(), is("/problems/table-closed"));
    }
}
