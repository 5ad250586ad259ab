package io.dicehall.web.systems.boundary;

import io.dicehall.api.form.Inputs;
import io.dicehall.web.platform.http.BoundBody;
import io.dicehall.web.systems.control.ClusterSystems;
import io.dicehall.web.systems.control.InstalledSystem;
import io.dicehall.web.systems.control.InstalledSystem.InstalledProcedure;
import io.dicehall.web.systems.control.Rules;
import io.dicehall.web.systems.control.SystemRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.io.InputStream;
import io.dicehall.web.platform.http.ApiContract;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The installed rules systems, their forms, and the odds of a roll before it is made. */
@Path("systems")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "systems")
@SecurityRequirementsSet
public class SystemsResource {

    @Inject
    SystemRegistry registry;

    @Inject
    Rules rules;

    @Inject
    ClusterSystems clusterSystems;

    @GET
    @APIResponseSchema(value = SystemViews.Menu.class, responseDescription = "The menu")
    @Extension(name = ApiContract.ERRORS, value = "-503")
    @Operation(operationId = "listSystems",
            summary = "The installed systems with their procedures, and any that failed to load; in a cluster whose "
            + "instances have different systems, which instance has which")
    public SystemViews.Menu list() {
        return SystemViews.Menu.of(registry.all(), registry.problems(), clusterSystems.all());
    }

    @GET
    @Path("{system}")
    @APIResponseSchema(value = SystemViews.Detail.class, responseDescription = "The system")
    @Extension(name = ApiContract.ERRORS, value = "-503")
    @Operation(operationId = "getSystem", summary = "One system with every procedure's form and outcomes")
    public SystemViews.Detail get(@Parameter(description = "The system's id") @PathParam("system") String systemId) {
        InstalledSystem system = rules.system(systemId);
        return SystemViews.Detail.of(system, p -> rules.order(system, p));
    }

    @POST
    @Path("{system}/procedures/{procedure}/odds")
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponseSchema(value = OddsView.class, responseDescription = "The odds, and best play toward the goal")
    @Extension(name = ApiContract.ERRORS, value = "502 504")
    @Operation(operationId = "procedureOdds", summary = "The exact odds of each outcome before rolling",
            description = "For the inputs given (defaults fill in the rest); bestPlay: the chance of reaching at least "
                    + "the goal (default: the procedure's defaultGoal) when every later choice is made well")
    public OddsView odds(@Parameter(description = "The system's id") @PathParam("system") String systemId,
            @Parameter(description = "The procedure's id") @PathParam("procedure") String procedureId,
            @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = OddsRequest.class))) InputStream body) {
        InstalledSystem system = rules.system(systemId);
        InstalledProcedure procedure = rules.procedure(systemId, procedureId);
        OddsRequest request = BoundBody.read(body, OddsRequest.class);
        Inputs inputs = rules.inputs(system, procedure, request.inputs());
        var goal = rules.goal(system, procedure, request.goal());
        BestPlayView best = goal.flatMap(g -> rules.bestPlay(system, procedure, inputs, g))
                .map(p -> BestPlayView.of(p, procedure.outcomes(), null, null)).orElse(null);
        return OddsView.of(rules.odds(system, procedure, inputs), best);
    }
}
