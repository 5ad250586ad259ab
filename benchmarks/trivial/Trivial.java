package trivial;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Application;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;
import java.util.Set;

/**
 * The ceiling of the HTTP benchmarks: a JSON-B POST endpoint that does nothing but read its body
 * into a record and answer one. Deployed beside Dicehall on the same Payara Micro
 * (benchmarks/http.sh), so that both pay the same server, HTTP and JSON-B costs.
 */
@ApplicationPath("api")
public class Trivial extends Application {

    @Override
    public Set<Class<?>> getClasses() {
        return Set.of(Echo.class);
    }

    /** What a roll request carries, bound by JSON-B. */
    public record Request(String system, String procedure, Map<String, Object> inputs, String note) {
    }

    /** The answer. */
    public record Answer(String status, String system, String procedure) {
    }

    @Path("echo")
    public static class Echo {

        @POST
        @Consumes(MediaType.APPLICATION_JSON)
        @Produces(MediaType.APPLICATION_JSON)
        public Answer echo(Request request) {
            return new Answer("ok", request.system(), request.procedure());
        }
    }
}
