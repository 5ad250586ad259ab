package io.dicehall.web.tables.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.LocalDateTime;

/** Someone who joined a table with a display name; their key identifies them to see their own hidden rolls. */
@Entity
@Table(name = "dh_member")
public class Member {

    @Id
    @Column(length = 32)
    private String id;

    @Column(name = "table_id", nullable = false, length = 32)
    private String tableId;

    @Column(nullable = false, length = 200)
    private String name;

    @Column(name = "key_hash", nullable = false, length = 64)
    private String keyHash;

    @Column(name = "joined_at", nullable = false)
    private LocalDateTime joinedAt;

    /** Whether this member joined with the owner's key: the table's GM. */
    @Column(nullable = false)
    private boolean gm;

    protected Member() {
    }

    public Member(String id, String tableId, String name, String keyHash, LocalDateTime joinedAt, boolean gm) {
        this.id = id;
        this.tableId = tableId;
        this.name = name;
        this.keyHash = keyHash;
        this.joinedAt = joinedAt;
        this.gm = gm;
    }

    public String id() {
        return id;
    }

    public String tableId() {
        return tableId;
    }

    public String name() {
        return name;
    }

    public String keyHash() {
        return keyHash;
    }

    public LocalDateTime joinedAt() {
        return joinedAt;
    }

    /** @return whether this member is the table's GM (joined holding the owner's key) */
    public boolean gm() {
        return gm;
    }

    public void rename(String newName) {
        this.name = newName;
    }
}
