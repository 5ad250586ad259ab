package io.dicehall.web.tables.control;

import io.dicehall.api.Dice;
import io.dicehall.api.GivenDice;
import io.dicehall.api.form.Inputs;
import io.dicehall.api.form.Violation;
import io.dicehall.api.state.RollState;
import io.dicehall.web.platform.http.ClientAddress;
import io.dicehall.web.platform.ClientLimits;
import io.dicehall.web.platform.store.Durable;
import io.dicehall.web.platform.Ids;
import io.dicehall.web.platform.Refusal;
import io.dicehall.web.systems.control.InstalledSystem;
import io.dicehall.web.systems.control.InstalledSystem.InstalledProcedure;
import io.dicehall.web.systems.control.Rules;
import io.dicehall.web.tables.control.TableLog.Roll;
import io.dicehall.web.tables.entity.Ending;
import io.dicehall.web.tables.entity.GameTable;
import io.dicehall.web.tables.entity.RollStep;
import io.dicehall.web.tables.entity.TableRoll;
import io.dicehall.web.tables.entity.Visibility;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * New rolls at a table, numbered in the table's log without gaps: thrown by the server's dice, derived from a
 * verifiable table's seed, or thrown by hand where the table allows it; made by a member in their seat or by a
 * guest, for a character or for none. A member's new roll ends their earlier open rolls it takes over.
 */
@ApplicationScoped
@Transactional
public class TableRolls {

    /** The most faces one roll or move may be given by hand. */
    public static final int MAX_FACES = 200;

    @PersistenceContext(unitName = "dicehall")
    EntityManager em;

    @Inject
    Rules rules;

    @Inject
    Event<TableEvent> events;

    @Inject
    RollWriter writer;

    @Inject
    ClientLimits limits;

    @Inject
    Tables tables;

    @Inject
    Members members;

    @Inject
    FairDice dice;

    @Inject
    RollEndings endings;

    /** A guest's address: the rolls a second are counted per guest address. */
    @Inject
    ClientAddress address;

    /** This bean through its proxy: to roll under the table's lock in a transaction of its own. */
    @Inject
    TableRolls self;

    /**
     * Whether rolls at fair tables are stored by the {@link RollWriter} (group commit, the default) rather
     * than each in a transaction of its own under the table's lock, as a verifiable table's are.
     */
    @Inject
    @ConfigProperty(name = "dicehall.tables.group-commit", defaultValue = "true")
    boolean groupCommit;

    /** The character a roll is rolled for: its id and name (as it was named when rolled). */
    public record Tag(String id, String name) {
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
        Made made = made(tableId, asWho, systemId, procedureId, rawInputs, note, roller, visibility, faces, character,
                false);
        made.told().run();
        return made.roll();
    }

    /**
     * A roll made, and what still has to happen before anyone may hear of it: the wait for the disk, then its
     * {@link TableEvent}s. Run {@code told} once the answer is drawn (it runs once, whoever calls it).
     */
    public record Made(Roll roll, Runnable told) {
    }

    /**
     * {@link #rollFor}, leaving the wait for the disk and the roll's events to the caller ({@link Made#told}), for a
     * caller with something to draw meanwhile (the roll's card) that leaves only after it.
     */
    @Transactional(TxType.NOT_SUPPORTED) // no transaction (and no connection) held while the writer stores it
    public Made rollForLater(String tableId, Viewer asWho, String systemId, String procedureId, Object rawInputs,
            String note, String roller, Visibility visibility, List<String> faces, Tag character) {
        return made(tableId, asWho, systemId, procedureId, rawInputs, note, roller, visibility, faces, character, true);
    }

    /** @param later whether the writer's checkpoint starts on its own thread, for a caller who draws meanwhile */
    private Made made(String tableId, Viewer asWho, String systemId, String procedureId, Object rawInputs, String note,
            String roller, Visibility visibility, List<String> faces, Tag character, boolean later) {
        limits.roll(asWho.memberId() != null ? "member " + asWho.memberId() : "guest " + tableId + " " + address.get());
        String seated = members.rollerName(tableId, asWho, roller);
        Tag tag = character == null ? new Tag(null, null) : character;
        InstalledSystem system = rules.system(systemId);
        InstalledProcedure procedure = rules.procedure(systemId, procedureId);
        Inputs inputs = rules.inputs(system, procedure, rawInputs);
        // A fair roll at a table seen before needs no read first: the writer refuses it if the table was closed.
        Boolean knownVerifiable = faces == null ? dice.knownVerifiable(tableId) : null;
        boolean verifiable;
        GivenDice given = null;
        if (knownVerifiable != null) {
            verifiable = knownVerifiable;
        } else {
            GameTable table = tables.table(tableId);
            table.requireOpen();
            dice.remember(table);
            verifiable = table.verifiable();
            given = faces == null ? null : byHand(table, faces);
        }
        RollState thrown = given != null ? thrown(system, procedure, inputs, given)
                : verifiable ? null : rules.start(system, procedure, inputs, dice.fair());
        Roll made;
        RollWriter.Stored byWriter = null; // what the writer says of it, when it stored it
        Runnable durable = () -> { }; // on disk already, but for the writer's rolls
        if (verifiable || !groupCommit) {
            made = self.rollUnderLock(tableId, asWho, system, procedure, inputs, note, seated, visibility, given,
                    thrown, tag);
        } else {
            String key = Ids.random();
            RollWriter.NewRoll row = new RollWriter.NewRoll(Ids.ordered(), tableId, system.id(), procedure.id(),
                    TableLog.JSON.toJson(inputs.toMap()), note, seated, asWho.memberId(), visibility, Ids.hashHex(key),
                    Tables.now(), given != null, tag.name(), TableLog.JSON.toJson(thrown), tag.id(),
                    !thrown.moves().isEmpty());
            if (later) {
                RollWriter.Later stored = writer.storeLater(row);
                byWriter = stored.stored();
                durable = stored.durable();
            } else {
                byWriter = writer.store(row); // on disk once it returns: no other thread asked to start the checkpoint
            }
            made = new Roll(row.entity(byWriter.seq()), thrown, key);
        }
        Roll roll = made;
        RollWriter.Stored stored = byWriter;
        Runnable wait = durable;
        AtomicBoolean once = new AtomicBoolean();
        return new Made(made, () -> {
            if (once.compareAndSet(false, true)) {
                wait.run();
                told(tableId, asWho, roll, stored);
            }
        });
    }

    /** Tells the table's listeners of a roll on disk, and of the earlier rolls it ended. */
    private void told(String tableId, Viewer asWho, Roll made, RollWriter.Stored byWriter) {
        // Outside any transaction, so heard at once: after the roll is on disk. The writer knows whether it queued a
        // webhook post; a roll stored otherwise may have.
        TableEvent rolled = new TableEvent(tableId, made.roll().id(), TableEvent.ROLL);
        events.fire(byWriter == null || byWriter.posted() ? rolled : rolled.postingNothing());
        if (asWho.memberId() != null) {
            List<String> ended; // the earlier rolls it took over
            if (byWriter != null) {
                ended = byWriter.superseded(); // ended by the writer as it stored it
            } else {
                List<String> taken = endings.supersededBy(made.roll());
                // a transaction (and a forced write) only when there is something to end
                ended = taken.isEmpty() ? List.of() : endings.endRolls(taken, Ending.SUPERSEDED);
            }
            for (String id : ended) {
                TableEvent move = new TableEvent(tableId, id, TableEvent.MOVE);
                events.fire(byWriter != null ? move.postingNothing() : move); // the writer's endings queue no post
            }
        }
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
        table.requireOpen();
        long seq = table.takeSequenceNumber();
        String secret = table.verifiable() ? table.takeDiceSecret(FairDice::randomHex) : null;
        Dice thrower = dice.dice(table, seq, secret, 0);
        RollState first = thrown != null ? thrown : rules.start(system, procedure, inputs, thrower);
        String key = Ids.random();
        TableRoll roll = new TableRoll(Ids.ordered(), table.id(), seq, system.id(), procedure.id(),
                TableLog.JSON.toJson(inputs.toMap()), note, roller, asWho.memberId(), visibility, Ids.hashHex(key),
                Tables.now()).rolled(given != null, null).forCharacter(character.id(), character.name());
        if (secret != null) {
            roll.secret(secret, FairDice.commitment(secret));
        }
        roll.active(!first.moves().isEmpty(), roll.createdAt());
        em.persist(roll);
        em.flush(); // the roll's row first: its steps refer to it
        em.persist(new RollStep(roll.id(), roll.addStep(), "start", null, TableLog.JSON.toJson(first),
                FairDice.drawn(thrower), Tables.now()));
        io.dicehall.web.webhooks.control.Outbox.add(em, io.dicehall.web.webhooks.control.Outbox.Stored.thrown(tableId,
                roll.id(), roll.createdAt()));
        return new Roll(roll, first, key);
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
                    List.of(new Violation("faces", "may hold at most " + MAX_FACES + " faces")));
        }
        return GivenDice.of(faces);
    }

    private RollState thrown(InstalledSystem system, InstalledProcedure procedure, Inputs inputs, GivenDice given) {
        RollState first = rules.start(system, procedure, inputs, given);
        requireAllUsed(given);
        return first;
    }

    /** @throws Refusal naming the faces when dice thrown by hand were given more faces than the roll threw */
    static void requireAllUsed(GivenDice given) {
        try {
            given.requireAllUsed();
        } catch (GivenDice.Refused extra) {
            throw Rules.wrongFaces(extra);
        }
    }
}
