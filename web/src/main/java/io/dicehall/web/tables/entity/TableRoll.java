package io.dicehall.web.tables.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.LocalDateTime;

/** A roll made at a table, with its place in the table's log. Its states are {@link RollStep}s. */
@Entity
@Table(name = "dh_roll")
public class TableRoll {

    @Id
    @Column(length = 32)
    private String id;

    @Column(name = "table_id", nullable = false, length = 32)
    private String tableId;

    @Column(nullable = false)
    private long seq;

    @Column(name = "system_id", nullable = false, length = 100)
    private String systemId;

    @Column(name = "procedure_id", nullable = false, length = 100)
    private String procedureId;

    @Column(name = "inputs_json", nullable = false, length = 1_000_000)
    private String inputsJson;

    @Column(length = 2000)
    private String note;

    @Column(nullable = false, length = 200)
    private String roller;

    @Column(name = "member_id", length = 32)
    private String memberId;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    private Visibility visibility;

    @Column(name = "roller_key_hash", nullable = false, length = 64)
    private String rollerKeyHash;

    @Column(name = "created_at", nullable = false)
    private LocalDateTime createdAt;

    /** Whether the roller threw physical dice and entered their faces. */
    @Column(name = "by_hand", nullable = false)
    private boolean byHand;

    /** The character it was rolled for (from a saved roll), or null. */
    @Column(name = "character_name", length = 100)
    private String characterName;

    /** The character it was rolled for, by id, or null. */
    @Column(name = "character_id", length = 32)
    private String characterId;

    /** Whether it has open moves that end by themselves after the table's idle time (false before version 4). */
    @Column(name = "open_moves", nullable = false)
    private boolean openMoves;

    /** When its last step was made (null for rolls made before version 4: their creation time). */
    @Column(name = "active_at")
    private LocalDateTime activeAt;

    /** Why its open moves ended without its roller: {@link Ending}, or null. */
    @Enumerated(EnumType.STRING)
    @Column(length = 16)
    private Ending ended;

    /**
     * How its dice derive at a verifiable table: 1 from the table's seed and its number (rolls stored before
     * version 6), 2 from those and its own {@link #diceSecret}.
     */
    @Column(name = "dice_scheme", nullable = false)
    private int diceScheme = 1;

    /** Its own secret (hex, 32 bytes) at a verifiable table (scheme 2), else null. */
    @Column(name = "dice_secret", length = 64)
    private String diceSecret;

    /** SHA-256 of {@link #diceSecret} (hex), else null. */
    @Column(name = "dice_commitment", length = 64)
    private String diceCommitment;

    /** How many steps (the first throw and each move) are stored. */
    @Column(nullable = false)
    private int steps;

    protected TableRoll() {
    }

    public TableRoll(String id, String tableId, long seq, String systemId, String procedureId, String inputsJson,
            String note, String roller, String memberId, Visibility visibility, String rollerKeyHash,
            LocalDateTime createdAt) {
        this.id = id;
        this.tableId = tableId;
        this.seq = seq;
        this.systemId = systemId;
        this.procedureId = procedureId;
        this.inputsJson = inputsJson;
        this.note = note;
        this.roller = roller;
        this.memberId = memberId;
        this.visibility = visibility;
        this.rollerKeyHash = rollerKeyHash;
        this.createdAt = createdAt;
    }

    public String id() {
        return id;
    }

    public String tableId() {
        return tableId;
    }

    public long seq() {
        return seq;
    }

    public String systemId() {
        return systemId;
    }

    public String procedureId() {
        return procedureId;
    }

    public String inputsJson() {
        return inputsJson;
    }

    public String note() {
        return note;
    }

    public String roller() {
        return roller;
    }

    public String memberId() {
        return memberId;
    }

    public Visibility visibility() {
        return visibility;
    }

    /** @return whether its dice were thrown by hand, their faces entered by the roller */
    public boolean byHand() {
        return byHand;
    }

    /** @return the character it was rolled for, or null */
    public String characterName() {
        return characterName;
    }

    /** Marks how it was rolled: by hand or not, and for which character (may be null). */
    public TableRoll rolled(boolean thrownByHand, String forCharacter) {
        byHand = thrownByHand;
        characterName = forCharacter;
        return this;
    }

    /** Marks the character it was rolled for, by id and name (both null for none). */
    public TableRoll forCharacter(String id, String name) {
        characterId = id;
        characterName = name;
        return this;
    }

    /** @return the id of the character it was rolled for, or null */
    public String characterId() {
        return characterId;
    }

    /** @return whether it is a guest's: rolled with the invite alone, by no member's key */
    public boolean guest() {
        return memberId == null;
    }

    /** Notes a step made at {@code at}, after which the roll's moves are open or not. */
    public TableRoll active(boolean open, LocalDateTime at) {
        openMoves = open;
        activeAt = at;
        return this;
    }

    /** @return whether it has open moves that may end by themselves */
    public boolean openMoves() {
        return openMoves;
    }

    /** @return when its last step was made */
    public LocalDateTime activeAt() {
        return activeAt != null ? activeAt : createdAt;
    }

    /** @return why its open moves ended without its roller, or null */
    public Ending ended() {
        return ended;
    }

    /** Ends its open moves for a reason: no move is made on it any more. */
    public void end(Ending why) {
        ended = why;
        openMoves = false;
    }

    /** Gives it its own secret and that secret's commitment: its dice derive by scheme 2. */
    public TableRoll secret(String secretHex, String commitmentHex) {
        diceScheme = 2;
        diceSecret = secretHex;
        diceCommitment = commitmentHex;
        return this;
    }

    /** @return 1 (seed and number) or 2 (seed, number and its own secret); meaningful at a verifiable table */
    public int diceScheme() {
        return diceScheme;
    }

    /** @return its own secret (hex), or null (scheme 1, or a fair table's roll) */
    public String diceSecret() {
        return diceSecret;
    }

    /** @return SHA-256 of its own secret (hex), or null */
    public String diceCommitment() {
        return diceCommitment;
    }

    /** Changes who sees the roll. */
    public void show(Visibility to) {
        this.visibility = to;
    }

    public String rollerKeyHash() {
        return rollerKeyHash;
    }

    public LocalDateTime createdAt() {
        return createdAt;
    }

    public int steps() {
        return steps;
    }

    /** Counts one more stored step. */
    public int addStep() {
        return steps++;
    }
}
