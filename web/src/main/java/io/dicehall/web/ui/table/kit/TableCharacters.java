package io.dicehall.web.ui.table.kit;

import io.dicehall.api.form.Form;
import io.dicehall.web.characters.control.Characters;
import io.dicehall.web.characters.control.Characters.Asker;
import io.dicehall.web.platform.Problem;
import io.dicehall.web.platform.ProblemException;
import io.dicehall.web.systems.control.Rules;
import io.dicehall.web.tables.control.TableService;
import io.dicehall.web.tables.control.Viewer;
import io.dicehall.web.tables.entity.Visibility;
import io.dicehall.web.ui.faces.Addresses;
import io.dicehall.web.ui.faces.Labels;
import io.dicehall.web.ui.form.FormInput;
import io.dicehall.web.ui.roll.OddsView;
import io.dicehall.web.ui.roll.RollForm;
import io.dicehall.web.ui.roll.RollerKeys;
import io.dicehall.web.ui.table.TableKeys;
import io.dicehall.web.ui.table.TableRollForm;
import io.dicehall.web.ui.table.feed.TableFeed;
import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Characters and saved rolls on a table's page: the member's saved rolls one click away (with their odds,
 * and a link to the form filled in to adjust first), saving the roll the form holds, the characters at the
 * table (everyone's names, one's own to edit), and choosing a character to fill in the form.
 */
@Named
@ViewScoped
public class TableCharacters implements Serializable {

    private static final long serialVersionUID = 1L;

    @Inject
    Characters characters;

    @Inject
    Rules rules;

    @Inject
    TableKeys keys;

    @Inject
    RollerKeys rollerKeys;

    @Inject
    RollForm form;

    @Inject
    TableRollForm roller;

    @Inject
    TableFeed feed;

    /** A saved roll as the page lists it. */
    public static final class SavedView implements Serializable {
        private static final long serialVersionUID = 1L;
        private final String id;
        private final String name;
        private final String what;
        private final String character;
        private final boolean available;
        private final String adjust;
        private final String keeper;
        private OddsView odds;

        SavedView(String id, String name, String what, String character, boolean available, String adjust) {
            this(id, name, what, character, available, adjust, "");
        }

        SavedView(String id, String name, String what, String character, boolean available, String adjust,
                String keeper) {
            this.keeper = keeper;
            this.id = id;
            this.name = name;
            this.what = what;
            this.character = character;
            this.available = available;
            this.adjust = adjust;
        }

        /** @return for another member's saved roll shown to the GM, its keeper's name; empty for one's own */
        public String getKeeper() {
            return keeper;
        }

        public String getId() {
            return id;
        }

        public String getName() {
            return name;
        }

        /** @return its procedure and system, as players read them */
        public String getWhat() {
            return what;
        }

        /** @return its character's name, or null */
        public String getCharacter() {
            return character;
        }

        public boolean isAvailable() {
            return available;
        }

        /** @return the table's address with the saved roll's procedure and values filled in, to adjust first */
        public String getAdjust() {
            return adjust;
        }

        public OddsView getOdds() {
            return odds;
        }
    }

    /** A character as the page lists it. */
    public static final class CharacterView implements Serializable {
        private static final long serialVersionUID = 1L;
        private final String id;
        private final String name;
        private final String system;
        private final String keeper;
        private final boolean mine;
        private final boolean available;
        private final String values;

        CharacterView(String id, String name, String system, String keeper, boolean mine, boolean available,
                String values) {
            this.id = id;
            this.name = name;
            this.system = system;
            this.keeper = keeper;
            this.mine = mine;
            this.available = available;
            this.values = values;
        }

        public String getId() {
            return id;
        }

        public String getName() {
            return name;
        }

        public String getSystem() {
            return system;
        }

        public String getKeeper() {
            return keeper;
        }

        public boolean isMine() {
            return mine;
        }

        public boolean isAvailable() {
            return available;
        }

        /** @return its values in short ("Rank 5 · Stress 1"); empty when the viewer may not see them */
        public String getValues() {
            return values;
        }
    }

    private String tableId;
    private List<SavedView> saved;
    private List<SavedView> others;
    private List<CharacterView> people;
    private String problem = "";
    private String saveName = "";
    private String character = "";
    private String newCharacterName = "";
    private FormInput newCharacter;
    private String newCharacterSystem;
    private String editingId;
    private String editingName = "";
    private String editingSystem;
    private FormInput editing;

    /**
     * Opens the table's characters and saved rolls; a saved roll's "adjust first" address names it
     * ({@code save-as}), so that saving the adjusted form keeps it under the same name.
     */
    public void open(String table) {
        tableId = table;
        var context = jakarta.faces.context.FacesContext.getCurrentInstance();
        String as = context == null || context.isPostback() ? null
                : context.getExternalContext().getRequestParameterMap().get(SAVE_AS);
        if (as != null && !as.isBlank() && as.strip().length() <= 100) {
            saveName = as.strip();
            // The saved roll's character is chosen again, so that saving the adjusted roll keeps it.
            try {
                ownNamed(asker(), saveName).filter(r -> r.characterId() != null).findFirst()
                        .ifPresent(r -> character = r.characterId());
            } catch (ProblemException notSeated) {
                // a guest's address: nothing of theirs to choose
            }
        }
    }

    /** The query parameter that names the saved roll an address adjusts. */
    static final String SAVE_AS = "save-as";

    /** Reads the lists again at their next showing. */
    public void refresh() {
        saved = null;
        others = null;
        people = null;
    }

    private Asker asker() {
        return characters.asker(tableId, keys.ownerKey(tableId), keys.memberKey(tableId));
    }

    /** @return the member's saved rolls (everyone's for the GM), each with its odds */
    public List<SavedView> getSaved() {
        if (saved == null) {
            Labels labels = Labels.current();
            try {
                Asker asker = asker();
                saved = characters.savedRolls(asker).stream().map(s -> {
                    var roll = s.roll();
                    SavedView view = new SavedView(roll.id(), roll.name(), procedureName(roll.systemId(), roll.procedureId()),
                            s.characterName(), s.available(), adjust(roll.systemId(), roll.procedureId(), s));
                    view.odds = odds(asker, roll.id(), labels);
                    return view;
                }).toList();
            } catch (ProblemException e) {
                saved = List.of();
            }
        }
        return saved;
    }

    /**
     * @return for the GM, the others' saved rolls, read only, each under its keeper's name (in the view's
     *     character slot: "Vex fights — Bo"); empty for everyone else
     */
    public List<SavedView> getOthers() {
        if (others == null) {
            try {
                Asker asker = asker();
                others = !asker.viewer().owner() ? List.of() : characters.othersSavedRolls(asker).stream()
                        .map(s -> new SavedView(s.roll().id(), s.roll().name(),
                                procedureName(s.roll().systemId(), s.roll().procedureId()), s.characterName(),
                                s.available(), "", s.keeper()))
                        .toList();
            } catch (ProblemException e) {
                others = List.of();
            }
        }
        return others;
    }

    /** The GM copies another member's saved roll to their own list. */
    public void copy(SavedView view) {
        problem = "";
        try {
            characters.copy(asker(), view.getId());
        } catch (ProblemException e) {
            problem = message(e);
        }
        refresh();
    }

    private OddsView odds(Asker asker, String id, Labels labels) {
        try {
            Characters.Ready ready = characters.ready(asker, id);
            return OddsView.of(characters.odds(asker, id), ready.procedure().outcomes());
        } catch (ProblemException e) {
            Problem p = e.problem();
            return OddsView.unavailable(List.of(new io.dicehall.web.ui.form.Notice(
                    p.violations().isEmpty() ? p.detail() : p.violations().get(0).field() + ": "
                            + p.violations().get(0).message(), "")));
        }
    }

    private String procedureName(String system, String procedure) {
        try {
            return rules.procedure(system, procedure).name() + " — " + rules.system(system).name();
        } catch (ProblemException gone) {
            return system + " / " + procedure;
        }
    }

    private String adjust(String system, String procedure, Characters.ShownRoll s) {
        var values = new LinkedHashMap<String, Object>(s.inputs());
        if (s.roll().characterId() != null) {
            try {
                values.putAll(characters.characterValues(asker(), s.roll().characterId(), system));
            } catch (ProblemException gone) {
                // the character is gone: its fields keep their defaults
            }
        }
        var query = new StringBuilder("?system=").append(encode(system)).append("&procedure=").append(encode(procedure));
        values.forEach((name, value) -> {
            if (value instanceof String || value instanceof Number || value instanceof Boolean) {
                query.append('&').append(encode(name)).append('=').append(encode(String.valueOf(value)));
            } else if (value instanceof List<?> picks && picks.stream().allMatch(String.class::isInstance)) {
                query.append('&').append(encode(name)).append('=').append(encode(String.join(",", picks.stream()
                        .map(String::valueOf).toList())));
            }
        });
        if (s.roll().note() != null) {
            query.append("&note=").append(encode(s.roll().note()));
        }
        query.append('&').append(SAVE_AS).append('=').append(encode(s.roll().name()));
        return Addresses.table(tableId) + query;
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }

    /** Rolls a saved roll in one click, for everyone at the table to see. */
    public void roll(SavedView view) {
        problem = "";
        try {
            TableService.Roll made = characters.roll(asker(), view.getId(), Visibility.valueOf(
                    roller.getVisibility().toUpperCase(java.util.Locale.ROOT)), null, null);
            rollerKeys.remember(made.roll().id(), made.rollerKey());
            feed.rolled(made.roll().id());
        } catch (ProblemException e) {
            problem = message(e);
            FacesContext context = FacesContext.getCurrentInstance();
            if (context != null && context.getPartialViewContext().isAjaxRequest()) {
                context.getPartialViewContext().getRenderIds().add("kit"); // the refusal is said beside the saved roll
            }
        }
    }

    /** Saves the roll the form holds, under a name, with the chosen character (if any). */
    public void save() {
        problem = "";
        String name = saveName == null ? "" : saveName.strip();
        if (name.isEmpty() || name.length() > 100) {
            problem = Labels.current().get("saved.name.invalid");
            return;
        }
        try {
            Asker asker = asker();
            String chosen = character == null || character.isEmpty() ? null : character;
            // Saving under a name the member already gave this procedure keeps that saved roll, adjusted.
            var same = ownNamed(asker, name)
                    .filter(r -> r.systemId().equals(roller.getSystem()) && r.procedureId().equals(roller.getProcedure()))
                    .findFirst();
            if (same.isPresent()) {
                characters.change(asker, same.get().id(), name, chosen, true, form.getInputs().raw(), note());
            } else {
                characters.save(asker, name, roller.getSystem(), roller.getProcedure(), chosen, form.getInputs().raw(),
                        note());
            }
            saveName = "";
            refresh();
        } catch (ProblemException e) {
            problem = message(e);
        }
    }

    /** @return the asker's own saved rolls of that name (names are compared ignoring case) */
    private java.util.stream.Stream<io.dicehall.web.characters.entity.SavedRoll> ownNamed(Asker asker, String name) {
        return characters.savedRolls(asker).stream().map(Characters.ShownRoll::roll)
                .filter(r -> r.memberId().equals(asker.viewer().memberId()) && r.name().equalsIgnoreCase(name));
    }

    /** @return the note the form holds, kept with a saved roll and rolled with it; null when empty */
    private String note() {
        Object text = form.getNote().raw().get("note");
        String note = text == null ? "" : String.valueOf(text).strip();
        return note.isEmpty() ? null : note;
    }

    /** Deletes one of the member's saved rolls. */
    public void forget(SavedView view) {
        try {
            characters.forget(asker(), view.getId());
        } catch (ProblemException e) {
            problem = message(e);
        }
        refresh();
    }

    /**
     * @return the character this member rolls for (chosen on the form), tagged on the roll; null for none
     * @throws ProblemException when the character may not be rolled for here (gone, another's, another system)
     */
    public TableService.Tag rollingFor(Viewer viewer) {
        if (character == null || character.isEmpty()) {
            return null;
        }
        return characters.rollingFor(tableId, viewer, character, roller.getSystem());
    }

    /**
     * @return where the form's values differ from the chosen character's, in words ("Rank: 5 on the form, 3 for
     *     Finn"); empty when no character is chosen or nothing differs
     */
    public List<String> getDifferences() {
        if (character == null || character.isEmpty() || !roller.isRollable()) {
            return List.of();
        }
        try {
            Map<String, String> labels = new HashMap<>();
            form.getInputs().getFields().forEach(f -> labels.put(f.getName(), f.getLabel()));
            String name = getUsable().stream().filter(c -> c.getId().equals(character)).map(CharacterView::getName)
                    .findFirst().orElse("");
            return characters.differences(asker(), character, roller.getSystem(), roller.getProcedure(),
                    form.getInputs().raw()).stream()
                    .map(d -> Labels.current().get("character.differs", labels.getOrDefault(d.field(), d.field()),
                            String.valueOf(d.formValue()), name, String.valueOf(d.characterValue())))
                    .toList();
        } catch (ProblemException unavailable) {
            return List.of();
        }
    }

    /** Fills the form's character fields with the chosen character's values. */
    public void useCharacter() {
        problem = "";
        if (character == null || character.isEmpty()) {
            return;
        }
        try {
            Map<String, Object> values = characters.characterValues(asker(), character, roller.getSystem());
            var text = new LinkedHashMap<String, String>();
            values.forEach((k, v) -> text.put(k, String.valueOf(v)));
            form.prefill(text);
        } catch (ProblemException e) {
            problem = message(e);
        }
    }

    /** @return the characters at the table: everyone's names, one's own (or, for the GM, all) with their values */
    public List<CharacterView> getPeople() {
        if (people == null) {
            try {
                Asker asker = asker();
                String me = asker.viewer().memberId();
                people = characters.characters(asker).stream().map(c -> new CharacterView(c.character().id(),
                        c.character().name(), systemName(c.character().systemId()), c.keeper(),
                        me != null && me.equals(c.character().memberId()) || asker.viewer().owner(), c.available(),
                        c.full() ? valuesInWords(c.character().systemId(), c.values()) : "")).toList();
            } catch (ProblemException e) {
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
        } catch (ProblemException gone) {
            // the system is no longer installed: its field names stand in for their labels
        }
        return String.join(" · ", values.entrySet().stream()
                .map(e -> labels.getOrDefault(e.getKey(), e.getKey()) + " " + e.getValue()).toList());
    }

    /** @return the member's own characters of the system being rolled, to fill the form in */
    public List<CharacterView> getUsable() {
        String system = systemName(roller.getSystem());
        return getPeople().stream().filter(c -> c.isMine() && c.isAvailable() && c.getSystem().equals(system)).toList();
    }

    private String systemName(String system) {
        try {
            return rules.system(system).name();
        } catch (ProblemException gone) {
            return system;
        }
    }

    /** @return the fields of a new character of the system being rolled; empty when it marks none */
    public FormInput getNewCharacter() {
        if (newCharacter == null || !roller.getSystem().equals(newCharacterSystem)) {
            Form fields;
            try {
                fields = Characters.characterForm(rules.system(roller.getSystem()));
            } catch (ProblemException gone) {
                fields = Form.EMPTY;
            }
            newCharacter = new FormInput(fields, "ch");
            newCharacterSystem = roller.getSystem();
        }
        return newCharacter;
    }

    /** Keeps a new character of the system being rolled. */
    public void createCharacter() {
        if (kept(getNewCharacter(), newCharacterName,
                (name, values) -> characters.create(asker(), name, roller.getSystem(), values))) {
            newCharacterName = "";
            newCharacter = null;
            refresh();
        }
    }

    /**
     * Reads a character's fields and name from the request and hands them to {@code store}; a name out of bounds,
     * or values the system refuses (each named beside its field), are shown instead.
     *
     * @return whether it was stored
     */
    private boolean kept(FormInput fields, String typedName, java.util.function.BiConsumer<String, Map<String, Object>> store) {
        problem = "";
        fields.read();
        fields.clearMessages();
        String name = typedName == null ? "" : typedName.strip();
        if (name.isEmpty() || name.length() > 100) {
            problem = Labels.current().get("character.name.invalid");
            return false;
        }
        try {
            store.accept(name, fields.raw());
            return true;
        } catch (ProblemException e) {
            Problem p = e.problem();
            if (p.violations().isEmpty()) {
                problem = p.detail();
            } else {
                fields.show(p.violations(), "values", Labels.current());
            }
            return false;
        }
    }

    /**
     * Opens one of the member's characters (or, for the GM, anyone's) for editing: its name and its values in
     * its system's own character fields, as they are stored now (a stress track changes during play).
     */
    public void edit(CharacterView view) {
        problem = "";
        try {
            Characters.Shown shown = characters.character(asker(), view.getId());
            FormInput fields = new FormInput(Characters.characterForm(rules.system(shown.character().systemId())), "ed");
            fields.fill(shown.values());
            editing = fields;
            editingId = shown.character().id();
            editingName = shown.character().name();
            editingSystem = systemName(shown.character().systemId());
        } catch (ProblemException e) {
            problem = message(e);
            editing = null;
        }
    }

    /** Stores the character being edited, its values checked again by its system's rules. */
    public void saveCharacter() {
        problem = "";
        if (editing != null
                && kept(editing, editingName, (name, values) -> characters.update(asker(), editingId, name, values))) {
            cancelEdit();
            refresh();
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
            characters.delete(asker(), view.getId());
            if (view.getId().equals(editingId)) {
                cancelEdit();
            }
        } catch (ProblemException e) {
            problem = message(e);
        }
        refresh();
    }

    private static String message(ProblemException e) {
        Problem p = e.problem();
        return p.violations().isEmpty() ? p.detail()
                : p.detail() + " " + String.join("; ", p.violations().stream().map(v -> v.field() + ": " + v.message()).toList());
    }

    public String getProblem() {
        return problem;
    }

    public String getSaveName() {
        return saveName;
    }

    public void setSaveName(String saveName) {
        this.saveName = saveName;
    }

    public String getCharacter() {
        return character;
    }

    public void setCharacter(String character) {
        this.character = character;
    }

    public String getNewCharacterName() {
        return newCharacterName;
    }

    public void setNewCharacterName(String newCharacterName) {
        this.newCharacterName = newCharacterName;
    }
}
