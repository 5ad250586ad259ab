package io.dicehall.web.tables.boundary;

import io.dicehall.web.platform.http.BoundBody;
import io.dicehall.web.rolls.boundary.RollRequests;
import io.dicehall.web.systems.boundary.ApiSchemas;
import io.dicehall.web.tables.control.TableRolls;
import io.dicehall.web.tables.control.Tables;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The bodies the table endpoints read, as the OpenAPI document describes them. The bodies with Bean Validation
 * constraints are read with {@link BoundBody}, which checks them; the OpenAPI document reads its bounds from the
 * same constraints. The others are still read with {@link io.dicehall.web.platform.http.JsonBody} (strictly:
 * unknown fields, duplicate keys, depth, exact numbers, size), allowing exactly these records' fields and checking
 * the bounds declared here.
 */
public final class TableRequests {

    private TableRequests() {
    }

    /** The longest table name. */
    public static final int TABLE_NAME_MAX = 200;
    /** The longest display name of a member or roller. */
    public static final int MEMBER_NAME_MAX = 60;
    /** The longest visibility word. */
    public static final int VISIBILITY_MAX = 20;
    /** The longest face as typed. */
    public static final int FACE_MAX = 12;

    /** Who sees a roll. */
    @Schema(name = "Visibility",
            description = "Who sees a roll: everyone at the table (public), the GM and the roller (gm), "
            + "or the roller alone (roller)", enumeration = {"public", "gm", "roller"}, defaultValue = "public")
    public enum VisibilitySchema {
        /** Everyone at the table. */
        PUBLIC,
        /** The GM and the roller. */
        GM,
        /** The roller alone. */
        ROLLER
    }

    /** The faces of dice thrown by hand. */
    @Schema(name = "Faces", type = SchemaType.ARRAY, maxItems = TableRolls.MAX_FACES,
            implementation = String.class, description = "The faces of dice thrown by hand, in the order the system "
                    + "throws its dice, as printed on each die (\"4\", a d10's \"0\", a Fudge die's \"-\", \"0\", \"+\"); "
                    + "whole numbers are read as their digits. Only where the table allows dice thrown by hand.")
    public interface FacesSchema {
    }

    /**
     * A table to open.
     *
     * @param name its name
     * @param verifiable whether its dice derive from a committed seed
     * @param gm the display name its opener sits under as GM, at once
     */
    @Schema(name = "TableRequest", description = "A table to open", requiredProperties = "name",
            additionalProperties = Schema.False.class)
    public record TableRequest(
            @Schema(description = "Its name, at most " + TABLE_NAME_MAX + " characters")
            @NotNull(message = BoundBody.REQUIRED) @Size(min = 1, max = TABLE_NAME_MAX, message = BoundBody.TEXT_SIZE)
            String name,
            @Schema(description = "Whether every die derives from a seed committed now and revealed at closing",
                    defaultValue = "false") Boolean verifiable,
            @Schema(description = "The display name its opener sits under "
                    + "as the table's GM, at most " + MEMBER_NAME_MAX + " characters: the answer then holds the GM's "
                    + "seat (gmSeat, with its memberKey) besides the ownerKey, so the GM need not join")
            @Size(min = 1, max = MEMBER_NAME_MAX, message = BoundBody.TEXT_SIZE) String gm) {
    }

    /**
     * A change of a table, each part optional.
     *
     * @param name its new name
     * @param physicalDice whether members may enter the faces of dice they threw by hand
     * @param guests whether a guest (the invite, no member key) may roll
     * @param idleSeconds after how many seconds without a move a roll's open moves end by themselves
     */
    @Schema(name = "TableChange", description = "A change of a table by its owner; each part optional",
            additionalProperties = Schema.False.class)
    public record TableChange(
            @Schema(description = "Its new name, at most " + TABLE_NAME_MAX + " characters")
            @Size(min = 1, max = TABLE_NAME_MAX, message = BoundBody.TEXT_SIZE) String name,
            @Schema(description = "Whether members may enter the faces of dice they threw by hand (never on a verifiable "
                    + "table)") Boolean physicalDice,
            @Schema(description = "Whether a guest (the invite, no Member-Key) may roll, under a name no seat has; on "
                    + "when a table opens") Boolean guests,
            @Schema(description = "After how many seconds without a move a roll's open moves end by themselves (1800 "
                    + "when a table opens); counts from each roll's last step")
            @Min(value = Tables.MIN_IDLE_SECONDS, message = "must be a whole number from {value} to "
                    + Tables.MAX_IDLE_SECONDS)
            @Max(value = Tables.MAX_IDLE_SECONDS, message = "must be a whole number from " + Tables.MIN_IDLE_SECONDS
                    + " to {value}")
            Integer idleSeconds) {
    }

    /**
     * A display name at the table.
     *
     * @param name the name
     */
    @Schema(name = "MemberRequest", description = "A display name at the table", requiredProperties = "name",
            additionalProperties = Schema.False.class)
    public record MemberRequest(@Schema(description = "At most "
            + MEMBER_NAME_MAX + " characters, and no other seat's name (compared ignoring case and extra spaces: "
            + "\"bo\" and \" Bo \" are one name); a longer or taken name is refused, never cut")
            @NotNull(message = BoundBody.REQUIRED) @Size(min = 1, max = MEMBER_NAME_MAX, message = BoundBody.TEXT_SIZE)
            String name) {
    }

    /**
     * A roll at the table.
     *
     * @param system the system's id
     * @param procedure the procedure's id
     * @param inputs the procedure's inputs
     * @param note the roller's note
     * @param roller who rolls: a guest's name; a member's seat's name, or absent
     * @param visibility who sees it
     * @param faces the faces of dice thrown by hand
     * @param character the id of the roller's character it is rolled for
     */
    @Schema(name = "TableRollRequest", description = "A roll at the table", requiredProperties = {"system", "procedure"},
            additionalProperties = Schema.False.class)
    public record TableRollRequest(
            @Schema(description = "The system's id (GET /api/systems)", minLength = 1, maxLength = RollRequests.ID_MAX)
            String system,
            @Schema(description = "The procedure's id", minLength = 1,
                    maxLength = RollRequests.ID_MAX) String procedure,
            @Schema(ref = "Inputs") Map<String, Object> inputs,
            @Schema(description = "The roller's note, shown with the roll",
                    maxLength = RollRequests.NOTE_MAX) String note,
            @Schema(description = "Who rolls. A guest (no Member-Key) must name themselves, with a name no seat at "
                    + "the table has. A member rolls in their seat, under its name: leave it out, or send exactly that "
                    + "name (compared ignoring case and extra spaces); another name is refused",
                    minLength = 1, maxLength = MEMBER_NAME_MAX)
            String roller,
            VisibilitySchema visibility,
            @Schema(ref = "Faces") List<String> faces,
            @Schema(description = "The id of the character it is rolled for: one the member keeps, of the roll's "
                    + "system; the roll is tagged with it (characterId and character)", minLength = 1,
                    maxLength = CHARACTER_ID_MAX) String character) {
    }

    /** The longest character id a request may name. */
    public static final int CHARACTER_ID_MAX = 32;

    /**
     * A move on a roll at the table.
     *
     * @param move the open move's id
     * @param inputs the move's inputs
     * @param faces the faces of the dice the move throws, for a roll thrown by hand
     */
    @Schema(name = "TableMoveRequest", description = "A move on a roll at the table: one of its open moves with that "
            + "move's inputs", requiredProperties = "move", additionalProperties = Schema.False.class)
    public record TableMoveRequest(
            @Schema(description = "The open move's id", minLength = 1, maxLength = RollRequests.ID_MAX) String move,
            @Schema(ref = "Inputs") Map<String, Object> inputs,
            @Schema(ref = "Faces") List<String> faces) {
    }

    /**
     * Who may see a roll from now on.
     *
     * @param visibility who sees it
     */
    @Schema(name = "VisibilityChange", description = "Who sees a roll from now on", requiredProperties = "visibility",
            additionalProperties = Schema.False.class)
    public record VisibilityChange(VisibilitySchema visibility) {
    }
}
