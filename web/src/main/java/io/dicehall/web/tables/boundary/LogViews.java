package io.dicehall.web.tables.boundary;

import io.dicehall.web.tables.boundary.TableViews.TableRollView;
import io.dicehall.web.tables.control.TableLog;
import java.util.List;
import java.util.Locale;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The JSON shapes of a table's log read a page at a time, and of a roll in it the keys may not see. */
public final class LogViews {

    private LogViews() {
    }

    /**
     * A page of the log, newest first; {@code next} is the cursor of the following page, or null.
     * {@code hidden} names the rolls between the same numbers that the keys shown may not see, so that a
     * gap in the numbers is explained: who rolled and for whom, nothing of the roll itself.
     */
    @Schema(name = "LogPage", description = "A page of the log, newest first", requiredProperties = {"rolls", "hidden"})
    public record LogView(List<TableRollView> rolls,
            @Schema(description = "The rolls between the same numbers the keys may not see") List<HiddenView> hidden,
            @Schema(description = "The cursor of the next page (its before); absent on the last page") String next) {
    }

    /**
     * A roll the viewer may not see.
     *
     * @param seq its number in the log
     * @param roller who rolled it
     * @param visibility {@code gm} or {@code roller}
     * @param createdAt when it was rolled, ISO-8601 UTC
     * @param guest whether a guest rolled it (its roller is a name they gave, not a seat's)
     */
    @Schema(name = "HiddenRoll", description = "A roll these keys may not see: who rolled and for whom, nothing more",
            requiredProperties = {"seq", "roller", "visibility", "createdAt", "guest"})
    public record HiddenView(long seq, String roller,
            @Schema(implementation = TableRequests.VisibilitySchema.class) String visibility,
            @Schema(format = "date-time") String createdAt,
            @Schema(description = "Whether a guest rolled it: roller is a name they gave, not a seat's") boolean guest) {

        static HiddenView of(TableLog.Secret secret) {
            return new HiddenView(secret.seq(), secret.roller(), secret.visibility().name().toLowerCase(Locale.ROOT),
                    TableViews.utc(secret.at()), secret.guest());
        }
    }
}
