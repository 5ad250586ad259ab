package io.dicehall.web.characters.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.LocalDateTime;

/**
 * A roll a member saved at a table to make again in one click: a name, a system and procedure, the inputs
 * it fixes, optionally a character whose values fill in the character's fields, and a note. Times are UTC.
 */
@Entity
@Table(name = "dh_saved_roll")
public class SavedRoll {

    @Id
    @Column(length = 32)
    private String id;

    @Column(name = "table_id", nullable = false, length = 32)
    private String tableId;

    @Column(name = "member_id", nullable = false, length = 32)
    private String memberId;

    @Column(nullable = false, length = 100)
    private String name;

    @Column(name = "system_id", nullable = false, length = 100)
    private String systemId;

    @Column(name = "procedure_id", nullable = false, length = 100)
    private String procedureId;

    @Column(name = "character_id", length = 32)
    private String characterId;

    @Column(name = "inputs_json", nullable = false, length = 65_536)
    private String inputsJson;

    @Column(length = 500)
    private String note;

    @Column(name = "created_at", nullable = false)
    private LocalDateTime createdAt;

    @Column(name = "updated_at", nullable = false)
    private LocalDateTime updatedAt;

    protected SavedRoll() {
    }

    public SavedRoll(String id, String tableId, String memberId, String name, String systemId, String procedureId,
            String characterId, String inputsJson, String note, LocalDateTime at) {
        this.id = id;
        this.tableId = tableId;
        this.memberId = memberId;
        this.name = name;
        this.systemId = systemId;
        this.procedureId = procedureId;
        this.characterId = characterId;
        this.inputsJson = inputsJson;
        this.note = note;
        this.createdAt = at;
        this.updatedAt = at;
    }

    /** Changes what the saved roll rolls. */
    public void change(String newName, String newCharacterId, String newInputsJson, String newNote, LocalDateTime at) {
        name = newName;
        characterId = newCharacterId;
        inputsJson = newInputsJson;
        note = newNote;
        updatedAt = at;
    }

    /** Forgets its character (deleted). */
    public void dropCharacter() {
        characterId = null;
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

    public String procedureId() {
        return procedureId;
    }

    /** @return the character whose values it rolls with, or null */
    public String characterId() {
        return characterId;
    }

    public String inputsJson() {
        return inputsJson;
    }

    /** @return the note every roll made from it carries, or null */
    public String note() {
        return note;
    }

    public LocalDateTime createdAt() {
        return createdAt;
    }
}
