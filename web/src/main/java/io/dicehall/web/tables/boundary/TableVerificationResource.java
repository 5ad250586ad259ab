package io.dicehall.web.tables.boundary;

import io.dicehall.web.platform.http.ApiContract;
import io.dicehall.web.tables.boundary.VerificationViews.VerificationView;
import io.dicehall.web.tables.control.Tables;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The replay of a closed verifiable table, read from its control. */
@Path("tables/{table}/verification")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "tables")
public class TableVerificationResource {

    @Inject
    Tables tables;

    @Inject
    io.dicehall.web.tables.control.Verifications verifications;

    @GET
    @APIResponseSchema(value = VerificationView.class,
            responseDescription = "Each roll replayed, and whether the commitment holds")
    @Extension(name = ApiContract.KEYS, value = "none")
    @Extension(name = ApiContract.ERRORS, value = "409")
    @Operation(operationId = "verifyTable",
            summary = "Replay a closed verifiable table from its revealed seed and check every revealed roll",
            description = "Computed once per closed table and kept; callers asking meanwhile share it. A roll still "
                    + "hidden at closing whose dice derive from its own secret (scheme 2) is not replayed and not named "
                    + "by id: it is listed by number under unverifiable")
    public VerificationView verify(@BeanParam TableCall call) {
        return VerificationView.of(verifications.of(tables.table(call.table())));
    }
}
