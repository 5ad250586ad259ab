package io.dicehall.web.systems.boundary;

import io.dicehall.api.form.Inputs;
import io.dicehall.web.platform.JsonBody;
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
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** The installed rules systems, their forms, and the odds of a roll before it is made. */
@Path("systems")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
public class SystemsResource {

    @Inject
    SystemRegistry registry;

    @Inject
    Rules rules;

    @Inject
    ClusterSystems clusterSystems;

    @GET
    @Operation(summary = "The installed systems with their procedures, and any that failed to load; in a cluster whose "
            + "instances have different systems, which instance has which")
    public SystemViews.Menu list() {
        return SystemViews.Menu.of(registry.all(), registry.problems(), clusterSystems.all());
    }

    @GET
    @Path("{system}")
    @Operation(summary = "One system with every procedure's form and outcomes")
    public SystemViews.Detail get(@PathParam("system") String systemId) {
        InstalledSystem system = rules.system(systemId);
        return SystemViews.Detail.of(system, p -> rules.order(system, p));
    }

    @POST
    @Path("{system}/procedures/{procedure}/odds")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "The exact odds of each outcome before rolling, for {\"inputs\": {...}, \"goal\": outcome id}; "
            + "bestPlay: the chance of reaching at least the goal (default: the procedure's defaultGoal) when every "
            + "later choice is made well")
    public OddsView odds(@PathParam("system") String systemId, @PathParam("procedure") String procedureId,
            InputStream body) {
        InstalledSystem system = rules.system(systemId);
        InstalledProcedure procedure = rules.procedure(systemId, procedureId);
        JsonBody json = JsonBody.read(body).allowOnly(Set.of("inputs", "goal"));
        String goalId = json.text("goal", false, 100);
        json.refuseIfInvalid();
        Inputs inputs = rules.inputs(system, procedure, json.raw("inputs"));
        var goal = rules.goal(system, procedure, goalId);
        BestPlayView best = goal.flatMap(g -> rules.bestPlay(system, procedure, inputs, g))
                .map(p -> BestPlayView.of(p, procedure.outcomes(), null, null)).orElse(null);
        return OddsView.of(rules.odds(system, procedure, inputs), best);
    }
}
