package io.dicehall.web.ui.roll;

import io.dicehall.api.form.ChoiceField;
import io.dicehall.api.form.Field;
import io.dicehall.api.form.FlagField;
import io.dicehall.api.form.Form;
import io.dicehall.api.form.GroupField;
import io.dicehall.api.form.Option;
import io.dicehall.api.form.PickField;
import io.dicehall.web.ui.faces.Labels;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A value a roll was made with, as a card lists it: "Rank: 5", a choice by its label, a flag as yes or no. */
public final class InputView implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String label;
    private final String value;

    InputView(String label, String value) {
        this.label = label;
        this.value = value;
    }

    public String getLabel() {
        return label;
    }

    public String getValue() {
        return value;
    }

    /** @return the values a roll was made with that say something, each named by its field's label */
    static List<InputView> of(Form form, Map<String, Object> values, Labels labels) {
        var shown = new ArrayList<InputView>();
        for (Field field : form.fields()) {
            Object value = values.get(field.name());
            String text = text(field, value, labels);
            if (!text.isEmpty()) {
                shown.add(new InputView(field.label(), text));
            }
        }
        return shown;
    }

    private static String text(Field field, Object value, Labels labels) {
        if (value == null) {
            return "";
        }
        if (field instanceof ChoiceField choice) {
            return label(choice.options(), String.valueOf(value));
        }
        if (field instanceof FlagField) {
            return labels.get(Boolean.TRUE.equals(value) ? "input.yes" : "input.no");
        }
        if (field instanceof PickField pick && value instanceof List<?> picked) {
            return picked.isEmpty() ? labels.get("input.none")
                    : String.join(", ", picked.stream().map(p -> label(pick.options(), String.valueOf(p))).toList());
        }
        if (field instanceof GroupField && value instanceof List<?> rows) {
            return labels.get("input.rows", rows.size());
        }
        return String.valueOf(value);
    }

    private static String label(List<Option> options, String value) {
        return options.stream().filter(o -> o.value().equals(value)).map(Option::label).findFirst().orElse(value);
    }
}
