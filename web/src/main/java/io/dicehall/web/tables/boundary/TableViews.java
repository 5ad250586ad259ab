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

/** The JSON shapes of tables. */
public final class TableViews {

    private static final Jsonb JSON = ApiJson.create();

    private TableViews() {
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
    public record TableView(String id, String name, String invite, boolean closed, boolean verifiable,
            String seedCommitment, String seed, long rolls, List<String> members, String gm, boolean physicalDice,
            String createdAt, String ownerKey) {

        static TableView of(GameTable table, List<Member> members, String ownerKey) {
            return new TableView(table.id(), table.name(), "/tables/" + table.id(), table.closed(), table.verifiable(),
                    table.seedCommitment(), table.closed() ? table.seed() : null, table.rollCount(),
                    members.stream().map(Member::name).toList(),
                    members.stream().filter(Member::gm).map(Member::name).findFirst().orElse(null),
                    table.physicalDice(), table.createdAt() + "Z", ownerKey);
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
    public record MemberView(String id, String name, boolean gm, String memberKey) {

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
    public record TableRollView(String id, String table, long seq, String roller, String visibility, String system,
            String procedure, Map<String, Object> inputs, String note, String createdAt, int moves, boolean byHand,
            String character, RollState state, String rollerKey) {

        @SuppressWarnings("unchecked")
        public static TableRollView of(TableService.Roll r) {
            var roll = r.roll();
            return new TableRollView(roll.id(), roll.tableId(), roll.seq(), roll.roller(),
                    roll.visibility().name().toLowerCase(Locale.ROOT), roll.systemId(), roll.procedureId(),
                    JSON.fromJson(roll.inputsJson(), Map.class), roll.note(), roll.createdAt() + "Z", roll.steps() - 1,
                    roll.byHand(), roll.characterName(), r.state(), r.rollerKey());
        }
    }

    /**
     * A page of the log, newest first; {@code next} is the cursor of the following page, or null.
     * {@code hidden} names the rolls between the same numbers that the keys shown may not see, so that a
     * gap in the numbers is explained: who rolled and for whom, nothing of the roll itself.
     */
    public record LogView(List<TableRollView> rolls, List<HiddenView> hidden, String next) {
    }

    /**
     * A roll the viewer may not see.
     *
     * @param seq its number in the log
     * @param roller who rolled it
     * @param visibility {@code gm} or {@code roller}
     * @param createdAt when it was rolled, ISO-8601 UTC
     */
    public record HiddenView(long seq, String roller, String visibility, String createdAt) {

        static HiddenView of(TableService.Secret secret) {
            return new HiddenView(secret.seq(), secret.roller(), secret.visibility().name().toLowerCase(Locale.ROOT),
                    secret.at() + "Z");
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
    public record VerificationView(String seed, String seedCommitment, boolean commitmentHolds, boolean verified,
            List<RollCheck> rolls) {
    }

    /** One roll's replay: {@code problem} is null when it reproduced. */
    public record RollCheck(long seq, String id, boolean reproduced, String problem) {
    }

}
