package io.dicehall.web.characters.boundary;

import io.dicehall.web.characters.control.SavedRolls;
import io.dicehall.web.characters.entity.SavedRoll;
import io.dicehall.web.tables.boundary.TableViews;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The JSON shapes of saved rolls. */
public final class SavedRollViews {

    private SavedRollViews() {
    }

    /**
     * A saved roll.
     *
     * @param id its id
     * @param name its name
     * @param system the system
     * @param procedure the procedure
     * @param character the id of the character whose values it rolls with, or null
     * @param characterName that character's name, or null
     * @param keeper the display name of the member who keeps it
     * @param available whether its system and procedure are installed on this server
     * @param inputs the inputs it fixes (its character's fields are filled in from the character when rolled)
     * @param note the note each roll made from it carries, or null
     * @param createdAt when it was saved, ISO-8601 UTC
     * @param seat the seat of the member who saved it (their id and name), or null once they left
     * @param yours whether it is the asker's own; another's (the GM reads them) is read only
     */
    @Schema(name = "SavedRoll", requiredProperties = {"id", "name", "system", "procedure", "keeper", "available",
            "inputs",
        "createdAt", "yours"})
    public record SavedRollView(String id, String name, String system, String procedure,
            @Schema(description = "The id of the character whose values it rolls with") String character,
            @Schema(description = "That character's name") String characterName,
            @Schema(description = "The display name of the member who keeps it") String keeper,
            @Schema(description = "Whether its system and procedure are installed on this server") boolean available,
            @Schema(type = SchemaType.OBJECT, additionalProperties = Schema.True.class,
                    description = "The inputs it fixes") Map<String, Object> inputs,
            @Schema(description = "The note each roll made from it carries") String note,
            @Schema(format = "date-time") String createdAt,
            @Schema(description = "The seat of the member who saved it; absent once they left the table")
            TableViews.SeatView seat,
            @Schema(description = "Whether it is yours (your Member-Key's). Another's, which the GM may read, is read "
                    + "only: copy it to roll it") boolean yours) {

        static SavedRollView of(SavedRolls.ShownRoll shown) {
            SavedRoll s = shown.roll();
            return new SavedRollView(s.id(), s.name(), s.systemId(), s.procedureId(), s.characterId(),
                    shown.characterName(), shown.keeper(), shown.available(), shown.inputs(), s.note(),
                    TableViews.utc(s.createdAt()), shown.keeper().isEmpty() ? null
                            : new TableViews.SeatView(s.memberId(), shown.keeper(), null), shown.yours());
        }
    }

    /** The saved rolls the asker may see: their own first, then (for the GM) the others', read only. */
    @Schema(name = "SavedRollList", requiredProperties = "savedRolls")
    public record SavedRollList(List<SavedRollView> savedRolls) {
    }
}
