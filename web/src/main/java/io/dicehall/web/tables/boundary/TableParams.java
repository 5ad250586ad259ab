package io.dicehall.web.tables.boundary;

import static io.dicehall.web.tables.boundary.TableKeys.MEMBER_KEY;
import static io.dicehall.web.tables.boundary.TableKeys.OWNER_KEY;

import io.dicehall.web.platform.http.Problem;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;

/** What the table resources read from a request beside its body: numbers, keys out of place. */
final class TableParams {

    private TableParams() {
    }

    static Long number(String text, String name, long min, long max) {
        if (text == null) {
            return null;
        }
        try {
            long value = Long.parseLong(text);
            if (value >= min && value <= max) {
                return value;
            }
        } catch (NumberFormatException notANumber) {
            // answered below
        }
        throw Problem.invalid(400, "invalid-input", "Invalid input", "A query parameter is out of range.", "",
                List.of(new io.dicehall.api.form.Violation(name, "must be a whole number from " + min + " to " + max)))
                .exception();
    }

    /**
     * Refuses a key sent in the address ({@code ?owner=}, {@code ?member=}, as this API once took them), where it
     * would land in proxy logs and browser history: 400 naming the parameter, so the client moves it to its header.
     */
    static void refuseKeysInAddress(UriInfo address) {
        var query = address.getQueryParameters();
        var violations = new java.util.ArrayList<io.dicehall.api.form.Violation>();
        if (query.containsKey("owner")) {
            violations.add(new io.dicehall.api.form.Violation("owner",
                    "is not accepted in the address: send the owner key in the " + OWNER_KEY + " header"));
        }
        if (query.containsKey("member")) {
            violations.add(new io.dicehall.api.form.Violation("member",
                    "is not accepted in the address: send the member key in the " + MEMBER_KEY + " header"));
        }
        if (!violations.isEmpty()) {
            throw Problem.invalid(400, "invalid-input", "Invalid input",
                    "Keys go in headers, never in the address.", "", violations).exception();
        }
    }
}
