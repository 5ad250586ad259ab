package io.dicehall.web.tables.boundary;


import io.dicehall.api.json.ApiJson;
import io.dicehall.api.state.RollState;
import io.dicehall.web.tables.control.FairDice;
import io.dicehall.web.tables.control.Endings;
import io.dicehall.web.tables.control.TableLog;
import io.dicehall.web.tables.control.Tables;
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
     * @param guests whether a guest (the invite, no member key) may roll
     * @param idleSeconds after how many seconds without a move a roll's open moves end by themselves
     * @param seats the seats: each member's id, name and whether they sit as GM, in the order they joined
     * @param gmSeat the GM's seat with its memberKey, only in the answer that opened the table with a gm name
     * @param nextDiceCommitment SHA-256 of the secret the next roll at an open verifiable table takes, or null
     */
    @Schema(name = "Table", requiredProperties = {"id", "name", "invite", "closed", "verifiable", "rolls", "members",
        "physicalDice", "createdAt", "guests", "idleSeconds", "seats"})
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
            @Schema(description = "The owner's key (the GM's); only in the answer that opened the table") String ownerKey,
            @Schema(description = "Whether a guest (the invite, no Member-Key) may roll, under a name no seat has")
            boolean guests,
            @Schema(description = "After how many seconds without a move a roll's open moves end by themselves",
                    minimum = "" + Tables.MIN_IDLE_SECONDS, maximum = "" + Tables.MAX_IDLE_SECONDS)
            int idleSeconds,
            @Schema(description = "The seats, in the order their members joined") List<SeatView> seats,
            @Schema(description = "The GM's seat with its memberKey; only in the answer that opened the table with a "
                    + "gm name") MemberView gmSeat,
            @Schema(description = "SHA-256 (hex) of the secret the next roll at this open verifiable table will take: "
                    + "published before that roll is made, so its secret was fixed before its inputs were known",
                    pattern = "^[0-9a-f]{64}$") String nextDiceCommitment) {

        static TableView of(GameTable table, List<Member> members, String ownerKey) {
            return of(table, members, ownerKey, null);
        }

        static TableView of(GameTable table, List<Member> members, String ownerKey, MemberView gmSeat) {
            return new TableView(table.id(), table.name(), "/tables/" + table.id(), table.closed(), table.verifiable(),
                    table.seedCommitment(), table.closed() ? table.seed() : null, table.rollCount(),
                    members.stream().map(Member::name).toList(),
                    members.stream().filter(Member::gm).map(Member::name).findFirst().orElse(null),
                    table.physicalDice(), utc(table.createdAt()), ownerKey, table.guestsAllowed(), table.idleSeconds(),
                    members.stream().map(SeatView::of).toList(), gmSeat,
                    table.closed() || table.nextDiceSecret() == null ? null
                            : FairDice.commitment(table.nextDiceSecret()));
        }
    }

    /**
     * A seat at a table: the member who rolls from it.
     *
     * @param id the member's id
     * @param name their display name (unique at the table, ignoring case and extra spaces)
     * @param gm whether it is the GM's seat
     */
    @Schema(name = "Seat", description = "A member's seat at the table", requiredProperties = {"id", "name"})
    public record SeatView(@Schema(description = "The member's id") String id,
            @Schema(description = "Their display name") String name,
            @Schema(description = "Whether it is the GM's seat; absent in a roll's seat") Boolean gm) {

        static SeatView of(Member member) {
            return new SeatView(member.id(), member.name(), member.gm());
        }

        /** @return the seat a roll was made from, named as it was then, or null for a guest's roll */
        static SeatView of(io.dicehall.web.tables.entity.TableRoll roll) {
            return roll.memberId() == null ? null : new SeatView(roll.memberId(), roll.roller(), null);
        }
    }

    /** Why a roll's moves ended, as the API writes it. */
    @Schema(name = "RollEnded", description = "Why a roll's moves ended: stopped (its rules left no move: the roller "
            + "played it to the end or stopped), idle (no move for the table's idle time), superseded (its roller "
            + "started another roll for the same character, or of the same procedure for no character), gm (the GM "
            + "ended it). Absent while moves are open", enumeration = {"stopped", "idle", "superseded", "gm"})
    public enum EndedSchema {
        /** Its rules left no move open. */
        STOPPED,
        /** No move for the table's idle time. */
        IDLE,
        /** Its roller started another roll for the same character (or procedure). */
        SUPERSEDED,
        /** The GM ended it. */
        GM
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
     * @param roller who rolled: a member's seat's name, or the name a guest gave
     * @param visibility {@code public}, {@code gm} or {@code roller}
     * @param system the system's id
     * @param procedure the procedure's id
     * @param inputs the checked inputs
     * @param note the roller's note, or null
     * @param createdAt when it was rolled, ISO-8601 UTC
     * @param moves how many moves were made on it
     * @param byHand whether its dice were thrown by hand and their faces entered by the roller
     * @param character the character it was rolled for (a saved roll's), or null
     * @param state the current state (with no open move once its moves ended)
     * @param rollerKey the roller's key, only in the answer that made the roll
     * @param seat the member's seat it was rolled from (the name as it was then), or null for a guest's roll
     * @param guest whether a guest rolled it (the invite, no member key): its roller is a name the guest gave
     * @param characterId the id of the character it was rolled for, or null
     * @param ended why its moves ended, or null while they are open
     * @param diceScheme at a verifiable table, how its dice derive: 1 (seed and number), 2 (and its own secret)
     * @param diceCommitment SHA-256 of its own secret, at a verifiable table (scheme 2)
     * @param diceSecret its own secret, at a verifiable table (scheme 2)
     */
    @Schema(name = "TableRoll", description = "A roll at a table", requiredProperties = {"id", "table", "seq", "roller",
        "visibility", "system", "procedure", "inputs", "createdAt", "moves", "byHand", "state", "guest"})
    public record TableRollView(String id, @Schema(description = "The table's id") String table,
            @Schema(description = "Its number in the table's log, from 1 without gaps", minimum = "1") long seq,
            @Schema(description = "Who rolled: the name of the member's seat, or the name a guest gave (see guest)")
            String roller,
            @Schema(implementation = TableRequests.VisibilitySchema.class) String visibility, String system,
            String procedure,
            @Schema(type = SchemaType.OBJECT, additionalProperties = Schema.True.class,
                    description = "The checked inputs") Map<String, Object> inputs,
            @Schema(description = "The roller's note") String note,
            @Schema(description = "When it was rolled, UTC", format = "date-time") String createdAt,
            @Schema(description = "How many moves were made on it", minimum = "0") int moves,
            @Schema(description = "Whether its dice were thrown by hand and their faces entered") boolean byHand,
            @Schema(description = "The name of the character it was rolled for") String character,
            @Schema(ref = "RollState", description = "Its state; once its moves ended, with no open move") RollState state,
            @Schema(description = "The roller's key; only in the answer that made the roll") String rollerKey,
            @Schema(description = "The member's seat it was rolled from, its name as it was then; absent for a guest's "
                    + "roll") SeatView seat,
            @Schema(description = "Whether a guest rolled it (the invite, no Member-Key): roller is a name they gave, "
                    + "not a seat's") boolean guest,
            @Schema(description = "The id of the character it was rolled for") String characterId,
            @Schema(implementation = EndedSchema.class) String ended,
            @Schema(description = "2 when its dice derive from the verifiable table's seed, its number and its own "
                    + "diceSecret; absent for a fair table's roll and for a verifiable table's roll made before roll "
                    + "secrets existed (seed and number alone)", minimum = "1", maximum = "2") Integer diceScheme,
            @Schema(description = "SHA-256 (hex) of its own secret, published when it was made (scheme 2)",
                    pattern = "^[0-9a-f]{64}$") String diceCommitment,
            @Schema(description = "Its own secret (hex, scheme 2), shown with the roll to whoever may see it: with the "
                    + "seed revealed at closing it gives its dice", pattern = "^[0-9a-f]{64}$") String diceSecret) {

        @SuppressWarnings("unchecked")
        public static TableRollView of(TableLog.Roll r) {
            var roll = r.roll();
            return new TableRollView(roll.id(), roll.tableId(), roll.seq(), roll.roller(),
                    roll.visibility().name().toLowerCase(Locale.ROOT), roll.systemId(), roll.procedureId(),
                    JSON.fromJson(roll.inputsJson(), Map.class), roll.note(), utc(roll.createdAt()), roll.steps() - 1,
                    roll.byHand(), roll.characterName(), Endings.shown(roll.ended(), r.state()), r.rollerKey(),
                    SeatView.of(roll), roll.guest(), roll.characterId(), Endings.word(roll.ended(), r.state()),
                    roll.diceSecret() == null ? null : roll.diceScheme(), roll.diceCommitment(), roll.diceSecret());
        }
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

    /**
     * A roll of an export, with every step; a roll the keys may not see ({@code hidden}) holds only its number,
     * time, roller, seat, guest and visibility, so that numbers never jump.
     */
    @Schema(name = "ExportedRoll", description = "A roll of the export with every step; one the keys may not see "
            + "(hidden: true) holds only number, time, roller, seat, guest and visibility",
            requiredProperties = {"number", "time", "roller", "visibility", "hidden", "guest"})
    public record ExportedRoll(@Schema(description = "Its number in the log") long number, String id,
            @Schema(description = "When it was rolled, UTC", format = "date-time") String time,
            @Schema(description = "A seat's name, or the name a guest gave") String roller,
            @Schema(description = "The character it was rolled for", nullable = true) String character,
            String system, String procedure, TableRequests.VisibilitySchema visibility, boolean byHand,
            @Schema(nullable = true) String note,
            @Schema(ref = "Inputs") Map<String, Object> inputs,
            @Schema(description = "The outcome's id as the roll stands") String outcome, List<ExportedStep> steps,
            @Schema(description = "Whether the keys may not see it: then only its number, time, roller, seat, guest "
                    + "and visibility are given") boolean hidden,
            @Schema(description = "The seat it was rolled from (the name as it was then); null for a guest's roll",
                    nullable = true) SeatView seat,
            @Schema(description = "Whether a guest rolled it") boolean guest,
            @Schema(description = "The id of the character it was rolled for", nullable = true) String characterId,
            @Schema(implementation = EndedSchema.class, nullable = true) String ended) {
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
