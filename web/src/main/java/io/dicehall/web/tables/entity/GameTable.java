package io.dicehall.web.tables.entity;

import io.dicehall.web.platform.Ids;
import io.dicehall.web.platform.Refusal;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.LocalDateTime;

/** A table: a shared room whose unguessable id is its invite. Times are UTC. */
@Entity
@Table(name = "dh_table")
public class GameTable {

    @Id
    @Column(length = 32)
    private String id;

    @Column(nullable = false, length = 200)
    private String name;

    @Column(name = "owner_key_hash", nullable = false, length = 64)
    private String ownerKeyHash;

    @Column(name = "created_at", nullable = false)
    private LocalDateTime createdAt;

    @Column(nullable = false)
    private boolean closed;

    @Column(nullable = false)
    private boolean verifiable;

    /** The secret seed of a verifiable table (hex); revealed only once the table is closed. */
    @Column(length = 64)
    private String seed;

    /** SHA-256 of the seed's bytes (hex), published from the start. */
    @Column(name = "seed_commitment", length = 64)
    private String seedCommitment;

    /** The secret the next roll takes (hex), drawn ahead so its commitment is published first; null until then. */
    @Column(name = "next_dice_secret", length = 64)
    private String nextDiceSecret;

    /** The sequence number the next roll at this table gets: 1, 2, 3 … without gaps. */
    @Column(name = "next_seq", nullable = false)
    private long nextSeq;

    /** Whether members may enter the faces of dice they threw by hand (never on a verifiable table). */
    @Column(name = "physical_dice", nullable = false)
    private boolean physicalDice;

    /** Whether someone holding only the invite (no member key) may roll, under a name no member has. */
    @Column(name = "guests_allowed", nullable = false)
    private boolean guestsAllowed = true;

    /** After how many seconds without a move a roll's open moves end by themselves. */
    @Column(name = "idle_seconds", nullable = false)
    private int idleSeconds = DEFAULT_IDLE_SECONDS;

    @Version
    private long version;

    /** How long a roll's moves stay open without a move, unless the owner says otherwise: 30 minutes. */
    public static final int DEFAULT_IDLE_SECONDS = 1800;

    protected GameTable() {
    }

    public GameTable(String id, String name, String ownerKeyHash, LocalDateTime createdAt, String seed,
            String seedCommitment) {
        this.id = id;
        this.name = name;
        this.ownerKeyHash = ownerKeyHash;
        this.createdAt = createdAt;
        this.verifiable = seed != null;
        this.seed = seed;
        this.seedCommitment = seedCommitment;
        this.nextSeq = 1;
    }

    public String id() {
        return id;
    }

    public String name() {
        return name;
    }

    public void rename(String newName) {
        this.name = newName;
    }

    public String ownerKeyHash() {
        return ownerKeyHash;
    }

    public LocalDateTime createdAt() {
        return createdAt;
    }

    public boolean closed() {
        return closed;
    }

    /**
     * The rule of a closed table: nothing at it changes any more (its log can still be read).
     *
     * @throws Refusal (conflict, {@code table-closed}) when the table is closed
     */
    public void requireOpen() {
        if (closed) {
            throw Refusal.of(Refusal.Kind.CONFLICT, "table-closed", "Table closed",
                    "This table is closed; its log can still be read.");
        }
    }

    /** @return whether a key is this table's owner key (never for a missing or empty key) */
    public boolean ownedBy(String ownerKey) {
        return ownerKey != null && !ownerKey.isEmpty() && Ids.matches(ownerKey, Ids.hex(ownerKeyHash));
    }

    /**
     * The rule of the owner's settings: only the owner key renames, closes or sets up the table.
     *
     * @throws Refusal (not allowed, {@code owner-key-wrong}) for any other key or none
     */
    public void requireOwnedBy(String ownerKey) {
        if (!ownedBy(ownerKey)) {
            throw Refusal.of(Refusal.Kind.NOT_ALLOWED, "owner-key-wrong", "Owner key needed",
                    "Only the table's owner may do this: send the ownerKey in the Owner-Key header.");
        }
    }

    public void close() {
        this.closed = true;
    }

    /** @return whether members may enter the faces of dice they threw by hand */
    public boolean physicalDice() {
        return physicalDice;
    }

    public void allowPhysicalDice(boolean allowed) {
        physicalDice = allowed;
    }

    /** @return whether a guest (the invite, no member key) may roll here */
    public boolean guestsAllowed() {
        return guestsAllowed;
    }

    public void allowGuests(boolean allowed) {
        guestsAllowed = allowed;
    }

    /** @return after how many seconds without a move a roll's open moves end by themselves */
    public int idleSeconds() {
        return idleSeconds;
    }

    public void endIdleRollsAfter(int seconds) {
        idleSeconds = seconds;
    }

    public boolean verifiable() {
        return verifiable;
    }

    public String seed() {
        return seed;
    }

    public String seedCommitment() {
        return seedCommitment;
    }

    /** @return the next sequence number, counting it as taken */
    public long takeSequenceNumber() {
        return nextSeq++;
    }

    /**
     * Hands the pending roll secret to the roll being made and holds a new one for the next roll.
     *
     * @param draw draws a new random secret (hex)
     * @return the secret the roll takes: the one pending (its commitment was published before), or a new one when
     *     none was (a table opened before roll secrets existed, whose first such roll this is)
     */
    public String takeDiceSecret(java.util.function.Supplier<String> draw) {
        String taken = nextDiceSecret != null ? nextDiceSecret : draw.get();
        nextDiceSecret = draw.get();
        return taken;
    }

    /** @return the secret the next roll will take (hex), or null; never shown, only its hash */
    public String nextDiceSecret() {
        return nextDiceSecret;
    }

    /** Draws the first pending roll secret, when the table opens. */
    public void holdDiceSecret(String secret) {
        nextDiceSecret = secret;
    }

    public long rollCount() {
        return nextSeq - 1;
    }
}
