package io.dicehall.web.characters.boundary;

import io.dicehall.web.platform.http.BoundBody;
import io.dicehall.web.rolls.boundary.RollRequests;
import io.dicehall.web.systems.boundary.ApiSchemas;
import io.dicehall.web.tables.boundary.TableRequests;
import io.dicehall.web.tables.control.TableRolls;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The bodies the character and saved-roll endpoints read, as the OpenAPI document describes them, each read with
 * {@link BoundBody}: the constraints on each record are what is checked and what the OpenAPI document states, once.
 */
public final class CharacterRequests {

    private CharacterRequests() {
    }

    /** The longest name of a character or saved roll. */
    public static final int NAME_MAX = 100;
    /** The longest id of a character. */
    public static final int CHARACTER_ID_MAX = 32;

    /**
     * A character to keep.
     *
     * @param name its name
     * @param system the system it is for
     * @param values its character fields' values
     */
    @Schema(name = "CharacterRequest", description = "A character to keep", requiredProperties = {"name", "system"},
            additionalProperties = Schema.False.class)
    public record CharacterRequest(
            @NotNull(message = BoundBody.REQUIRED) @Size(min = 1, max = NAME_MAX, message = BoundBody.TEXT_SIZE)
            String name,
            @Schema(description = "The system's id") @NotNull(message = BoundBody.REQUIRED)
            @Size(min = 1, max = RollRequests.ID_MAX, message = BoundBody.TEXT_SIZE) String system,
            @Schema(type = SchemaType.OBJECT, additionalProperties = Schema.True.class,
                    description = "Values of the system's character fields "
                    + "(form.character of its procedures in GET /api/systems/{system})")
            Map<String, Object> values) {
    }

    /**
     * A change of a character, each part optional.
     *
     * @param name its new name
     * @param values its new values, replacing the old ones
     */
    @Schema(name = "CharacterChange", description = "A change of a character; each part optional",
            additionalProperties = Schema.False.class)
    public record CharacterChange(
            @Size(min = 1, max = NAME_MAX, message = BoundBody.TEXT_SIZE) String name,
            @Schema(type = SchemaType.OBJECT, additionalProperties = Schema.True.class,
                    description = "Its values, replacing the old ones")
            Map<String, Object> values) {
    }

    /**
     * A roll to save.
     *
     * @param name its name
     * @param system the system
     * @param procedure the procedure
     * @param character the id of the character whose values it rolls with
     * @param inputs the inputs it fixes
     * @param note the note each roll made from it carries
     */
    @Schema(name = "SavedRollRequest", description = "A roll to save: a procedure's inputs under a name, optionally "
            + "with a character whose values fill in its character fields",
            requiredProperties = {"name", "system", "procedure"}, additionalProperties = Schema.False.class)
    public record SavedRollRequest(
            @NotNull(message = BoundBody.REQUIRED) @Size(min = 1, max = NAME_MAX, message = BoundBody.TEXT_SIZE)
            String name,
            @Schema(description = "The system's id")
            @NotNull(message = BoundBody.REQUIRED)
            @Size(min = 1, max = RollRequests.ID_MAX, message = BoundBody.TEXT_SIZE) String system,
            @Schema(description = "The procedure's id")
            @NotNull(message = BoundBody.REQUIRED)
            @Size(min = 1, max = RollRequests.ID_MAX, message = BoundBody.TEXT_SIZE) String procedure,
            @Schema(description = "The id of a character of the same system")
            @Size(max = CHARACTER_ID_MAX, message = BoundBody.TEXT_SIZE) String character,
            @Schema(ref = "Inputs") Object inputs,
            @Size(max = RollRequests.NOTE_MAX, message = BoundBody.TEXT_SIZE) String note) {
    }

    /**
     * A change of a saved roll, each part optional.
     *
     * @param name its new name
     * @param character the id of its character, or null for none
     * @param inputs its new inputs
     * @param note its new note
     */
    @Schema(name = "SavedRollChange",
            description = "A change of a saved roll; each part optional, character null for none",
            additionalProperties = Schema.False.class)
    public record SavedRollChange(
            @Size(min = 1, max = NAME_MAX, message = BoundBody.TEXT_SIZE) String name,
            @Schema(description = "The id of a character of the same system; null for none", nullable = true)
            @Size(max = CHARACTER_ID_MAX, message = BoundBody.TEXT_SIZE) String character,
            @Schema(ref = "Inputs") Object inputs,
            @Size(max = RollRequests.NOTE_MAX, message = BoundBody.TEXT_SIZE) String note) {
    }

    /**
     * How to roll a saved roll, each part optional.
     *
     * @param visibility who sees the roll
     * @param note the note, instead of the saved one
     * @param faces the faces of dice thrown by hand
     */
    @Schema(name = "SavedRollThrow", description = "How to roll a saved roll at the table; each part optional",
            additionalProperties = Schema.False.class)
    public record SavedRollThrow(
            TableRequests.VisibilitySchema visibility,
            @Schema(description = "The note, instead of the saved one")
            @Size(max = RollRequests.NOTE_MAX, message = BoundBody.TEXT_SIZE) String note,
            @Schema(ref = "Faces") @Size(max = TableRolls.MAX_FACES, message = TableRequests.FACES_SIZE)
            List<@NotNull(message = TableRequests.FACE) @Size(max = TableRequests.FACE_MAX,
                    message = TableRequests.FACE) String> faces) {
    }
}
