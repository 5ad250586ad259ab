package io.dicehall.web.ui.table.kit;

import io.dicehall.web.characters.control.Characters;
import io.dicehall.web.characters.control.Characters.Asker;
import io.dicehall.web.characters.entity.SavedRoll;
import io.dicehall.web.platform.http.Problem;
import io.dicehall.web.platform.Refusal;
import io.dicehall.web.tables.control.TableLog;
import io.dicehall.web.ui.faces.Addresses;
import io.dicehall.web.ui.faces.Labels;
import io.dicehall.web.ui.form.Notice;
import io.dicehall.web.ui.roll.OddsView;
import io.dicehall.web.ui.roll.RollCards;
import io.dicehall.web.ui.roll.RollForm;
import io.dicehall.web.ui.roll.RollerKeys;
import io.dicehall.web.ui.table.RollChoice;
import io.dicehall.web.ui.table.feed.TableFeed;
import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.stream.Stream;

/**
 * The saved rolls on a table's page: the member's own one click away (with their odds, and a link to the form
 * filled in to adjust first), saving the roll the form holds under a name, forgetting one; and for the GM the
 * others' saved rolls, to copy.
 */
@Named
@ViewScoped
public class SavedRolls implements Serializable {

    private static final long serialVersionUID = 1L;

    /** The query parameter that names the saved roll an address adjusts. */
    static final String SAVE_AS = "save-as";

    /** The longest name of a saved roll, as the API allows. */
    static final int NAME_LENGTH = 100;

    @Inject
    Characters characters;

    /** The saved rolls kept at the table (the control side of this bean). */
    @Inject
    io.dicehall.web.characters.control.SavedRolls kept;

    @Inject
    RollCards cards;

    @Inject
    TableKit kit;

    @Inject
    RollChoice choice;

    @Inject
    RollForm form;

    @Inject
    RollerKeys rollerKeys;

    @Inject
    TableFeed feed;

    private List<SavedView> saved;
    private List<SavedView> others;
    private long readAt = -1;
    private String saveName = "";

    /**
     * Opens the saved rolls of the kit's table; a saved roll's "adjust first" address names it ({@code save-as}),
     * so that saving the adjusted form keeps it under the same name, and chooses its character again.
     */
    public void open() {
        FacesContext context = FacesContext.getCurrentInstance();
        String as = context == null || context.isPostback() ? null
                : context.getExternalContext().getRequestParameterMap().get(SAVE_AS);
        if (as != null && !as.isBlank() && as.strip().length() <= NAME_LENGTH) {
            saveName = as.strip();
            try {
                ownNamed(kit.asker(), saveName).filter(r -> r.characterId() != null).findFirst()
                        .ifPresent(r -> choice.setCharacter(r.characterId()));
            } catch (Refusal notSeated) {
                // a guest's address: nothing of theirs to choose
            }
        }
    }

    /** Forgets the lists read when the kit was to be read again since. */
    private void current() {
        if (readAt != kit.readAt()) {
            saved = null;
            others = null;
            readAt = kit.readAt();
        }
    }

    /** @return the member's saved rolls (everyone's for the GM), each with its odds */
    public List<SavedView> getSaved() {
        current();
        if (saved == null) {
            try {
                Asker asker = kit.asker();
                saved = kept.savedRolls(asker).stream().map(s -> {
                    var roll = s.roll();
                    SavedView view = new SavedView(roll.id(), roll.name(),
                            cards.procedureName(roll.systemId(), roll.procedureId()), s.characterName(), s.available(),
                            adjust(roll.systemId(), roll.procedureId(), s));
                    view.odds(odds(asker, roll.id()));
                    return view;
                }).toList();
            } catch (Refusal e) {
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
        current();
        if (others == null) {
            try {
                Asker asker = kit.asker();
                others = !asker.viewer().owner() ? List.of() : kept.othersSavedRolls(asker).stream()
                        .map(s -> new SavedView(s.roll().id(), s.roll().name(),
                                cards.procedureName(s.roll().systemId(), s.roll().procedureId()), s.characterName(),
                                s.available(), "", s.keeper()))
                        .toList();
            } catch (Refusal e) {
                others = List.of();
            }
        }
        return others;
    }

    /** The GM copies another member's saved roll to their own list. */
    public void copy(SavedView view) {
        kit.say("");
        try {
            kept.copy(kit.asker(), view.getId());
        } catch (Refusal e) {
            kit.say(TableKit.message(e));
        }
        kit.refresh();
    }

    private OddsView odds(Asker asker, String id) {
        try {
            io.dicehall.web.characters.control.SavedRolls.Ready ready = kept.ready(asker, id);
            return OddsView.of(kept.odds(asker, id), ready.procedure().outcomes());
        } catch (Refusal e) {
            return OddsView.unavailable(List.of(new Notice(
                    e.violations().isEmpty() ? e.detail() : e.violations().get(0).field() + ": "
                            + e.violations().get(0).message(), "")));
        }
    }

    /** @return the table's address with the saved roll's procedure and values filled in, and its name to save as */
    private String adjust(String system, String procedure, io.dicehall.web.characters.control.SavedRolls.ShownRoll s) {
        var values = new LinkedHashMap<String, Object>(s.inputs());
        if (s.roll().characterId() != null) {
            try {
                values.putAll(characters.characterValues(kit.asker(), s.roll().characterId(), system));
            } catch (Refusal gone) {
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
        return Addresses.table(kit.tableId()) + query;
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }

    /** Rolls a saved roll in one click, for those the form's choice of visibility names. */
    public void roll(SavedView view) {
        kit.say("");
        try {
            TableLog.Roll made = kept.roll(kit.asker(), view.getId(), choice.visibility(), null, null);
            rollerKeys.remember(made.roll().id(), made.rollerKey());
            feed.rolled(made.roll());
        } catch (Refusal e) {
            kit.say(TableKit.message(e));
            FacesContext context = FacesContext.getCurrentInstance();
            if (context != null && context.getPartialViewContext().isAjaxRequest()) {
                context.getPartialViewContext().getRenderIds().add("kit"); // the refusal is said beside the saved roll
            }
        }
    }

    /** Saves the roll the form holds, under a name, with the chosen character (if any). */
    public void save() {
        kit.say("");
        String name = saveName == null ? "" : saveName.strip();
        if (name.isEmpty() || name.length() > NAME_LENGTH) {
            kit.say(Labels.current().get("saved.name.invalid"));
            return;
        }
        try {
            Asker asker = kit.asker();
            String chosen = choice.hasCharacter() ? choice.getCharacter() : null;
            // Saving under a name the member already gave this procedure keeps that saved roll, adjusted.
            var same = ownNamed(asker, name)
                    .filter(r -> r.systemId().equals(choice.getSystem()) && r.procedureId().equals(choice.getProcedure()))
                    .findFirst();
            if (same.isPresent()) {
                kept.change(asker, same.get().id(), name, chosen, true, form.getInputs().raw(), note());
            } else {
                kept.save(asker, name, choice.getSystem(), choice.getProcedure(), chosen, form.getInputs().raw(),
                        note());
            }
            saveName = "";
            kit.refresh();
        } catch (Refusal e) {
            kit.say(TableKit.message(e));
        }
    }

    /** @return the asker's own saved rolls of that name (names are compared ignoring case) */
    private Stream<SavedRoll> ownNamed(Asker asker, String name) {
        return kept.savedRolls(asker).stream().map(io.dicehall.web.characters.control.SavedRolls.ShownRoll::roll)
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
            kept.forget(kit.asker(), view.getId());
        } catch (Refusal e) {
            kit.say(TableKit.message(e));
        }
        kit.refresh();
    }

    public String getSaveName() {
        return saveName;
    }

    public void setSaveName(String saveName) {
        this.saveName = saveName;
    }
}
