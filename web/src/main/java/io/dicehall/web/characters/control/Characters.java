package io.dicehall.web.characters.control;

import io.dicehall.api.form.Field;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.InputChecker;
import io.dicehall.api.form.Violation;
import io.dicehall.api.json.ApiJson;
import io.dicehall.api.odds.Odds;
import io.dicehall.web.characters.entity.GameCharacter;
import io.dicehall.web.characters.entity.SavedRoll;
import io.dicehall.web.platform.Ids;
import io.dicehall.web.platform.Refusal;
import io.dicehall.web.systems.control.InstalledSystem;
import io.dicehall.web.systems.control.InstalledSystem.InstalledProcedure;
import io.dicehall.web.systems.control.Rules;
import io.dicehall.web.systems.control.SystemRegistry;
import io.dicehall.web.platform.Durable;
import io.dicehall.web.tables.control.Members;
import io.dicehall.web.tables.control.TableLog;
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
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Characters and saved rolls kept at a table. A character holds the values of its system's character fields
 * (the fields its procedures mark as the character's, see {@link Form#character()}), checked by those
 * fields when saved and again, by the procedure's own form and rules, whenever a roll uses them. A saved roll
 * fixes a procedure's other inputs (and, optionally, a character) so that one click rolls it.
 *
 * <p>Who sees what: the GM (the owner key) sees everything; a member sees their own characters and saved
 * rolls in full and the names of everyone's characters. Only the member who keeps a character (or the GM)
 * changes or deletes it. A saved roll is its saver's alone: only they roll, change or delete it; the GM may
 * read the others' (under their owners' names) and copy one into their own list.
 */
@ApplicationScoped
@Transactional
public class Characters {

    private static final Jsonb JSON = ApiJson.create();

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
    TableRolls tableRolls;

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
    }

    /** @return who the keys prove the asker to be at this table (404 for an unknown table) */
    public Asker asker(String tableId, String ownerKey, String memberKey) {
        GameTable table = tables.table(tableId);
        return new Asker(table, tableMembers.viewer(table, ownerKey, memberKey, null));
    }

    private static String member(Asker asker) {
        if (asker.viewer().memberId() == null) {
            throw Refusal.of(Refusal.Kind.NOT_ALLOWED, "member-key-wrong", "Member key needed", "Only a member of the table keeps"
                    + " characters and saved rolls: send your memberKey in the Member-Key header.");
        }
        return asker.viewer().memberId();
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
        String memberId = member(asker);
        asker.table().requireOpen();
        InstalledSystem system = rules.system(systemId);
        Map<String, Object> values = checkedValues(system, rawValues);
        limit("dh_character", asker.table().id());
        GameCharacter character = new GameCharacter(Ids.random(), asker.table().id(), memberId, name, system.id(),
                JSON.toJson(values), now());
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
                rawValues == null ? character.valuesJson() : JSON.toJson(checkedValues(system, rawValues)), now());
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
    private static Map<String, Object> values(GameCharacter c) {
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

    // --- saved rolls --------------------------------------------------------------------------------------

    /**
     * A saved roll with its owner's name, its character's name (or null), whether its system is installed, and
     * whether it is the asker's own (else the GM reads another's: read only).
     */
    public record ShownRoll(SavedRoll roll, String keeper, String characterName, boolean available,
            Map<String, Object> inputs, boolean yours) {
    }

    @Durable
    public SavedRoll save(Asker asker, String name, String systemId, String procedureId, String characterId,
            Object rawInputs, String note) {
        String memberId = member(asker);
        asker.table().requireOpen();
        InstalledSystem system = rules.system(systemId);
        InstalledProcedure procedure = rules.procedure(system.id(), procedureId);
        GameCharacter character = characterId == null ? null : usable(asker, characterId, system);
        Map<String, Object> fixed = own(procedure, character, rawInputs);
        merged(system, procedure, fixed, character);
        limit("dh_saved_roll", asker.table().id());
        SavedRoll saved = new SavedRoll(Ids.random(), asker.table().id(), memberId, name, system.id(), procedure.id(),
                character == null ? null : character.id(), JSON.toJson(fixed), note, now());
        em.persist(saved);
        return saved;
    }

    @Durable
    public SavedRoll change(Asker asker, String id, String name, String characterId, boolean characterGiven,
            Object rawInputs, String note) {
        SavedRoll saved = keptRoll(asker, id);
        asker.table().requireOpen();
        InstalledSystem system = rules.system(saved.systemId());
        InstalledProcedure procedure = rules.procedure(system.id(), saved.procedureId());
        String newCharacterId = characterGiven ? characterId : saved.characterId();
        GameCharacter character = newCharacterId == null ? null : usable(asker, newCharacterId, system);
        Map<String, Object> fixed = rawInputs == null ? stored(saved) : own(procedure, character, rawInputs);
        merged(system, procedure, fixed, character);
        saved.change(name == null ? saved.name() : name, newCharacterId, JSON.toJson(fixed),
                note == null ? saved.note() : note, now());
        return saved;
    }

    @Durable
    public void forget(Asker asker, String id) {
        em.remove(keptRoll(asker, id));
    }

    /** @return the asker's own saved rolls (their member key's), oldest first; none without a member key */
    public List<ShownRoll> savedRolls(Asker asker) {
        String mine = asker.viewer().memberId();
        if (mine == null) {
            return List.of();
        }
        Map<String, String> names = memberNames(asker.table());
        return em.createQuery("SELECT s FROM SavedRoll s WHERE s.tableId = :t AND s.memberId = :m"
                + " ORDER BY s.createdAt, s.id", SavedRoll.class)
                .setParameter("t", asker.table().id()).setParameter("m", mine).getResultStream()
                .map(s -> shownRoll(asker, s, names)).toList();
    }

    /**
     * @return for the GM (the owner key), the saved rolls of everyone else at the table, by owner then age, each
     *     under its owner's name and read only (copy one to roll it); 403 for anyone else
     */
    public List<ShownRoll> othersSavedRolls(Asker asker) {
        if (!asker.gm()) {
            throw Refusal.of(Refusal.Kind.NOT_ALLOWED, "owner-key-wrong", "Owner key needed",
                    "Only the GM (the Owner-Key) may read the others' saved rolls.");
        }
        String mine = asker.viewer().memberId() == null ? "" : asker.viewer().memberId();
        Map<String, String> names = memberNames(asker.table());
        return em.createQuery("SELECT s FROM SavedRoll s WHERE s.tableId = :t AND s.memberId <> :m"
                + " ORDER BY s.memberId, s.createdAt, s.id", SavedRoll.class)
                .setParameter("t", asker.table().id()).setParameter("m", mine).getResultStream()
                .map(s -> shownRoll(asker, s, names)).toList();
    }

    /** @return one saved roll: the asker's own, or, for the GM, anyone's (read only) */
    public ShownRoll savedRoll(Asker asker, String id) {
        return shownRoll(asker, readableRoll(asker, id), memberNames(asker.table()));
    }

    /**
     * Copies a saved roll the asker may read (the GM: anyone's; a member: their own) into the asker's own list,
     * with its name, procedure, inputs, character and note; the copy is theirs to roll, change and delete.
     */
    @Durable
    public SavedRoll copy(Asker asker, String id) {
        String memberId = member(asker);
        SavedRoll from = readableRoll(asker, id);
        asker.table().requireOpen();
        limit("dh_saved_roll", asker.table().id());
        SavedRoll copy = new SavedRoll(Ids.random(), asker.table().id(), memberId, from.name(), from.systemId(),
                from.procedureId(), from.characterId(), from.inputsJson(), from.note(), now());
        em.persist(copy);
        return copy;
    }

    private ShownRoll shownRoll(Asker asker, SavedRoll s, Map<String, String> names) {
        String characterName = s.characterId() == null ? null
                : Optional.ofNullable(em.find(GameCharacter.class, s.characterId())).map(GameCharacter::name).orElse(null);
        boolean available = registry.find(s.systemId()).flatMap(sys -> sys.procedure(s.procedureId())).isPresent();
        return new ShownRoll(s, names.getOrDefault(s.memberId(), ""), characterName, available, stored(s),
                s.memberId().equals(asker.viewer().memberId()));
    }

    /** What rolling a saved roll needs: its checked inputs, its character (id and name, or null) and note. */
    public record Ready(InstalledSystem system, InstalledProcedure procedure, Map<String, Object> inputs,
            String characterName, String note, String characterId) {
    }

    /**
     * @return a saved roll made ready to roll: its inputs with its character's values, checked again by the
     *     procedure's form and rules (a value a newer version of the system refuses is a 400 naming the field)
     */
    public Ready ready(Asker asker, String id) {
        SavedRoll saved = readableRoll(asker, id);
        InstalledSystem system = rules.system(saved.systemId());
        InstalledProcedure procedure = rules.procedure(system.id(), saved.procedureId());
        GameCharacter character = saved.characterId() == null ? null : em.find(GameCharacter.class, saved.characterId());
        Map<String, Object> inputs = merged(system, procedure, stored(saved), character);
        return new Ready(system, procedure, inputs, character == null ? null : character.name(), saved.note(),
                character == null ? null : character.id());
    }

    /**
     * Rolls one of the asker's own saved rolls at the table, from their seat, tagged with its character and
     * carrying its note (unless another is given). Another's saved roll is refused (403), the GM's click too:
     * the GM copies it first.
     */
    public TableLog.Roll roll(Asker asker, String id, Visibility visibility, String note, List<String> faces) {
        keptRoll(asker, id);
        Ready ready = ready(asker, id);
        TableRolls.Tag tag = ready.characterId() == null ? null
                : new TableRolls.Tag(ready.characterId(), ready.characterName());
        return tableRolls.rollFor(asker.table().id(), asker.viewer(), ready.system().id(), ready.procedure().id(),
                ready.inputs(), note != null ? note : ready.note(), null, visibility, faces, tag);
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

    /** A field whose value on a form differs from the character's. */
    public record Difference(String field, Object formValue, Object characterValue) {
    }

    /**
     * Compares a form's inputs with a character's values, field by field over the procedure's character fields,
     * so that a page can offer "use the character's". A field absent from the inputs differs when the character
     * has a value for it. Numbers are compared by value (3 and 3.0 are the same).
     *
     * @return the fields that differ, in the form's order; empty when the form holds the character's values
     */
    public List<Difference> differences(Asker asker, String characterId, String systemId, String procedureId,
            Map<String, Object> inputs) {
        InstalledSystem system = rules.system(systemId);
        InstalledProcedure procedure = rules.procedure(system.id(), procedureId);
        Map<String, Object> values = values(usable(asker, characterId, system));
        return differences(procedure.form(), values, inputs);
    }

    /** The comparison behind {@link #differences(Asker, String, String, String, Map)}, on plain maps. */
    public static List<Difference> differences(Form form, Map<String, Object> character, Map<String, Object> inputs) {
        var out = new ArrayList<Difference>();
        for (Field field : form.fields()) {
            String name = field.name();
            if (!form.character().contains(name) || !character.containsKey(name)) {
                continue;
            }
            Object mine = inputs == null ? null : inputs.get(name);
            Object theirs = character.get(name);
            if (!sameValue(mine, theirs)) {
                out.add(new Difference(name, mine, theirs));
            }
        }
        return out;
    }

    private static boolean sameValue(Object a, Object b) {
        if (a instanceof Number x && b instanceof Number y) {
            return new java.math.BigDecimal(x.toString()).compareTo(new java.math.BigDecimal(y.toString())) == 0;
        }
        if (a instanceof List<?> x && b instanceof List<?> y) {
            if (x.size() != y.size()) {
                return false;
            }
            for (int i = 0; i < x.size(); i++) {
                if (!sameValue(x.get(i), y.get(i))) {
                    return false;
                }
            }
            return true;
        }
        return java.util.Objects.equals(a, b);
    }

    /** @return the exact odds of a saved roll as it stands (the asker's own, or anyone's for the GM) */
    public Odds odds(Asker asker, String id) {
        Ready ready = ready(asker, id);
        return rules.odds(ready.system(), ready.procedure(),
                rules.inputs(ready.system(), ready.procedure(), ready.inputs()));
    }

    /** @return the values of a character a roll may use, by field name; 404 / 403 as for reading it */
    public Map<String, Object> characterValues(Asker asker, String characterId, String systemId) {
        return values(usable(asker, characterId, rules.system(systemId)));
    }

    private GameCharacter usable(Asker asker, String characterId, InstalledSystem system) {
        GameCharacter character = kept(asker, characterId);
        if (!character.systemId().equals(system.id())) {
            throw Refusal.violated(Refusal.Kind.INVALID, "invalid-input", "Invalid input", "That character is for another system.", "",
                    List.of(new Violation("character", "is a character of " + character.systemId() + ", not of "
                            + system.id())));
        }
        return character;
    }

    /** The inputs a saved roll fixes itself: all it is given, less the fields its character fills in. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> own(InstalledProcedure procedure, GameCharacter character, Object raw) {
        if (raw != null && !(raw instanceof Map)) {
            throw Refusal.violated(Refusal.Kind.INVALID, "invalid-input", "Invalid input", "The inputs must be an object.", "",
                    List.of(new Violation("inputs", "must be an object of field values")));
        }
        var fixed = new LinkedHashMap<String, Object>(raw == null ? Map.of() : (Map<String, Object>) raw);
        if (character != null) {
            procedure.form().character().forEach(fixed::remove);
        }
        return fixed;
    }

    /**
     * The inputs a saved roll rolls with: its own, and its character's values for the procedure's character
     * fields; checked by the procedure's form and rules. A violation of a value that came from the character
     * names it as {@code character.<field>}.
     */
    private Map<String, Object> merged(InstalledSystem system, InstalledProcedure procedure, Map<String, Object> fixed,
            GameCharacter character) {
        var inputs = new LinkedHashMap<>(fixed);
        var fromCharacter = new LinkedHashSet<String>();
        if (character != null) {
            Map<String, Object> values = values(character);
            for (String field : procedure.form().character()) {
                if (values.containsKey(field)) {
                    inputs.put(field, values.get(field));
                    fromCharacter.add(field);
                }
            }
        }
        try {
            return rules.inputs(system, procedure, inputs).toMap();
        } catch (Refusal e) {
            var renamed = new ArrayList<Violation>();
            for (Violation v : e.violations()) {
                String field = v.field().startsWith("inputs.") ? v.field().substring("inputs.".length()) : v.field();
                String top = field.split("[.\\[]", 2)[0];
                renamed.add(fromCharacter.contains(top) ? new Violation("character." + field,
                        v.message() + " (a value of the character " + character.name() + ")")
                        : new Violation(v.field(), v.message()));
            }
            throw e.withViolations(renamed);
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> stored(SavedRoll s) {
        return JSON.fromJson(s.inputsJson(), LinkedHashMap.class);
    }

    /** @return one of the asker's own saved rolls: 403 for another's the asker may read (the GM), else 404 */
    private SavedRoll keptRoll(Asker asker, String id) {
        SavedRoll s = readableRoll(asker, id);
        if (!s.memberId().equals(asker.viewer().memberId())) {
            throw Refusal.of(Refusal.Kind.NOT_ALLOWED, "not-yours", "Not your saved roll",
                    "This saved roll is another member's: only they roll, change or delete it. Copy it to your own list "
                            + "to roll it.");
        }
        return s;
    }

    /** @return a saved roll the asker may read: their own, or anyone's for the GM; 404 otherwise */
    private SavedRoll readableRoll(Asker asker, String id) {
        SavedRoll s = Ids.wellFormed(id) ? em.find(SavedRoll.class, id) : null;
        if (s == null || !s.tableId().equals(asker.table().id()) || !asker.keeps(s.memberId())) {
            throw Refusal.of(Refusal.Kind.UNKNOWN, "unknown-saved-roll", "Unknown saved roll",
                    "There is no such saved roll of yours at this table.");
        }
        return s;
    }

    // --- shared -------------------------------------------------------------------------------------------

    private Map<String, String> memberNames(GameTable table) {
        var names = new LinkedHashMap<String, String>();
        for (Member m : tableMembers.members(table)) {
            names.put(m.id(), m.name());
        }
        return names;
    }

    private void limit(String what, String tableId) {
        long count = "dh_character".equals(what)
                ? em.createQuery("SELECT COUNT(c) FROM GameCharacter c WHERE c.tableId = :t", Long.class)
                        .setParameter("t", tableId).getSingleResult()
                : em.createQuery("SELECT COUNT(s) FROM SavedRoll s WHERE s.tableId = :t", Long.class)
                        .setParameter("t", tableId).getSingleResult();
        if (count >= MAX_PER_TABLE) {
            throw Refusal.of(Refusal.Kind.CONFLICT, "too-many", "Too many", "A table keeps at most " + MAX_PER_TABLE
                    + ("dh_character".equals(what) ? " characters." : " saved rolls."));
        }
    }

    /** @return the visibility named, for a roll made from a saved roll */
    public static Visibility visibility(String text) {
        return text == null ? Visibility.PUBLIC : Visibility.valueOf(text.toUpperCase(java.util.Locale.ROOT));
    }

    private static LocalDateTime now() {
        return LocalDateTime.now(ZoneOffset.UTC);
    }
}
