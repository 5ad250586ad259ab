package io.dicehall.web.platform.http;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;

/** The cheapest answer the API gives: the yardstick the HTTP benchmarks measure the others against. */
@Path("ping")
@ApplicationScoped
public class PingResource {

    /** The answer, always the same. */
    public record Pong(String status) {
    }

    private static final Pong PONG = new Pong("ok");

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Extension(name = ApiContract.ERRORS, value = "-500 -503")
    @Operation(summary = "Answers {\"status\": \"ok\"} when the API is up")
    public Pong ping() {
        return PONG;
    }
}
