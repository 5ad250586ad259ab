package io.dicehall.web.tables.control;

import io.dicehall.api.Dice;
import io.dicehall.api.GivenDice;
import io.dicehall.api.Move;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.json.ApiJson;
import io.dicehall.api.odds.Odds;
import io.dicehall.api.state.RollState;
import io.dicehall.web.platform.Durable;
import io.dicehall.web.platform.Ids;
import io.dicehall.web.platform.Problem;
import io.dicehall.web.platform.Refusal;
import io.dicehall.web.platform.SecureDice;
import io.dicehall.web.systems.control.InstalledSystem;
import io.dicehall.web.systems.control.InstalledSystem.InstalledProcedure;
import io.dicehall.web.systems.control.Rules;
import io.dicehall.web.tables.entity.GameTable;
import io.dicehall.web.tables.entity.Member;
import io.dicehall.web.tables.entity.RollStep;
import io.dicehall.web.tables.entity.TableRoll;
import io.dicehall.web.tables.entity.Visibility;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.json.bind.Jsonb;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.security.SecureRandom;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Tables, their members and their rolls, stored with Jakarta Persistence. */
@ApplicationScoped
@Transactional
public class TableService {

    private static final Jsonb JSON = ApiJson.create();
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Dice fairDice = new SecureDice();

    /** The most tables {@link #verifiableTables} remembers before it starts again. */
    private static final int MAX_REMEMBERED = 10_000;
    /** Tables rolled at on this instance, by id: whether each is verifiable (tables are never deleted). */
    private final Map<String, Boolean> verifiableTables = new ConcurrentHashMap<>();

    @PersistenceContext(unitName = "dicehall")
    EntityManager em;

    @Inject
    Rules rules;

    @Inject
    Event<TableEvent> events;

    @Inject
    RollWriter writer;

    /** This bean through its proxy: to roll under the table's lock in a transaction of its own. */
    @Inject
    TableService self;

    /**
     * Whether rolls at fair tables are stored by the {@link RollWriter} (group commit, the default) rather
     * than each in a transaction of its own under the table's lock, as a verifiable table's are.
     */
    @Inject
    @ConfigProperty(name = "dicehall.tables.group-commit", defaultValue = "true")
    boolean groupCommit;

    /** A new table and the owner key that can rename or close it, returned only once. */
    public record Created(GameTable table, String ownerKey) {
    }

    /** A roll at a table with its current state, and its key when it was just made. */
    public record Roll(TableRoll roll, RollState state, String rollerKey) {
    }

    /** A page of a table's log, newest first, and the cursor of the next page (null at the end). */
    public record Page(List<Roll> rolls, Long next) {
    }

    @Durable
    public Created create(String name, boolean verifiable) {
        String ownerKey = Ids.random();
        String seed = null;
        String commitment = null;
        if (verifiable) {
            byte[] bytes = new byte[32];
            RANDOM.nextBytes(bytes);
            seed = HexFormat.of().formatHex(bytes);
            commitment = HexFormat.of().formatHex(sha256(bytes));
        }
        GameTable table = new GameTable(Ids.random(), name, Ids.hashHex(ownerKey), now(), seed, commitment);
        em.persist(table);
        return new Created(table, ownerKey);
    }

    /** @throws io.dicehall.web.platform.ProblemException 404 for an unknown or malformed id */
    @Transactional(TxType.SUPPORTS) // a read: no transaction of its own
    public GameTable table(String id) {
        GameTable table = Ids.wellFormed(id) ? em.find(GameTable.class, id) : null;
        if (table == null) {
            throw Refusal.of(Refusal.Kind.UNKNOWN, "unknown-table", "Unknown table",
                    "There is no table at this address. Ask for the invite link again.");
        }
        return table;
    }

    /** @return who the keys prove the viewer to be at this table */
    @Transactional(TxType.SUPPORTS) // a read: no transaction of its own
    public Viewer viewer(GameTable table, String ownerKey, String memberKey, String rollerKey) {
        boolean owner = ownerKey != null && Ids.matches(ownerKey, Ids.hex(table.ownerKeyHash()));
        String memberId = null;
        if (memberKey != null && !memberKey.isEmpty()) {
            memberId = em.createQuery("SELECT m FROM Member m WHERE m.tableId = :t AND m.keyHash = :k", Member.class)
                    .setParameter("t", table.id()).setParameter("k", Ids.hashHex(memberKey))
                    .getResultStream().map(Member::id).findFirst().orElse(null);
        }
        return new Viewer(owner, memberId, rollerKey);
    }

    /**
     * Who rolls at a table, by their member key or as a guest; the table must exist (else 404). A guest at a
     * table this instance has rolled at needs no read: tables are never deleted, and one closed meanwhile
     * refuses the roll when it is stored.
     */
    @Transactional(TxType.SUPPORTS) // a read: no transaction of its own
    public Viewer roller(String tableId, String memberKey) {
        if ((memberKey == null || memberKey.isEmpty()) && verifiableTables.containsKey(tableId)) {
            return new Viewer(false, null, null);
        }
        GameTable table = table(tableId);
        remember(table);
        return viewer(table, null, memberKey, null);
    }

    private GameTable owned(String id, String ownerKey) {
        GameTable table = em.find(GameTable.class, table(id).id(), LockModeType.PESSIMISTIC_WRITE);
        if (ownerKey == null || !Ids.matches(ownerKey, Ids.hex(table.ownerKeyHash()))) {
            throw Refusal.of(Refusal.Kind.NOT_ALLOWED, "owner-key-wrong", "Owner key needed",
                    "Only the table's owner may do this: send the ownerKey in the Owner-Key header.");
        }
        return table;
    }

    @Durable
    public GameTable rename(String id, String ownerKey, String name) {
        GameTable table = owned(id, ownerKey);
        table.rename(name);
        events.fire(TableEvent.aboutTable(table.id()));
        return table;
    }

    @Durable
    public GameTable close(String id, String ownerKey) {
        GameTable table = owned(id, ownerKey);
        table.close();
        events.fire(TableEvent.aboutTable(table.id()));
        return table;
    }

    public record Joined(Member member, String memberKey) {
    }

    /**
     * Joins a table with a display name. Whoever joins holding the owner's key sits as the table's GM;
     * a wrong owner key is refused rather than ignored, so a GM never silently joins as a player.
     */
    @Durable
    public Joined join(String id, String name, String ownerKey) {
        GameTable table = table(id);
        refuseIfClosed(table);
        boolean gm = ownerKey != null && !ownerKey.isEmpty();
        if (gm) {
            owned(id, ownerKey);
        }
        String key = Ids.random();
        Member member = new Member(Ids.random(), table.id(), name, Ids.hashHex(key), now(), gm);
        em.persist(member);
        events.fire(TableEvent.aboutMembers(table.id()));
        return new Joined(member, key);
    }

    /** The member a key proves, at that table; 403 when the key is missing or proves nobody. */
    public Member member(String id, String memberKey) {
        GameTable table = table(id);
        Viewer viewer = viewer(table, null, memberKey, null);
        if (viewer.memberId() == null) {
            throw Refusal.of(Refusal.Kind.NOT_ALLOWED, "member-key-wrong", "Member key needed",
                    "Only a member may do this: send the memberKey you were given when joining, in the Member-Key header.");
        }
        return em.find(Member.class, viewer.memberId());
    }

    /** A member changes the name the others see; their earlier rolls keep the name they were made under. */
    @Durable
    public Member renameMember(String id, String memberKey, String name) {
        Member member = member(id, memberKey);
        refuseIfClosed(table(id));
        member.rename(name);
        events.fire(TableEvent.aboutMembers(member.tableId()));
        return member;
    }

    /**
     * A member leaves: their seat and key are gone, their rolls stay in the log under the name they were
     * made with (and a hidden roll of theirs stays hidden, now seen by the GM alone when it was for the GM).
     */
    @Durable
    public void leave(String id, String memberKey) {
        Member member = member(id, memberKey);
        em.remove(member);
        events.fire(TableEvent.aboutMembers(member.tableId()));
    }

    /**
     * Changes who sees a roll: its roller (by roller key or member key) or the GM (owner key) may, while the
     * table is open. Revealing a secret roll is the usual case.
     */
    @Durable
    public TableRoll changeVisibility(String tableId, String rollId, Viewer viewer, Visibility visibility) {
        GameTable table = table(tableId);
        TableRoll roll = rollAt(table, rollId, viewer);
        if (!viewer.owner() && !viewer.rolled(roll)) {
            throw Refusal.of(Refusal.Kind.NOT_ALLOWED, "not-yours", "Not your roll",
                    "Only the roller (with the Roller-Key or Member-Key) or the GM (Owner-Key) may change who sees this roll.");
        }
        refuseIfClosed(table);
        roll = em.find(TableRoll.class, roll.id(), LockModeType.PESSIMISTIC_WRITE);
        if (roll.visibility() != visibility) {
            roll.show(visibility);
            events.fire(new TableEvent(table.id(), roll.id(), TableEvent.VISIBILITY));
        }
        return roll;
    }

    public List<Member> members(GameTable table) {
        return em.createQuery("SELECT m FROM Member m WHERE m.tableId = :t ORDER BY m.joinedAt, m.id", Member.class)
                .setParameter("t", table.id()).getResultList();
    }

    /**
     * Rolls at a table, numbered in the table's log without gaps. A fair table's dice do not depend on the
     * roll's number, so its roll is thrown first and then stored by the {@link RollWriter} together with the
     * rolls that arrive meanwhile (group commit: one transaction, one sync); a verifiable table derives its
     * dice from the number, so its roll is thrown under the table's row lock, in a transaction of its own.
     * Either way the answer comes once the roll is on disk, and its {@link TableEvent} after that.
     */
    @Transactional(TxType.NOT_SUPPORTED) // no transaction (and no connection) held while the writer stores it
    public Roll roll(String tableId, Viewer asWho, String systemId, String procedureId, Object rawInputs, String note,
            String roller, Visibility visibility) {
        return roll(tableId, asWho, systemId, procedureId, rawInputs, note, roller, visibility, null, null);
    }

    /**
     * Rolls at a table, as {@link #roll(String, Viewer, String, String, Object, String, String, Visibility)}, with
     * the faces of dice thrown by hand (null for the server's dice) and the character rolled for (or null).
     *
     * @param faces the faces the roller threw, in order; only where the table allows physical dice
     */
    @Transactional(TxType.NOT_SUPPORTED) // no transaction (and no connection) held while the writer stores it
    public Roll roll(String tableId, Viewer asWho, String systemId, String procedureId, Object rawInputs, String note,
            String roller, Visibility visibility, List<String> faces, String characterName) {
        InstalledSystem system = rules.system(systemId);
        InstalledProcedure procedure = rules.procedure(systemId, procedureId);
        Inputs inputs = rules.inputs(system, procedure, rawInputs);
        // A fair roll at a table seen before needs no read first: the writer refuses it if the table was closed.
        Boolean knownVerifiable = faces == null ? verifiableTables.get(tableId) : null;
        boolean verifiable;
        GivenDice given = null;
        if (knownVerifiable != null) {
            verifiable = knownVerifiable;
        } else {
            GameTable table = table(tableId);
            refuseIfClosed(table);
            remember(table);
            verifiable = table.verifiable();
            given = faces == null ? null : byHand(table, faces);
        }
        RollState thrown = given != null ? thrown(system, procedure, inputs, given)
                : verifiable ? null : rules.start(system, procedure, inputs, fairDice);
        Roll made;
        if (verifiable || !groupCommit) {
            made = self.rollUnderLock(tableId, asWho, system, procedure, inputs, note, roller, visibility, given,
                    thrown, characterName);
        } else {
            String key = Ids.random();
            RollWriter.NewRoll row = new RollWriter.NewRoll(Ids.ordered(), tableId, system.id(), procedure.id(),
                    JSON.toJson(inputs.toMap()), note, roller, asWho.memberId(), visibility, Ids.hashHex(key), now(),
                    given != null, characterName, JSON.toJson(thrown));
            made = new Roll(row.entity(writer.store(row)), thrown, key);
        }
        // Outside any transaction, so heard at once: after the roll is on disk.
        events.fire(new TableEvent(tableId, made.roll().id(), TableEvent.ROLL));
        return made;
    }

    /**
     * A roll stored in a transaction of its own, under the table's row lock: a verifiable table's, thrown under
     * the lock because its dice depend on the number (and every roll when group commit is off). Not for callers
     * outside this class (public only so that it runs through the bean's proxy): {@link #roll} checks the inputs
     * and the table first, and tells the table's listeners once this returned.
     *
     * @param thrown the first state when already thrown (fair dice, dice by hand), else null
     */
    @Transactional(TxType.REQUIRES_NEW)
    @Durable
    public Roll rollUnderLock(String tableId, Viewer asWho, InstalledSystem system, InstalledProcedure procedure,
            Inputs inputs, String note, String roller, Visibility visibility, GivenDice given, RollState thrown,
            String characterName) {
        GameTable table = em.find(GameTable.class, tableId, LockModeType.PESSIMISTIC_WRITE);
        refuseIfClosed(table);
        long seq = table.takeSequenceNumber();
        Dice dice = dice(table, seq, 0);
        RollState first = thrown != null ? thrown : rules.start(system, procedure, inputs, dice);
        String key = Ids.random();
        TableRoll roll = new TableRoll(Ids.ordered(), table.id(), seq, system.id(), procedure.id(),
                JSON.toJson(inputs.toMap()), note, roller, asWho.memberId(), visibility, Ids.hashHex(key), now())
                .rolled(given != null, characterName);
        em.persist(roll);
        em.flush(); // the roll's row first: its steps refer to it
        em.persist(new RollStep(roll.id(), roll.addStep(), "start", null, JSON.toJson(first), drawn(dice), now()));
        return new Roll(roll, first, key);
    }

    /** Remembers that a table exists and whether it is verifiable, which never changes. */
    private void remember(GameTable table) {
        if (verifiableTables.size() >= MAX_REMEMBERED) {
            verifiableTables.clear();
        }
        verifiableTables.put(table.id(), table.verifiable());
    }

    /** Dice thrown by hand, where the table allows them. */
    private static GivenDice byHand(GameTable table, List<String> faces) {
        if (table.verifiable() || !table.physicalDice()) {
            throw Refusal.of(Refusal.Kind.CONFLICT, "physical-dice-off", "Physical dice not allowed", table.verifiable()
                    ? "A verifiable table throws every die itself, from its committed seed: faces cannot be entered."
                    : "This table's owner has not allowed dice thrown by hand.");
        }
        if (faces.size() > MAX_FACES) {
            throw Refusal.violated(Refusal.Kind.INVALID, "invalid-input", "Invalid input", "Too many faces.", "",
                    List.of(new io.dicehall.api.form.Violation("faces", "may hold at most " + MAX_FACES + " faces")));
        }
        return GivenDice.of(faces);
    }

    /** The most faces one roll or move may be given by hand. */
    public static final int MAX_FACES = 200;

    private RollState thrown(InstalledSystem system, InstalledProcedure procedure, Inputs inputs, GivenDice given) {
        RollState first = rules.start(system, procedure, inputs, given);
        requireAllUsed(given);
        return first;
    }

    private static void requireAllUsed(GivenDice given) {
        try {
            given.requireAllUsed();
        } catch (GivenDice.Refused extra) {
            throw Rules.wrongFaces(extra);
        }
    }

    /** The owner allows (or stops allowing) dice thrown by hand; never on a verifiable table. */
    @Durable
    public GameTable allowPhysicalDice(String id, String ownerKey, boolean allowed) {
        GameTable table = owned(id, ownerKey);
        if (allowed && table.verifiable()) {
            throw Refusal.of(Refusal.Kind.CONFLICT, "physical-dice-off", "Physical dice not allowed",
                    "A verifiable table throws every die itself, from its committed seed.");
        }
        refuseIfClosed(table);
        if (table.physicalDice() != allowed) {
            table.allowPhysicalDice(allowed);
            events.fire(TableEvent.aboutTable(table.id()));
        }
        return table;
    }

    @Durable
    public Roll move(String tableId, String rollId, String rollerKey, String memberKey, String moveId,
            Object rawInputs) {
        return move(tableId, rollId, rollerKey, memberKey, moveId, rawInputs, null);
    }

    /**
     * A move by the roller: whoever holds the roll's key, or the member who made it (their member key), so
     * that every device of theirs can play it. A roll thrown by hand takes the faces of the dice the move
     * throws ({@code faces}: exactly as many as it throws, none when it throws none).
     */
    @Durable
    public Roll move(String tableId, String rollId, String rollerKey, String memberKey, String moveId,
            Object rawInputs, List<String> faces) {
        GameTable table = table(tableId);
        Viewer viewer = viewer(table, null, memberKey, rollerKey);
        TableRoll roll = rollAt(table, rollId, viewer);
        if (viewer.memberId() == null || !viewer.memberId().equals(roll.memberId())) {
            Ids.requireRollerKey(rollerKey, Ids.hex(roll.rollerKeyHash()));
        }
        roll = em.find(TableRoll.class, roll.id(), LockModeType.PESSIMISTIC_WRITE);
        refuseIfClosed(table);
        InstalledSystem system = rules.system(roll.systemId());
        InstalledProcedure procedure = rules.procedure(roll.systemId(), roll.procedureId());
        Inputs inputs = storedInputs(procedure, roll);
        RollStep last = lastStep(roll);
        RollState state = JSON.fromJson(last.stateJson(), RollState.class);
        if (!roll.byHand() && faces != null) {
            throw Refusal.of(Refusal.Kind.CONFLICT, "physical-dice-off", "Not a roll by hand",
                    "This roll's dice were thrown by the server; its moves are too.");
        }
        GivenDice given = roll.byHand() ? GivenDice.of(faces == null ? List.of() : faces) : null;
        Dice dice = given != null ? given : dice(table, roll.seq(), last.diceDrawn());
        Rules.Played played = rules.play(system, procedure, inputs, state, roll.steps() - 1, moveId, rawInputs, dice);
        if (given != null) {
            requireAllUsed(given);
        }
        Move move = played.move();
        RollState next = played.next();
        em.persist(new RollStep(roll.id(), roll.addStep(), move.id(), JSON.toJson(move.inputs().toMap()),
                JSON.toJson(next), drawn(dice), now()));
        events.fire(new TableEvent(table.id(), roll.id(), TableEvent.MOVE));
        return new Roll(roll, next, null);
    }

    /** A roll at a table, as the viewer may see it, judged: a move's decision odds (if named) and best play. */
    public io.dicehall.web.systems.control.Judged judge(String tableId, String rollId, Viewer viewer, String moveId,
            Object rawInputs, String goalId) {
        TableRoll roll = rollAt(table(tableId), rollId, viewer);
        InstalledSystem system = rules.system(roll.systemId());
        InstalledProcedure procedure = rules.procedure(roll.systemId(), roll.procedureId());
        RollState state = JSON.fromJson(lastStep(roll).stateJson(), RollState.class);
        return rules.judge(system, procedure, storedInputs(procedure, roll), state, moveId, rawInputs, goalId);
    }

    /** Decision odds of a move on a roll the viewer can see. */
    public Odds odds(String tableId, String rollId, Viewer viewer, String moveId, Object rawInputs) {
        TableRoll roll = rollAt(table(tableId), rollId, viewer);
        InstalledSystem system = rules.system(roll.systemId());
        InstalledProcedure procedure = rules.procedure(roll.systemId(), roll.procedureId());
        Inputs inputs = storedInputs(procedure, roll);
        RollState state = JSON.fromJson(lastStep(roll).stateJson(), RollState.class);
        return rules.odds(system, procedure, inputs, state, rules.move(system, procedure, inputs, state, moveId, rawInputs));
    }

    /** @return the roll if it is at that table and the viewer may see it; 404 otherwise, hidden or not */
    public TableRoll rollAt(GameTable table, String rollId, Viewer viewer) {
        TableRoll roll = Ids.wellFormed(rollId) ? em.find(TableRoll.class, rollId) : null;
        if (roll == null || !roll.tableId().equals(table.id()) || !viewer.canSee(roll)) {
            throw Refusal.of(Refusal.Kind.UNKNOWN, "unknown-roll", "Unknown roll", "There is no such roll at this table.");
        }
        return roll;
    }

    public Roll read(String tableId, String rollId, Viewer viewer) {
        TableRoll roll = rollAt(table(tableId), rollId, viewer);
        return new Roll(roll, JSON.fromJson(lastStep(roll).stateJson(), RollState.class), null);
    }

    /** The log, newest first, holding only what the viewer may see. */
    public Page log(GameTable table, Viewer viewer, Long before, int limit) {
        return log(table, viewer, before, 0, limit);
    }

    /** The log, newest first, holding only what the viewer may see, of the rolls numbered after {@code after}. */
    public Page log(GameTable table, Viewer viewer, Long before, long after, int limit) {
        List<TableRoll> rolls = em.createQuery("SELECT r FROM TableRoll r WHERE r.tableId = :t AND r.seq < :before"
                + " AND r.seq > :after"
                + " AND (r.visibility = :public OR (r.visibility = :gm AND :owner = TRUE)"
                + " OR (r.memberId IS NOT NULL AND r.memberId = :member)) ORDER BY r.seq DESC", TableRoll.class)
                .setParameter("t", table.id())
                .setParameter("before", before == null ? Long.MAX_VALUE : before)
                .setParameter("after", after)
                .setParameter("public", Visibility.PUBLIC)
                .setParameter("gm", Visibility.GM)
                .setParameter("owner", viewer.owner())
                .setParameter("member", viewer.memberId() == null ? "" : viewer.memberId())
                .setMaxResults(limit + 1).getResultList();
        boolean more = rolls.size() > limit;
        List<Roll> page = rolls.stream().limit(limit)
                .map(r -> new Roll(r, JSON.fromJson(lastStep(r).stateJson(), RollState.class), null)).toList();
        return new Page(page, more ? page.get(page.size() - 1).roll().seq() : null);
    }

    /** A roll the viewer may not see: its number, who rolled it and for whom, nothing of its content. */
    public record Secret(long seq, String roller, Visibility visibility, LocalDateTime at) {
    }

    /** @return the rolls numbered {@code from} to {@code to} that the viewer may not see, newest first */
    public List<Secret> secrets(GameTable table, Viewer viewer, long from, long to) {
        return em.createQuery("SELECT r.seq, r.roller, r.visibility, r.createdAt FROM TableRoll r WHERE r.tableId = :t"
                + " AND r.seq >= :from AND r.seq <= :to AND r.visibility <> :public"
                + " AND NOT (r.visibility = :gm AND :owner = TRUE)"
                + " AND (r.memberId IS NULL OR r.memberId <> :member) ORDER BY r.seq DESC", Object[].class)
                .setParameter("t", table.id())
                .setParameter("from", from)
                .setParameter("to", to)
                .setParameter("public", Visibility.PUBLIC)
                .setParameter("gm", Visibility.GM)
                .setParameter("owner", viewer.owner())
                .setParameter("member", viewer.memberId() == null ? "" : viewer.memberId())
                .getResultStream()
                .map(row -> new Secret((Long) row[0], (String) row[1], (Visibility) row[2], (LocalDateTime) row[3]))
                .toList();
    }

    /** @return what anyone at the table may know of a roll: that it exists, by whom, for whom */
    public Secret secret(String tableId, String rollId) {
        TableRoll roll = Ids.wellFormed(rollId) ? em.find(TableRoll.class, rollId) : null;
        if (roll == null || !roll.tableId().equals(tableId)) {
            throw Refusal.of(Refusal.Kind.UNKNOWN, "unknown-roll", "Unknown roll", "There is no such roll at this table.");
        }
        return new Secret(roll.seq(), roll.roller(), roll.visibility(), roll.createdAt());
    }

    /** Every roll of a table in order with all its steps: for verification. */
    public List<TableRoll> allRolls(GameTable table) {
        return em.createQuery("SELECT r FROM TableRoll r WHERE r.tableId = :t ORDER BY r.seq", TableRoll.class)
                .setParameter("t", table.id()).getResultList();
    }

    public List<RollStep> steps(TableRoll roll) {
        return em.createQuery("SELECT s FROM RollStep s WHERE s.rollId = :r ORDER BY s.index", RollStep.class)
                .setParameter("r", roll.id()).getResultList();
    }

    private RollStep lastStep(TableRoll roll) {
        return em.find(RollStep.class, new RollStep.Key(roll.id(), roll.steps() - 1));
    }

    @SuppressWarnings("unchecked")
    static Inputs storedInputs(InstalledProcedure procedure, TableRoll roll) {
        return InputChecker.check(procedure.form(), JSON.fromJson(roll.inputsJson(), Map.class)).orThrow();
    }

    private static void refuseIfClosed(GameTable table) {
        if (table.closed()) {
            throw Refusal.of(Refusal.Kind.CONFLICT, "table-closed", "Table closed", "This table is closed; its log can still be read.");
        }
    }

    private Dice dice(GameTable table, long seq, long drawn) {
        return table.verifiable() ? new StreamDice(HexFormat.of().parseHex(table.seed()), seq, drawn) : fairDice;
    }

    private static long drawn(Dice dice) {
        return dice instanceof StreamDice stream ? stream.drawn() : 0;
    }

    static byte[] sha256(byte[] bytes) {
        try {
            return java.security.MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static LocalDateTime now() {
        return LocalDateTime.now(ZoneOffset.UTC);
    }
}
