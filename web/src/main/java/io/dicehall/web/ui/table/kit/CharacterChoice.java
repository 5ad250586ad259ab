package io.dicehall.web.ui.table.kit;

import io.dicehall.web.characters.control.Characters;
import io.dicehall.web.platform.Refusal;
import io.dicehall.web.ui.faces.Labels;
import io.dicehall.web.ui.roll.RollForm;
import io.dicehall.web.ui.table.RollChoice;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Rolling for a character on a table's page: the member's own characters of the system being rolled, filling
 * the form's character fields with the chosen one's values, and where the form now differs from them. The choice
 * itself is kept in {@link RollChoice}, where the roll reads it.
 */
@Named
@ViewScoped
public class CharacterChoice implements Serializable {

    private static final long serialVersionUID = 1L;

    @Inject
    Characters characters;

    @Inject
    TableKit kit;

    @Inject
    RollChoice choice;

    @Inject
    RollForm form;

    @Inject
    TableCharacters people;

    /** @return the member's own characters of the system being rolled, to fill the form in */
    public List<CharacterView> getUsable() {
        String system = people.systemName(choice.getSystem());
        return people.getPeople().stream().filter(c -> c.isMine() && c.isAvailable() && c.getSystem().equals(system))
                .toList();
    }

    /**
     * @return where the form's values differ from the chosen character's, in words ("Rank: 5 on the form, 3 for
     *     Finn"); empty when no character is chosen or nothing differs
     */
    public List<String> getDifferences() {
        if (!choice.hasCharacter() || !choice.isRollable()) {
            return List.of();
        }
        String character = choice.getCharacter();
        try {
            Map<String, String> labels = new HashMap<>();
            form.getInputs().getFields().forEach(f -> labels.put(f.getName(), f.getLabel()));
            String name = getUsable().stream().filter(c -> c.getId().equals(character)).map(CharacterView::getName)
                    .findFirst().orElse("");
            return characters.differences(kit.asker(), character, choice.getSystem(), choice.getProcedure(),
                    form.getInputs().raw()).stream()
                    .map(d -> Labels.current().get("character.differs", labels.getOrDefault(d.field(), d.field()),
                            String.valueOf(d.formValue()), name, String.valueOf(d.characterValue())))
                    .toList();
        } catch (Refusal unavailable) {
            return List.of();
        }
    }

    /** Fills the form's character fields with the chosen character's values. */
    public void useCharacter() {
        kit.say("");
        if (!choice.hasCharacter()) {
            return;
        }
        try {
            Map<String, Object> values = characters.characterValues(kit.asker(), choice.getCharacter(),
                    choice.getSystem());
            var text = new LinkedHashMap<String, String>();
            values.forEach((k, v) -> text.put(k, String.valueOf(v)));
            form.prefill(text);
        } catch (Refusal e) {
            kit.say(TableKit.message(e));
        }
    }
}
