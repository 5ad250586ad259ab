package io.dicehall.web.tables.control;

import io.dicehall.web.tables.control.RollWriter.NewRoll;
import io.dicehall.web.tables.entity.Ending;
import io.dicehall.web.webhooks.control.Outbox;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.sql.DataSource;

/**
 * The transaction of one batch of the {@link RollWriter}, in plain JDBC. It locks each table of the batch (in
 * the order of their ids, so that writers of several instances never wait on each other in a circle) by counting
 * the batch's rolls into its {@code next_seq} at once, reads the new value back, and gives that table's rolls the
 * numbers just taken, in the order they arrived; then inserts the rolls, their first steps and their posts to the
 * table's webhooks, and ends the open moves of the earlier rolls each member's new roll takes over (superseded).
 * A closed table takes no numbers and stores none of its rolls.
 */
final class RollBatch {

    /** The most table ids in one query. */
    static final int MAX_IDS = 64;

    /** The most earlier rolls one new roll ends. */
    static final int MAX_SUPERSEDED = 100;

    /**
     * A member's rolls at the table, still open, that a new roll for the same character takes over (see
     * {@link RollEndings#supersededBy}, the same rule for a roll stored on its own): those numbered before it, which
     * {@link #supersede} keeps. The number is compared there, not here: with {@code seq < ?} in the query, H2 reads
     * through the index of the table's numbers, every earlier roll of the table's log at each roll, where without it
     * it reads through the member's open rolls ({@code dh_roll_member_open}: table, member, open), those alone.
     */
    static final String SUPERSEDED_FOR_CHARACTER = "SELECT id, seq FROM dh_roll WHERE table_id = ? AND member_id = ?"
            + " AND open_moves = TRUE AND character_id = ? ORDER BY id";
    /** The same, for a new roll for no character: those of the same procedure for no character. */
    static final String SUPERSEDED_FOR_PROCEDURE = "SELECT id, seq FROM dh_roll WHERE table_id = ? AND member_id = ?"
            + " AND open_moves = TRUE AND character_id IS NULL AND system_id = ? AND procedure_id = ? ORDER BY id";
    /** Ends one of them, unless a move ended it meanwhile (the row's lock waits for that move's transaction). */
    static final String END_SUPERSEDED = "UPDATE dh_roll SET open_moves = FALSE, ended = '" + Ending.SUPERSEDED.name()
            + "' WHERE id = ? AND open_moves = TRUE";

    /**
     * What a batch stored.
     *
     * @param numbers each stored roll's number, by roll id; a roll at a closed (or unknown) table is absent
     * @param superseded by new roll id, the earlier rolls it ended; absent when it ended none
     * @param posted the ids of the stored rolls that queued a webhook post ({@link Outbox#add}); ending the
     *     superseded rolls queues none
     */
    record Stored(Map<String, Long> numbers, Map<String, List<String>> superseded, Set<String> posted) {
    }

    /** One batch's transaction, seen in a flight recording (JFR): how many rolls, at how many tables, for how long. */
    @jdk.jfr.Name("io.dicehall.RollBatch")
    @jdk.jfr.Label("Roll batch stored")
    @jdk.jfr.Category("Dicehall")
    static final class BatchEvent extends jdk.jfr.Event {
        @jdk.jfr.Label("Rolls")
        int rolls;
        @jdk.jfr.Label("Tables")
        int tables;
        @jdk.jfr.Label("Waiting in the queue")
        int waiting;
    }

    static final String TAKE_NUMBERS = "UPDATE dh_table SET next_seq = next_seq + ?, version = version + 1"
            + " WHERE id = ? AND closed = FALSE";
    static final String INSERT_ROLL = "INSERT INTO dh_roll (id, table_id, seq, system_id, procedure_id, inputs_json,"
            + " note, roller, member_id, visibility, roller_key_hash, created_at, steps, by_hand, character_name,"
            + " character_id, open_moves, active_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?)";
    static final String INSERT_STEP = "INSERT INTO dh_roll_step (roll_id, idx, move_id, move_inputs_json, state_json,"
            + " dice_drawn, created_at) VALUES (?, 0, 'start', NULL, ?, 0, ?)";

    private RollBatch() {
    }

    /**
     * Stores a batch in one transaction.
     *
     * @param rolls the rolls, in the order they arrived
     * @return each stored roll's number and the earlier rolls it ended
     * @throws SQLException when the transaction did not commit (nothing of it is stored)
     */
    static Stored commit(DataSource store, List<NewRoll> rolls) throws SQLException {
        var byTable = new TreeMap<String, List<NewRoll>>();
        for (NewRoll r : rolls) {
            byTable.computeIfAbsent(r.tableId(), t -> new ArrayList<>()).add(r);
        }
        var numbered = new HashMap<String, Long>();
        Map<String, List<String>> superseded = Map.of();
        Set<String> posted = Set.of();
        try (Connection db = store.getConnection()) {
            boolean autoCommit = db.getAutoCommit();
            db.setAutoCommit(false);
            try {
                try (PreparedStatement take = db.prepareStatement(TAKE_NUMBERS)) {
                    for (Map.Entry<String, List<NewRoll>> table : byTable.entrySet()) {
                        take.setInt(1, table.getValue().size());
                        take.setString(2, table.getKey());
                        take.addBatch();
                    }
                    take.executeBatch();
                }
                Map<String, Long> next = nextNumbers(db, new ArrayList<>(byTable.keySet()));
                for (Map.Entry<String, List<NewRoll>> table : byTable.entrySet()) {
                    Long after = next.get(table.getKey());
                    if (after == null) { // closed (or gone): the update took nothing
                        continue;
                    }
                    long seq = after - table.getValue().size();
                    for (NewRoll r : table.getValue()) {
                        numbered.put(r.id(), seq++);
                    }
                }
                if (!numbered.isEmpty()) {
                    List<NewRoll> stored = rolls.stream().filter(r -> numbered.containsKey(r.id())).toList();
                    posted = insert(db, stored, numbered);
                    superseded = supersede(db, stored, numbered);
                }
                db.commit();
            } catch (SQLException | RuntimeException e) {
                try {
                    db.rollback();
                } catch (SQLException rollback) {
                    e.addSuppressed(rollback);
                }
                throw e;
            } finally {
                try {
                    db.setAutoCommit(autoCommit);
                } catch (SQLException ignored) {
                    // the connection goes back to the pool, which checks it
                }
            }
        }
        return new Stored(numbered, superseded, posted);
    }

    /**
     * Ends the open moves of the earlier rolls each member's new roll takes over, in the batch's transaction: a
     * roll made with that rule needs no second transaction (and no second wait for the disk) for it.
     *
     * @return by new roll id, the rolls it ended
     */
    private static Map<String, List<String>> supersede(Connection db, List<NewRoll> stored, Map<String, Long> numbered)
            throws SQLException {
        var ended = new HashMap<String, List<String>>();
        try (PreparedStatement forCharacter = db.prepareStatement(SUPERSEDED_FOR_CHARACTER);
                PreparedStatement forProcedure = db.prepareStatement(SUPERSEDED_FOR_PROCEDURE);
                PreparedStatement end = db.prepareStatement(END_SUPERSEDED)) {
            for (NewRoll r : stored) {
                if (r.memberId() == null) {
                    continue; // a guest's roll takes over nothing
                }
                PreparedStatement find = r.characterId() != null ? forCharacter : forProcedure;
                find.setString(1, r.tableId());
                find.setString(2, r.memberId());
                if (r.characterId() != null) {
                    find.setString(3, r.characterId());
                } else {
                    find.setString(3, r.systemId());
                    find.setString(4, r.procedureId());
                }
                long number = numbered.get(r.id());
                var earlier = new ArrayList<String>();
                try (ResultSet rows = find.executeQuery()) {
                    while (rows.next() && earlier.size() < MAX_SUPERSEDED) {
                        if (rows.getLong(2) < number) { // not itself, nor a later roll of the same batch
                            earlier.add(rows.getString(1));
                        }
                    }
                }
                var taken = new ArrayList<String>();
                for (String id : earlier) {
                    end.setString(1, id);
                    if (end.executeUpdate() == 1) {
                        taken.add(id);
                    }
                }
                if (!taken.isEmpty()) {
                    ended.put(r.id(), List.copyOf(taken));
                }
            }
        }
        return ended;
    }

    /** @return each open table's next number, after the numbers this transaction took; closed tables are absent */
    private static Map<String, Long> nextNumbers(Connection db, List<String> ids) throws SQLException {
        var next = new HashMap<String, Long>();
        for (int from = 0; from < ids.size(); from += MAX_IDS) {
            List<String> part = ids.subList(from, Math.min(ids.size(), from + MAX_IDS));
            String sql = "SELECT id, next_seq, closed FROM dh_table WHERE id IN (" + "?, ".repeat(part.size() - 1) + "?)";
            try (PreparedStatement read = db.prepareStatement(sql)) {
                for (int i = 0; i < part.size(); i++) {
                    read.setString(i + 1, part.get(i));
                }
                try (ResultSet rows = read.executeQuery()) {
                    while (rows.next()) {
                        if (!rows.getBoolean(3)) {
                            next.put(rows.getString(1), rows.getLong(2));
                        }
                    }
                }
            }
        }
        return next;
    }

    /**
     * Inserts the numbered rolls, their first steps, and (in the same transaction) their webhook posts.
     *
     * @return the ids of the rolls that queued a post
     */
    private static Set<String> insert(Connection db, List<NewRoll> stored, Map<String, Long> numbered) throws SQLException {
        try (PreparedStatement rolls = db.prepareStatement(INSERT_ROLL)) {
            for (NewRoll r : stored) {
                rolls.setString(1, r.id());
                rolls.setString(2, r.tableId());
                rolls.setLong(3, numbered.get(r.id()));
                rolls.setString(4, r.systemId());
                rolls.setString(5, r.procedureId());
                rolls.setString(6, r.inputsJson());
                rolls.setString(7, r.note());
                rolls.setString(8, r.roller());
                rolls.setString(9, r.memberId());
                rolls.setString(10, r.visibility().name());
                rolls.setString(11, r.rollerKeyHash());
                rolls.setTimestamp(12, Timestamp.valueOf(r.createdAt()));
                rolls.setBoolean(13, r.byHand());
                rolls.setString(14, r.characterName());
                rolls.setString(15, r.characterId());
                rolls.setBoolean(16, r.openMoves());
                rolls.setTimestamp(17, Timestamp.valueOf(r.createdAt()));
                rolls.addBatch();
            }
            rolls.executeBatch();
        }
        try (PreparedStatement steps = db.prepareStatement(INSERT_STEP)) {
            for (NewRoll r : stored) {
                steps.setString(1, r.id());
                steps.setString(2, r.stateJson());
                steps.setTimestamp(3, Timestamp.valueOf(r.createdAt()));
                steps.addBatch();
            }
            steps.executeBatch();
        }
        return Outbox.add(db, stored.stream().map(r -> Outbox.Stored.thrown(r.tableId(), r.id(), r.createdAt())).toList());
    }
}
