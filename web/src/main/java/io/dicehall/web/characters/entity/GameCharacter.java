package io.dicehall.web.characters.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.LocalDateTime;

/**
 * A character kept at a table by one of its members: a name, the system it is for, and the values of that
 * system's character fields (abilities, ranks, skills …) as JSON. Times are UTC.
 */
@Entity
@Table(name = "dh_character")
public class GameCharacter {

    @Id
    @Column(length = 32)
    private String id;

    @Column(name = "table_id", nullable = false, length = 32)
    private String tableId;

    /** The member who keeps it. */
    @Column(name = "member_id", nullable = false, length = 32)
    private String memberId;

    @Column(nullable = false, length = 100)
    private String name;

    @Column(name = "system_id", nullable = false, length = 100)
    private String systemId;

    @Column(name = "values_json", nullable = false, length = 65_536)
    private String valuesJson;

    @Column(name = "created_at", nullable = false)
    private LocalDateTime createdAt;

    @Column(name = "updated_at", nullable = false)
    private LocalDateTime updatedAt;

    protected GameCharacter() {
    }

    public GameCharacter(String id, String tableId, String memberId, String name, String systemId, String valuesJson,
            LocalDateTime at) {
        this.id = id;
        this.tableId = tableId;
        this.memberId = memberId;
        this.name = name;
        this.systemId = systemId;
        this.valuesJson = valuesJson;
        this.createdAt = at;
        this.updatedAt = at;
    }

    /** Changes the name and values. */
    public void change(String newName, String newValuesJson, LocalDateTime at) {
        name = newName;
        valuesJson = newValuesJson;
        updatedAt = at;
    }

    public String id() {
        return id;
    }

    public String tableId() {
        return tableId;
    }

    public String memberId() {
        return memberId;
    }

    public String name() {
        return name;
    }

    public String systemId() {
        return systemId;
    }

    public String valuesJson() {
        return valuesJson;
    }

    public LocalDateTime createdAt() {
        return createdAt;
    }

    public LocalDateTime updatedAt() {
        return updatedAt;
    }
}
