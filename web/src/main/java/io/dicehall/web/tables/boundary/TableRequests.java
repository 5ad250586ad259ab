package io.dicehall.web.tables.boundary;

import io.dicehall.web.platform.http.BoundBody;
import io.dicehall.web.rolls.boundary.RollRequests;
import io.dicehall.web.systems.boundary.ApiSchemas;
import io.dicehall.web.tables.control.TableRolls;
import io.dicehall.web.tables.control.Tables;
import io.dicehall.web.tables.entity.Visibility;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The bodies the table endpoints read, as the OpenAPI document describes them, each read with {@link BoundBody}: the
 * constraints on each record are what is checked and what the OpenAPI document states, once.
 */
public final class TableRequests {

    private TableRequests() {
    }

    /** The longest table name. */
    public static final int TABLE_NAME_MAX = 200;
    /** The longest display name of a member or roller. */
    public static final int MEMBER_NAME_MAX = 60;
    /** The longest face as typed. */
    public static final int FACE_MAX = 12;
    /** The message of a list of faces too long, or no list. */
    public static final String FACES_SIZE = "must be a list of at most {max} faces, e.g. [3, 5] or [\"+\", \"0\"]";
    /** The message of a face that is no face. */
    public static final String FACE = "must be a face as shown on the die, e.g. 4, 0, \"+\"";

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
        ROLLER;

        /**
         * @param named the visibility a body named, or null
         * @return who sees the roll: as named, everyone when none is
         */
        public static Visibility seen(VisibilitySchema named) {
            return named == null ? Visibility.PUBLIC : Visibility.valueOf(named.name());
        }
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
            @Schema(description = "The system's id (GET /api/systems)") @NotNull(message = BoundBody.REQUIRED)
            @Size(min = 1, max = RollRequests.ID_MAX, message = BoundBody.TEXT_SIZE) String system,
            @Schema(description = "The procedure's id") @NotNull(message = BoundBody.REQUIRED)
            @Size(min = 1, max = RollRequests.ID_MAX, message = BoundBody.TEXT_SIZE) String procedure,
            @Schema(ref = "Inputs") Object inputs,
            @Schema(description = "The roller's note, shown with the roll")
            @Size(max = RollRequests.NOTE_MAX, message = BoundBody.TEXT_SIZE) String note,
            @Schema(description = "Who rolls. A guest (no Member-Key) must name themselves, with a name no seat at "
                    + "the table has. A member rolls in their seat, under its name: leave it out, or send exactly that "
                    + "name (compared ignoring case and extra spaces); another name is refused")
            @Size(min = 1, max = MEMBER_NAME_MAX, message = BoundBody.TEXT_SIZE) String roller,
            VisibilitySchema visibility,
            @Schema(ref = "Faces") @Size(max = TableRolls.MAX_FACES, message = FACES_SIZE)
            List<@NotNull(message = FACE) @Size(max = FACE_MAX, message = FACE) String> faces,
            @Schema(description = "The id of the character it is rolled for: one the member keeps, of the roll's "
                    + "system; the roll is tagged with it (characterId and character)")
            @Size(min = 1, max = CHARACTER_ID_MAX, message = BoundBody.TEXT_SIZE) String character) {
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
            @Schema(description = "The open move's id") @NotNull(message = BoundBody.REQUIRED)
            @Size(min = 1, max = RollRequests.ID_MAX, message = BoundBody.TEXT_SIZE) String move,
            @Schema(ref = "Inputs") Object inputs,
            @Schema(ref = "Faces") @Size(max = TableRolls.MAX_FACES, message = FACES_SIZE)
            List<@NotNull(message = FACE) @Size(max = FACE_MAX, message = FACE) String> faces) {
    }

    /**
     * Who may see a roll from now on.
     *
     * @param visibility who sees it
     */
    @Schema(name = "VisibilityChange", description = "Who sees a roll from now on", requiredProperties = "visibility",
            additionalProperties = Schema.False.class)
    public record VisibilityChange(@NotNull(message = BoundBody.REQUIRED) VisibilitySchema visibility) {
    }
}
