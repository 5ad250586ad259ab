package io.dicehall.web.tables.control;

import io.dicehall.web.platform.http.EventStreams;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Liveness;

/**
 * How many live pushes this instance holds, under {@code /health/live} as {@code event-streams}: the open
 * event streams and the table listeners (streams and pages). Both fall back to 0 once every client has gone
 * (within a heartbeat or two): a count that only grows shows listeners kept for clients that left. Always up;
 * on servers without MicroProfile Health this class cannot load and the server leaves it out.
 */
@Liveness
@ApplicationScoped
public class EventStreamsHealth implements HealthCheck {

    @Inject
    EventStreams streams;

    @Inject
    TablePush push;

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("event-streams").up().withData("streams", streams.count())
                .withData("listeners", push.listeners()).build();
    }
}
