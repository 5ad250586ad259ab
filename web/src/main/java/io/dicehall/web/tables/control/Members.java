package io.dicehall.web.tables.control;

import io.dicehall.api.form.Violation;
import io.dicehall.web.platform.ClientLimits;
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
import java.util.List;

/**
 * Who sits at a table and what their keys prove: seats taken (as a player, or as the GM with the owner key),
 * renamed and left; a viewer made of the keys a request shows; and the name a roll is made under.
 */
@ApplicationScoped
@Transactional
public class Members {

    @PersistenceContext(unitName = "dicehall")
    EntityManager em;

    @Inject
    Event<TableEvent> events;

    @Inject
    Tables tables;

    @Inject
    FairDice dice;

    @Inject
    ClientLimits limits;

    /** A seat just taken, and the member key that proves it, returned only once. */
    public record Joined(Member member, String memberKey) {
    }

    /** @return who the keys prove the viewer to be at this table */
    @Transactional(TxType.SUPPORTS) // a read: no transaction of its own
    public Viewer viewer(GameTable table, String ownerKey, String memberKey, String rollerKey) {
        boolean owner = table.ownedBy(ownerKey);
        Member seat = null;
        if (memberKey != null && !memberKey.isEmpty()) {
            seat = em.createQuery("SELECT m FROM Member m WHERE m.tableId = :t AND m.keyHash = :k", Member.class)
                    .setParameter("t", table.id()).setParameter("k", Ids.hashHex(memberKey))
                    .getResultStream().findFirst().orElse(null);
        }
        return seat == null ? new Viewer(owner, null, rollerKey) : new Viewer(owner, seat.id(), rollerKey, seat.name());
    }

    /**
     * Who the keys prove the viewer to be, among the table's seats already read ({@link #members}): the same answer
     * as {@link #viewer(GameTable, String, String, String)}, without reading the seat again.
     */
    public static Viewer viewerAmong(GameTable table, List<Member> seats, String ownerKey, String memberKey) {
        boolean owner = table.ownedBy(ownerKey);
        if (memberKey != null && !memberKey.isEmpty()) {
            String keyHash = Ids.hashHex(memberKey); // as the read by key compares it
            for (Member seat : seats) {
                if (seat.tableId().equals(table.id()) && seat.keyHash().equals(keyHash)) {
                    return new Viewer(owner, seat.id(), null, seat.name());
                }
            }
        }
        return new Viewer(owner, null, null);
    }

    /**
     * Who rolls at a table, by their member key or as a guest; the table must exist (else unknown). A guest at a
     * table this instance has rolled at needs no read: tables are never deleted, and one closed meanwhile
     * refuses the roll when it is stored.
     */
    @Transactional(TxType.SUPPORTS) // a read: no transaction of its own
    public Viewer roller(String tableId, String memberKey) {
        if ((memberKey == null || memberKey.isEmpty()) && dice.knownVerifiable(tableId) != null) {
            return new Viewer(false, null, null);
        }
        GameTable table = tables.table(tableId);
        dice.remember(table);
        return viewer(table, null, memberKey, null);
    }

    /**
     * Joins a table with a display name. Whoever joins holding the owner's key sits as the table's GM;
     * a wrong owner key is refused rather than ignored, so a GM never silently joins as a player.
     */
    @Durable
    public Joined join(String id, String name, String ownerKey) {
        GameTable table = tables.table(id);
        table.requireOpen();
        boolean gm = ownerKey != null && !ownerKey.isEmpty();
        if (gm) {
            tables.owned(id, ownerKey);
        } else {
            locked(table);
        }
        refuseTakenName(table, name, null);
        limits.seat(em.createQuery("SELECT COUNT(m) FROM Member m WHERE m.tableId = :t", Long.class)
                .setParameter("t", table.id()).getSingleResult());
        String key = Ids.random();
        Member member = new Member(Ids.random(), table.id(), name, Ids.hashHex(key), Tables.now(), gm);
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
                    List.of(new Violation("name", "is taken at this table (by \"" + taken
                            + "\"; names are compared ignoring case and extra spaces): choose another")));
        });
    }

    /** The member a key proves, at that table; not allowed when the key is missing or proves nobody. */
    public Member member(String id, String memberKey) {
        GameTable table = tables.table(id);
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
        GameTable table = tables.table(id);
        table.requireOpen();
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

    /** @return the table's seats, in the order they were taken */
    @Transactional(TxType.SUPPORTS) // a read: no transaction of its own (every page request of a table makes it)
    public List<Member> members(GameTable table) {
        return em.createQuery("SELECT m FROM Member m WHERE m.tableId = :t ORDER BY m.joinedAt, m.id", Member.class)
                .setParameter("t", table.id()).getResultList();
    }

    /**
     * For {@link TableRolls}: the name a roll is made under. A member's seat's (a different {@code given} name is
     * refused, naming the field); a guest's own, where the table allows guests and no seat has that name.
     */
    @Transactional(TxType.SUPPORTS) // a read: no transaction of its own
    public String rollerName(String tableId, Viewer asWho, String given) {
        if (asWho.memberId() != null) {
            // the seat as read with the key in this request, when it was (no second read)
            String name = asWho.seatName();
            if (name == null) {
                Member seat = em.find(Member.class, asWho.memberId());
                if (seat == null) {
                    throw Refusal.of(Refusal.Kind.NOT_ALLOWED, "member-key-wrong", "Member key needed",
                            "This member key's seat is gone: join the table again.");
                }
                name = seat.name();
            }
            if (given != null && !given.isEmpty() && !SeatNames.same(given, name)) {
                throw Refusal.violated(Refusal.Kind.INVALID, "not-your-name", "Not your name",
                        "A member rolls in their own seat, under their seat's name.", "",
                        List.of(new Violation("roller", "you are seated as \"" + name
                                + "\": leave roller out or send that name")));
            }
            return name;
        }
        GameTable table = tables.table(tableId);
        if (!table.guestsAllowed()) {
            throw Refusal.of(Refusal.Kind.NOT_ALLOWED, "guests-off", "Guests may not roll",
                    "This table's owner has turned guest rolls off: join the table and roll with your Member-Key.");
        }
        if (given == null || given.isEmpty()) {
            throw Refusal.violated(Refusal.Kind.INVALID, "invalid-input", "Invalid input",
                    "A guest names themselves.", "", List.of(new Violation("roller",
                            "is required for a guest (no Member-Key): the name the roll is shown under")));
        }
        SeatNames.clash(given, members(table).stream().map(Member::name).toList()).ifPresent(taken -> {
            throw Refusal.violated(Refusal.Kind.CONFLICT, "name-taken", "Name taken",
                    "A guest may not roll under the name of someone seated at the table.", "",
                    List.of(new Violation("roller", "is the name of a seated member (\""
                            + taken + "\"): join the table and roll with your Member-Key, or pick another name")));
        });
        return given;
    }
}
