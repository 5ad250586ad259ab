package io.dicehall.web.characters.control;

import io.dicehall.api.form.Violation;
import io.dicehall.api.odds.Odds;
import io.dicehall.web.characters.control.Characters.Asker;
import io.dicehall.web.characters.entity.GameCharacter;
import io.dicehall.web.characters.entity.SavedRoll;
import io.dicehall.web.platform.store.Durable;
import io.dicehall.web.platform.Ids;
import io.dicehall.web.platform.Refusal;
import io.dicehall.web.systems.control.InstalledSystem;
import io.dicehall.web.systems.control.InstalledSystem.InstalledProcedure;
import io.dicehall.web.systems.control.Rules;
import io.dicehall.web.systems.control.SystemRegistry;
import io.dicehall.web.tables.control.TableLog;
import io.dicehall.web.tables.control.TableRolls;
import io.dicehall.web.tables.control.Tables;
import io.dicehall.web.tables.entity.Visibility;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Saved rolls kept at a table: a saved roll fixes a procedure's inputs (and, optionally, a character whose values
 * fill the procedure's character fields) so that one click rolls it. A saved roll is its saver's alone: only they
 * roll, change or delete it; the GM may read the others' (under their owners' names) and copy one into their own
 * list. Its inputs are checked again, by the procedure's form and rules, whenever it is saved or rolled.
 */
@ApplicationScoped
@Transactional
public class SavedRolls {

    @PersistenceContext(unitName = "dicehall")
    EntityManager em;

    @Inject
    Characters characters;

    @Inject
    TableRolls tableRolls;

    @Inject
    Rules rules;

    @Inject
    SystemRegistry registry;

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
        String memberId = asker.requireMember();
        asker.table().requireOpen();
        InstalledSystem system = rules.system(systemId);
        InstalledProcedure procedure = rules.procedure(system.id(), procedureId);
        GameCharacter character = characterId == null ? null : characters.usable(asker, characterId, system);
        Map<String, Object> fixed = own(procedure, character, rawInputs);
        merged(system, procedure, fixed, character);
        limit(asker.table().id());
        SavedRoll saved = new SavedRoll(Ids.random(), asker.table().id(), memberId, name, system.id(), procedure.id(),
                character == null ? null : character.id(), Characters.JSON.toJson(fixed), note, Tables.now());
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
        GameCharacter character = newCharacterId == null ? null : characters.usable(asker, newCharacterId, system);
        Map<String, Object> fixed = rawInputs == null ? stored(saved) : own(procedure, character, rawInputs);
        merged(system, procedure, fixed, character);
        saved.change(name == null ? saved.name() : name, newCharacterId, Characters.JSON.toJson(fixed),
                note == null ? saved.note() : note, Tables.now());
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
        Map<String, String> names = characters.memberNames(asker.table());
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
        Map<String, String> names = characters.memberNames(asker.table());
        return em.createQuery("SELECT s FROM SavedRoll s WHERE s.tableId = :t AND s.memberId <> :m"
                + " ORDER BY s.memberId, s.createdAt, s.id", SavedRoll.class)
                .setParameter("t", asker.table().id()).setParameter("m", mine).getResultStream()
                .map(s -> shownRoll(asker, s, names)).toList();
    }

    /** @return one saved roll: the asker's own, or, for the GM, anyone's (read only) */
    public ShownRoll savedRoll(Asker asker, String id) {
        return shownRoll(asker, readableRoll(asker, id), characters.memberNames(asker.table()));
    }

    /**
     * Copies a saved roll the asker may read (the GM: anyone's; a member: their own) into the asker's own list,
     * with its name, procedure, inputs, character and note; the copy is theirs to roll, change and delete.
     */
    @Durable
    public SavedRoll copy(Asker asker, String id) {
        String memberId = asker.requireMember();
        SavedRoll from = readableRoll(asker, id);
        asker.table().requireOpen();
        limit(asker.table().id());
        SavedRoll copy = new SavedRoll(Ids.random(), asker.table().id(), memberId, from.name(), from.systemId(),
                from.procedureId(), from.characterId(), from.inputsJson(), from.note(), Tables.now());
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

    /** @return the exact odds of a saved roll as it stands (the asker's own, or anyone's for the GM) */
    public Odds odds(Asker asker, String id) {
        Ready ready = ready(asker, id);
        return rules.odds(ready.system(), ready.procedure(),
                rules.inputs(ready.system(), ready.procedure(), ready.inputs()));
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
            Map<String, Object> values = Characters.values(character);
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
        return Characters.JSON.fromJson(s.inputsJson(), LinkedHashMap.class);
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

    private void limit(String tableId) {
        Characters.refuseOverLimit(em.createQuery("SELECT COUNT(s) FROM SavedRoll s WHERE s.tableId = :t", Long.class)
                .setParameter("t", tableId).getSingleResult(), "saved rolls");
    }
}
