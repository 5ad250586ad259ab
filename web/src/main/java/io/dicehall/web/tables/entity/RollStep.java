package io.dicehall.web.tables.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.LocalDateTime;
import java.util.Objects;

/** One stored state of a table roll: the first throw ({@code start}) or a move, with its inputs. */
@Entity
@Table(name = "dh_roll_step")
@IdClass(RollStep.Key.class)
public class RollStep {

    @Id
    @Column(name = "roll_id", length = 32)
    private String rollId;

    @Id
    @Column(name = "idx")
    private int index;

    @Column(name = "move_id", nullable = false, length = 100)
    private String moveId;

    @Column(name = "move_inputs_json", length = 1_000_000)
    private String moveInputsJson;

    @Column(name = "state_json", nullable = false, length = 1_000_000)
    private String stateJson;

    /** How many values the roll's dice had drawn once this step was made (for verifiable replay). */
    @Column(name = "dice_drawn", nullable = false)
    private long diceDrawn;

    @Column(name = "created_at", nullable = false)
    private LocalDateTime createdAt;

    protected RollStep() {
    }

    public RollStep(String rollId, int index, String moveId, String moveInputsJson, String stateJson, long diceDrawn,
            LocalDateTime createdAt) {
        this.rollId = rollId;
        this.index = index;
        this.moveId = moveId;
        this.moveInputsJson = moveInputsJson;
        this.stateJson = stateJson;
        this.diceDrawn = diceDrawn;
        this.createdAt = createdAt;
    }

    public String rollId() {
        return rollId;
    }

    public int index() {
        return index;
    }

    public String moveId() {
        return moveId;
    }

    public String moveInputsJson() {
        return moveInputsJson;
    }

    public String stateJson() {
        return stateJson;
    }

    public long diceDrawn() {
        return diceDrawn;
    }

    public LocalDateTime createdAt() {
        return createdAt;
    }

    /** The composite key: roll and index. */
    public static class Key implements Serializable {
        private static final long serialVersionUID = 1L;
        private String rollId;
        private int index;

        public Key() {
        }

        public Key(String rollId, int index) {
            this.rollId = rollId;
            this.index = index;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Key that && index == that.index && Objects.equals(rollId, that.rollId);
        }

        @Override
        public int hashCode() {
            return Objects.hash(rollId, index);
        }
    }
}
