package io.dicehall.web.tables.boundary;


import io.dicehall.api.json.ApiJson;
import io.dicehall.api.state.RollState;
import io.dicehall.web.tables.control.TableService;
import io.dicehall.web.tables.entity.GameTable;
import io.dicehall.web.tables.entity.Member;
import jakarta.json.bind.Jsonb;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The JSON shapes of tables. */
public final class TableViews {

    private static final Jsonb JSON = ApiJson.create();

    private TableViews() {
    }

    /**
     * @return a stored time (UTC) as the API writes it: ISO-8601 with seconds always, as RFC 3339's date-time
     *     wants ({@code LocalDateTime.toString()} leaves out {@code :00} seconds), and {@code Z}
     */
    public static String utc(java.time.LocalDateTime time) {
        String text = time.toString();
        return (text.length() == "2026-01-01T00:00".length() ? text + ":00" : text) + "Z";
    }

    /**
     * A table.
     *
     * @param id its unguessable id: holding it is the invitation
     * @param name its name
     * @param invite the path of the invite link
     * @param closed whether it is closed (read-only)
     * @param verifiable whether its dice derive from a committed seed
     * @param seedCommitment SHA-256 of the seed (hex), for a verifiable table
     * @param seed the seed (hex), once a verifiable table is closed
     * @param rolls how many rolls it has had
     * @param members the display names of those who joined, in the order they joined
     * @param gm the display name of the member who sits as GM (joined holding the owner key), or null
     * @param physicalDice whether members may enter the faces of dice they threw by hand
     * @param createdAt when it was opened, ISO-8601 UTC
     * @param ownerKey the owner's key, only in the answer that created the table
     */
    @Schema(name = "Table", requiredProperties = {"id", "name", "invite", "closed", "verifiable", "rolls", "members",
        "physicalDice", "createdAt"})
    public record TableView(@Schema(description = "Its unguessable id: holding it is the invitation") String id,
            String name, @Schema(description = "The path of the invite link") String invite,
            @Schema(description = "Whether it is closed: no more rolls or moves") boolean closed,
            @Schema(description = "Whether its dice derive from a committed seed") boolean verifiable,
            @Schema(description = "SHA-256 of the seed (hex), for a verifiable table", pattern = "^[0-9a-f]{64}$")
            String seedCommitment,
            @Schema(description = "The seed (hex), once a verifiable table is closed",
                    pattern = "^[0-9a-f]{64}$") String seed,
            @Schema(description = "How many rolls it has had", minimum = "0") long rolls,
            @Schema(description = "The display names of those who joined, in the order they joined") List<String> members,
            @Schema(description = "The display name of the member who sits as GM") String gm,
            @Schema(description = "Whether members may enter the faces of dice they threw by hand") boolean physicalDice,
            @Schema(description = "When it was opened, UTC", format = "date-time") String createdAt,
            @Schema(description = "The owner's key (the GM's); only in the answer that opened the table") String ownerKey) {

        static TableView of(GameTable table, List<Member> members, String ownerKey) {
            return new TableView(table.id(), table.name(), "/tables/" + table.id(), table.closed(), table.verifiable(),
                    table.seedCommitment(), table.closed() ? table.seed() : null, table.rollCount(),
                    members.stream().map(Member::name).toList(),
                    members.stream().filter(Member::gm).map(Member::name).findFirst().orElse(null),
                    table.physicalDice(), utc(table.createdAt()), ownerKey);
        }
    }

    /**
     * A member who joined.
     *
     * @param id the member's id
     * @param name their display name
     * @param gm whether they sit as the table's GM
     * @param memberKey their key, only in the answer to joining: shows their own hidden rolls, plays their rolls
     */
    @Schema(name = "Member", requiredProperties = {"id", "name", "gm"})
    public record MemberView(String id, String name,
            @Schema(description = "Whether they sit as the table's GM") boolean gm,
            @Schema(description = "Their key; only in the answer to joining") String memberKey) {

        static MemberView of(Member member, String memberKey) {
            return new MemberView(member.id(), member.name(), member.gm(), memberKey);
        }
    }

    /**
     * A roll at a table.
     *
     * @param id the roll's id
     * @param table the table's id
     * @param seq its number in the table's log, from 1 without gaps
     * @param roller who rolled, as they named themselves
     * @param visibility {@code public}, {@code gm} or {@code roller}
     * @param system the system's id
     * @param procedure the procedure's id
     * @param inputs the checked inputs
     * @param note the roller's note, or null
     * @param createdAt when it was rolled, ISO-8601 UTC
     * @param moves how many moves were made on it
     * @param byHand whether its dice were thrown by hand and their faces entered by the roller
     * @param character the character it was rolled for (a saved roll's), or null
     * @param state the current state
     * @param rollerKey the roller's key, only in the answer that made the roll
     */
    @Schema(name = "TableRoll", description = "A roll at a table", requiredProperties = {"id", "table", "seq", "roller",
        "visibility", "system", "procedure", "inputs", "createdAt", "moves", "byHand", "state"})
    public record TableRollView(String id, @Schema(description = "The table's id") String table,
            @Schema(description = "Its number in the table's log, from 1 without gaps", minimum = "1") long seq,
            @Schema(description = "Who rolled, as they named themselves") String roller,
            @Schema(implementation = TableRequests.VisibilitySchema.class) String visibility, String system,
            String procedure,
            @Schema(type = SchemaType.OBJECT, additionalProperties = Schema.True.class,
                    description = "The checked inputs") Map<String, Object> inputs,
            @Schema(description = "The roller's note") String note,
            @Schema(description = "When it was rolled, UTC", format = "date-time") String createdAt,
            @Schema(description = "How many moves were made on it", minimum = "0") int moves,
            @Schema(description = "Whether its dice were thrown by hand and their faces entered") boolean byHand,
            @Schema(description = "The character it was rolled for (a saved roll's)") String character,
            @Schema(ref = "RollState") RollState state,
            @Schema(description = "The roller's key; only in the answer that made the roll") String rollerKey) {

        @SuppressWarnings("unchecked")
        public static TableRollView of(TableService.Roll r) {
            var roll = r.roll();
            return new TableRollView(roll.id(), roll.tableId(), roll.seq(), roll.roller(),
                    roll.visibility().name().toLowerCase(Locale.ROOT), roll.systemId(), roll.procedureId(),
                    JSON.fromJson(roll.inputsJson(), Map.class), roll.note(), utc(roll.createdAt()), roll.steps() - 1,
                    roll.byHand(), roll.characterName(), r.state(), r.rollerKey());
        }
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
     */
    @Schema(name = "HiddenRoll", description = "A roll these keys may not see: who rolled and for whom, nothing more",
            requiredProperties = {"seq", "roller", "visibility", "createdAt"})
    public record HiddenView(long seq, String roller,
            @Schema(implementation = TableRequests.VisibilitySchema.class) String visibility,
            @Schema(format = "date-time") String createdAt) {

        static HiddenView of(TableService.Secret secret) {
            return new HiddenView(secret.seq(), secret.roller(), secret.visibility().name().toLowerCase(Locale.ROOT),
                    utc(secret.at()));
        }
    }

    /**
     * The replay of a closed verifiable table.
     *
     * @param seed the revealed seed
     * @param seedCommitment the commitment published when the table opened
     * @param commitmentHolds whether SHA-256 of the seed is the commitment
     * @param verified whether the commitment holds and every roll replays
     * @param rolls each roll's result, in log order
     */
    @Schema(name = "Verification", description = "The replay of a closed verifiable table",
            requiredProperties = {"seed", "seedCommitment", "commitmentHolds", "verified", "rolls"})
    public record VerificationView(String seed, String seedCommitment,
            @Schema(description = "Whether SHA-256 of the seed is the commitment") boolean commitmentHolds,
            @Schema(description = "Whether the commitment holds and every roll replays") boolean verified,
            List<RollCheck> rolls) {
    }

    /** One roll's replay: {@code problem} is null when it reproduced. */
    @Schema(name = "RollCheck", description = "One roll's replay", requiredProperties = {"seq", "id", "reproduced"})
    public record RollCheck(long seq, String id, boolean reproduced,
            @Schema(description = "What differs; absent when it reproduced") String problem) {
    }

    /**
     * The JSON export as the OpenAPI document describes it ({@link io.dicehall.web.tables.control.LogExport}
     * writes it as it streams): documentation only.
     *
     * @param table the table
     * @param rolls its rolls the keys may see, oldest first
     */
    @Schema(name = "Export", description = "The log taken home as JSON", requiredProperties = {"table", "rolls"})
    public record ExportView(ExportedTable table, List<ExportedRoll> rolls) {
    }

    /** The table of an export. */
    @Schema(name = "ExportedTable", requiredProperties = {"id", "name", "verifiable"})
    public record ExportedTable(String id, String name, boolean verifiable) {
    }

    /** A roll of an export, with every step. */
    @Schema(name = "ExportedRoll", requiredProperties = {"number", "id", "time", "roller", "system", "procedure",
        "visibility", "byHand", "inputs", "outcome", "steps"})
    public record ExportedRoll(@Schema(description = "Its number in the log") long number, String id,
            @Schema(description = "When it was rolled, UTC", format = "date-time") String time, String roller,
            @Schema(description = "The character it was rolled for", nullable = true) String character,
            String system, String procedure, TableRequests.VisibilitySchema visibility, boolean byHand,
            @Schema(nullable = true) String note,
            @Schema(ref = "Inputs") Map<String, Object> inputs,
            @Schema(description = "The outcome's id as the roll stands") String outcome, List<ExportedStep> steps) {
    }

    /** A step of an exported roll. */
    @Schema(name = "ExportedStep", requiredProperties = {"index", "move", "time", "state"})
    public record ExportedStep(@Schema(description = "0 for the first throw, then each move") int index,
            @Schema(description = "start, or the move made") String move,
            @Schema(type = SchemaType.OBJECT, additionalProperties = Schema.True.class, nullable = true)
            Map<String, Object> inputs,
            @Schema(description = "When, UTC", format = "date-time") String time,
            @Schema(ref = "RollState") RollState state) {
    }

}
