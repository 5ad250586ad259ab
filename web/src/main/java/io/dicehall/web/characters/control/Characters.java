package io.dicehall.web.characters.control;

import io.dicehall.api.form.Field;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Violation;
import io.dicehall.api.json.ApiJson;
import io.dicehall.web.characters.entity.GameCharacter;
import io.dicehall.web.characters.entity.SavedRoll;
import io.dicehall.web.platform.Ids;
import io.dicehall.web.platform.Refusal;
import io.dicehall.web.systems.control.InstalledSystem;
import io.dicehall.web.systems.control.InstalledSystem.InstalledProcedure;
import io.dicehall.web.systems.control.Rules;
import io.dicehall.web.systems.control.SystemRegistry;
import io.dicehall.web.platform.store.Durable;
import io.dicehall.web.tables.control.Members;
import io.dicehall.web.tables.control.TableRolls;
import io.dicehall.web.tables.control.Tables;
import io.dicehall.web.tables.control.Viewer;
import io.dicehall.web.tables.entity.GameTable;
import io.dicehall.web.tables.entity.Member;
import io.dicehall.web.tables.entity.Visibility;
import io.dicehall.web.tables.control.TableEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.json.bind.Jsonb;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Characters kept at a table. A character holds the values of its system's character fields (the fields its
 * procedures mark as the character's, see {@link Form#character()}), checked by those fields when saved and
 * again, by the procedure's own form and rules, whenever a roll uses them ({@link SavedRolls}).
 *
 * <p>Who sees what: the GM (the owner key) sees everything; a member sees their own characters in full and the
 * names of everyone's characters. Only the member who keeps a character (or the GM) changes or deletes it.
 */
@ApplicationScoped
@Transactional
public class Characters {

    static final Jsonb JSON = ApiJson.create();

    /** The most characters and saved rolls one table keeps, each. */
    public static final int MAX_PER_TABLE = 500;

    @PersistenceContext(unitName = "dicehall")
    EntityManager em;

    /** Heard once the transaction committed: the table's pages and streams learn that its characters changed. */
    @Inject
    Event<TableEvent> events;

    @Inject
    Tables tables;

    @Inject
    Members tableMembers;

    @Inject
    Rules rules;

    @Inject
    SystemRegistry registry;

    /** Who is asking, at which table, as their keys prove. */
    public record Asker(GameTable table, Viewer viewer) {

        boolean gm() {
            return viewer.owner();
        }

        boolean keeps(String memberId) {
            return gm() || memberId.equals(viewer.memberId());
        }

        /** @return the asker's seat (member id); not allowed without a member key, as only members keep things */
        String requireMember() {
            if (viewer.memberId() == null) {
                throw Refusal.of(Refusal.Kind.NOT_ALLOWED, "member-key-wrong", "Member key needed", "Only a member of the"
                        + " table keeps characters and saved rolls: send your memberKey in the Member-Key header.");
            }
            return viewer.memberId();
        }
    }

    /** @return who the keys prove the asker to be at this table (404 for an unknown table) */
    public Asker asker(String tableId, String ownerKey, String memberKey) {
        GameTable table = tables.table(tableId);
        return new Asker(table, tableMembers.viewer(table, ownerKey, memberKey, null));
    }


    /**
     * @return the fields that describe a character of this system: every field any of its procedures marks as
     *     the character's, by name, the first declaration of a name winning; empty when it marks none
     */
    public static Form characterForm(InstalledSystem system) {
        var fields = new LinkedHashMap<String, Field>();
        for (InstalledProcedure procedure : system.procedures()) {
            for (Field field : procedure.form().fields()) {
                if (procedure.form().character().contains(field.name())) {
                    fields.putIfAbsent(field.name(), field);
                }
            }
        }
        return new Form(List.copyOf(fields.values()));
    }

    // --- characters ---------------------------------------------------------------------------------------

    /** A character as someone at the table may see it: its values only for its keeper and the GM. */
    public record Shown(GameCharacter character, String keeper, boolean full, boolean available,
            Map<String, Object> values) {
    }

    @Durable
    public GameCharacter create(Asker asker, String name, String systemId, Object rawValues) {
        String memberId = asker.requireMember();
        asker.table().requireOpen();
        InstalledSystem system = rules.system(systemId);
        Map<String, Object> values = checkedValues(system, rawValues);
        refuseOverLimit(em.createQuery("SELECT COUNT(c) FROM GameCharacter c WHERE c.tableId = :t", Long.class)
                .setParameter("t", asker.table().id()).getSingleResult(), "characters");
        GameCharacter character = new GameCharacter(Ids.random(), asker.table().id(), memberId, name, system.id(),
                JSON.toJson(values), Tables.now());
        em.persist(character);
        events.fire(TableEvent.aboutCharacters(asker.table().id()));
        return character;
    }

    @Durable
    public GameCharacter update(Asker asker, String id, String name, Object rawValues) {
        GameCharacter character = kept(asker, id);
        asker.table().requireOpen();
        InstalledSystem system = rules.system(character.systemId());
        character.change(name == null ? character.name() : name,
                rawValues == null ? character.valuesJson() : JSON.toJson(checkedValues(system, rawValues)), Tables.now());
        events.fire(TableEvent.aboutCharacters(asker.table().id()));
        return character;
    }

    @Durable
    public void delete(Asker asker, String id) {
        GameCharacter character = kept(asker, id);
        em.createQuery("SELECT s FROM SavedRoll s WHERE s.tableId = :t AND s.characterId = :c", SavedRoll.class)
                .setParameter("t", asker.table().id()).setParameter("c", character.id())
                .getResultList().forEach(SavedRoll::dropCharacter);
        em.remove(character);
        events.fire(TableEvent.aboutCharacters(asker.table().id()));
    }

    /** @return the table's characters, each as the asker may see it */
    public List<Shown> characters(Asker asker) {
        Map<String, String> names = memberNames(asker.table());
        return em.createQuery("SELECT c FROM GameCharacter c WHERE c.tableId = :t ORDER BY c.createdAt, c.id",
                GameCharacter.class).setParameter("t", asker.table().id()).getResultStream()
                .map(c -> shown(asker, c, names)).toList();
    }

    /** @return one character as the asker may see it; 404 when it is not at this table */
    public Shown character(Asker asker, String id) {
        return shown(asker, find(asker, id), memberNames(asker.table()));
    }

    private Shown shown(Asker asker, GameCharacter c, Map<String, String> names) {
        boolean full = asker.keeps(c.memberId());
        return new Shown(c, names.getOrDefault(c.memberId(), ""), full, registry.find(c.systemId()).isPresent(),
                full ? values(c) : Map.of());
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> values(GameCharacter c) {
        return JSON.fromJson(c.valuesJson(), LinkedHashMap.class);
    }

    private Map<String, Object> checkedValues(InstalledSystem system, Object raw) {
        Form form = characterForm(system);
        if (raw == null) {
            return form.defaults();
        }
        InputChecker.Result checked = InputChecker.check(form, raw);
        if (!checked.ok()) {
            throw Refusal.violated(Refusal.Kind.INVALID, "invalid-input", "Invalid character", "The character's values break "
                    + (checked.violations().size() == 1 ? "a rule" : checked.violations().size() + " rules") + " of "
                    + system.name() + ".", "values", checked.violations());
        }
        return checked.inputs().toMap();
    }

    private GameCharacter find(Asker asker, String id) {
        GameCharacter c = Ids.wellFormed(id) ? em.find(GameCharacter.class, id) : null;
        if (c == null || !c.tableId().equals(asker.table().id())) {
            throw Refusal.of(Refusal.Kind.UNKNOWN, "unknown-character", "Unknown character", "There is no such character at this table.");
        }
        return c;
    }

    private GameCharacter kept(Asker asker, String id) {
        GameCharacter c = find(asker, id);
        if (!asker.keeps(c.memberId())) {
            throw Refusal.of(Refusal.Kind.NOT_ALLOWED, "not-yours", "Not your character",
                    "Only the member who keeps this character (with their Member-Key) or the GM may change it.");
        }
        return c;
    }

    /**
     * The character a roll at the table is for, checked: the roller is a member, the character is at the table,
     * theirs (or the GM seat's, for any character), and of the roll's system.
     *
     * @return its id and name, to tag the roll with
     */
    public TableRolls.Tag rollingFor(String tableId, Viewer roller, String characterId, String systemId) {
        if (roller.memberId() == null) {
            throw Refusal.violated(Refusal.Kind.INVALID, "invalid-input", "Invalid input",
                    "A guest rolls for no character.", "", List.of(new Violation("character",
                            "needs a Member-Key: only a member rolls for a character they keep")));
        }
        GameTable table = tables.table(tableId);
        Member seat = em.find(Member.class, roller.memberId());
        Asker asker = new Asker(table, new Viewer(seat != null && seat.gm(), roller.memberId(), null));
        GameCharacter character = usable(asker, characterId, rules.system(systemId));
        return new TableRolls.Tag(character.id(), character.name());
    }

    /**
     * Compares a form's inputs with a character's values, field by field over the procedure's character fields,
     * so that a page can offer "use the character's". A field absent from the inputs differs when the character
     * has a value for it. Numbers are compared by value (3 and 3.0 are the same).
     *
     * @return the fields that differ, in the form's order; empty when the form holds the character's values
     */
    public List<CharacterDifferences.Difference> differences(Asker asker, String characterId, String systemId, String procedureId,
            Map<String, Object> inputs) {
        InstalledSystem system = rules.system(systemId);
        InstalledProcedure procedure = rules.procedure(system.id(), procedureId);
        Map<String, Object> values = values(usable(asker, characterId, system));
        return CharacterDifferences.of(procedure.form(), values, inputs);
    }

    /** @return the values of a character a roll may use, by field name; 404 / 403 as for reading it */
    public Map<String, Object> characterValues(Asker asker, String characterId, String systemId) {
        return values(usable(asker, characterId, rules.system(systemId)));
    }

    /** For {@link SavedRolls}: a character the asker keeps, of that system (else refused, naming the field). */
    public GameCharacter usable(Asker asker, String characterId, InstalledSystem system) {
        GameCharacter character = kept(asker, characterId);
        if (!character.systemId().equals(system.id())) {
            throw Refusal.violated(Refusal.Kind.INVALID, "invalid-input", "Invalid input", "That character is for another system.", "",
                    List.of(new Violation("character", "is a character of " + character.systemId() + ", not of "
                            + system.id())));
        }
        return character;
    }

    // --- shared -------------------------------------------------------------------------------------------

    /** @return the names of the table's seats, by member id */
    public Map<String, String> memberNames(GameTable table) {
        var names = new LinkedHashMap<String, String>();
        for (Member m : tableMembers.members(table)) {
            names.put(m.id(), m.name());
        }
        return names;
    }

    /** Refuses one more of something a table keeps {@code count} of already, when that is the most it may. */
    static void refuseOverLimit(long count, String what) {
        if (count >= MAX_PER_TABLE) {
            throw Refusal.of(Refusal.Kind.CONFLICT, "too-many", "Too many", "A table keeps at most " + MAX_PER_TABLE
                    + " " + what + ".");
        }
    }

    /** @return the visibility named, for a roll made from a saved roll */
    public static Visibility visibility(String text) {
        return text == null ? Visibility.PUBLIC : Visibility.valueOf(text.toUpperCase(java.util.Locale.ROOT));
    }
}
