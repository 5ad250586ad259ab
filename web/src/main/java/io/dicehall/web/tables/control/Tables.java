package io.dicehall.web.tables.control;

import io.dicehall.web.platform.store.Durable;
import io.dicehall.web.platform.Ids;
import io.dicehall.web.platform.Refusal;
import io.dicehall.web.tables.entity.GameTable;
import io.dicehall.web.tables.entity.Member;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * Tables from opening to closing: open one (fair or verifiable, with its GM seated or not), find one by its id,
 * and the owner's settings (name, dice by hand, guests, idle time) until the owner closes it. Whether a table is
 * open and whose key owns it are the table's own rules ({@link GameTable#requireOpen()},
 * {@link GameTable#requireOwnedBy(String)}).
 */
@ApplicationScoped
@Transactional
public class Tables {

    /** The most seconds a roll's moves may stay open without a move: a week. */
    public static final int MAX_IDLE_SECONDS = 7 * 24 * 3600;
    /** The fewest. */
    public static final int MIN_IDLE_SECONDS = 5;

    @PersistenceContext(unitName = "dicehall")
    EntityManager em;

    @Inject
    Event<TableEvent> events;

    /**
     * A new table and the owner key that can rename or close it, returned only once; and the GM's seat with its
     * member key when the table was opened with the GM's name (else null).
     */
    public record Created(GameTable table, String ownerKey, Members.Joined gmSeat) {

        public Created(GameTable table, String ownerKey) {
            this(table, ownerKey, null);
        }
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
            seed = FairDice.randomHex();
            commitment = FairDice.commitment(seed);
        }
        GameTable table = new GameTable(Ids.random(), name, Ids.hashHex(ownerKey), now(), seed, commitment);
        if (verifiable) {
            table.holdDiceSecret(FairDice.randomHex());
        }
        em.persist(table);
        if (gmName == null) {
            return new Created(table, ownerKey);
        }
        em.flush(); // the table's row first: the seat refers to it
        String key = Ids.random();
        Member gm = new Member(Ids.random(), table.id(), gmName, Ids.hashHex(key), now(), true);
        em.persist(gm);
        return new Created(table, ownerKey, new Members.Joined(gm, key));
    }

    /**
     * Whether a key is the table's owner key: for a client that keeps the key (a browser's long-lived cookie,
     * a GM link) and asks before it acts as the GM. Never throws for a wrong key; unknown for an unknown table.
     */
    @Transactional(TxType.SUPPORTS) // a read: no transaction of its own
    public boolean ownerKeyHolds(String tableId, String ownerKey) {
        return table(tableId).ownedBy(ownerKey);
    }

    /** @throws Refusal unknown for an unknown or malformed id */
    @Transactional(TxType.SUPPORTS) // a read: no transaction of its own
    public GameTable table(String id) {
        GameTable table = Ids.wellFormed(id) ? em.find(GameTable.class, id) : null;
        if (table == null) {
            throw Refusal.of(Refusal.Kind.UNKNOWN, "unknown-table", "Unknown table",
                    "There is no table at this address. Ask for the invite link again.");
        }
        return table;
    }

    /**
     * For the table's other control beans: the table under its row lock, once the key proved its owner.
     *
     * @throws Refusal unknown for an unknown table, not allowed for any key but the owner's
     */
    public GameTable owned(String id, String ownerKey) {
        GameTable table = em.find(GameTable.class, table(id).id(), LockModeType.PESSIMISTIC_WRITE);
        table.requireOwnedBy(ownerKey);
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

    /** The owner allows (or stops allowing) dice thrown by hand; never on a verifiable table. */
    @Durable
    public GameTable allowPhysicalDice(String id, String ownerKey, boolean allowed) {
        GameTable table = owned(id, ownerKey);
        if (allowed && table.verifiable()) {
            throw Refusal.of(Refusal.Kind.CONFLICT, "physical-dice-off", "Physical dice not allowed",
                    "A verifiable table throws every die itself, from its committed seed.");
        }
        table.requireOpen();
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

    /** The owner sets after how many seconds without a move a roll's open moves end by themselves. */
    @Durable
    public GameTable endIdleRollsAfter(String id, String ownerKey, int seconds) {
        return change(id, ownerKey, t -> t.idleSeconds() != seconds, t -> t.endIdleRollsAfter(seconds));
    }

    /** The owner changes a setting of an open table; the table hears of it when it changed. */
    private GameTable change(String id, String ownerKey, Predicate<GameTable> differs, Consumer<GameTable> apply) {
        GameTable table = owned(id, ownerKey);
        table.requireOpen();
        if (differs.test(table)) {
            apply.accept(table);
            events.fire(TableEvent.aboutTable(table.id()));
        }
        return table;
    }

    /**
     * @return now, in UTC, to the microsecond: what the stores keep (PostgreSQL and the embedded store round finer
     *     digits), so that what an answer says of a new row reads the same when the row is read back; every stored
     *     time is taken by it (characters, saved rolls, webhooks and their deliveries too)
     */
    public static LocalDateTime now() {
        return LocalDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
    }
}
