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
import io.dicehall.web.tables.entity.Ending;
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

    @Inject
    io.dicehall.web.platform.ClientLimits limits;

    /** The request being served, for a guest's address (the rolls a second are counted per guest address). */
    @Inject
    jakarta.enterprise.inject.Instance<jakarta.servlet.http.HttpServletRequest> request;

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

    /**
     * A new table and the owner key that can rename or close it, returned only once; and the GM's seat with its
     * member key when the table was opened with the GM's name (else null).
     */
    public record Created(GameTable table, String ownerKey, Joined gmSeat) {

        public Created(GameTable table, String ownerKey) {
            this(table, ownerKey, null);
        }
    }

    /** The character a roll is rolled for: its id and name (as it was named when rolled). */
    public record Tag(String id, String name) {
    }

    /** A roll at a table with its current state, and its key when it was just made. */
    public record Roll(TableRoll roll, RollState state, String rollerKey) {
    }

    /** A page of a table's log, newest first, and the cursor of the next page (null at the end). */
    public record Page(List<Roll> rolls, Long next) {
    }

    @Durable
    public Created create(String name, boolean verifiable) {
        return create(name, verifiable, null);
    }

    /**
     * Opens a table; with {@code gmName}, seats its opener at once as the table's GM under that name (the
     * answer then holds both the owner key and the GM seat's member key), so the GM need not join it again.
     */
    @Durable
    public Created create(String name, boolean verifiable, String gmName) {
        String ownerKey = Ids.random();
        String seed = null;
        String commitment = null;
        if (verifiable) {
            seed = randomHex();
            commitment = commitment(seed);
        }
        GameTable table = new GameTable(Ids.random(), name, Ids.hashHex(ownerKey), now(), seed, commitment);
        if (verifiable) {
            table.holdDiceSecret(randomHex());
        }
        em.persist(table);
        if (gmName == null) {
            return new Created(table, ownerKey);
        }
        em.flush(); // the table's row first: the seat refers to it
        String key = Ids.random();
        Member gm = new Member(Ids.random(), table.id(), gmName, Ids.hashHex(key), now(), true);
        em.persist(gm);
        return new Created(table, ownerKey, new Joined(gm, key));
    }

    /**
     * Whether a key is the table's owner key: for a client that keeps the key (a browser's long-lived cookie,
     * a GM link) and asks before it acts as the GM. Never throws for a wrong key; 404 for an unknown table.
     */
    @Transactional(TxType.SUPPORTS) // a read: no transaction of its own
    public boolean ownerKeyHolds(String tableId, String ownerKey) {
        GameTable table = table(tableId);
        return ownerKey != null && !ownerKey.isEmpty() && Ids.matches(ownerKey, Ids.hex(table.ownerKeyHash()));
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
        } else {
            locked(table);
        }
        refuseTakenName(table, name, null);
        limits.seat(em.createQuery("SELECT COUNT(m) FROM Member m WHERE m.tableId = :t", Long.class)
                .setParameter("t", table.id()).getSingleResult());
        String key = Ids.random();
        Member member = new Member(Ids.random(), table.id(), name, Ids.hashHex(key), now(), gm);
        em.persist(member);
        events.fire(TableEvent.aboutMembers(table.id()));
        return new Joined(member, key);
    }

    /** Takes the table's row lock: seats are taken one at a time, on every instance. */
    private void locked(GameTable table) {
        em.find(GameTable.class, table.id(), LockModeType.PESSIMISTIC_WRITE);
    }

    /** Refuses a name another seat at the table has (compared by {@link SeatNames#key}), naming the field. */
    private void refuseTakenName(GameTable table, String name, String exceptMemberId) {
        var others = members(table).stream().filter(m -> !m.id().equals(exceptMemberId)).map(Member::name).toList();
        SeatNames.clash(name, others).ifPresent(taken -> {
            throw Refusal.violated(Refusal.Kind.CONFLICT, "name-taken", "Name taken",
                    "Someone at this table is already seated under that name.", "",
                    List.of(new io.dicehall.api.form.Violation("name", "is taken at this table (by \"" + taken
                            + "\"; names are compared ignoring case and extra spaces): choose another")));
        });
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
        GameTable table = table(id);
        refuseIfClosed(table);
        locked(table);
        refuseTakenName(table, name, member.id());
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
        return rollFor(tableId, asWho, systemId, procedureId, rawInputs, note, roller, visibility, null, null);
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
        return rollFor(tableId, asWho, systemId, procedureId, rawInputs, note, roller, visibility, faces,
                characterName == null ? null : new Tag(null, characterName));
    }

    /**
     * Rolls at a table as who the keys prove: a member rolls in their seat (the roll carries the seat, and
     * {@code roller} may only repeat the seat's name: any other name is refused, naming the field); without a
     * member key it is a guest's roll, where the table allows guests, under a name no seat has.
     *
     * @param roller the name given in the request; null for a member means their seat's name
     * @param character the character it is rolled for (checked by the caller to be the roller's), or null
     */
    @Transactional(TxType.NOT_SUPPORTED) // no transaction (and no connection) held while the writer stores it
    public Roll rollFor(String tableId, Viewer asWho, String systemId, String procedureId, Object rawInputs, String note,
            String roller, Visibility visibility, List<String> faces, Tag character) {
        limits.roll(asWho.memberId() != null ? "member " + asWho.memberId() : "guest " + tableId + " " + address());
        String seated = rollerName(tableId, asWho, roller);
        String characterId = character == null ? null : character.id();
        String characterName = character == null ? null : character.name();
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
            made = self.rollUnderLock(tableId, asWho, system, procedure, inputs, note, seated, visibility, given,
                    thrown, new Tag(characterId, characterName));
        } else {
            String key = Ids.random();
            RollWriter.NewRoll row = new RollWriter.NewRoll(Ids.ordered(), tableId, system.id(), procedure.id(),
                    JSON.toJson(inputs.toMap()), note, seated, asWho.memberId(), visibility, Ids.hashHex(key), now(),
                    given != null, characterName, JSON.toJson(thrown), characterId, !thrown.moves().isEmpty());
            made = new Roll(row.entity(writer.store(row)), thrown, key);
        }
        // Outside any transaction, so heard at once: after the roll is on disk.
        events.fire(new TableEvent(tableId, made.roll().id(), TableEvent.ROLL));
        if (asWho.memberId() != null) {
            List<String> taken = supersededBy(made.roll());
            if (!taken.isEmpty()) { // a transaction (and a forced write) only when there is something to end
                for (String ended : self.endRolls(taken, Ending.SUPERSEDED)) {
                    events.fire(new TableEvent(tableId, ended, TableEvent.MOVE));
                }
            }
        }
        return made;
    }

    /**
     * The name a roll is made under: a member's seat's (a different {@code given} name is refused, naming the
     * field); a guest's own, where the table allows guests and no seat has that name.
     */
    private String rollerName(String tableId, Viewer asWho, String given) {
        if (asWho.memberId() != null) {
            Member seat = em.find(Member.class, asWho.memberId());
            if (seat == null) {
                throw Refusal.of(Refusal.Kind.NOT_ALLOWED, "member-key-wrong", "Member key needed",
                        "This member key's seat is gone: join the table again.");
            }
            if (given != null && !given.isEmpty() && !SeatNames.same(given, seat.name())) {
                throw Refusal.violated(Refusal.Kind.INVALID, "not-your-name", "Not your name",
                        "A member rolls in their own seat, under their seat's name.", "",
                        List.of(new io.dicehall.api.form.Violation("roller", "you are seated as \"" + seat.name()
                                + "\": leave roller out or send that name")));
            }
            return seat.name();
        }
        GameTable table = table(tableId);
        if (!table.guestsAllowed()) {
            throw Refusal.of(Refusal.Kind.NOT_ALLOWED, "guests-off", "Guests may not roll",
                    "This table's owner has turned guest rolls off: join the table and roll with your Member-Key.");
        }
        if (given == null || given.isEmpty()) {
            throw Refusal.violated(Refusal.Kind.INVALID, "invalid-input", "Invalid input",
                    "A guest names themselves.", "", List.of(new io.dicehall.api.form.Violation("roller",
                            "is required for a guest (no Member-Key): the name the roll is shown under")));
        }
        SeatNames.clash(given, members(table).stream().map(Member::name).toList()).ifPresent(taken -> {
            throw Refusal.violated(Refusal.Kind.CONFLICT, "name-taken", "Name taken",
                    "A guest may not roll under the name of someone seated at the table.", "",
                    List.of(new io.dicehall.api.form.Violation("roller", "is the name of a seated member (\""
                            + taken + "\"): join the table and roll with your Member-Key, or pick another name")));
        });
        return given;
    }

    /**
     * @return the ids of its roller's earlier rolls at the table, still open, that this new roll takes over: those
     *     for the same character, or, when it is for none, those of the same procedure for no character
     */
    @Transactional(TxType.SUPPORTS) // a read: no transaction of its own
    public List<String> supersededBy(TableRoll newer) {
        boolean forCharacter = newer.characterId() != null;
        var query = em.createQuery("SELECT r.id FROM TableRoll r WHERE r.tableId = :t AND r.memberId = :m"
                + " AND r.openMoves = TRUE AND r.seq < :seq"
                + (forCharacter ? " AND r.characterId = :c"
                        : " AND r.characterId IS NULL AND r.systemId = :s AND r.procedureId = :p")
                + " ORDER BY r.id", String.class)
                .setParameter("t", newer.tableId()).setParameter("m", newer.memberId())
                .setParameter("seq", newer.seq());
        if (forCharacter) {
            query.setParameter("c", newer.characterId());
        } else {
            query.setParameter("s", newer.systemId()).setParameter("p", newer.procedureId());
        }
        return query.setMaxResults(100).getResultList();
    }

    /**
     * Ends each roll that still has open moves, for a reason. Not for callers outside this class (public only so
     * that it runs through the bean's proxy, in a transaction of its own). Each roll is locked and checked again,
     * so instances that race end each one once.
     *
     * @return the ids of the rolls it ended
     */
    @Transactional(TxType.REQUIRES_NEW)
    @Durable
    public List<String> endRolls(List<String> ids, Ending why) {
        var ended = new java.util.ArrayList<String>();
        for (String id : ids) {
            TableRoll roll = em.find(TableRoll.class, id, LockModeType.PESSIMISTIC_WRITE);
            if (roll != null && roll.openMoves()) {
                roll.end(why);
                ended.add(id);
            }
        }
        return ended;
    }

    /**
     * The GM ends a roll's open moves (the Owner-Key); the roll reads "ended" with its last state, as if its
     * roller had stopped. A roll without open moves is left as it is.
     */
    @Durable
    public TableRoll end(String tableId, String rollId, String ownerKey) {
        GameTable table = owned(tableId, ownerKey);
        TableRoll roll = rollAt(table, rollId, new Viewer(true, null, null));
        refuseIfClosed(table);
        roll = em.find(TableRoll.class, roll.id(), LockModeType.PESSIMISTIC_WRITE);
        RollState state = JSON.fromJson(lastStep(roll).stateJson(), RollState.class);
        if (roll.ended() == null && !state.moves().isEmpty()) {
            roll.end(Ending.GM);
            events.fire(new TableEvent(table.id(), roll.id(), TableEvent.MOVE));
        }
        return roll;
    }

    /**
     * Ends the open moves of every roll on which no move was made for its table's idle time; run by
     * {@link IdleRollSweep} on each instance. Idempotent: each roll is locked and checked again before it ends,
     * so two instances sweeping at once end it once, and a move made meanwhile keeps it open.
     *
     * @return how many rolls it ended
     */
    @Durable
    public int endIdleRolls(LocalDateTime now, int most) {
        var due = new java.util.ArrayList<String>();
        var perTable = new java.util.HashMap<String, String>();
        em.createQuery("SELECT r.id, r.tableId, r.activeAt, t.idleSeconds FROM TableRoll r, GameTable t"
                + " WHERE r.openMoves = TRUE AND t.id = r.tableId ORDER BY r.id", Object[].class)
                .setMaxResults(10 * most).getResultStream().forEach(row -> {
                    LocalDateTime active = (LocalDateTime) row[2];
                    if (due.size() < most && Endings.idle(active, ((Number) row[3]).intValue(), now)) {
                        due.add((String) row[0]);
                        perTable.put((String) row[0], (String) row[1]);
                    }
                });
        int ended = 0;
        for (String id : due) {
            TableRoll roll = em.find(TableRoll.class, id, LockModeType.PESSIMISTIC_WRITE);
            GameTable table = roll == null ? null : em.find(GameTable.class, roll.tableId());
            if (roll != null && table != null && roll.openMoves()
                    && Endings.idle(roll.activeAt(), table.idleSeconds(), now)) {
                roll.end(Ending.IDLE);
                events.fire(new TableEvent(perTable.get(id), id, TableEvent.MOVE));
                ended++;
            }
        }
        return ended;
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
            Tag character) {
        GameTable table = em.find(GameTable.class, tableId, LockModeType.PESSIMISTIC_WRITE);
        refuseIfClosed(table);
        long seq = table.takeSequenceNumber();
        String secret = table.verifiable() ? table.takeDiceSecret(TableService::randomHex) : null;
        Dice dice = dice(table, seq, secret, 0);
        RollState first = thrown != null ? thrown : rules.start(system, procedure, inputs, dice);
        String key = Ids.random();
        TableRoll roll = new TableRoll(Ids.ordered(), table.id(), seq, system.id(), procedure.id(),
                JSON.toJson(inputs.toMap()), note, roller, asWho.memberId(), visibility, Ids.hashHex(key), now())
                .rolled(given != null, null).forCharacter(character.id(), character.name());
        if (secret != null) {
            roll.secret(secret, commitment(secret));
        }
        roll.active(!first.moves().isEmpty(), roll.createdAt());
        em.persist(roll);
        em.flush(); // the roll's row first: its steps refer to it
        em.persist(new RollStep(roll.id(), roll.addStep(), "start", null, JSON.toJson(first), drawn(dice), now()));
        io.dicehall.web.webhooks.control.Outbox.add(em, io.dicehall.web.webhooks.control.Outbox.Stored.thrown(tableId,
                roll.id(), roll.createdAt()));
        return new Roll(roll, first, key);
    }

    /** @return the address of the client being served, or "" outside a request */
    private String address() {
        try {
            return request.get().getRemoteAddr();
        } catch (RuntimeException outsideRequest) {
            return "";
        }
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

    /** The owner lets guests (the invite, no member key) roll, or stops them. */
    @Durable
    public GameTable allowGuests(String id, String ownerKey, boolean allowed) {
        return change(id, ownerKey, t -> t.guestsAllowed() != allowed, t -> t.allowGuests(allowed));
    }

    /** The most seconds a roll's moves may stay open without a move: a week. */
    public static final int MAX_IDLE_SECONDS = 7 * 24 * 3600;
    /** The fewest. */
    public static final int MIN_IDLE_SECONDS = 5;

    /** The owner sets after how many seconds without a move a roll's open moves end by themselves. */
    @Durable
    public GameTable endIdleRollsAfter(String id, String ownerKey, int seconds) {
        return change(id, ownerKey, t -> t.idleSeconds() != seconds, t -> t.endIdleRollsAfter(seconds));
    }

    /** The owner changes a setting of an open table; the table hears of it when it changed. */
    private GameTable change(String id, String ownerKey, java.util.function.Predicate<GameTable> differs,
            java.util.function.Consumer<GameTable> apply) {
        GameTable table = owned(id, ownerKey);
        refuseIfClosed(table);
        if (differs.test(table)) {
            apply.accept(table);
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
        if (roll.ended() != null || (roll.openMoves() && Endings.idle(roll.activeAt(), table.idleSeconds(), now()))) {
            throw Refusal.of(Refusal.Kind.CONFLICT, "roll-ended", "Roll ended",
                    "This roll's moves have ended (" + (roll.ended() == null ? Ending.IDLE : roll.ended()).word()
                            + "): it stands as it is. Roll again to go on.");
        }
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
        Dice dice = given != null ? given : dice(table, roll.seq(), roll.diceSecret(), last.diceDrawn());
        Rules.Played played = rules.play(system, procedure, inputs, state, roll.steps() - 1, moveId, rawInputs, dice);
        if (given != null) {
            requireAllUsed(given);
        }
        Move move = played.move();
        RollState next = played.next();
        LocalDateTime at = now();
        em.persist(new RollStep(roll.id(), roll.addStep(), move.id(), JSON.toJson(move.inputs().toMap()),
                JSON.toJson(next), drawn(dice), at));
        roll.active(!next.moves().isEmpty(), at);
        if (next.moves().isEmpty()) { // played out: posted to the table's webhooks as it now stands
            io.dicehall.web.webhooks.control.Outbox.add(em, new io.dicehall.web.webhooks.control.Outbox.Stored(
                    table.id(), roll.id(), at, roll.steps() - 1));
        }
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
    public record Secret(long seq, String roller, Visibility visibility, LocalDateTime at, boolean guest) {
    }

    /** @return the rolls numbered {@code from} to {@code to} that the viewer may not see, newest first */
    public List<Secret> secrets(GameTable table, Viewer viewer, long from, long to) {
        return em.createQuery("SELECT r.seq, r.roller, r.visibility, r.createdAt, r.memberId FROM TableRoll r"
                + " WHERE r.tableId = :t"
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
                .map(row -> new Secret((Long) row[0], (String) row[1], (Visibility) row[2], (LocalDateTime) row[3],
                        row[4] == null))
                .toList();
    }

    /** @return what anyone at the table may know of a roll: that it exists, by whom, for whom */
    public Secret secret(String tableId, String rollId) {
        TableRoll roll = Ids.wellFormed(rollId) ? em.find(TableRoll.class, rollId) : null;
        if (roll == null || !roll.tableId().equals(tableId)) {
            throw Refusal.of(Refusal.Kind.UNKNOWN, "unknown-roll", "Unknown roll", "There is no such roll at this table.");
        }
        return new Secret(roll.seq(), roll.roller(), roll.visibility(), roll.createdAt(), roll.guest());
    }

    /** Every roll of a table in order with all its steps: for verification. */
    public List<TableRoll> allRolls(GameTable table) {
        return em.createQuery("SELECT r FROM TableRoll r WHERE r.tableId = :t ORDER BY r.seq", TableRoll.class)
                .setParameter("t", table.id()).getResultList();
    }

    /** @return every step of every roll of a table, by roll id, each roll's in order: one query for verification */
    public Map<String, List<RollStep>> allSteps(GameTable table) {
        var byRoll = new java.util.HashMap<String, List<RollStep>>();
        em.createQuery("SELECT s FROM RollStep s WHERE s.rollId IN (SELECT r.id FROM TableRoll r WHERE r.tableId = :t)"
                + " ORDER BY s.rollId, s.index", RollStep.class).setParameter("t", table.id()).getResultStream()
                .forEach(s -> byRoll.computeIfAbsent(s.rollId(), r -> new java.util.ArrayList<>()).add(s));
        return byRoll;
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

    /** @param rollSecret the roll's own secret (hex), or null for a roll of scheme 1 */
    private Dice dice(GameTable table, long seq, String rollSecret, long drawn) {
        return table.verifiable() ? new StreamDice(HexFormat.of().parseHex(table.seed()), seq,
                rollSecret == null ? null : HexFormat.of().parseHex(rollSecret), drawn) : fairDice;
    }

    /** @return 32 random bytes, hex: a seed or a roll's secret */
    private static String randomHex() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    /** @return SHA-256 of a secret's bytes (hex), the commitment published for it */
    public static String commitment(String secretHex) {
        return HexFormat.of().formatHex(sha256(HexFormat.of().parseHex(secretHex)));
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
