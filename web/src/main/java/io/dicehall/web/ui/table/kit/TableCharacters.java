package io.dicehall.web.ui.table.kit;

import io.dicehall.api.form.Form;
import io.dicehall.web.characters.control.Characters;
import io.dicehall.web.characters.control.Characters.Asker;
import io.dicehall.web.platform.http.Problem;
import io.dicehall.web.platform.Refusal;
import io.dicehall.web.systems.control.Rules;
import io.dicehall.web.ui.faces.Labels;
import io.dicehall.web.ui.form.FormInput;
import io.dicehall.web.ui.table.RollChoice;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * The characters at a table, on its page: everyone's names (one's own, and for the GM all, with their values),
 * keeping a new one of the system being rolled, editing one (its name and values, checked again by its system's
 * rules) and deleting one. Choosing one to roll for is {@link CharacterChoice}'s.
 */
@Named
@ViewScoped
public class TableCharacters implements Serializable {

    private static final long serialVersionUID = 1L;

    /** The longest character name, as the API allows. */
    static final int NAME_LENGTH = 100;

    @Inject
    Characters characters;

    @Inject
    Rules rules;

    @Inject
    TableKit kit;

    @Inject
    RollChoice choice;

    private List<CharacterView> people;
    private long readAt = -1;
    private String newCharacterName = "";
    private FormInput newCharacter;
    private String newCharacterSystem;
    private String editingId;
    private String editingName = "";
    private String editingSystem;
    private FormInput editing;

    /** @return the characters at the table: everyone's names, one's own (or, for the GM, all) with their values */
    public List<CharacterView> getPeople() {
        if (readAt != kit.readAt()) {
            people = null;
            readAt = kit.readAt();
        }
        if (people == null) {
            try {
                Asker asker = kit.asker();
                String me = asker.viewer().memberId();
                people = characters.characters(asker).stream().map(c -> new CharacterView(c.character().id(),
                        c.character().name(), systemName(c.character().systemId()), c.keeper(),
                        me != null && me.equals(c.character().memberId()) || asker.viewer().owner(), c.available(),
                        c.full() ? valuesInWords(c.character().systemId(), c.values()) : "")).toList();
            } catch (Refusal e) {
                people = List.of();
            }
        }
        return people;
    }

    /** @return a character's values named as its system's form names them ("Rank 5 · Stress 1") */
    private String valuesInWords(String systemId, Map<String, Object> values) {
        Map<String, String> labels = new HashMap<>();
        try {
            Characters.characterForm(rules.system(systemId)).fields().forEach(f -> labels.put(f.name(), f.label()));
        } catch (Refusal gone) {
            // the system is no longer installed: its field names stand in for their labels
        }
        return String.join(" · ", values.entrySet().stream()
                .map(e -> labels.getOrDefault(e.getKey(), e.getKey()) + " " + e.getValue()).toList());
    }

    /** @return a system's name; its id when it is no longer installed */
    String systemName(String system) {
        try {
            return rules.system(system).name();
        } catch (Refusal gone) {
            return system;
        }
    }

    /** @return the fields of a new character of the system being rolled; empty when it marks none */
    public FormInput getNewCharacter() {
        if (newCharacter == null || !choice.getSystem().equals(newCharacterSystem)) {
            Form fields;
            try {
                fields = Characters.characterForm(rules.system(choice.getSystem()));
            } catch (Refusal gone) {
                fields = Form.EMPTY;
            }
            newCharacter = new FormInput(fields, "ch");
            newCharacterSystem = choice.getSystem();
        }
        return newCharacter;
    }

    /** Keeps a new character of the system being rolled. */
    public void createCharacter() {
        if (kept(getNewCharacter(), newCharacterName,
                (name, values) -> characters.create(kit.asker(), name, choice.getSystem(), values))) {
            newCharacterName = "";
            newCharacter = null;
            kit.refresh();
        }
    }

    /**
     * Reads a character's fields and name from the request and hands them to {@code store}; a name out of bounds,
     * or values the system refuses (each named beside its field), are shown instead.
     *
     * @return whether it was stored
     */
    private boolean kept(FormInput fields, String typedName, BiConsumer<String, Map<String, Object>> store) {
        kit.say("");
        fields.read();
        fields.clearMessages();
        String name = typedName == null ? "" : typedName.strip();
        if (name.isEmpty() || name.length() > NAME_LENGTH) {
            kit.say(Labels.current().get("character.name.invalid"));
            return false;
        }
        try {
            store.accept(name, fields.raw());
            return true;
        } catch (Refusal e) {
            if (e.violations().isEmpty()) {
                kit.say(e.detail());
            } else {
                fields.show(e.violations(), "values", Labels.current());
            }
            return false;
        }
    }

    /**
     * Opens one of the member's characters (or, for the GM, anyone's) for editing: its name and its values in
     * its system's own character fields, as they are stored now (a stress track changes during play).
     */
    public void edit(CharacterView view) {
        kit.say("");
        try {
            Characters.Shown shown = characters.character(kit.asker(), view.getId());
            FormInput fields = new FormInput(Characters.characterForm(rules.system(shown.character().systemId())), "ed");
            fields.fill(shown.values());
            editing = fields;
            editingId = shown.character().id();
            editingName = shown.character().name();
            editingSystem = systemName(shown.character().systemId());
        } catch (Refusal e) {
            kit.say(TableKit.message(e));
            editing = null;
        }
    }

    /** Stores the character being edited, its values checked again by its system's rules. */
    public void saveCharacter() {
        kit.say("");
        if (editing != null
                && kept(editing, editingName, (name, values) -> characters.update(kit.asker(), editingId, name, values))) {
            cancelEdit();
            kit.refresh();
        }
    }

    /** Leaves the character being edited as it is stored. */
    public void cancelEdit() {
        editing = null;
        editingId = null;
        editingName = "";
        editingSystem = null;
    }

    /** @return the fields of the character being edited; null when none is */
    public FormInput getEditing() {
        return editing;
    }

    /** @return the id of the character being edited; null when none is */
    public String getEditingId() {
        return editingId;
    }

    /** @return the system's name of the character being edited */
    public String getEditingSystem() {
        return editingSystem;
    }

    public String getEditingName() {
        return editingName;
    }

    public void setEditingName(String editingName) {
        this.editingName = editingName;
    }

    /** Deletes one of the member's characters. */
    public void deleteCharacter(CharacterView view) {
        try {
            characters.delete(kit.asker(), view.getId());
            if (view.getId().equals(editingId)) {
                cancelEdit();
            }
        } catch (Refusal e) {
            kit.say(TableKit.message(e));
        }
        kit.refresh();
    }

    public String getNewCharacterName() {
        return newCharacterName;
    }

    public void setNewCharacterName(String newCharacterName) {
        this.newCharacterName = newCharacterName;
    }
}
