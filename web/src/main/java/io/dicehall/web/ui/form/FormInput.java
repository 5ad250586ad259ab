package io.dicehall.web.ui.form;

import io.dicehall.api.form.Form;
import io.dicehall.api.form.Violation;
import io.dicehall.web.ui.faces.Labels;
import io.dicehall.web.ui.roll.DieView;
import jakarta.faces.context.FacesContext;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A declared form as a page edits it: the inputs in order, holding what the player typed (so nothing is
 * lost when a value breaks a rule), and the messages of the rules broken. The page draws it with
 * {@code <dh:form>}; values come back through {@link #read()} when its HTML form is submitted.
 *
 * <p>It only holds and carries values: every value is checked by the form's own checker in {@code api},
 * through {@link io.dicehall.web.systems.control.Rules}.
 */
public final class FormInput implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String prefix;
    private final List<FieldInput> fields;
    private final List<String> messages = new ArrayList<>();

    /**
     * @param form the declared form
     * @param prefix starts every HTML id of this form, unique on the page, without underscores
     */
    public FormInput(Form form, String prefix) {
        this.prefix = prefix;
        this.fields = form.fields().stream().map(FieldInput::of).toList();
        fields.forEach(f -> f.place("", prefix));
        for (FieldInput field : fields) {
            if (form.more().contains(field.getName())) {
                field.foldUnderMore();
            }
            if (field instanceof IntegerInput integer && form.valueNames().containsKey(field.getName())) {
                integer.name(form.valueNames().get(field.getName()));
            }
        }
    }

    /** @return the fields shown at once, in order */
    public List<FieldInput> getEssential() {
        return fields.stream().filter(f -> !f.isMore()).toList();
    }

    /** @return the fields folded under "More options", in order; empty for most forms */
    public List<FieldInput> getMore() {
        return fields.stream().filter(FieldInput::isMore).toList();
    }

    /** @return the folded fields' values as they stand, e.g. "Edge: none · Risk category: Narrative" */
    public String getMoreSummary() {
        return String.join(" · ", getMore().stream().filter(f -> !f.getCurrentText().isEmpty())
                .map(f -> f.getLabel() + ": " + f.getCurrentText()).toList());
    }

    /** @return whether a folded field holds a message, so the fold opens */
    public boolean isMoreInvalid() {
        return getMore().stream().anyMatch(FormInput::invalid);
    }

    /** Takes the values the browser sent for this form (a listener on the form's post-validate event). */
    public void read() {
        readFrom(FacesContext.getCurrentInstance().getExternalContext().getRequestParameterValuesMap());
    }

    /** Takes the values sent, by HTML id. */
    public void readFrom(Map<String, String[]> params) {
        fields.forEach(f -> f.read(params));
    }

    /** @return the values for the checker: numbers, booleans, strings, lists, row maps; never null */
    public Map<String, Object> raw() {
        var raw = new LinkedHashMap<String, Object>();
        fields.forEach(f -> raw.put(f.getName(), f.raw()));
        return raw;
    }

    /**
     * Takes values given as text by field name, e.g. from a page's address: a tick box is ticked by
     * {@code true}, {@code on}, {@code yes} or {@code 1}; picks are separated by commas; groups are left
     * alone. The values are only held, as if typed: the form's checker judges them.
     */
    public void prefill(Map<String, String> values) {
        for (FieldInput field : fields) {
            String value = values.get(field.getName());
            if (value == null || field instanceof GroupInput) {
                continue;
            }
            String[] sent = field instanceof PickInput ? value.split(",")
                    : field instanceof FlagInput ? (List.of("true", "on", "yes", "1").contains(value) ? new String[] {"on"} : null)
                    : new String[] {value};
            field.read(sent == null ? Map.of() : Map.of(field.getId(), sent));
        }
    }

    /** Takes checked values, e.g. a stored roll's inputs. */
    public void fill(Map<String, Object> values) {
        fields.forEach(f -> f.fill(values.get(f.getName())));
    }

    /**
     * Shows each violation next to the input its path names; the ones naming no input are shown for the
     * form as a whole.
     *
     * @param violations as a problem lists them
     * @param under the prefix of their paths to drop, e.g. {@code inputs}; may be empty
     */
    public void show(List<Violation> violations, String under, Labels labels) {
        clearMessages();
        for (Violation violation : violations) {
            FieldInput field = find(relative(violation.field(), under));
            if (field == null) {
                messages.add(capitalised(violation.message()));
            } else {
                field.addMessage(field.sentence(violation.message(), labels));
            }
        }
    }

    /**
     * @return each violation as a sentence naming its field, with the id of the input to jump to; for
     *     showing elsewhere than beside the inputs (beside the odds)
     */
    public List<Notice> notices(List<Violation> violations, String under, Labels labels) {
        var notices = new ArrayList<Notice>();
        for (Violation violation : violations) {
            FieldInput field = find(relative(violation.field(), under));
            notices.add(field == null ? new Notice(capitalised(violation.message()), "")
                    : new Notice(field.sentence(violation.message(), labels), field.getId()));
        }
        return notices;
    }

    private FieldInput find(String path) {
        for (FieldInput field : fields) {
            FieldInput found = field.find(path);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    private static String relative(String path, String under) {
        if (under.isEmpty() || !path.startsWith(under)) {
            return path;
        }
        if (path.equals(under)) {
            return "";
        }
        return path.startsWith(under + ".") ? path.substring(under.length() + 1) : path;
    }

    /** Shows a message for the form as a whole. */
    public void show(String message) {
        messages.add(message);
    }

    /** Forgets every message. */
    public void clearMessages() {
        messages.clear();
        fields.forEach(FieldInput::clearMessages);
    }

    /** Draws, beside each pick option that names a die on the table, that die. */
    public void showDice(Function<String, DieView> dice) {
        fields.stream().filter(PickInput.class::isInstance).map(PickInput.class::cast).forEach(p -> p.showDice(dice));
    }

    private static String capitalised(String text) {
        String t = text.strip();
        return t.isEmpty() ? t : Character.toUpperCase(t.charAt(0)) + t.substring(1);
    }

    /** @return the prefix of this form's HTML ids */
    public String getPrefix() {
        return prefix;
    }

    public List<FieldInput> getFields() {
        return fields;
    }

    /** @return whether the form takes no inputs */
    public boolean isEmpty() {
        return fields.isEmpty();
    }

    /** @return messages for the form as a whole */
    public List<String> getMessages() {
        return messages;
    }

    /** @return whether any input or the form holds a message */
    public boolean isInvalid() {
        return !messages.isEmpty() || fields.stream().anyMatch(FormInput::invalid);
    }

    private static boolean invalid(FieldInput field) {
        return field.isInvalid() || field instanceof GroupInput group
                && group.getRows().stream().anyMatch(r -> r.getFields().stream().anyMatch(FormInput::invalid));
    }
}
