package io.dicehall.web.tables.boundary;

import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PathParam;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/**
 * What every call at a table carries beside its body, read once for all the table's resources: the table's id
 * from the address, and the keys from their headers (never from the address; see {@link TableKeys}). Each
 * operation states which keys it takes in its security requirements; a key it does not take is ignored.
 */
public class TableCall {

    @Parameter(description = "The table's id (the invite)")
    @PathParam("table")
    private String table;

    @Parameter(hidden = true)
    @HeaderParam(TableKeys.OWNER_KEY)
    private String ownerKey;

    @Parameter(hidden = true)
    @HeaderParam(TableKeys.MEMBER_KEY)
    private String memberKey;

    @Parameter(hidden = true)
    @HeaderParam(TableKeys.ROLLER_KEY)
    private String rollerKey;

    /** @return the table's id, as the address gives it */
    public String table() {
        return table;
    }

    /** @return the owner key sent, or null */
    public String ownerKey() {
        return ownerKey;
    }

    /** @return the member key sent, or null */
    public String memberKey() {
        return memberKey;
    }

    /** @return the roller key sent, or null */
    public String rollerKey() {
        return rollerKey;
    }
}
